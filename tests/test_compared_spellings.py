"""Comparisons in their other spellings (`segments._compared`): "at or below N", "N or under",
"less than or equal to N", "at or above N", "greater than or equal to N" read as the bound
readers' "at most N" / "N or less" / "at least N", at the same length so every span is the
source's own. A made-up bike workshop; every sentence written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.segments import _compared
from tests.test_bound_named_in_full import _read

ROWS: list[tuple[str, str, dict[str, Any]]] = [
    ("Labour hours: at or below 12.", "labour_hours", {"max": 12.0}),
    ("Labour hours must be at or below 12.", "labour_hours", {"max": 12.0}),
    ("Labour hours must be less than or equal to 12.", "labour_hours", {"max": 12.0}),
    ("Labour hours must be 12 or lower.", "labour_hours", {"max": 12.0}),
    ("Labour hours: 12 or under.", "labour_hours", {"max": 12.0}),
    ("Labour hours must be at or above 1.", "labour_hours", {"min": 1.0}),
    ("Repair amounts must be greater than or equal to 20 dollars.", "repair_amount",
     {"min": 20.0}),
    # an instruction that keeps the value: "keep" is no word of the thing bounded
    ("Keep labour hours at or below 12.", "labour_hours", {"max": 12.0}),
    ("Keep labour hours at most 12.", "labour_hours", {"max": 12.0}),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "arg", "limits"), ROWS)
def test_a_comparison_spelled_otherwise_is_a_bound(
    tmp_path: Path, sentence: str, arg: str, limits: dict[str, Any]
) -> None:
    from tests.corpus_agents import build_prompt
    from tests.test_bound_named_in_full import TOOLS

    built = build_prompt(tmp_path, f"# Rules\n\n{sentence}\n", TOOLS)
    bounds = [
        p
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "arg_within_bound"
    ]
    assert len(bounds) == 1, bounds
    (bound,) = bounds
    assert bound.target == "create_repair"
    assert bound.enforcement == "enforce"
    assert bound.condition.selector is not None
    assert bound.condition.selector.arg == arg
    for key, value in limits.items():
        assert getattr(bound.condition, key) == value
    assert bound.source.quote == sentence  # the span is the source's own


@pytest.mark.parametrize(
    "text",
    [
        "Keep labour hours at or below 12.",
        "Amounts less than or equal to 50 dollars.",
        "Keep it 40 kg or lower.",
        "Answer yes or no.",  # no number: unchanged
        "Choose low or under-priced parts.",  # no number before: unchanged
    ],
)
def test_the_spelling_keeps_the_length(text: str) -> None:
    assert len(_compared(text)) == len(text)


def test_a_plain_or_is_left_alone(tmp_path: Path) -> None:
    assert _compared("Answer yes or no.") == "Answer yes or no."
    assert _compared("Choose low or under-priced parts.") == "Choose low or under-priced parts."
    policies, _ = _read(tmp_path, "Pick a morning or afternoon slot.")
    assert not [p for p in policies if p[0] == "arg_within_bound"]
