"""One answer everywhere: `eval` (the engine over a whole trace), `specgap check` (traces
from files, streamed) and the `Guard` (replaying a log, or live: check, then record) give
each event the same decision. Run over every reference trace, every generated mutant of
the reference agents, and every adapter sample (the seeds of the adapter fuzz corpus) under
both agents."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest
from trace_support import DATA, ROOT, reference_bundle, registry

from specgap.check import check_traces
from specgap.errors import SpecgapError
from specgap.evaluate.adapters import load_traces
from specgap.evaluate.engine import Decision, Engine
from specgap.events import Event, ToolCall, Trace
from specgap.guard import Guard
from specgap.mutate import generate

AGENTS = ("sql", "cloud")
Key = tuple[Any, ...]


def _key(index: int, verdict: str, action: str, hits: Iterable[tuple[str, str]]) -> Key:
    return (index, verdict, action, tuple(sorted(hits)))


def _of(decision: Decision) -> Key:
    hits = ((h.policy, h.effect) for h in decision.hits)
    return _key(decision.index, decision.verdict, decision.action, hits)


def _eval(agent: str, events: Sequence[Event]) -> list[Key]:
    policies = reference_bundle().agent(agent).policies  # type: ignore[union-attr]
    return [_of(d) for d in Engine(policies).run(events)]


def _replay(agent: str, events: Sequence[Event]) -> list[Key]:
    guard = Guard(reference_bundle(), agent=agent)
    return [_of(guard.check(e, executed=True)) for e in events]


def _live(agent: str, events: Sequence[Event]) -> list[Key]:
    guard = Guard(reference_bundle(), agent=agent)
    found = []
    for event in events:
        decision = guard.check(event)
        if isinstance(event, ToolCall) and not decision.blocked:
            guard.record(event.result, is_error=event.is_error, labels_out=event.labels_out)
        found.append(_of(decision))
    return found


def _check(agent: str, paths: list[str]) -> dict[str, list[Key]]:
    lines: list[str] = []
    check_traces(reference_bundle(), agent, paths, "jsonl", lines.append)
    found: dict[str, list[Key]] = {}
    for line in lines:
        d = json.loads(line)
        hits = ((h["policy"], h["effect"]) for h in d["hits"])
        found.setdefault(d["trace"], []).append(_key(d["index"], d["verdict"], d["action"], hits))
    return found


def _write(folder: Path, traces: list[tuple[str, Sequence[Event]]]) -> dict[str, str]:
    """Each trace as a native JSON file; trace name -> path."""
    paths = {}
    for n, (name, events) in enumerate(traces):
        path = folder / f"t{n}.json"
        data = [e.model_dump(mode="json", exclude_defaults=True) for e in events]
        path.write_text(json.dumps({"events": data}), "utf-8")
        paths[name] = str(path)
    return paths


def _reference(agent: str) -> tuple[list[Trace], list[Trace]]:
    found = {}
    for kind in ("safe", "unsafe"):
        files = sorted((ROOT / "fixtures" / agent / "traces" / kind).glob("*.json"))
        found[kind] = [t for f in files for t in load_traces(f, f.name, registry(agent))]
    return found["safe"], found["unsafe"]


def _all_paths_agree(agent: str, traces: list[tuple[str, Sequence[Event]]], tmp: Path) -> int:
    paths = _write(tmp, traces)
    checked = _check(agent, list(paths.values()))
    compared = 0
    for name, events in traces:
        expected = _eval(agent, events)
        assert _replay(agent, events) == expected, name
        assert _live(agent, events) == expected, name
        assert checked[paths[name]] == expected, name
        compared += len(expected)
    return compared


@pytest.mark.parametrize("agent", AGENTS)
def test_reference_traces_get_one_answer(agent: str, tmp_path: Path) -> None:
    safe, unsafe = _reference(agent)
    traces = [(t.path, t.events) for t in (*safe, *unsafe)]
    assert _all_paths_agree(agent, traces, tmp_path) > 10


@pytest.mark.parametrize("agent", AGENTS)
def test_generated_mutants_get_one_answer(agent: str, tmp_path: Path) -> None:
    safe, unsafe = _reference(agent)
    policies = reference_bundle().agent(agent).policies  # type: ignore[union-attr]
    generation = generate(
        agent, policies, safe, registry=registry(agent), known=[t.events for t in unsafe]
    )
    traces = [(m.id, m.events) for m in generation.mutants]
    assert len(traces) > 20
    assert _all_paths_agree(agent, traces, tmp_path) > 100


SAMPLES = sorted(p for p in DATA.rglob("*") if p.is_file())


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("sample", SAMPLES, ids=[p.relative_to(DATA).as_posix() for p in SAMPLES])
def test_adapter_samples_get_one_answer(agent: str, sample: Path) -> None:
    try:
        traces = load_traces(sample, str(sample), registry(agent))
    except SpecgapError:
        pytest.skip("a sample with errors is not evaluated")  # check reports it instead
    checked = _check(agent, [str(sample)])
    for trace in traces:
        expected = _eval(agent, trace.events)
        assert _replay(agent, trace.events) == expected
        assert checked.get(trace.path, []) == expected, trace.path


def test_a_denied_call_satisfies_no_later_require_before(tmp_path: Path) -> None:
    bad_lookup = ToolCall(
        name="schema_lookup", tool="sql.schema_lookup", args={"table": "orders", "drop": True}
    )
    query = ToolCall(
        name="execute_sql", tool="sql.execute", args={"query": "SELECT id FROM orders LIMIT 5"}
    )
    events = [bad_lookup, query]
    expected = _eval("sql", events)
    assert [k[1] for k in expected] == ["deny", "deny"]
    assert any(policy.startswith("sql.require_before.") for policy, _ in expected[1][3])
    assert _all_paths_agree("sql", [("denied lookup", events)], tmp_path) == 2
