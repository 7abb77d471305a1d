"""An existing thing offered as one of several choices (`specgap.extract.existing_choice`,
issue 11 precision): "A or an existing X" gives no grounding of X alone over every call, and a
located note says why; an existing thing that is the only one allowed keeps its reading.
Made-up domains (a ski school, a seed library); sentences and tools written for this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar_asked_values import _tool

SKI = [
    _tool("get_lesson", "Read a ski lesson with its payment.", lesson_id=""),
    _tool("refund_lesson", "Refund a ski lesson.", lesson_id="", payment_method_id=""),
    _tool("list_vouchers", "List the member's vouchers.", member_id=""),
]

CHOICES: list[tuple[str, str]] = [
    ("'either ... or an existing'",
     "The refund must either go to the original card, or an existing voucher."),
    ("'or to an existing'", "A refund must go back to the card used or to an existing voucher."),
    ("'or into an already existing'",
     "Refunds must be paid to the original card or into an already existing wallet."),
]  # fmt: skip


@pytest.mark.parametrize(("why", "text"), CHOICES, ids=[c[0] for c in CHOICES])
def test_an_existing_choice_is_a_note_not_a_grounding(tmp_path: Path, why: str, text: str) -> None:
    built = build_prompt(tmp_path, f"# Ski school\n\n{text}\n", SKI)
    mine = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    assert not [p for p in mine if p.operator == "arg_grounded" and p.target == "*"], why
    notes = [
        d
        for d in built.state.diagnostics
        if d.code == "rule-not-compiled" and d.span and d.span.start_line == 3
    ]
    assert any("one member of a choice" in d.message for d in notes), why


def test_the_only_existing_thing_keeps_its_reading(tmp_path: Path) -> None:
    """Never weaker: "must be an existing voucher" with no other choice is still read."""
    text = "The voucher must be an existing voucher."
    built = build_prompt(tmp_path, f"# Ski school\n\n{text}\n", SKI)
    assert [p for p in built.policies if p.operator == "arg_grounded"]
    assert not any("one member of a choice" in d.message for d in built.state.diagnostics)
