""" "You are only allowed to X" and "the agent is only permitted to X" say `only X` with the
action X after `to` (`grammar_modal.verb_after` skips "allowed to"), so the sentence is read
as the same rule as "only X": an ordering, a state, or a ban kept for review under a
condition no state binds. A camping-gear rental written for the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

GEAR = [
    _tool("get_rental", "Fetch a gear rental with its status.", rental_id="string"),
    _tool("extend_rental", "Extend a gear rental.", rental_id="string", days="integer"),
    _tool("refund_rental", "Refund a gear rental.", rental_id="string"),
    _tool("ship_tent", "Ship a tent to a camper.", rental_id="string"),
]

# sentence -> (operator, target, the condition's key fields, enforcement)
CASES: list[tuple[str, tuple[str, str, dict[str, Any], str]]] = [
    ("You are only allowed to extend a rental after get_rental.",
     ("require_before", "extend_rental", {"before": "get_rental"}, "enforce")),
    ("The agent is only permitted to extend a rental after calling get_rental.",
     ("require_before", "extend_rental", {"before": "get_rental"}, "enforce")),
    ("You are only allowed to refund rentals that are in 'returned' status.",
     ("state_condition", "refund_rental", {"allowed": ("returned",)}, "enforce")),
    # never stronger: a condition no state binds keeps the ban under review
    ("You are only allowed to ship tents when the camper has paid.",
     ("deny_action", "ship_tent", {}, "review_only")),
    ("You are never allowed to refund a rental.",
     ("deny_action", "refund_rental", {}, "enforce")),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[t for t, _ in CASES])
def test_allowed_to_reads_the_action_after_it(
    tmp_path: Path, text: str, expected: tuple[str, str, dict[str, Any], str]
) -> None:
    built = build_prompt(tmp_path, f"# Gear desk\n\n{text}\n", GEAR)
    operator, target, fields, enforcement = expected
    found = [
        p
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and (p.operator, p.target) == (operator, target)
    ]
    assert len(found) == 1
    said = found[0].condition.model_dump()
    assert {k: said[k] for k in fields} == fields
    assert found[0].enforcement == enforcement
