"""Bounds in one clause of a longer sentence, an elided action after "but never", "per" the
bounded action itself (per call, a fixed bound), and inclusive comparisons written out
(`specgap.extract.clause_bounds`, `bound_topics.without_per_call`, issue 11). A made-up
bike-repair desk; every sentence is written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.bound_topics import without_per_call
from specgap.extract.clause_bounds import clause_bounds
from tests.corpus_agents import Row, build_prompt, policy_rows
from tests.test_grammar_value_lists import _tool

TOOLS: list[dict[str, Any]] = [
    _tool("issue_refund", "Refund a repair.", repair_id="string",
          amount=("number", "Refund in dollars.")),
    _tool("apply_discount", "Discount a repair.", repair_id="string",
          percent=("number", "Discount in percent.")),
    _tool("add_credit", "Add store credit.", customer_id="string",
          credit=("number", "Credit in dollars.")),
]  # fmt: skip


def _bound(tool: str, arg: str, how: str = "enforce", **limits: float) -> Row:
    return (tool, "arg_within_bound", arg, how, {k: float(v) for k, v in limits.items()})


ROWS: list[tuple[str, list[Row]]] = [
    # a bound in the first of two clauses, the second read by the grammar
    ("Discounts may not exceed 20%, and they can only be applied once per repair.",
     [_bound("apply_discount", "percent", max=20)]),
    # the elided action after "but never"
    ("The agent can issue refunds, but never more than $90.",
     [_bound("issue_refund", "amount", max=90)]),
    # per the bounded action itself: per call
    ("Refunds may not exceed $90 per refund.", [_bound("issue_refund", "amount", max=90)]),
    # inclusive comparisons in words
    ("The refund amount should be less than or equal to $90.",
     [_bound("issue_refund", "amount", max=90)]),
    ("The discount must be greater than or equal to 5%.",
     [_bound("apply_discount", "percent", min=5)]),
    ("Refunds are allowed up to a maximum of $90.",
     [_bound("issue_refund", "amount", "review_only", max=90)]),
    # negative: a rate per another quantity stays no fixed bound
    ("Credits may not exceed $5 per day.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_a_bound_in_a_longer_sentence(tmp_path: Path, text: str, expected: list[Row]) -> None:
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", TOOLS)
    assert [r for r in policy_rows(built) if r[1] == "arg_within_bound"] == expected


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("Refunds may not exceed $90 per refund.", "Refunds may not exceed $90."),
        ("Credits may not exceed $5 per day.", "Credits may not exceed $5 per day."),
        ("A refund of $90 per booking is allowed.", "A refund of $90 per booking is allowed."),
    ],
)
def test_per_the_action_itself(text: str, rest: str) -> None:
    assert without_per_call(text) == rest


def test_one_clause_is_left_to_the_other_readers() -> None:
    assert clause_bounds("Refunds may not exceed $90.") == []
