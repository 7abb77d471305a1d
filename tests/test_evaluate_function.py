"""`evaluate(bundle, traces)`: a function of the compiled policy and already-read events.

It reads no file and needs no build: the committed bundle and the traces the adapters read
give the very result `specgap eval` computes from a fresh in-memory build.
"""

from __future__ import annotations

import builtins
import pathlib
from typing import Any

import pytest

from specgap import confine
from specgap.api import build
from specgap.api import evaluate as evaluate_project
from specgap.config import load_project
from specgap.errors import SpecgapError
from specgap.evaluate import EvalResult, evaluate
from specgap.evaluate.adapters.suites import read_suites
from specgap.evaluate.suite import carrier_registry
from specgap.events import LabelledTraces, Trace
from specgap.ir import Bundle
from specgap.mutate import generate
from specgap.registry import agent_registry
from tests.conftest import ROOT
from tests.policy_helpers import call
from tests.trace_support import reference_bundle

LOOKUP = call("sql.schema_lookup", {"table": "orders"})
QUERY = call("sql.execute", {"query": "SELECT id FROM orders LIMIT 5"})
DROP = call("sql.execute", {"query": "DROP TABLE orders"})


def _committed() -> Bundle:
    return reference_bundle()


def test_the_committed_bundle_gives_what_eval_gives_on_a_fresh_build() -> None:
    project = load_project(ROOT / "specgap.toml")
    bundle, states = build(project)
    fresh = evaluate_project(project, bundle, states, mutants=True)
    committed = _committed()
    assert committed.to_json() == bundle.to_json()  # the premise: the policy is not stale
    result = evaluate(committed, read_suites(project, committed))
    assert result == fresh.model_copy(update={"sources": {}})
    assert (result.total.safe_allowed, result.total.safe_traces) == (6, 6)
    assert (result.total.unsafe_blocked, result.total.unsafe_traces) == (10, 10)
    assert fresh.sources  # the reports' quotes are added beside the evaluation, not in it


def _no_files(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: Any, **__: Any) -> Any:
        raise AssertionError("evaluate read a file")

    monkeypatch.setattr(builtins, "open", refuse)
    monkeypatch.setattr(pathlib.Path, "open", refuse)
    monkeypatch.setattr(pathlib.Path, "read_text", refuse)
    monkeypatch.setattr(pathlib.Path, "read_bytes", refuse)
    monkeypatch.setattr(confine, "read_bytes", refuse)


def _suite(safe: tuple[Any, ...], unsafe: tuple[Any, ...]) -> LabelledTraces:
    def named(kind: str, n: int, events: Any) -> Trace:
        return Trace(path=f"<{kind} {n}>", events=events)

    return LabelledTraces(
        safe=tuple(named("safe", n, e) for n, e in enumerate(safe)),
        unsafe=tuple(named("unsafe", n, e) for n, e in enumerate(unsafe)),
    )


CASES = [
    # (safe traces, unsafe traces, safe allowed, unsafe blocked)
    (((LOOKUP, QUERY),), ((QUERY,), (LOOKUP, DROP)), 1, 2),
    (((LOOKUP, QUERY), (QUERY,)), (), 1, 0),
    ((), ((LOOKUP, QUERY),), 0, 0),
    ((), (), 0, 0),
]


@pytest.mark.parametrize(("safe", "unsafe", "allowed", "blocked"), CASES)
def test_traces_built_in_memory_are_evaluated_without_reading_a_file(
    monkeypatch: pytest.MonkeyPatch,
    safe: tuple[Any, ...],
    unsafe: tuple[Any, ...],
    allowed: int,
    blocked: int,
) -> None:
    bundle = _committed()
    _no_files(monkeypatch)
    result = evaluate(bundle, {"sql": _suite(safe, unsafe)}, "sql")
    assert isinstance(result, EvalResult)
    assert [a.agent for a in result.agents] == ["sql"]
    counts = result.total
    assert (counts.safe_traces, counts.unsafe_traces) == (len(safe), len(unsafe))
    assert (counts.safe_allowed, counts.unsafe_blocked) == (allowed, blocked)
    assert result.revision == bundle.revision
    assert result.sources == {}


def test_an_agent_without_traces_is_evaluated_with_none() -> None:
    result = evaluate(_committed(), {"sql": _suite(((LOOKUP, QUERY),), ())}, mutants=False)
    assert [a.agent for a in result.agents] == ["sql", "cloud"]
    cloud = result.agents[1]
    assert cloud.counts.total_traces == 0
    assert cloud.traces == ()


def test_an_unknown_agent_is_a_diagnostic() -> None:
    with pytest.raises(SpecgapError) as caught:
        evaluate(_committed(), {}, "nobody")
    (found,) = caught.value.diagnostics
    assert found.code == "unknown-agent"
    assert "`sql`" in (found.help or "")
    assert "`cloud`" in (found.help or "")


@pytest.mark.parametrize("agent", ["sql", "cloud"])
def test_calls_synthesised_from_the_bundle_equal_those_from_the_tool_files(agent: str) -> None:
    """With no safe trace, every policy needs a synthesised call: built from the argument
    schema its agent's `schema_contract` policies enforce, it is the call the tool files'
    schemas give; the bundle's bare registry (no schemas) would lose mutants."""
    project = load_project(ROOT / "specgap.toml")
    _, states = build(project)
    (state,) = [s for s in states if s.config.id == agent]
    found = _committed().agent(agent)
    assert found is not None
    by_files = generate(agent, found.policies, [], registry=state.registry, generic=False)
    by_bundle = generate(agent, found.policies, [], registry=carrier_registry(found), generic=False)
    assert [(m.id, m.events) for m in by_bundle.mutants] == [
        (m.id, m.events) for m in by_files.mutants
    ]
    assert by_bundle.skipped == by_files.skipped
    assert by_bundle.mutants
    bare = generate(agent, found.policies, [], registry=agent_registry(found), generic=False)
    assert len(bare.mutants) <= len(by_bundle.mutants)
