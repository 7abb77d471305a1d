"""The kill matrix, policy mutation and the rules they are reported against."""

from __future__ import annotations

from specgap.api import build
from specgap.config import load_project
from specgap.evaluate.adapters.suites import read_traces
from specgap.evaluate.kill import KillMatrix, clone, policy_mutation, rule_results
from specgap.events import Event, Trace
from specgap.ir import CandidateRule, Diagnostic, Span
from specgap.mutate import Generated, generate
from tests.conftest import ROOT
from tests.policy_helpers import call, policy

BOUND = policy("arg_within_bound", "t", selector={"arg": "n"}, max=10)
TIGHTER = policy("arg_within_bound", "t", selector={"arg": "n"}, max=5)
REVIEW = policy("review_required", "mail", enforcement="eval_required")
WARNED = policy("review_required", "t", enforcement="eval_required")


def mutant(events: tuple[Event, ...], *rules: str, kind: str = "operator") -> Generated:
    return Generated(
        id="m1",
        kind=kind,  # type: ignore[arg-type]
        mutator="x/y",
        description="d",
        base="safe.json",
        rules=rules,
        category="data_validation",
        events=events,
    )


def test_statuses() -> None:
    matrix = KillMatrix([BOUND, TIGHTER, REVIEW, WARNED])
    cases = [
        (mutant((call("t", {"n": 11}),), BOUND.id), "Killed", (BOUND.id, TIGHTER.id)),
        (mutant((call("t", {"n": 1}),), WARNED.id), "Survived", ()),
        (mutant((call("mail"),), REVIEW.id), "NoCoverage", ()),
        (mutant((call("t", {"n": 1}),), kind="generic"), "Ignored", ()),
    ]
    for m, status, killed_by in cases:
        result = matrix.classify(m)
        assert (result.status, result.killed_by) == (status, tuple(sorted(killed_by))), m.events
    killed = matrix.classify(cases[0][0])
    assert "exceeds the maximum 10" in killed.reason
    assert matrix.classify(cases[2][0]).reason == "no enforced policy targets `mail`"


def test_policy_mutation_finds_the_policy_no_trace_needs() -> None:
    traces = [
        Trace(path="ok.json", events=(call("t", {"n": 1}),)),
        Trace(path="six.json", events=(call("t", {"n": 6}),)),
        Trace(path="big.json", events=(call("t", {"n": 50}),)),
    ]
    verdicts = {"ok.json": False, "six.json": True, "big.json": True}
    tested = policy_mutation([BOUND, TIGHTER, WARNED], traces, verdicts)
    # `max 10` is shadowed by `max 5`: removing it changes nothing; WARNED never blocks
    assert tested == {BOUND.id: (), TIGHTER.id: ("six.json",)}


def test_rules_cover_policies_and_candidates_that_did_not_compile() -> None:
    span = Span(
        path="p.md", start_line=4, start_col=1, end_line=4, end_col=9, start_byte=40, end_byte=48
    )
    rule = CandidateRule(
        text="Never call the frobnicator.",
        span=span,
        quote="Never call the frobnicator.",
        target="frobnicator",
        mentions=("frobnicator",),
        grounding="exact",
        check_category="authorization_check",
        operator="deny_action",
        params={},
        confidence=0.9,
        extractor="deterministic",
    )
    unknown = "`frobnicator` does not name a known tool"
    note = Diagnostic(code="unresolved-mention", message=unknown, span=span)
    matrix = KillMatrix([BOUND, WARNED])
    results = matrix.run(
        [mutant((call("t", {"n": 11}),), BOUND.id), mutant((call("t"),), WARNED.id)]
    )
    rules = rule_results("a", [BOUND, WARNED], [rule], [note], results, {BOUND.id: ("x.json",)})
    by_key = {r.key: r for r in rules}
    assert (by_key[BOUND.id].status, by_key[BOUND.id].killed, by_key[BOUND.id].untested) == (
        "enforced",
        1,
        False,
    )
    warned = by_key[WARNED.id]
    assert (warned.status, warned.survived) == ("not_enforced", 1)
    assert warned.where() == "stated at p.md:1:1, not enforced (eval_required, warn)"
    (uncompiled,) = [r for r in rules if r.policy is None]
    assert uncompiled.status == "not_compiled"
    assert uncompiled.key.startswith("a.rule.")
    assert uncompiled.where() == (
        "stated at p.md:4:1, not compiled (`frobnicator` does not name a known tool)"
    )


def test_evaluating_from_the_first_changed_event_changes_no_result() -> None:
    project = load_project(ROOT / "specgap.toml")
    _, states = build(project)
    for state in states:
        assert state.registry is not None
        safe = read_traces(project, state.config.safe_traces, state.registry)
        made = generate(state.config.id, state.policies, safe, registry=state.registry)
        full, reused = KillMatrix(state.policies), KillMatrix(state.policies, safe)
        for m in made.mutants:
            assert reused.decisions(m) == list(full.engine.run(m.events)), m.description
            assert reused.classify(m) == full.classify(m)


def test_a_cloned_state_is_independent() -> None:
    engine = KillMatrix([BOUND]).engine
    state = engine.new_state()
    engine.decide(0, call("t", {"n": 1}, result="some output", labels_out=("secret",)), state)
    copy = clone(state)
    assert (copy.called, copy.taint, copy.slots) == (state.called, state.taint, state.slots)
    copy.called.add("other")
    copy.taint["secret"].add("more")
    assert "other" not in state.called
    assert state.taint["secret"] == {"some output"}
