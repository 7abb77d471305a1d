"""A rule that names no tool, tied between tools, in a section whose heading names one of
them: the heading breaks the tie, and the rule is an inference (reviewed, never enforced).
A heading that names no tool of the tie leaves it ambiguous. Made-up car-rental tools."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.corpus_agents import build_agent
from tests.test_grammar import _tool

TOOLS = [
    _tool("extend_booking", "Extend a booking.", booking_id="string", payment_method_id="string"),
    _tool(
        "upgrade_booking_car", "Upgrade the car.", booking_id="string", payment_method_id="string"
    ),
    _tool("add_booking_driver", "Add a driver.", booking_id="string", payment_method_id="string"),
]
RULE = "The customer must provide a payment method to pay the difference.\n"


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("## Extend a booking", [("extend_booking", "review_only")]),
        ("## Upgrade the car", [("upgrade_booking_car", "review_only")]),
        ("## Payments", None),  # names none of them: still a tie, reported, no tool chosen
    ],
)
def test_a_heading_breaks_a_tie_for_review(
    tmp_path: Path, heading: str, expected: list[tuple[str, str]]
) -> None:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS, indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(f"# Rental policy\n\n{heading}\n\n- {RULE}")
    built = build_agent(tmp_path, [prompt], [tools])
    found = [
        (p.target, p.enforcement)
        for p in built.policies
        if p.operator == "arg_grounded" and p.source.artifact.endswith("prompt.md")
    ]
    ambiguous = [d for d in built.state.diagnostics if d.code == "ambiguous-mention"]
    if expected is None:
        assert ambiguous
        assert all(enforcement != "enforce" for _, enforcement in found)
    else:
        assert found == expected
        assert not ambiguous
