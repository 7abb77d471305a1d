"""Build time and evaluator throughput on the reference agents.

Throughput: every reference trace (safe and unsafe) of both agents is replayed against
its agent's compiled policies until at least 100,000 events have been decided.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from benchmarks.figures import show
from specgap.api import build
from specgap.config import load_project
from specgap.evaluate.adapters.suites import read_traces
from specgap.evaluate.engine import Engine

ROOT = Path(__file__).resolve().parent.parent
EVENTS = 100_000


def run() -> None:
    project = load_project(ROOT / "specgap.toml")
    times = []
    for _ in range(10):
        started = time.perf_counter()
        bundle, states = build(project)
        times.append(time.perf_counter() - started)
    policies = sum(len(a.policies) for a in bundle.agents)
    print(f"build (2 agents, {policies} policies): median {1000 * statistics.median(times):.1f} ms")

    workloads = []
    for state in states:
        assert state.registry is not None
        config = state.config
        traces = read_traces(project, config.safe_traces + config.unsafe_traces, state.registry)
        workloads.append((Engine(state.policies), [t.events for t in traces]))
    per_round = sum(len(events) for _, traces in workloads for events in traces)
    rounds = -(-EVENTS // per_round)
    decided = 0
    started = time.perf_counter()
    for _ in range(rounds):
        for engine, traces in workloads:
            for events in traces:
                for _decision in engine.run(events):
                    decided += 1
    elapsed = time.perf_counter() - started
    print(
        f"evaluator: {decided:,} events in {elapsed:.2f} s = {decided / elapsed:,.0f} events/s, "
        f"{1e6 * elapsed / decided:.2f} µs/event"
    )
    show("evaluator", 1e6 * elapsed / decided)
