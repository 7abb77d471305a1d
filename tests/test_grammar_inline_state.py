"""A field test written in a tool's description ("use ONLY for walk-in visits (visit_type =
'walk_in' or 'urgent')") restricts that tool to those values: `state_condition`. Without a
restriction, or as an example, it states nothing. Made-up clinic tools."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_agent
from tests.test_grammar import _tool


def _states(tmp_path: Path, description: str, prompt_text: str = "") -> list[dict[str, Any]]:
    tools = tmp_path / "tools.json"
    tools.write_text(
        json.dumps(
            [
                _tool("check_in_visit", description, visit_id="string"),
                _tool("get_visit", "Read a visit.", visit_id="string"),
            ],
            indent=1,
        )
    )
    prompt = tmp_path / "prompt.md"
    prompt.write_text(prompt_text or "Be kind to patients.\n")
    built = build_agent(tmp_path, [prompt], [tools])
    return [
        {k: v for k, v in p.condition.model_dump().items() if k in {"field", "allowed"}}
        | {"target": p.target}
        for p in built.policies
        if p.operator == "state_condition"
    ]


CASES: list[tuple[str, list[dict[str, Any]]]] = [
    (
        "Check in a visit. Use ONLY for walk-in visits (visit_type = 'walk_in' or 'urgent').",
        [{"target": "check_in_visit", "field": "visit_type", "allowed": ("urgent", "walk_in")}],
    ),
    (
        "Check in a visit. Call this only when status == 'booked'.",
        [{"target": "check_in_visit", "field": "status", "allowed": ("booked",)}],
    ),
    (
        "Check in a visit. Use solely for visits whose kind in 'a', 'b', or 'c'.",
        [{"target": "check_in_visit", "field": "kind", "allowed": ("a", "b", "c")}],
    ),
    # no restriction, or the test is an example: nothing
    ("Check in a visit (visit_type = 'walk_in' or 'urgent').", []),
    ("Check in a visit. Use only for visits, e.g. visit_type = 'walk_in'.", []),
]


@pytest.mark.parametrize(("description", "expected"), CASES)
def test_a_field_test_in_a_description(
    tmp_path: Path, description: str, expected: list[dict[str, Any]]
) -> None:
    assert _states(tmp_path, description) == expected
