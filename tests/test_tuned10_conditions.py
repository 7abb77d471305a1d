"""A condition that goes on after ", and", and a condition on what a reference text says.

Sentences written for these tests (a marina, a hotel, a help desk, a seed shop); see
`specgap.extract.tuned_conditions` and `specgap.extract.attitudes`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.attitudes import attitude
from specgap.extract.grammar_conditions import read_condition
from specgap.extract.tuned_conditions import continues
from tests.corpus_agents import build_prompt


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("Only reopen a ticket if the customer replies, and the ticket is less than a week old.",
         "if the customer replies, and the ticket is less than a week old"),
        ("Only upgrade a room when the guest asks for it, and their booking has a free night.",
         "when the guest asks for it, and their booking has a free night"),
        ("Only ship seeds when the order is paid, and the stock is checked, and it is spring.",
         "when the order is paid, and the stock is checked, and it is spring"),
        # a second main clause after ", and" is no part of the condition
        ("Only reopen a ticket if the customer replies, and log the reopening.",
         "if the customer replies"),
        ("Only refund a guest when the stay is cancelled, and the refund must be logged.",
         "when the stay is cancelled"),
        ("Only assign a slip when the slip is free, and never assign two slips.",
         "when the slip is free"),
        # a bound state after ", and" is a state rule of its own (`state_more`)
        ("Only upgrade a room when the guest asks, and the guest's tier is 'gold'.",
         "when the guest asks"),
    ],
)  # fmt: skip
def test_the_condition_reads_on_after_and(text: str, condition: str) -> None:
    cond, _, _ = read_condition(text)
    assert cond is not None
    assert cond.text == condition


@pytest.mark.parametrize(
    ("rest", "expected"),
    [
        ("the ticket is less than a week old.", True),
        ("their plan has a free upgrade.", True),
        ("the rate card explicitly lists a deposit.", True),
        ("log the reopening.", False),  # an imperative
        ("the refund must be logged.", False),  # a modal: a main clause
        ("never assign two slips.", False),
        ("it can be cancelled later.", False),
    ],
)
def test_continues(rest: str, expected: bool) -> None:
    assert continues(rest) is expected


@pytest.mark.parametrize(
    ("condition", "said"),
    [
        ("unless the knowledge base explicitly has a tool for it",
         "the knowledge base explicitly has"),
        ("unless the handbook lists a notice for that case", "the handbook lists"),
        ("when the policy allows a late checkout", "the policy allows"),
        ("unless the guest asks, and the rate card clearly permits it",
         "the rate card clearly permits"),
    ],
)  # fmt: skip
def test_what_a_reference_text_says_is_a_judgement(condition: str, said: str) -> None:
    assert attitude(condition) == said


@pytest.mark.parametrize(
    "condition",
    [
        "unless the guest asks for one",  # a request: in the messages
        "unless the booking status is 'confirmed'",  # a field a tool reads
        "when the article count is below 10",  # no reference text read
        "unless the guest's policy number is known",  # a field, not what the policy says
    ],
)
def test_other_conditions_are_no_reading_of_a_text(condition: str) -> None:
    assert attitude(condition) is None


def _spec(name: str, description: str, *args: str) -> dict[str, Any]:
    props = {a: {"type": "string"} for a in args}
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": props, "required": list(args)},
        },
    }


TOOLS = [
    _spec("send_voucher", "Send a discount voucher to a guest.", "guest_id"),
    _spec("get_guest", "Look up a guest and their stays.", "guest_id"),
]


@pytest.mark.parametrize(
    ("sentence", "policy", "in_note"),
    [
        # a request and a reading of the rate card: the ban's lifting is a judgement
        ("Only send a voucher when the guest would like one, and the rate card explicitly "
         "lists a voucher for that stay.", False, "the rate card explicitly lists"),
        # the request alone: reviewed under the whole condition, never half of it
        ("Only send a voucher when the guest would like one, and their stay is longer than "
         "a week.", True, "their stay is longer than a week"),
    ],
)  # fmt: skip
def test_a_ban_keeps_its_whole_condition_or_says_why_not(
    tmp_path: Path, sentence: str, policy: bool, in_note: str
) -> None:
    built = build_prompt(tmp_path, f"# Hotel desk\n\n{sentence}\n", TOOLS)
    bans = [p for p in built.policies if p.operator == "deny_action"]
    assert bool(bans) is policy
    assert all(p.enforcement != "enforce" for p in bans)
    notes = [d.message for d in built.state.diagnostics if d.span and "prompt" in d.span.path]
    assert any(in_note in n for n in notes), notes
