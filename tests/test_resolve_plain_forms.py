"""Mentions that say their action otherwise than as verb + object resolve as the plain verb
phrase would: a light verb's action noun ("make any changes to a booking", "carry out a
brake check"), an object that is anything at all ("repair anything"), a pronoun between a
verb and its particle ("look them up": still a pronoun, so never a resolution alone), a
noun compound ending in a verb's own noun ("the bike lookup"), whom the action is for ("on
behalf of a guest"), a tool word ("the brake check tool"); and verbs that move the same
thing the other way are not synonyms ("refund the deposit" is not `charge_deposit`). A
near tie stays ambiguous. A made-up bike repair shop and a made-up hostel."""

from __future__ import annotations

import pytest

from specgap.registry import Registry, Tool, build_registry
from specgap.resolve import MARGIN, Resolver
from specgap.resolve.plain import plain_form
from tests.resolve_registry import params


def _registry(*tools: tuple[str, str, str, tuple[str, ...]]) -> Registry:
    made = [
        Tool(id=i, description=d, effects=(e,), schema=params(**dict.fromkeys(args, "")))
        for i, d, e, args in tools
    ]
    return build_registry(made)[0]


SHOP = _registry(
    ("get_bike", "Look up a customer's bike by its frame number.", "read", ("frame_number",)),
    ("find_customer", "Find a customer by name or phone number.", "read", ("phone_number",)),
    ("check_brakes", "Test the brakes of a bike on the stand.", "read", ("bike_id",)),
    ("book_repair", "Book a repair slot for a bike.", "write", ("bike_id", "slot")),
    ("modify_repair", "Change the slot or the parts of a booked repair.", "write", ("repair_id",)),
    ("cancel_repair", "Cancel a booked repair.", "write", ("repair_id",)),
    ("charge_deposit", "Take a deposit from the customer's card.", "write", ("repair_id",)),
    ("refund_deposit", "Pay the deposit back to the customer.", "write", ("repair_id",)),
    ("make_invoice", "Make the invoice of a finished repair.", "write", ("repair_id",)),
)
HOSTEL = _registry(
    ("get_booking", "Fetch a booking with its nights and guests.", "read", ("booking_id",)),
    ("create_booking", "Create a booking for a guest.", "write", ("guest_id", "nights")),
    ("change_booking_dates", "Move a booking to other nights.", "write", ("booking_id",)),
    ("change_booking_room", "Put a booking in another room.", "write", ("booking_id", "room")),
    ("cancel_booking", "Cancel a booking.", "write", ("booking_id",)),
    ("refund_stay", "Refund the unused nights of a stay.", "write", ("booking_id",)),
)

# (registry, mention, the tool it names)
RESOLVED: list[tuple[Registry, str, str]] = [
    # a light verb and an action noun: the noun's verb
    (SHOP, "make a repair booking", "book_repair"),
    (SHOP, "make any changes to a repair", "modify_repair"),
    (SHOP, "carry out a brake check", "check_brakes"),
    (SHOP, "perform a brake check", "check_brakes"),
    (SHOP, "process a deposit refund", "refund_deposit"),
    (SHOP, "give a deposit refund", "refund_deposit"),
    (HOSTEL, "make a booking", "create_booking"),
    (HOSTEL, "handle any stay refunds", "refund_stay"),
    # the words as written still name a tool: "make an invoice" is `make_invoice`
    (SHOP, "make an invoice", "make_invoice"),
    # an object that is anything at all: the verb alone
    (SHOP, "cancel anything", "cancel_repair"),
    (HOSTEL, "refund anything", "refund_stay"),
    # a noun compound that ends in a verb's own noun
    (SHOP, "the bike lookup", "get_bike"),
    (SHOP, "a customer lookup", "find_customer"),
    # an action noun in the plural, first or as a compound's head
    (SHOP, "cancellations of repairs", "cancel_repair"),
    (SHOP, "repair cancellations", "cancel_repair"),
    (HOSTEL, "room changes of a booking", "change_booking_room"),
    # a pronoun object, the tool told by what qualifies it
    (SHOP, "look them up by phone number", "find_customer"),
    # whom the action is for is not what it acts on
    (SHOP, "cancel the repair on behalf of a customer", "cancel_repair"),
    (HOSTEL, "refund on behalf of the guest", "refund_stay"),
    # a tool named by a noun phrase and a tool word: its name in other words
    (SHOP, "the brake check tool", "check_brakes"),
    (SHOP, "the repair booking function", "book_repair"),
    # taking money and giving it back are not one action
    (SHOP, "refund the deposit", "refund_deposit"),
    (SHOP, "charge the deposit", "charge_deposit"),
]


