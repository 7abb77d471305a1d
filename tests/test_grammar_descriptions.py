"""Rules in a tool's own description (issue 11): "call X first", "do not call this more than
once per order", "the booking must be in 'reserved' status", "can only be used once ..." are
about the described tool, in the made-up car-rental domain of `test_grammar`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_agent
from tests.test_grammar import TOOLS, _tool

DESCRIBED: list[tuple[str, tuple[str, dict[str, Any], str] | None]] = [
    # the second sentence of `close_rental`'s description, (operator, condition subset, enforcement)
    (
        "Call get_booking first to see the booking.",
        ("require_before", {"before": "get_booking"}, "enforce"),
    ),
    (
        "Do not call this function more than once per booking.",
        ("max_calls", {"max": 1, "per": "booking"}, "enforce"),
    ),
    (
        "The booking must be in 'returned' status.",
        ("state_condition", {"field": "status", "allowed": ["returned"]}, "enforce"),
    ),
    ("Never call it more than twice.", ("max_calls", {"max": 2}, "enforce")),
    ("Call them first.", None),  # a pronoun names no tool
]


@pytest.mark.parametrize(("sentence", "expected"), DESCRIBED)
def test_a_description_states_rules_about_its_tool(
    tmp_path: Path, sentence: str, expected: tuple[str, dict[str, Any], str] | None
) -> None:
    tools = [*TOOLS, _tool("close_rental", f"Close a rental. {sentence}", booking_id="string")]
    (tmp_path / "tools.json").write_text(json.dumps(tools, indent=1))
    (tmp_path / "prompt.md").write_text("Be kind.\n")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    found = [
        p for p in built.policies if p.target == "close_rental" and p.operator != "schema_contract"
    ]
    if expected is None:
        assert found == []
        return
    assert [(p.operator, p.enforcement) for p in found] == [(expected[0], expected[2])]
    dumped = found[0].condition.model_dump(mode="json")
    assert {k: dumped[k] for k in expected[1]} == expected[1]
