"""Numbered steps under a purpose line ("To book a class:") are a procedure: each step's
action requires the one before; the goal's own action always, the other steps within the
goal only (reviewed). Bullets under the same line are no order. A gym's front desk,
written for the test (the tools of `tests/test_grammar_bans.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool
from tests.test_grammar_bans import GYM

CASES: list[tuple[str, list[tuple[str, str, str]]]] = [
    (
        "To book a class:\n\n1. Find the member by card number.\n"
        "2. Ask the member which class they want.\n3. Book the class.\n",
        [("book_class", "find_member", "enforce")],
    ),
    (  # the last step is not the goal's action: the order holds within the goal, reviewed
        "To close a membership:\n\n1. Find the member by card number.\n"
        "2. Freeze the membership.\n3. Delete the member.\n",
        [
            ("delete_member", "freeze_membership", "review_only"),
            ("freeze_membership", "find_member", "review_only"),
        ],
    ),
    (  # bullets are a list, not an order
        "To book a class:\n\n- Find the member by card number.\n- Book the class.\n",
        [],
    ),
]


@pytest.mark.parametrize(("text", "expected"), CASES, ids=["goal", "within", "bullets"])
def test_numbered_steps_under_a_purpose_are_ordered(
    tmp_path: Path, text: str, expected: list[tuple[str, str, str]]
) -> None:
    built = build_prompt(tmp_path, f"# Front desk\n\n{text}", GYM)
    found = sorted(
        (p.target, p.condition.before, p.enforcement)
        for p in built.policies
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md")
    )
    assert found == expected


LAB = [
    _tool("lims__getSample", "Get a lab sample by its barcode.", barcode="string"),
    _tool("lims__quarantineSample", "Quarantine a sample.", barcode="string"),
    _tool("lims__discardSample", "Discard a sample for good.", barcode="string"),
]


def test_a_passive_event_with_they_names_the_same_objects(tmp_path: Path) -> None:
    # "before they are discarded": they are the samples; quarantine and discard are verbs
    # the tools are named by (camelCase behind a server prefix)
    text = "# Lab\n\nSamples must be quarantined before they are discarded.\n"
    built = build_prompt(tmp_path, text, LAB)
    orders = [p for p in built.policies if p.operator == "require_before"]
    assert [(p.operator, p.target, p.condition.before) for p in orders] == [
        ("require_before", "lims__discardSample", "lims__quarantineSample")
    ]


def test_a_phrasal_verb_split_by_its_object_is_read_whole(tmp_path: Path) -> None:
    # "look the member up": look up the member (the particle back beside its verb)
    text = "# Front desk\n\nBefore you book a class, look the member up by their card number.\n"
    built = build_prompt(tmp_path, text, GYM)
    orders = [
        (p.target, p.condition.before, p.enforcement)
        for p in built.policies
        if p.operator == "require_before"
    ]
    assert orders == [("book_class", "find_member", "enforce")]
