"""The argument-anchored reading (`specgap.extract.arg8_anchor`, `specgap.arg8_bind`): the
choices docs/arg8-anchor.md writes down, each pinned on one sentence of set A's domains."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.arg8_anchor import ANCHOR, _misread, respelled
from specgap.ir import CandidateRule, Span
from tests.corpus_agents import build_prompt
from tests.probes import flat
from tests.test_arg8_probe_a import SOFA


def _built(folder: Path, text: str) -> tuple[list[Any], list[Any]]:
    built = build_prompt(folder, f"# Desk\n\n{text}\n", SOFA)
    mine = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    return mine, notes


def test_the_narrowing_is_taken_off_and_kept() -> None:
    assert respelled("The labour_hours entered on a quote can never be more than 40.") == (
        "The labour_hours must be at most 40.",
        "entered on a quote",
        "labour_hours",
    )


@pytest.mark.parametrize(
    "text",
    [
        "The labour_hours entered on a quote are shown to the client.",  # no rule said
        "The cancellation fee charged with a cancellation is usually about 50.",  # a hedge
        "The labour_hours entered on a quote can be more than 12 for a large sofa.",  # leave
    ],
)
def test_no_rule_no_spelling(text: str) -> None:
    assert respelled(text) is None


def test_any_call_gives_one_policy_per_tool(tmp_path: Path) -> None:
    mine, _ = _built(tmp_path, "The labour_hours entered in any call can never be more than 60.")
    assert sorted((p.target, p.enforcement) for p in mine) == [
        ("log_hours", "enforce"),
        ("quote_job", "enforce"),
    ]


def test_a_tie_is_a_note_never_a_guess(tmp_path: Path) -> None:
    mine, notes = _built(tmp_path, "The amount entered can never be more than 900.")
    assert not [p for p in mine if p.enforcement == "enforce"]
    (tie,) = [n for n in notes if n.code == "ambiguous-mention"]
    assert "`take_deposit.amount`" in tie.message
    assert "`pay_supplier.amount`" in tie.message


def test_a_lead_that_is_a_state_stays_the_condition(tmp_path: Path) -> None:
    mine, _ = _built(
        tmp_path,
        "If the job is cancelled, then the labour_hours logged on it can never be more than 3.",
    )
    (policy,) = mine
    assert (policy.target, policy.enforcement) == ("log_hours", "review_only")
    assert flat(policy)["max"] == 3


def test_a_lead_that_is_the_act_narrows(tmp_path: Path) -> None:
    mine, _ = _built(
        tmp_path,
        "If a supplier is paid, then the amount paid to the supplier can never exceed 5000.",
    )
    assert [(p.target, p.enforcement) for p in mine] == [("pay_supplier", "enforce")]


@pytest.mark.parametrize(
    "text",
    [
        "use " + "a_b_" * 30,
        "The " + "aB" * 40 + " on a x: 5 at most",
        "The labour hours " + "entered on a quote " * 30 + "must be at most 3",
        "For a " + "x_" * 50 + ", the y must be at most 2",
        "The x of " + "a, " * 60 + " are offered",
        "Keep the " + "a-b-" * 40 + " at 5",
    ],
)
def test_no_backtracking(text: str) -> None:
    started = time.perf_counter()
    respelled(text)
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize(
    "text",
    [
        "The number of nights cannot be greater than 14.",  # "of": maybe the argument's words
        "If the nursery is closed, the plant code must come from search_plants.",  # a state
        "For new accounts, refunds may not exceed $30.",  # a state, read by `bound_topics`
    ],
)
def test_a_first_reading_that_may_be_right_stands(text: str) -> None:
    found = respelled(text)
    assert found is not None
    anchor = found[1]
    reading = {"facet": f"x {anchor}", ANCHOR: anchor}
    span = Span(path="p.md", start_line=1, start_col=1, end_line=1, end_col=2, start_byte=0,
                end_byte=1)  # fmt: skip
    rule = CandidateRule(text=text, span=span, quote=text, target="*", mentions=(),
                         grounding="partial", check_category="business_logic_validation",
                         operator="arg_within_bound", params=reading, confidence=0.7,
                         extractor="deterministic", condition="when x")  # fmt: skip
    assert not _misread(rule, anchor)
