"""A bound a tool's own description states without naming the argument ("Only for amounts
up to $200.", "Refund a ticket (max $200).", "Amounts above $200 are rejected.") is on the
argument its unit names, of the described tool (`specgap.extract.own_limits`, issue 11). A
made-up cinema's refund tool; every description is written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.own_limits import own_limit
from tests.corpus_agents import build_prompt
from tests.test_grammar_value_lists import _tool


def _bounds(tmp_path: Path, description: str) -> list[Any]:
    tool = _tool("refund_ticket", description, ticket_id="string",
                 amount=("number", "Refund in dollars."), note="string")  # fmt: skip
    built = build_prompt(tmp_path, "# Cinema\n\nBe kind.\n", [tool])
    return [
        (p.target, p.condition.model_dump(mode="json", exclude_none=True), p.enforcement)
        for p in built.policies
        if p.operator == "arg_within_bound"
    ]


def _amount(most: float) -> tuple[str, dict[str, Any], str]:
    cond = {"operator": "arg_within_bound", "selector": {"arg": "amount"}, "max": most}
    return ("refund_ticket", cond, "enforce")


ROWS: list[tuple[str, list[Any]]] = [
    ("Refund a ticket. Use only for refunds up to $40.", [_amount(40)]),
    ("Refund a ticket. Only for amounts up to $40.", [_amount(40)]),
    ("Refund a ticket (max $40).", [_amount(40)]),
    ("Refund a ticket. Accepts amounts up to $40.", [_amount(40)]),
    ("Refund a ticket. Amounts above $40 are rejected.", [_amount(40)]),
    ("Refund a ticket. Do not use for more than $40.", [_amount(40)]),
    # negative: a condition, a rate, no refusal of the larger amount, two comparisons
    ("Refund a ticket. Only for amounts up to $40 unless a manager agrees.", []),
    ("Refund a ticket. Up to $5 per day of delay.", []),
    ("Refund a ticket. Refunds of more than $40 are common.", []),
    ("Refund a ticket. Up to $40, or up to $60 on weekends.", []),
]


@pytest.mark.parametrize(("description", "expected"), ROWS)
def test_a_bound_in_the_tools_own_words(
    tmp_path: Path, description: str, expected: list[Any]
) -> None:
    assert _bounds(tmp_path, description) == expected


def test_a_unit_names_the_argument() -> None:
    assert own_limit("Books at most 4 nights.")[0].params == {"facet": "nights", "max": 4}
    assert own_limit("Discounts up to 15%.")[0].params == {"facet": "percent", "max": 15}
    assert own_limit("Up to 4 of them.") == []
