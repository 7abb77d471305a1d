"""Procedures written as `Step N.` paragraphs (issue 11, class: numbered procedures), over the
made-up car-rental domain of `test_grammar`: the order holds between consecutive steps, an
optional step is required only under its own condition (kept for review), and nothing is
ordered without an announcement that the steps run in order."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.coordination import actions_of, verb_actions
from tests.corpus_agents import Built, build_agent
from tests.test_grammar import TOOLS


def _build(tmp_path: Path, text: str) -> Built:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS, indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(text)
    return build_agent(tmp_path, [prompt], [tools])


def _orders(built: Built) -> list[tuple[str, Any, str]]:
    return sorted(
        (p.target, p.condition.model_dump()["before"], p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "require_before"
    )


PROCEDURES: list[tuple[str, str, list[tuple[str, str, str]]]] = [
    # name, prompt, (tool, required before, enforcement)
    (
        "titles",
        "Go through these steps in the order given.\n\n"
        "Step 1. Get the booking\n- Read it by its number.\n\n"
        "Step 2. Issue the refund\n\n"
        "Step 3. Cancel the booking\n",
        [
            ("cancel_booking", "issue_refund", "enforce"),
            ("issue_refund", "get_booking", "enforce"),
        ],
    ),
    (
        "bullets name the actions of a step",
        "You must follow the steps in the order specified.\n\n"
        "Step 1. Look up\n- Get the booking.\n\n"
        "Step 2. Close out\n- Issue the refund.\n- Cancel the booking.\n",
        [
            ("cancel_booking", "issue_refund", "enforce"),
            ("issue_refund", "get_booking", "enforce"),
        ],
    ),
    (
        "an optional step is required only when taken",
        "Always execute each step in order.\n\n"
        "Step 1. Get the booking\n"
        "Step 2. Issue the refund\n- Execute this step only if the booking was paid.\n"
        "Step 3. Cancel the booking\n",
        [
            ("cancel_booking", "get_booking", "enforce"),
            ("cancel_booking", "issue_refund", "review_only"),
            ("issue_refund", "get_booking", "enforce"),
            ("issue_refund", "pay_booking", "enforce"),  # the step runs once the booking is paid
        ],
    ),
    (
        "an earlier step says when a later one is skipped",
        "Follow this sequence of steps.\n\n"
        "Step 1. Get the booking\n- If the booking is missing, stop and skip steps 2 to 3.\n"
        "Step 2. Booking cancellation\n"
        "Step 3. Issue the refund\n",
        [
            ("cancel_booking", "get_booking", "enforce"),
            ("issue_refund", "cancel_booking", "review_only"),
            ("issue_refund", "get_booking", "enforce"),
        ],
    ),
    (
        "a conditional action is not the step's own",
        "Execute each step in order.\n\n"
        "Step 1. Look up\n- Get the booking.\n"
        "Step 2. Settle\n- If the customer paid, issue the refund.\n"
        "Step 3. Cancel the booking\n",
        [("cancel_booking", "get_booking", "enforce")],
    ),
    (
        "no announcement, no order",
        "Here is how rentals end.\n\nStep 1. Get the booking\n\nStep 2. Cancel the booking\n",
        [],
    ),
    (
        "the procedure ends at a paragraph of its own",
        "Follow the steps in order.\n\nStep 1. Get the booking\n\nStep 2. Issue the refund\n\n"
        "Afterwards you may cancel the booking.\n",
        [("issue_refund", "get_booking", "enforce")],
    ),
]


@pytest.mark.parametrize(
    ("text", "expected"), [p[1:] for p in PROCEDURES], ids=[p[0] for p in PROCEDURES]
)
def test_step_paragraphs_are_ordered(
    tmp_path: Path, text: str, expected: list[tuple[str, str, str]]
) -> None:
    built = _build(tmp_path, text)
    assert _orders(built) == sorted(expected)
    reviewed = any(e == "review_only" for _, _, e in expected)
    notes = [d.code for d in built.state.diagnostics if d.span is not None]
    assert ("condition-not-bound" in notes) is reviewed


def test_a_label_line_is_a_sentence_of_its_own(tmp_path: Path) -> None:
    """`instructions:` on the line above the rule does not move the rule's source there."""
    built = _build(
        tmp_path,
        "instructions:\nExecute each step in order.\n\nStep 1. Get the booking\n"
        "Step 2. Cancel the booking\n",
    )
    found = [p for p in built.policies if p.operator == "require_before"]
    assert [p.source.span.start_line for p in found] == [2]


COORDINATED: list[tuple[str, list[str]]] = [
    ("extract the plates and the mileages from the form", ["extract plates", "extract mileages"]),
    ("get the booking, the invoice and the receipt", ["get booking", "get invoice", "get receipt"]),
    ("get the booking and cancel it", ["get booking"]),  # a verb starts a clause of its own
    ("cancel the booking", ["cancel booking"]),
    ("be polite", []),
]


VERBS: list[tuple[str, list[str]]] = [
    ("Never cancel or refund a booking.", ["cancel booking", "refund booking"]),
    (
        "Never cancel, refund or update a booking.",
        ["refund booking", "update booking", "cancel booking"],
    ),
    ("Never cancel a booking.", ["cancel booking"]),
    ("Get the booking and cancel it.", ["get booking"]),
]


@pytest.mark.parametrize(("text", "actions"), VERBS)
def test_coordinated_verbs_share_their_object(text: str, actions: list[str]) -> None:
    assert verb_actions(text) == actions


@pytest.mark.parametrize(("text", "actions"), COORDINATED)
def test_coordinated_objects_are_actions_of_their_own(text: str, actions: list[str]) -> None:
    assert actions_of(text) == actions


def test_a_step_with_coordinated_objects_orders_each(tmp_path: Path) -> None:
    built = _build(
        tmp_path,
        "First get the booking. Then issue the refund and the voucher. Finally cancel the "
        "booking.\n",
    )
    assert _orders(built) == [
        ("cancel_booking", "issue_refund", "enforce"),
        ("issue_refund", "get_booking", "enforce"),
    ]  # "issue voucher" names no tool: dropped with a located diagnostic
    notes = [d.code for d in built.state.diagnostics if d.span is not None]
    assert "unresolved-mention" in notes


def test_a_step_run_only_once_an_action_happened_requires_it(tmp_path: Path) -> None:
    """ "Execute this step only if the booking was cancelled": the step's actions require
    the cancellation, stated on the line that says so."""
    built = _build(
        tmp_path,
        "Execute each step in order.\n\n"
        "Step 1. Get the booking\n"
        "Step 2. Cancel the booking\n"
        "Step 3. Issue the refund\n- Execute this step only if the booking was cancelled.\n"
        "Step 4. Update the booking drivers\n- If no booking was cancelled, skip this step.\n",
    )
    at_line = {
        (p.target, p.condition.model_dump()["before"], source.span.start_line)
        for p in built.policies
        if p.operator == "require_before"
        for source in (p.source, *p.also_stated_at)
        if source.span.start_line in {6, 8}
    }
    assert at_line == {
        ("issue_refund", "cancel_booking", 6),
        ("update_booking_drivers", "cancel_booking", 8),
    }
