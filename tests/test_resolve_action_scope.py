"""What a verb phrase acts on, and what a bare verb names (`specgap.resolve.actions`).

Made-up domains written for these tests: a greenhouse (beds and their plantings), a bakery
counter (orders and extras), a harbour office (berths, fees, parcels). Each table has the
cases that must resolve and the ones that must stay a tie or a suggestion: a wrong but
confident answer is the failure these mechanisms exist to prevent.
"""

from __future__ import annotations

import pytest

from specgap.registry import Tool, build_registry
from specgap.resolve import Resolver
from specgap.resolve.lexicon import classes_of

GREENHOUSE = [
    Tool(
        id="remove_bed",
        description="Deletes a bed from the greenhouse, including all associated seedling "
        "and tray placements.",
    ),
    Tool(
        id="clear_planting",
        description="Takes a seedling out of a bed.",
        schema={"type": "object", "properties": {"bed_id": {}, "seedling_id": {}}},
    ),
    Tool(id="update_bed", description="Changes a bed's label or soil type."),
    Tool(id="get_bed", description="Returns a bed with its label and soil type."),
]


@pytest.mark.parametrize(
    ("mention", "context", "status", "tool"),
    [
        # the head noun is `plantings`: removing the bed is not what is asked, even though
        # its description lists plantings and the sentence speaks of removing
        ("delete the plantings for the bed", "", "not resolved", "remove_bed"),
        ("delete the seedling placements", "", "not resolved", "remove_bed"),
        ("delete all seedling placements for the bed", "", "not resolved", "remove_bed"),
        (
            "drop every placement of the bed",
            "before you remove a bed",
            "not resolved",
            "remove_bed",
        ),
        # the bed itself is what is acted on
        ("delete the bed", "", "resolved", "remove_bed"),
        ("remove the bed from the greenhouse", "", "resolved", "remove_bed"),
        # changing or reading a part of a thing changes or reads the thing
        ("change the label of the bed", "", "resolved", "update_bed"),
        ("look up the soil type of the bed", "", "resolved", "get_bed"),
    ],
)
def test_an_action_on_a_part_is_not_an_action_on_the_whole(
    mention: str, context: str, status: str, tool: str
) -> None:
    registry, _ = build_registry(GREENHOUSE)
    res = Resolver(registry).resolve(mention, context)
    if status == "resolved":
        assert (res.status, res.tool_id) == ("resolved", tool), res.candidates[:3]
    else:
        assert res.status != "resolved" or res.tool_id != tool, res.candidates[:3]


BAKERY = [
    Tool(id="book_order", description="Books a new order for a guest."),
    Tool(id="add_extra", description="Adds an extra item to an existing order."),
    Tool(id="get_order", description="Returns an order."),
]


@pytest.mark.parametrize(
    ("mention", "context", "status", "tool"),
    [
        # a bare verb with two tools of its kind: a tie, whatever the sentence says of
        # orders (the words around it favour `book_order`'s name, not its verb)
        ("add", "", "ambiguous", None),
        ("add", "the guest may add to the order", "ambiguous", None),
        ("add", "only when the order is open", "ambiguous", None),
        # the words around it still choose among the tools the verb names
        ("book", "book an order for the guest", "resolved", "book_order"),
        # the verb and an object say which
        ("add an extra", "the order", "resolved", "add_extra"),
        ("book an order", "", "resolved", "book_order"),
    ],
)
def test_a_bare_verb_is_not_decided_by_the_words_around_it(
    mention: str, context: str, status: str, tool: str | None
) -> None:
    registry, _ = build_registry(BAKERY)
    res = Resolver(registry).resolve(mention, context)
    assert res.status == status, res.candidates[:3]
    if tool is not None:
        assert res.tool_id == tool
    else:
        assert {c.tool_id for c in res.candidates[:2]} == {"add_extra", "book_order"}


HARBOUR = [
    Tool(
        id="refund_berth_fee",
        description="Refunds the berth fee of a cancelled mooring.",
        schema={"type": "object", "properties": {"mooring_id": {}, "parcel_id": {}}},
    ),
    Tool(id="notify_skipper", description="Sends a text message to a skipper."),
    Tool(id="get_mooring", description="Returns a mooring."),
]


@pytest.mark.parametrize(
    ("mention", "status", "tool"),
    [
        # verbs no tool is named or described by, of a kind no tool does: never resolved
        ("ship", "not resolved", None),
        ("ship the parcel", "not resolved", None),
        ("dispatch", "not resolved", None),
        # a bare verb that names a tool still does
        ("refund", "resolved", "refund_berth_fee"),
        ("notify", "resolved", "notify_skipper"),
        # money and messages are different kinds of sending
        ("reimburse the berth fee", "resolved", "refund_berth_fee"),
        ("text the skipper", "resolved", "notify_skipper"),
        ("credit the skipper", "not resolved", None),
    ],
)
def test_a_verb_the_tools_do_not_offer_is_a_suggestion_at_most(
    mention: str, status: str, tool: str | None
) -> None:
    registry, _ = build_registry(HARBOUR)
    res = Resolver(registry).resolve(mention)
    if status == "resolved":
        assert (res.status, res.tool_id) == ("resolved", tool), res.candidates[:3]
    else:
        assert res.status != "resolved", res.candidates[:3]


def test_a_verb_of_another_kind_of_sending_never_names_the_only_sender() -> None:
    """With one tool that sends anything (money), "ship" is not it: before the kinds of
    sending were told apart, the lone sender won on its kind alone."""
    registry, _ = build_registry([HARBOUR[0], HARBOUR[2]])
    resolver = Resolver(registry)
    for mention in ("ship", "ship the mooring", "deliver"):
        res = resolver.resolve(mention)
        assert res.status != "resolved", (mention, res.candidates[:3])
    assert resolver.resolve("refund the berth fee").tool_id == "refund_berth_fee"


@pytest.mark.parametrize(
    ("verb", "kinds", "not_kinds"),
    [
        ("ship", {"deliver"}, {"pay", "send"}),
        ("refund", {"pay"}, {"deliver"}),
        ("email", {"send"}, {"pay", "deliver"}),
        ("send", {"send", "pay", "deliver"}, set()),
        ("transfer", {"send", "pay"}, {"deliver"}),
    ],
)
def test_sending_is_three_kinds_of_action(verb: str, kinds: set[str], not_kinds: set[str]) -> None:
    found = classes_of(verb)
    assert kinds <= found
    assert not (not_kinds & found)
