"""Policy mutation reruns only the traces whose first denial rests on the removed policy
alone, and finds exactly what rerunning every trace without every policy finds."""

from __future__ import annotations

import pytest
from trace_support import ROOT, reference_bundle, registry

from specgap.evaluate.adapters import load_traces
from specgap.evaluate.engine import Engine
from specgap.evaluate.kill import _is_blocking, policy_mutation
from specgap.events import Trace
from specgap.mutate import generate


def _naive(policies, traces, verdicts):  # type: ignore[no-untyped-def]
    return {
        p.id: tuple(
            t.path
            for t in traces
            if any(d.blocked for d in Engine([q for q in policies if q.id != p.id]).run(t.events))
            != verdicts[t.path]
        )
        for p in policies
        if _is_blocking(p)
    }


@pytest.mark.slow  # mutants of both agents, every policy removed in turn
@pytest.mark.parametrize("agent", ["sql", "cloud"])
def test_linear_policy_mutation_matches_the_naive_one(agent: str) -> None:
    policies = reference_bundle().agent(agent).policies  # type: ignore[union-attr]
    files = sorted((ROOT / "fixtures" / agent / "traces").glob("*/*.json"))
    traces = [t for f in files for t in load_traces(f, f.name, registry(agent))]
    safe = [t for t, f in zip(traces, files, strict=True) if f.parent.name == "safe"]
    mutants = generate(agent, policies, safe, registry=registry(agent)).mutants
    traces += [Trace(path=m.id, events=m.events) for m in mutants]
    engine = Engine(policies)
    verdicts = {t.path: any(d.blocked for d in engine.run(t.events)) for t in traces}
    found = policy_mutation(policies, traces, verdicts)
    assert found == _naive(policies, traces, verdicts)
    assert any(found.values())  # some policy is the only thing blocking some trace
