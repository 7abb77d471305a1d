"""A ban whose object carries a relative clause without `that` ("a voucher you do not mean
to redeem", "kayaks guests have not checked") is no wider than its sentence: the clause is
cut from the object (`grammar_words.CONTACT_CLAUSE`) and kept as the ban's condition
(`restrictors`), so the ban is reviewed, never an unconditional `enforce`. A clause that is
a plan or a memory leaves a note and no policy (`attitudes`). A made-up kayak hire."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.grammar import parse
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

KAYAKS = [
    _tool("hire_kayak", "Hire a kayak to a guest.", kayak_id="string", guest_id="string"),
    _tool("redeem_voucher", "Redeem a hire voucher.", voucher_code="string"),
    _tool("refund_hire", "Refund a kayak hire.", hire_id="string"),
]

# sentence -> the ban's target and the condition it keeps
REVIEWED: list[tuple[str, str, str]] = [
    ("Never hire out kayaks guests have not checked.", "hire_kayak", "guests have not checked"),
    ("Do not refund a hire the guest did not complain about.", "refund_hire",
     "the guest did not complain about"),
    ("Never redeem vouchers your colleagues have already scanned.", "redeem_voucher",
     "your colleagues have already scanned"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "target", "kept"), REVIEWED, ids=[t for t, _, _ in REVIEWED])
def test_the_clause_is_kept_as_the_condition(
    tmp_path: Path, text: str, target: str, kept: str
) -> None:
    built = build_prompt(tmp_path, f"# Kayak hire\n\n{text}\n", KAYAKS)
    bans = [
        p
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "deny_action"
    ]
    assert [(p.target, p.enforcement) for p in bans] == [(target, "review_only")]
    notes = [d.message for d in built.state.diagnostics if d.code == "condition-not-bound"]
    assert any(repr(kept) in n for n in notes)


def test_a_plan_in_the_clause_is_a_note(tmp_path: Path) -> None:
    text = "Never redeem a voucher you do not mean to use today."
    built = build_prompt(tmp_path, f"# Kayak hire\n\n{text}\n", KAYAKS)
    assert not [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    assert [d.code for d in built.state.diagnostics if d.span] == ["rule-not-compiled"]


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("Never refund hires guests have not returned.", "refund hires"),
        ("Do not refund a hire the guest did not complain about.", "refund hire"),
        ("Never refund hires.", "refund hires"),  # no clause: the object as it was
        ("Never redeem the guest voucher.", "redeem guest voucher"),  # a compound noun stays
    ],
)
def test_the_object_stops_where_the_clause_starts(text: str, action: str) -> None:
    assert parse(text).action == action
