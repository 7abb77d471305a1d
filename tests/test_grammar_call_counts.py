"""Call counts ("each lesson can be cancelled only once", "a rider may book at most two
lessons per week") read with their verb, and counted per what the sentence says: per an
entity only when the tool carries an argument naming it, never per trace in its place (that
would be stronger than stated), and never per a span of time one trace cannot show. A
riding school written for the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.grammar import parse
from specgap.operators.max_calls import MaxCalls, _unbound
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("book_lesson", "Book a riding lesson for a rider.", rider_id="string", slot_id="string"),
    _tool("cancel_lesson", "Cancel a booked lesson.", lesson_id="string", reason="string"),
    _tool("get_rider", "Look up a rider by membership number.", membership_number="string"),
    _tool("send_reminder", "Send a reminder text to a rider.", rider_id="string", text="string"),
]


def _build(tmp_path: Path, sentence: str) -> Built:
    return build_prompt(tmp_path, f"# Riding school\n\n{sentence}\n", TOOLS)


def _counts(built: Built) -> list[tuple[str, int, str | None, str]]:
    return [
        (p.target, p.condition.max, p.condition.per, p.enforcement)
        for p in built.policies
        if p.operator == "max_calls" and p.source.artifact.endswith("prompt.md")
    ]


def _notes(built: Built) -> list[str]:
    return [d.code for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]


PARSES: list[tuple[str, dict[str, Any]]] = [
    ("A rider may book at most two lessons per week.", {"verb": "book", "modality": "limit"}),
    ("Each lesson can be cancelled only once.", {"verb": "cancel", "passive": True}),
    ("Lessons can be cancelled at most twice per rider.", {"verb": "cancel", "passive": True}),
    ("Never send a reminder twice.", {"verb": "send", "object": "reminder"}),
]


@pytest.mark.parametrize(("sentence", "expected"), PARSES)
def test_a_count_keeps_its_verb(sentence: str, expected: dict[str, Any]) -> None:
    clause = parse(sentence)
    assert {k: getattr(clause, k) for k in expected} == expected
    assert clause.quantity is not None
    assert clause.quantity.max is not None


def test_only_once_is_a_count_not_a_condition() -> None:
    clause = parse("Each lesson can be cancelled only once.")
    assert clause.condition is None
    assert clause.quantity is not None
    assert clause.quantity.max == 1
    assert clause.quantity.per == "lesson"  # each lesson: counted per lesson


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Each lesson can be cancelled only once.", [("cancel_lesson", 1, "lesson", "enforce")]),
        ("Never send a reminder twice.", [("send_reminder", 1, None, "enforce")]),
    ],
)
def test_counts_that_bind_are_enforced(
    tmp_path: Path, sentence: str, expected: list[tuple[str, int, str | None, str]]
) -> None:
    assert _counts(_build(tmp_path, sentence)) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "A rider may book at most two lessons per week.",  # a span of time
        "Send at most one reminder per lesson.",  # `send_reminder` takes no lesson
        "The `send_reminder` tool can be called only once per lesson.",
    ],
)
def test_a_count_per_what_the_tool_cannot_carry_is_reviewed(tmp_path: Path, sentence: str) -> None:
    built = _build(tmp_path, sentence)
    counts = _counts(built)
    assert counts, built.policies
    assert all(enforcement == "review_only" for *_, enforcement in counts)
    assert "condition-not-bound" in _notes(built)


@pytest.mark.parametrize(
    ("per", "args", "bound"),
    [
        (None, frozenset(), True),
        ("lesson", frozenset({"lesson_id", "reason"}), True),
        ("payment method", frozenset({"payment_method_id"}), True),
        ("lesson", frozenset({"rider_id"}), False),
        ("week", frozenset({"week_id"}), False),  # a span of time, whatever the arguments
    ],
)
def test_a_count_per_entity_binds_to_an_argument_named_like_it(
    per: str | None, args: frozenset[str], bound: bool
) -> None:
    assert (_unbound(MaxCalls(max=1, per=per), args) is None) == bound
