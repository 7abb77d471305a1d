"""A procedure's previous step is resolved in the sentence it was written in, not in the
sentence of the step that requires it ("First open the roof vent. Then read the humidity.":
`open ...` is read with the words of its own sentence). Made-up greenhouse and car-rental
domains; sentences written for the test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specgap.extract.grammar import parse
from specgap.resolve import Resolver, resolve_rule
from tests.corpus_agents import build_agent
from tests.test_grammar import TOOLS
from tests.test_resolved_rules import ABOUT_VALVE, ABOUT_VENT, HUMIDITY, REGISTRY, VALVE, VENT
from tests.test_resolved_rules import _rule as greenhouse_rule

LATER = "Then read the humidity."


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        (ABOUT_VENT, VENT),  # the step's own sentence names the roof vent
        (ABOUT_VALVE, VALVE),
        (None, None),  # read in the later sentence alone, a bare `open` names no tool
    ],
)
def test_a_mention_is_resolved_where_it_was_said(said: str | None, expected: str | None) -> None:
    rule = greenhouse_rule(LATER, "read humidity", "require_before", 2, before="open")
    if said is not None:
        rule = rule.model_copy(update={"mention_context": {"open": said}})
    resolved = resolve_rule(Resolver(REGISTRY), rule)
    assert resolved.target.tool_id == HUMIDITY  # the rule's own mention keeps its sentence
    (before,) = resolved.params["before"]
    assert (before.tool_id if before.status == "resolved" else None) == expected


def _rules(tmp_path: Path, text: str) -> list[tuple[str | None, str, dict[str, str]]]:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS, indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(text + "\n")
    built = build_agent(tmp_path, [prompt], [tools])
    return [
        (r.target, r.params["before"], r.mention_context)
        for r in built.state.rules
        if r.operator == "require_before"
    ]


CHAINS: list[tuple[str, list[tuple[str | None, str, dict[str, str]]]]] = [
    # prompt, (target, before, mention -> the text it is resolved in)
    (
        "First get the booking by its number. Then cancel the booking.",
        [
            (
                "cancel booking",
                "get booking",
                {"get booking": "First get the booking by its number."},
            )
        ],
    ),
    (
        # both steps in one sentence: nothing to carry
        "First get the booking, then issue the refund.",
        [("issue refund", "get booking", {})],
    ),
    (
        "First get the booking. Next, issue the refund. Finally cancel the booking.",
        [
            ("issue refund", "get booking", {"get booking": "First get the booking."}),
            ("cancel booking", "issue refund", {"issue refund": "Next, issue the refund."}),
        ],
    ),
    ("Get the booking. Then cancel the booking.", []),  # no chain was opened: no order
    (
        # numbered steps in one sentence: each step's action in the words of its step
        "Follow these steps in order: 1) Get the booking by its number, 2) Cancel the booking.",
        [
            (
                "cancel booking",
                "get booking",
                {
                    "get booking": "Get the booking by its number",
                    "cancel booking": "Cancel the booking",
                },
            )
        ],
    ),
]


@pytest.mark.parametrize(("text", "expected"), CHAINS)
def test_a_chain_carries_the_previous_step_sentence(
    tmp_path: Path, text: str, expected: list[tuple[str | None, str, dict[str, str]]]
) -> None:
    assert _rules(tmp_path, text) == expected


CHECKED: list[tuple[str, str | None]] = [
    # what is checked says the action: its subject and its predicate
    ("Check if the booking has already been cancelled.", "check booking cancelled"),
    ("Verify that the car was returned.", "verify car returned"),
    ("First verify if the driver exists.", "verify driver exists"),
    # an adjective or a state word is no predicate of an action: the subject alone
    ("Check if the booking is still open.", "check booking"),
    ("Check if the member is eligible.", "check member"),
    ("Check if the booking has payments.", "check booking"),  # what it has: no action
    ("Check the booking.", "check booking"),  # no clause at all
]


@pytest.mark.parametrize(("sentence", "action"), CHECKED)
def test_what_a_check_looks_at(sentence: str, action: str | None) -> None:
    assert parse(sentence).action == action


NAMED_TOOL: list[tuple[str, str | None]] = [
    # an action done with a tool the sentence names: the tool is the mention
    (
        "Refund the deposit using `issue_refund(booking_id, amount)` with the amount owed.",
        "issue_refund",
    ),
    ("Cancel the booking via cancel_booking.", "cancel_booking"),
    ("Then charge the card by calling chargeCard.", "chargeCard"),
    ("You must reserve the car with the `reserve_car` tool.", "reserve_car"),
    # a word of prose after "with" is no tool: the verb and its object stay the mention
    ("Pay the booking with the gift card.", "pay booking"),
    ("Cancel the booking with care, using the reason given.", "cancel booking"),
    ("Refund the booking. Use issue_refund later.", "refund booking"),
]


@pytest.mark.parametrize(("sentence", "action"), NAMED_TOOL)
def test_an_action_done_with_a_named_tool(sentence: str, action: str | None) -> None:
    assert parse(sentence).action == action


PURPOSE: list[tuple[str, str | None]] = [
    # what is used is a means; the purpose is the action
    ("Use the booking number to cancel the booking.", "cancel booking"),
    ("Use the plate as the search key to find the cars.", "find cars"),
    ("Use the date to retrieve a list of rentals.", "retrieve rentals"),  # a list of X: X
    # no action verb after "to", or a tool named as the means: left as written
    ("Use polite words to explain the fee.", "use polite words"),
    ("Use `get_booking` to read the booking.", "use get_booking"),
]


@pytest.mark.parametrize(("sentence", "action"), PURPOSE)
def test_a_means_and_its_purpose(sentence: str, action: str | None) -> None:
    assert parse(sentence).action == action


@pytest.mark.parametrize(
    "text",
    [
        "To cancel a booking, follow these steps in order: 1) Get the booking, 2) Cancel the "
        "booking.",
        "To cancel a booking, go through these steps in order.\n\nStep 1. Get the booking\n\n"
        "Step 2. Cancel the booking\n",
    ],
)
def test_the_goal_of_a_procedure_holds_its_order_always(tmp_path: Path, text: str) -> None:
    """ "To cancel a booking, follow these steps": cancelling always comes after the steps
    (no scope to keep); another process's steps would keep theirs (see test_grammar)."""
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS, indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(text + "\n")
    built = build_agent(tmp_path, [prompt], [tools])
    found = [
        (p.target, p.condition.model_dump()["before"], p.enforcement)
        for p in built.policies
        if p.operator == "require_before"
    ]
    assert found == [("cancel_booking", "get_booking", "enforce")]
