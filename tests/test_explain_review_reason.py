"""`explain` gives a `review_only` policy the reason compile gave: the located
`condition-not-bound` note at its sentence, not a guess about resolution confidence. A
riding school written for the test (the call-count tests' tools)."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.explain import explain_policy
from specgap.ir import Bundle
from tests.corpus_agents import build_prompt
from tests.test_grammar_call_counts import TOOLS

CASES: list[tuple[str, str, str]] = [
    ("A rider may book at most two lessons per week.", "book_lesson", "counts per week"),
    ("Riders may book at most three lessons per instructor.", "book_lesson", "instructor"),
    ("Only cancel a lesson if the rider is a senior member.", "cancel_lesson", "senior member"),
    ("Never send a reminder unless the rider asked for one.", "send_reminder", "asked for one"),
]


def _enforcement_line(tmp_path: Path, sentence: str, target: str) -> str:
    built = build_prompt(tmp_path, f"# Riding school\n\n{sentence}\n", TOOLS)
    bundle = Bundle(
        specgap_version="test",
        revision="test",
        agents=(built.bundle,),
        diagnostics=built.state.diagnostics,
    )
    (policy,) = [
        p for p in built.policies if p.target == target and p.source.artifact.endswith("prompt.md")
    ]
    assert policy.enforcement == "review_only"
    text = explain_policy(bundle, policy.id)
    return next(line for line in text.splitlines() if line.startswith("enforcement"))


@pytest.mark.parametrize(("sentence", "target", "reason"), CASES)
def test_explain_names_the_part_that_was_not_bound(
    tmp_path: Path, sentence: str, target: str, reason: str
) -> None:
    line = _enforcement_line(tmp_path, sentence, target)
    assert reason in line
    assert "low resolution confidence" not in line
