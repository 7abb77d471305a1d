"""Mutation coverage on the reference agents: kill-matrix throughput and full-eval time.

Throughput: the generated mutants of both reference agents (operator and generic) are
classified against their agent's compiled policies, round after round, until at least
20,000 classifications are done; the figure is mutants classified per second (target
>= 10,000/s). Full eval: build + hand-labelled traces + generation + kill matrix + policy
mutation, as `specgap eval` runs it, median of 5.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from benchmarks.figures import show
from specgap.api import build, evaluate
from specgap.config import load_project
from specgap.evaluate.adapters.suites import read_traces
from specgap.evaluate.kill import KillMatrix
from specgap.mutate import generate

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = 20_000


def run() -> None:
    project = load_project(ROOT / "specgap.toml")
    bundle, states = build(project)
    workloads = []
    generation_s = 0.0
    for state in states:
        assert state.registry is not None
        config = state.config
        safe = read_traces(project, config.safe_traces, state.registry)
        unsafe = read_traces(project, config.unsafe_traces, state.registry)
        started = time.perf_counter()
        made = generate(
            config.id,
            state.policies,
            safe,
            registry=state.registry,
            known=[t.events for t in unsafe],
        )
        generation_s += time.perf_counter() - started
        workloads.append((KillMatrix(state.policies, safe), made.mutants))
    count = sum(len(m) for _, m in workloads)
    operator = sum(1 for _, ms in workloads for m in ms if m.kind == "operator")
    print(
        f"generation: {count} mutants ({operator} operator, {count - operator} generic) "
        f"in {1000 * generation_s:.1f} ms"
    )
    rounds = -(-MUTANTS // count)
    done = 0
    started = time.perf_counter()
    for _ in range(rounds):
        for matrix, mutants in workloads:
            for mutant in mutants:
                matrix.classify(mutant)
                done += 1
    elapsed = time.perf_counter() - started
    print(
        f"kill matrix: {done:,} mutants in {elapsed:.2f} s = {done / elapsed:,.0f} mutants/s "
        f"(target >= 10,000/s), {1e6 * elapsed / done:.1f} µs/mutant"
    )
    show("kill matrix", done / elapsed)
    # the same mutants replayed whole by the engine alone: what the shared-prefix reuse
    # saves, and a yardstick for the machine's speed at the time of the run
    replayed = 0
    started = time.perf_counter()
    for _ in range(rounds):
        for matrix, mutants in workloads:
            for mutant in mutants:
                for _decision in matrix.engine.run(mutant.events):
                    pass
                replayed += 1
    whole = time.perf_counter() - started
    print(f"  (engine replaying each mutant whole, no classification: {replayed / whole:,.0f}/s)")
    times, eval_times = [], []
    for _ in range(5):
        started = time.perf_counter()
        bundle, states = build(project)
        middle = time.perf_counter()
        result = evaluate(project, bundle, states, mutants=True)
        done_at = time.perf_counter()
        times.append(done_at - started)
        eval_times.append(done_at - middle)
    print(
        f"full eval (build + traces + mutants + policy mutation): median "
        f"{1000 * statistics.median(times):.0f} ms, of which evaluation "
        f"{1000 * statistics.median(eval_times):.0f} ms"
    )
    show("full eval", 1000 * statistics.median(times))
    score = result.score
    print(f"mutation score {100 * (score.score or 0):.1f}% ({score.killed}/{score.total})")
