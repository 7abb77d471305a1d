"""More openers of a condition: "only ... where", "in cases where", "in the event that",
"if and only if", "except where"; a "where" that only locates something ("the page where
...") opens none. A gym's front desk, written for the test (the tools of
`tests/test_grammar_bans.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar_bans import GYM

GYM_READS = [
    *GYM,
    {
        "type": "function",
        "function": {
            "name": "get_payment",
            "description": "Get a payment by id: its amount and status (pending or settled).",
            "parameters": {
                "type": "object",
                "properties": {"payment_id": {"type": "string"}},
                "required": ["payment_id"],
            },
        },
    },
]

OPENERS = [
    "Refunds may only be issued where the payment is pending.",
    "Refunds may only be issued in cases where the payment is pending.",
    "Refunds may only be issued if and only if the payment is pending.",
]


@pytest.mark.parametrize("sentence", OPENERS)
def test_the_opener_makes_a_state_condition(tmp_path: Path, sentence: str) -> None:
    built = build_prompt(tmp_path, f"# Front desk\n\n{sentence}\n", GYM_READS)
    states = [
        (p.target, list(p.condition.allowed or ()))
        for p in built.policies
        if p.operator == "state_condition" and p.source.artifact.endswith("prompt.md")
    ]
    assert states == [("issue_refund", ["pending"])]


def test_a_where_that_locates_opens_no_condition(tmp_path: Path) -> None:
    text = "# Front desk\n\nShow the member the page where the class is listed.\n"
    built = build_prompt(tmp_path, text, GYM_READS)
    assert [p for p in built.policies if p.operator == "state_condition"] == []
