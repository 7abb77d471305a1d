"""`specgap eval` and `specgap check` see the same policy: the findings `evaluate(bundle,
traces)` records for each reference trace (read by the eval loader, with the bundle's
registry) are, event for event, the non-allow decisions `check` prints for the same file,
and a trace is blocked in `eval` exactly when `check` denies one of its events."""

from __future__ import annotations

import json
from typing import Any

import pytest
from trace_support import ROOT, reference_bundle

from specgap.check import check_traces
from specgap.config import load_project
from specgap.evaluate import evaluate
from specgap.evaluate.adapters.suites import read_suites
from specgap.evaluate.engine import Decision

Key = tuple[Any, ...]


def _of(decision: Decision) -> Key:
    hits = tuple(sorted((h.policy, h.effect) for h in decision.hits))
    return (decision.index, decision.verdict, decision.action, hits)


def _checked(agent: str, paths: list[str]) -> dict[str, list[Key]]:
    lines: list[str] = []
    check_traces(reference_bundle(), agent, paths, "jsonl", lines.append)
    found: dict[str, list[Key]] = {}
    for line in lines:
        d = json.loads(line)
        hits = tuple(sorted((h["policy"], h["effect"]) for h in d["hits"]))
        found.setdefault(d["trace"], []).append((d["index"], d["verdict"], d["action"], hits))
    return found


@pytest.mark.parametrize("agent", ["sql", "cloud"])
def test_eval_findings_are_the_decisions_check_makes(agent: str) -> None:
    project = load_project(ROOT / "specgap.toml")
    bundle = reference_bundle()
    suites = read_suites(project, bundle, agent)
    (result,) = evaluate(bundle, suites, agent, mutants=False).agents
    files = {t.path: str(ROOT / t.path) for t in result.traces}
    checked = _checked(agent, list(files.values()))
    compared = 0
    for trace in result.traces:
        decisions = checked[files[trace.path]]
        assert [_of(d) for d in trace.findings] == [k for k in decisions if k[1] != "allow"]
        assert trace.blocked == any(k[1] == "deny" for k in decisions), trace.path
        compared += len(decisions)
    assert len(result.traces) >= 7
    assert compared > 20
    assert any(t.blocked for t in result.traces)
    assert not all(t.blocked for t in result.traces)
