"""Bounds a parameter's description states on its own value ("Number of guests (1-8).",
"Refund amount in USD (max 200).", "Must not exceed $200.") compile to `arg_within_bound`
on that parameter of the described tool (`specgap.extract.parameter_limits`, issue 11); a
conditional one, or one the schema already states, keeps its note or the schema's
contract. A made-up tea-room's tools; every description is written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.parameter_limits import parameter_limits
from tests.corpus_agents import build_prompt
from tests.test_grammar_value_lists import _tool


def _built(tmp_path: Path, description: str, kind: str = "integer") -> list[Any]:
    tools = [_tool("book_tea", "Book a tea tasting.", guest_name="string",
                   seats=(kind, description))]  # fmt: skip
    built = build_prompt(tmp_path, "# Tea room\n\nBe kind.\n", tools)
    notes = [d.code for d in built.state.diagnostics if "seats" in d.message]
    rows = [
        (p.target, p.operator, p.condition.model_dump(mode="json", exclude_none=True))
        for p in built.policies
        if p.operator == "arg_within_bound"
    ]
    return [rows, notes]


def _bound(**limits: float) -> tuple[str, str, dict[str, Any]]:
    cond: dict[str, Any] = {"operator": "arg_within_bound", "selector": {"arg": "seats"}}
    return ("book_tea", "arg_within_bound", {**cond, **{k: float(v) for k, v in limits.items()}})


ROWS: list[tuple[str, list[Any]]] = [
    ("Number of seats (1-6).", [_bound(min=1, max=6)]),
    ("Seats to hold, between 1 and 6.", [_bound(min=1, max=6)]),
    ("Seats at the table; up to 6 people.", [_bound(max=6)]),
    ("Number of seats. Maximum 6.", [_bound(max=6)]),
    ("Seats to hold. Must not exceed 6.", [_bound(max=6)]),
    ("Seats to hold, at least 2.", [_bound(min=2)]),
    # negative: a rate, an empty range, a number that is no bound
    ("Seats to hold, at most 2 per table.", []),
    ("Number of seats (6-1).", []),
    ("Seats in the room numbered 1 to 6 by the door.", []),
]


@pytest.mark.parametrize(("description", "expected"), ROWS)
def test_a_bound_in_a_parameters_description(
    tmp_path: Path, description: str, expected: list[Any]
) -> None:
    rows, notes = _built(tmp_path, description)
    assert rows == expected
    if expected:  # read, so no note says it was not
        assert "rule-not-compiled" not in notes


def test_a_conditional_bound_keeps_its_condition(tmp_path: Path) -> None:
    said = "Seats to hold; at most 6 unless the manager agrees."
    tools = [_tool("book_tea", "Book a tea tasting.", guest_name="string", seats=("integer", said))]
    built = build_prompt(tmp_path, "# Tea room\n\nBe kind.\n", tools)
    bounds = [p for p in built.policies if p.operator == "arg_within_bound"]
    assert [(p.enforcement, p.condition.model_dump().get("max")) for p in bounds] == [
        ("review_only", 6.0)
    ]
    found = parameter_limits("At most 6 unless the manager agrees.", "seats", bounded=False)
    assert [(e.params, e.condition) for e in found] == [
        ({"facet": "seats", "max": 6}, "unless the manager agrees")
    ]


def test_a_bound_the_schema_states_is_the_schemas(tmp_path: Path) -> None:
    assert parameter_limits("Number of seats (1-6).", "seats", bounded=True) == []
    assert parameter_limits("Number of seats (1-6).", "table.seats", bounded=False) == []
