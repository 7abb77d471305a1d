"""A deterministic proxy for `python -m benchmarks guard`: Python bytecodes and Python
calls per `Guard.check`, counted with `sys.settrace` (`f_trace_opcodes`) over the same
loops the timed benchmark runs, after warm-up rounds.

    python -m benchmarks.guard_count [ROW ...]    (or: python -m benchmarks guard --count)

Wall-clock medians swing 2x on a loaded machine; these counts do not move with the load
(C work is not counted: a C helper replacing bytecodes reads as a saving it may not be).
Printed beside the timed figures, never asserted.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

from benchmarks.bench_guard import POLICY, ROOT, SEED, _openai, generated_agent, random_events
from specgap.evaluate.adapters import load_trace
from specgap.events import ToolCall
from specgap.guard import Guard, load_policy

WARM = 20  # rounds run before counting: every memo the timed loops fill is full
ROUNDS = 3


class Counter:
    def __init__(self) -> None:
        self.ops = 0
        self.calls = 0

    def _local(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "opcode":
            self.ops += 1
        return self._local

    def _global(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call":
            self.calls += 1
            frame.f_trace_opcodes = True
            return self._local
        return None

    def count(self, fn: Callable[..., Any], *args: Any, **options: Any) -> tuple[int, int]:
        """(bytecodes, Python calls) of `fn(*args, **options)`."""
        ops, calls = self.ops, self.calls
        sys.settrace(self._global)
        try:
            fn(*args, **options)
        finally:
            sys.settrace(None)
        return self.ops - ops, self.calls - calls


def _per_event(
    run: Callable[[Counter], Iterator[tuple[int, int]]],
) -> tuple[float, float, float]:
    counter = Counter()
    samples = list(run(counter))
    ops = [s[0] for s in samples]
    calls = [s[1] for s in samples]
    return statistics.median(ops), statistics.mean(ops), statistics.mean(calls)


def _reference(agent: str, calls_only: bool) -> Callable[[Counter], Iterator[tuple[int, int]]]:
    def run(counter: Counter) -> Iterator[tuple[int, int]]:
        guard = Guard(load_policy(POLICY), agent)
        traces = [
            load_trace(p, p.name, guard.registry).events
            for p in sorted((ROOT / "fixtures" / agent / "traces").glob("*/*.json"))
        ]
        for n in range(WARM + ROUNDS):
            for t, events in enumerate(traces):
                key = f"{n}/{t}"
                for event in events:
                    if n < WARM:
                        guard.check(event, trace=key, executed=True)
                        continue
                    took = counter.count(guard.check, event, trace=key, executed=True)
                    if not calls_only or isinstance(event, ToolCall):
                        yield took
                guard.end(key)

    return run


def _wire(agent: str) -> Callable[[Counter], Iterator[tuple[int, int]]]:
    def run(counter: Counter) -> Iterator[tuple[int, int]]:
        guard = Guard(load_policy(POLICY), agent)
        traces = [
            load_trace(p, p.name, guard.registry).events
            for p in sorted((ROOT / "fixtures" / agent / "traces").glob("*/*.json"))
        ]
        for t, events in enumerate(traces):
            dicts = [_openai(e) for e in events if isinstance(e, ToolCall)]
            for n in range(WARM + ROUNDS):
                key = f"w{n}/{t}"
                for call in dicts:
                    if n < WARM:
                        guard.check(call, trace=key, executed=None)
                        continue
                    yield counter.count(guard.check, call, trace=key, executed=None)
                guard.end(key)

    return run


def _thousand(counter: Counter) -> Iterator[tuple[int, int]]:
    guard = Guard(generated_agent())
    events = random_events(3_000, random.Random(SEED))
    for event in events[:1000]:
        guard.check(event, trace="warm", executed=True)
    for event in events[1000:]:
        yield counter.count(guard.check, event, trace="t", executed=True)


def _join(counter: Counter) -> Iterator[tuple[int, int]]:
    guard = Guard(load_policy(POLICY), "sql")
    rng = random.Random(SEED)
    for n in range(200):
        query = (
            f"SELECT c.name, COUNT(o.id) AS n_{n} FROM customers c JOIN orders o "
            f"ON o.customer_id = c.id WHERE o.total > {rng.randrange(10**6)} "
            f"GROUP BY c.name ORDER BY n_{n} DESC LIMIT {rng.randrange(1, 150)}"
        )
        lookup = ToolCall(name="schema_lookup", args={"table": "orders"})
        guard.check(lookup, trace=f"j{n}")
        event = ToolCall(name="execute_sql", args={"query": query})
        took = counter.count(guard.check, event, trace=f"j{n}")
        if n >= 20:  # the first ones compile the grammar
            yield took
        guard.end(f"j{n}")


ROWS: dict[str, Callable[[Counter], Iterator[tuple[int, int]]]] = {
    "sql all events": _reference("sql", False),
    "sql tool calls": _reference("sql", True),
    "sql OpenAI dict": _wire("sql"),
    "cloud all events": _reference("cloud", False),
    "cloud tool calls": _reference("cloud", True),
    "cloud OpenAI dict": _wire("cloud"),
    "sql new query, join": _join,
    "1,000 policies all events": _thousand,
}


def main(argv: list[str]) -> None:
    wanted = [r for r in ROWS if not argv or any(a in r for a in argv)]
    print(f"   {'row':<28} {'bytecodes: median':>18} {'mean':>8} {'calls: mean':>12}")
    for row in wanted:
        median, mean, calls = _per_event(ROWS[row])
        print(f"   {row:<28} {median:>18,.0f} {mean:>8,.0f} {calls:>12,.1f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