@pytest.mark.parametrize(("registry", "mention", "tool"), RESOLVED, ids=[m for _, m, _ in RESOLVED])
def test_a_mention_said_otherwise_resolves_as_its_plain_verb_phrase(
    registry: Registry, mention: str, tool: str
) -> None:
    res = Resolver(registry).resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool), res.candidates[:3]
    runner_up = res.candidates[1].score if len(res.candidates) > 1 else 0.0
    assert res.candidates[0].score - runner_up >= MARGIN - 1e-9


# (registry, mention, the tools it could mean): a near tie is never guessed
AMBIGUOUS: list[tuple[Registry, str, set[str]]] = [
    # two tools change a booking: which change is not said
    (HOSTEL, "make any changes to a booking", {"change_booking_dates", "change_booking_room"}),
    (HOSTEL, "do a booking change", {"change_booking_dates", "change_booking_room"}),
    # "look up" alone says a kind of action, not which tool
    (SHOP, "look up", {"get_bike", "find_customer", "check_brakes"}),
]


@pytest.mark.parametrize(
    ("registry", "mention", "tools"), AMBIGUOUS, ids=[m for _, m, _ in AMBIGUOUS]
)
def test_a_plain_reading_several_tools_fit_is_ambiguous(
    registry: Registry, mention: str, tools: set[str]
) -> None:
    res = Resolver(registry).resolve(mention)
    assert res.status == "ambiguous", res.candidates[:4]
    assert {c.tool_id for c in res.candidates[:2]} <= tools


# (registry, mention): no resolution, at most a suggestion
NOTHING: list[tuple[Registry, str]] = [
    # a pronoun object names nothing by itself, even with one tool described by the verb
    (SHOP, "look them up"),
    (SHOP, "look it up"),
    # the noun names no action: no light verb reading, and no tool makes an order
    (SHOP, "make an order"),
    # nothing changes a stay's deposit: a change is not a refund nor a charge
    (HOSTEL, "make changes to a deposit"),
]


@pytest.mark.parametrize(("registry", "mention"), NOTHING, ids=[m for _, m in NOTHING])
def test_no_plain_reading_resolves_what_no_tool_does(registry: Registry, mention: str) -> None:
    res = Resolver(registry).resolve(mention)
    assert res.status != "resolved", res.candidates[:3]


# (mention, its plain form, whether the words as written may name a tool too)
PLAIN: list[tuple[str, tuple[str, bool] | None]] = [
    ("make any changes to a booking", ("chang booking", True)),
    ("carry out a brake check", ("check brake", True)),
    ("process the deposit refund", ("refund deposit", True)),
    ("reserve anything", ("reserve", False)),
    ("look them up", ("look up them", False)),
    ("sign her up for a class", ("sign up her for a class", False)),
    ("book on behalf of a guest", ("book", False)),
    ("the deposit refund tool", ("the deposit refund", True)),
    # already plain, or nothing to carry
    ("refund the deposit", None),
    ("make an invoice", None),
    ("book", None),
]


@pytest.mark.parametrize(("mention", "plain"), PLAIN, ids=[m for m, _ in PLAIN])
def test_the_plain_form(mention: str, plain: tuple[str, bool] | None) -> None:
    assert plain_form(mention) == plain


# verbs of a kind the lexicon had no word for, and what they must never name
SIBLINGS_RESOLVED: list[tuple[Registry, str, str]] = [
    (SHOP, "rent a bike repair slot", "book_repair"),  # renting makes a booking
    (SHOP, "hire a repair slot", "book_repair"),
]
SIBLINGS_NOT: list[tuple[Registry, str, str]] = [
    # arriving changes a stay; it neither reads the guest nor changes a room for them
    (HOSTEL, "check in the guest", "get_booking"),
    (HOSTEL, "check the guest in", "get_booking"),
    (HOSTEL, "check in the guest", "change_booking_room"),
    # a verb of the tool's kind on a thing only its arguments name is no resolution
    (SHOP, "check out the customer", "find_customer"),
]


@pytest.mark.parametrize(
    ("registry", "mention", "tool"), SIBLINGS_RESOLVED, ids=[m for _, m, _ in SIBLINGS_RESOLVED]
)
def test_verbs_new_to_the_lexicon(registry: Registry, mention: str, tool: str) -> None:
    res = Resolver(registry).resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool), res.candidates[:3]


@pytest.mark.parametrize(
    ("registry", "mention", "tool"), SIBLINGS_NOT, ids=[m + " " + t for _, m, t in SIBLINGS_NOT]
)
def test_a_phrasal_verb_never_resolves_to_its_first_words_tool(
    registry: Registry, mention: str, tool: str
) -> None:
    res = Resolver(registry).resolve(mention)
    assert not (res.status == "resolved" and res.tool_id == tool), res.candidates[:3]
