"""Session 39: shapes of a claim-like rulebook that no reader read: tool ids wrapped in
underscores as Python spells its special names (`__find_paddler__`), items lettered on lines
of their own ("(a) ...;", "(b) ...; and"), steps stated with a verb's -ing form under a lead
that ends with a colon ("comprising:", "Steps:"), an argument named by its own id that is
not every argument its words name (`kayak_id`, not `new_kayak_id`), "solely" as "only", and
a bare verb that one tool's name says as its verb ("book": `__book_kayak__`, not
`__open_booking__`). Sentences written for these tests, in a made-up kayak hire."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.artifacts import Artifact
from specgap.extract.ids7_respell import respell_ids
from specgap.extract.segments import _as_instruction
from tests.probes import desk_policies, fits, shown, spec

HIRE = [
    spec(
        "__find_paddler__",
        "Finds a paddler by email. Returns paddler_id, account_status (active, barred) and "
        "saved cards (card_token).",
        email="string",
    ),
    spec(
        "__check_waiver__",
        "Checks the paddler's signed waiver; returns signed.",
        paddler_id="string",
    ),
    spec("__search_kayaks__", "Lists free kayaks on a date: kayak_id and kind.", date="string"),
    spec(
        "__book_kayak__",
        "Books a kayak for a paddler and returns booking_id.",
        paddler_id="string",
        kayak_id="string",
        hours="integer",
    ),
    spec("__open_booking__", "Opens a booking: kayak, hours and status.", booking_id="string"),
    spec(
        "__swap_kayak__",
        "Swaps the kayak of a booking.",
        booking_id="string",
        new_kayak_id="string",
    ),
    spec("__cancel_booking__", "Cancels a booking.", booking_id="string"),
    spec("__override_tide_lock__", "Lets a kayak out at low tide.", kayak_id="string"),
]


def read(policies: list[Any], operator: str, tool: str, **params: object) -> bool:
    """Whether some policy of any enforcement fits the operator, tool and parameters."""
    return any(fits(p, operator, tool, params) for p in policies)


def _prompt(text: str) -> Artifact:
    return Artifact("prompt", "prompt.md", text, "0" * 64)


def test_an_id_wrapped_in_underscores_is_read_as_the_snake_case_id() -> None:
    text = "Never call __override_tide_lock__; use `__check_waiver__` first.\n"
    tools = Artifact("tools", "tools.json", '[{"name": "__override_tide_lock__"}]', "0" * 64)
    from specgap.extract.ids7_respell import known_ids

    with known_ids(("__override_tide_lock__", "__check_waiver__")):
        (prompt, _), _undo = respell_ids([_prompt(text), tools])
    assert prompt.text == "Never call     override_tide_lock; use     `check_waiver` first.\n"
    assert len(prompt.text) == len(text)


def test_a_ban_on_a_wrapped_id_is_enforced_on_that_tool(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Never call __override_tide_lock__.", HIRE)
    assert read(policies, "deny_action", "__override_tide_lock__"), shown(policies)


CLAIMS = """What is claimed is:
1. A method of hiring out a kayak, comprising:
(a) calling __book_kayak__ only after __check_waiver__ has returned signed;
(b) setting hours from 1 to 4; and
(c) cancelling a booking solely while its status is held.
"""


def test_lettered_items_are_sentences_of_their_own_and_their_steps_rules(
    tmp_path: Path,
) -> None:
    policies = desk_policies(tmp_path, CLAIMS, HIRE)
    assert read(policies, "require_before", "__book_kayak__", before="__check_waiver__"), shown(
        policies
    )
    assert read(policies, "arg_within_bound", "__book_kayak__", arg="hours", min=1, max=4)
    assert read(
        policies, "state_condition", "__cancel_booking__", field="status", allowed=["held"]
    ), shown(policies)
    # each rule from its own line
    lines = {p.operator: p.source.span.start_line for p in policies}
    assert lines["require_before"] < lines["arg_within_bound"] < lines["state_condition"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("    locating the paddler before any other step.", "    locate   the paddler before"),
        ("setting hours from 1 to 4", "set     hours from 1 to 4"),
        # a coordinated step too
        (
            "reading back the kayak, and booking only upon a yes.",
            "read    back the kayak, and book    only upon a yes.",
        ),
        ("never setting paid to false.", "never set     paid to false."),
    ],
)
def test_a_step_said_with_its_ing_form_reads_in_the_imperative(text: str, expected: str) -> None:
    said = _as_instruction(text)
    assert said.startswith(expected)
    assert len(said) == len(text)


@pytest.mark.parametrize(
    "text",
    [
        "booking a kayak takes a minute before a trip.",  # a gerund subject with its own verb
        "calling __book_kayak__ twice is not allowed.",
        "cancelling a wedding order.",  # no word of a rule: a case, not a step
        "roaming status",
    ],
)
def test_an_ing_form_that_is_no_step_is_left_as_written(text: str) -> None:
    assert _as_instruction(text) == text


def test_gerund_items_under_a_lead_of_examples_state_no_rule(tmp_path: Path) -> None:
    text = (
        "Here are some examples of what paddlers ask for:\n\n"
        "- booking a kayak from 9 am\n- cancelling before noon\n"
    )
    assert desk_policies(tmp_path, text, HIRE) == []


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        ("Steps:", "set     hours from 1 to 4"),
        ("A method of hiring a kayak, comprising:", "set     hours from 1 to 4"),
        ("Here are some examples of what paddlers ask for:", "setting hours from 1 to 4"),
        ("Things paddlers often mention", "setting hours from 1 to 4"),  # no colon: no lead
    ],
)
def test_an_ing_item_reads_as_a_step_only_under_a_lead_of_steps(lead: str, said: str) -> None:
    from specgap.extract.segments import markdown_sentences

    text = f"{lead}\n\n- setting hours from 1 to 4\n"
    item = [s for s in markdown_sentences(_prompt(text)) if "hours" in s.text]
    assert [s.clean.strip() for s in item] == [said]


def test_gerund_items_under_a_lead_of_steps_state_their_rules(tmp_path: Path) -> None:
    text = "Steps:\n\n- calling __find_paddler__ before any other tool\n- booking at most 4 hours\n"
    policies = desk_policies(tmp_path, text, HIRE)
    assert read(policies, "require_before", "*", before="__find_paddler__"), shown(policies)


def test_an_argument_named_by_its_id_is_not_every_argument_its_words_name(
    tmp_path: Path,
) -> None:
    text = "Take the kayak_id from a __search_kayaks__ result of this chat."
    policies = desk_policies(tmp_path, text, HIRE)
    assert read(
        policies, "arg_grounded", "__book_kayak__", arg="kayak_id", from_tools=["__search_kayaks__"]
    ), shown(policies)
    # every tool that takes `kayak_id`, and no tool whose argument only has its words
    grounded = {p.target for p in policies if p.operator == "arg_grounded"}
    assert "__swap_kayak__" not in grounded, shown(policies)


def test_a_bare_verb_names_the_tool_whose_verb_it_is(tmp_path: Path) -> None:
    text = "Book only after __check_waiver__ has returned signed."
    policies = desk_policies(tmp_path, text, HIRE)
    assert read(policies, "require_before", "__book_kayak__", before="__check_waiver__"), shown(
        policies
    )
    assert all(p.target != "__open_booking__" for p in policies), shown(policies)


DESK = [
    spec(
        "RIDER.FIND",
        "Finds a rider by email; returns rider_id and saved cards (card_token).",
        email="string",
    ),
    spec("RIDER.VERIFY", "Checks a rider's PIN; returns passed.", rider_id="string"),
    spec(
        "--charge-card",
        "Charges a saved card.",
        rider_id="string",
        card_token="string",
        amount_gbp="number",
        timeout_seconds="integer",
    ),
    spec("--refund", "Refunds a payment.", payment_id="string", amount_gbp="number"),
    spec("--cancel-ride", "Cancels a ride.", ride_id="string"),
]


@pytest.mark.parametrize(
    ("ids", "spelled"),
    [
        (["RIDER.FIND", "CARD.CHARGE"], ["find_rider", "charge_card"]),
        (["RIDE.STATUS"], ["ride_status"]),  # no verb: as it stands
        (["--find-rider", "--refund"], ["find_rider", "refund"]),
    ],
)
def test_dotted_upper_case_and_dashed_ids_are_spelled_as_snake_case(
    ids: list[str], spelled: list[str]
) -> None:
    from specgap.extract.ids7_respell import _spellings

    found = _spellings(ids)
    assert [found[i] for i in ids] == spelled
    assert all(len(found[i]) <= len(i) for i in ids)


@pytest.mark.parametrize(
    ("text", "operator", "tool", "params"),
    [
        # a memory word's letter and a risk assessment's "Control:" label are no words
        (
            "R \u2014 Run RIDER.FIND before any other function runs in the chat.",
            "require_before",
            "*",
            {"before": "RIDER.FIND"},
        ),
        (
            "Control: cancelling waits for the rider's clear yes before --cancel-ride runs.",
            "require_confirmation",
            "--cancel-ride",
            {},
        ),
        # the value is the argument the source is said as, not what is taken
        (
            "Take payment only from a card_token RIDER.FIND listed.",
            "arg_grounded",
            "--charge-card",
            {"arg": "card_token", "from_tools": ["RIDER.FIND"]},
        ),
        (
            "Limit --charge-card to a 20-second wait (timeout_seconds).",
            "timeout_leq",
            "--charge-card",
            {"arg": "timeout_seconds", "max_seconds": 20},
        ),
    ],
)
def test_labelled_lines_and_respelled_ids_state_their_rules(
    tmp_path: Path, text: str, operator: str, tool: str, params: dict[str, Any]
) -> None:
    policies = desk_policies(tmp_path, text, DESK)
    assert read(policies, operator, tool, **params), shown(policies)
    # never a payment's own id for the card it is taken from
    assert not read(policies, "arg_grounded", "--refund"), shown(policies)


@pytest.mark.parametrize(
    ("event", "said"),
    [
        ("any move or cancellation", "moving or canceling"),
        ("a move, cancellation or refund", "moving, canceling or refunding"),
        ("any payment or refund", "any payment or refund"),  # read as it is
        ("the move or change is logged", "the move or change is logged"),  # a thing's own verb
    ],
)
def test_acts_said_by_coordinated_nouns_read_as_gerunds(event: str, said: str) -> None:
    from specgap.extract.order_words import coordinated_gerunds

    assert coordinated_gerunds(event) == said


@pytest.mark.parametrize(
    "text",
    [
        # a tool said as the subject of what it does, "keyed by that X_id"
        "__open_booking__ reads the booking, keyed by that booking_id, ahead of any swap or "
        "cancellation.",
        # several orderings said outright to share one entity
        "__open_booking__ comes before __swap_kayak__ and before __cancel_booking__, on the "
        "same booking_id.",
    ],
)
def test_the_read_comes_before_each_act_on_the_same_booking(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, HIRE)
    for tool in ("__swap_kayak__", "__cancel_booking__"):
        assert read(
            policies, "require_before", tool, before="__open_booking__", same={"arg": "booking_id"}
        ), shown(policies)


FARES = [
    spec("tool_void_booking", "Voids a booking.", booking_ref="string"),
    spec("tool_return_fare", "Returns a fare.", booking_ref="string", amount="number"),
]


@pytest.mark.parametrize(
    "text",
    [
        # the "unless" is no step, whatever words it shares with the step's tool
        "Call tool_return_fare only once tool_void_booking has gone through for that same "
        "booking, unless the booking status is storm_closed.",
        # the target's first word is another tool's too: no word of the condition
        "Call tool_return_fare only after tool_void_booking, unless the sailing was called off.",
    ],
)
def test_an_ordering_with_an_unless_of_its_own_is_never_enforced_without_it(
    tmp_path: Path, text: str
) -> None:
    policies = desk_policies(tmp_path, text, FARES)
    orders = [p for p in policies if p.operator == "require_before"]
    assert orders, shown(policies)
    assert all(p.enforcement == "review_only" for p in orders), shown(policies)
