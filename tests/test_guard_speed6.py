"""The eleventh session's Guard speed work (docs/guard-speed.md, "Ninth pass"): a new trace
made without `Engine.new_state`'s calls (`Guard._open`), and the OpenAI Chat path's quiet
repeated calls decided in `check_chat` itself, the call left pending before them folded
inline when it is the only one. Each is held to what it replaced: the state a new trace
starts with, and every decision and end state of the general path.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from test_guard_fast import _as_given, _chat, _reference_and_mutants, _whole
from test_guard_lane import AGENTS, _pair, _snapshot
from test_guard_lane import _run as _run_lane
from trace_support import reference_bundle

from benchmarks.bench_guard import generated_agent, random_events
from specgap.events import Message, ToolCall
from specgap.guard import Guard


def _fresh(guard: Guard, key: str) -> tuple[Any, ...]:
    current = guard._traces[key]
    state = current.state
    return (
        type(state),
        dict(state.sources),
        set(state.called),
        dict(state.taint),
        dict(state.slots),
    )


@pytest.mark.parametrize("agent", [*AGENTS, "generated"])
def test_a_new_trace_starts_as_engine_new_state(agent: str) -> None:
    """Whatever event opens a trace (an event with a lane, a Chat call, a message, a turn),
    its state is `Engine.new_state()`'s (the taint sources included: the generated agent
    has some) and its pending lists are its own."""
    guard = Guard(generated_agent()) if agent == "generated" else Guard(reference_bundle(), agent)
    engine = guard.engine
    expected = engine.new_state()
    assert agent != "generated" or expected.sources  # the check below reads some
    if agent == "generated":
        call = next(e for e in random_events(10, random.Random(1)) if isinstance(e, ToolCall))
    else:
        call = next(e for e in _reference_and_mutants(agent)[0] if isinstance(e, ToolCall))
    openers: list[tuple[str, Any]] = [
        ("event", call),
        ("chat", _chat(call, 0)),
        ("message", Message(role="user", content="hello")),
    ]
    seen: list[Any] = []
    for key, event in openers:
        guard.check(event, trace=key)
        assert key in guard._traces
        got = _fresh(guard, key)
        assert got[0] is type(expected)
        assert got[1] == expected.sources
        seen.append(guard._traces[key])
    guard.check_turn([], trace="turn")
    assert _fresh(guard, "turn") == (
        type(expected),
        dict(expected.sources),
        set(),
        {},
        {},
    )
    seen.append(guard._traces["turn"])
    for n, a in enumerate(seen):  # no two traces share a list or a state
        for b in seen[n + 1 :]:
            assert a.pending is not b.pending
            assert a.pending_at is not b.pending_at
            assert a.state is not b.state


def test_generated_agent_traces_decide_and_fold_as_on_the_general_path() -> None:
    """An agent with taint sources (the benchmark's generated one): seeded calls, many
    short traces, replayed and live, on the lanes and on the general path."""
    events = random_events(600, random.Random(3))
    traces = [events[n : n + 6] for n in range(0, len(events), 6)]
    for executed in (True, None):
        lanes = Guard(generated_agent())
        general = Guard(generated_agent(), skip=("no-such-tool-*",))
        for guard in (lanes, general):
            guard._out = []  # type: ignore[attr-defined]
            for t, trace in enumerate(traces):
                key = f"g{t}"
                for event in trace:
                    guard._out.append(_whole(guard.check(event, trace=key, executed=executed)))  # type: ignore[attr-defined]
                state = guard._traces[key].state
                guard._out.append(  # type: ignore[attr-defined]
                    (sorted(state.called), _snapshot(state.taint), _snapshot(state.slots))
                )
        assert lanes._out == general._out  # type: ignore[attr-defined]


def _turns(guard: Guard, traces: Sequence[Sequence[Any]], rounds: int) -> list[Any]:
    """Each trace's Chat calls given in pairs: the first two of every three as one turn
    (`check_turn`, both left pending), the third checked alone (it folds both), results
    never recorded; every decision and each trace's end state."""
    out: list[Any] = []
    for round_ in range(rounds):
        for t, events in enumerate(traces):
            key = f"{round_}/{t}"
            calls = [e for e in events if isinstance(e, dict)]
            for n in range(0, len(calls), 3):
                out.extend(_whole(d) for d in guard.check_turn(calls[n : n + 2], trace=key))
                if n + 2 < len(calls):
                    out.append(_whole(guard.check(calls[n + 2], trace=key)))
            state = guard._traces[key].state
            out.append((sorted(state.called), _snapshot(state.taint), _snapshot(state.slots)))
            guard.end(key)
    return out


@pytest.mark.parametrize("agent", AGENTS)
def test_chat_calls_after_a_turn_fold_as_on_the_general_path(agent: str) -> None:
    """Several calls pending when a repeated Chat call comes (a parallel turn before it):
    `check_chat` hands them to `_fold_pending`, as the general path folds them."""
    traces = [_as_given(events) for events in _reference_and_mutants(agent)]
    lanes, general = _pair(agent, {})
    assert _turns(lanes, traces, 4) == _turns(general, traces, 4)


@pytest.mark.parametrize("agent", AGENTS)
def test_chat_calls_alternating_recorded_and_not(agent: str) -> None:
    """Repeated Chat calls whose results are recorded for some and not others, so the call
    pending before a quiet one is now a `Pending`, now an event with its result folded by
    `record`: decisions and end states as on the general path."""
    traces = [_as_given(events) for events in _reference_and_mutants(agent)]

    def run(guard: Guard) -> list[Any]:
        out: list[Any] = []
        for round_ in range(5):
            for t, events in enumerate(traces):
                key = f"{round_}/{t}"
                for n, item in enumerate(events):
                    decision = guard.check(item, trace=key)
                    out.append(_whole(decision))
                    if isinstance(item, dict) and not decision.blocked and (n + round_) % 2:
                        out.append(_whole(guard.record({"rows": [n]}, trace=key)))
                state = guard._traces[key].state
                out.append((sorted(state.called), _snapshot(state.taint), _snapshot(state.slots)))
                guard.end(key)
        return out

    lanes, general = _pair(agent, {})
    assert run(lanes) == run(general)


def test_one_item_results_keyed_by_name_and_value() -> None:
    """A result dict of one item is keyed by its name and its value's exact form (the lane's
    one-item path): results that differ only in the name, or in a value equal in Python,
    are decided and folded as on the general path. An output's names count as entities it
    named, so a scan answering `{"doc-77": "ok"}` lets an upload of `doc-77` through and one
    answering `{"doc-78": "ok"}` does not."""
    ones: list[Any] = [
        {"doc-77": "ok"},
        {"doc-78": "ok"},
        {"doc-77": 1},
        {"doc-77": True},
        {"doc-77": 1.0},
        {"doc-77": None},
        {"doc-77": "1"},
        {"doc-77": []},
        {"doc-77": ["ok"]},
        {"doc-77": {}},
        {"doc-77": ("ok",)},
        {77: "ok"},
        {True: "ok"},
    ]

    def scan(result: Any) -> ToolCall:
        return ToolCall(
            name="scan_for_secrets", tool="scan_for_secrets", args={"content": "x"}, result=result
        )

    def upload(body: str) -> ToolCall:
        args = {"Bucket": "acme-reports", "Key": "q4.txt", "Body": body, "ACL": "private"}
        return ToolCall(name="put_object", tool="aws.s3.PutObject", args=args, result={"ETag": "e"})

    traces = [[scan(r), scan(r), upload("doc-77"), upload("doc-78")] for r in ones]
    for mode in ("replay", "live"):
        lanes, general = _pair("cloud", {})
        got = _run_lane(lanes, traces, mode)
        assert got == _run_lane(general, traces, mode)
    verdicts = {}
    guard = Guard(reference_bundle(), "cloud")
    for n, result in enumerate(ones[:2]):
        for event in (scan(result), upload("doc-77")):
            verdicts[n] = guard.check(event, trace=f"v{n}", executed=True).verdict
    assert verdicts == {0: "allow", 1: "deny"}
