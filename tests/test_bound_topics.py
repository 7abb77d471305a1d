"""A bound whose subject says only "the amount" is on the action its leading topic names,
never on every tool that takes an amount; a permission lead ("agents are authorized to")
before an imperative bound is read as the imperative (`specgap.extract.bound_topics`,
issue 11). A made-up laundry desk where two tools take a sum of money; every sentence is
written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.bound_topics import permitted, topic_lead
from tests.corpus_agents import Row, build_prompt, policy_rows
from tests.test_grammar_value_lists import _tool

TOOLS: list[dict[str, Any]] = [
    _tool("issue_refund", "Refund a laundry order.", order_id="string",
          amount=("number", "Refund in dollars.")),
    _tool("apply_credit", "Put store credit on an account.", account_id="string",
          amount=("number", "Credit in dollars.")),
    _tool("set_discount", "Set a discount on an order.", order_id="string",
          percent=("number", "Discount in percent.")),
]  # fmt: skip


def _bound(tool: str, arg: str, how: str = "enforce", **limits: float) -> Row:
    return (tool, "arg_within_bound", arg, how, {k: float(v) for k, v in limits.items()})


ROWS: list[tuple[str, list[Row]]] = [
    # the topic names the action: its tool only (never apply_credit's `amount`)
    ("For refunds, the amount is limited to $80.", [_bound("issue_refund", "amount", max=80)]),
    ("When issuing a refund, the amount must not exceed $80.",
     [_bound("issue_refund", "amount", max=80)]),
    ("On each refund, the amount is at most $80.", [_bound("issue_refund", "amount", max=80)]),
    # a permission lead before the imperative
    ("Agents are authorized to apply discounts of up to 20%.",
     [_bound("set_discount", "percent", max=20)]),
    ("You are allowed to refund at most $80.", [_bound("issue_refund", "amount", max=80)]),
    # negative: a topic that names no action is a condition (reviewed), never dropped
    ("For new accounts, refunds may not exceed $30.",
     [_bound("issue_refund", "amount", "review_only", max=30)]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_a_bound_on_its_topic(tmp_path: Path, text: str, expected: list[Row]) -> None:
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", TOOLS)
    assert [r for r in policy_rows(built) if r[1] == "arg_within_bound"] == expected


LEADS: list[tuple[str, tuple[str, str] | None]] = [
    ("For refunds, the amount is at most $5.", ("the amount is at most $5.", "refund")),
    ("When applying a discount, keep it small.", ("keep it small.", "apply discount")),
    ("For new customers, the amount is at most $5.", None),
    ("When raining, the amount is at most $5.", None),
]


@pytest.mark.parametrize(("text", "expected"), LEADS)
def test_the_topic_read(text: str, expected: tuple[str, str] | None) -> None:
    assert topic_lead(text) == expected


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("Agents are authorized to refund at most $5.", "refund at most $5."),
        ("You are permitted to apply credits.", "apply credits."),
        ("Refunds are allowed to wait.", None),
    ],
)
def test_the_permission_lead(text: str, rest: str | None) -> None:
    assert permitted(text) == rest
