"""The Guard's per-tool lanes (`specgap/guard_lane.py`) decide and fold as the general path.

A lane keys a tool call once (its arguments, its result and the fields its memoized checks
and observers read) and keeps, per key, the memoized checks' findings and what the call
names for the same-entity rule. Here a guard on the lanes is run beside one on the general
path (a `skip` glob matching no tool turns the lanes off) on the reference traces and
their mutants as events, replayed, live and not run, and on calls whose arguments or
results are equal in Python yet read apart, or changed in place between two checks of the
same event: every decision field and each trace's whole end state must be the same.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest
from test_guard_fast import SETTINGS, _as_given, _reference_and_mutants, _whole
from trace_support import reference_bundle

from specgap.controls.evaluate import _frozen
from specgap.events import Event, Message, ToolCall
from specgap.guard import Guard
from specgap.guard_lane import Lane, freeze
from specgap.guard_wire import FIELD_CHECKS, Known, Pending

AGENTS = ("sql", "cloud")
_new = object.__new__


def _pair(agent: str, settings: dict[str, Any]) -> tuple[Guard, Guard]:
    lanes = Guard(reference_bundle(), agent=agent, **settings)
    general = Guard(reference_bundle(), agent=agent, skip=("no-such-tool-*",), **settings)
    return lanes, general


def _snapshot(value: Any) -> Any:
    """A comparable copy of what a trace state holds (slots are plain objects)."""
    if isinstance(value, dict):
        return {k: _snapshot(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted(map(repr, value))
    if isinstance(value, list | tuple):
        return [_snapshot(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, _snapshot(dataclasses.asdict(value)))
    slots = getattr(type(value), "__slots__", None)
    if slots is not None:
        return (type(value).__name__, {s: _snapshot(getattr(value, s)) for s in slots})
    if hasattr(value, "__dict__"):
        return (type(value).__name__, _snapshot(vars(value)))
    return value


def _run(guard: Guard, traces: Sequence[Sequence[Event]], mode: str, rounds: int = 3) -> list[Any]:
    """Every decision and each trace's end state (the observers' records in full)."""
    out: list[Any] = []
    for round_ in range(rounds):
        for t, events in enumerate(traces):
            key = f"{round_}/{t}"
            for event in events:
                if mode == "live":
                    decision = guard.check(event, trace=key)
                    if isinstance(event, ToolCall) and not decision.blocked:
                        out.append(_whole(guard.record(event.result, trace=key)))
                else:
                    decision = guard.check(event, trace=key, executed=mode == "replay")
                out.append(_whole(decision))
            state = guard._traces[key].state
            out.append((sorted(state.called), _snapshot(state.taint), _snapshot(state.slots)))
            guard.end(key)
    return out


@pytest.mark.parametrize("mode", ["replay", "live", "unrun"])
@pytest.mark.parametrize("settings", SETTINGS, ids=["default", "closed", "open"])
@pytest.mark.parametrize("agent", AGENTS)
def test_reference_traces_and_mutants_decide_and_fold_as_on_the_general_path(
    agent: str, settings: dict[str, Any], mode: str
) -> None:
    traces = _reference_and_mutants(agent)
    lanes, general = _pair(agent, settings)
    got = _run(lanes, traces, mode)
    assert got == _run(general, traces, mode)
    assert len(got) > 300
    assert lanes._lanes  # the lanes were taken
    assert not general._lanes


KEY = "AKIA" + "Z4" * 8  # the shape of an AWS access key id, made up

# results and arguments equal in Python (or hashing alike) that a check may read apart
RESULTS: list[Any] = [
    {"findings": []},
    {"findings": {}},
    {"findings": [KEY]},
    {"findings": [{"value": KEY}]},
    {"findings": ()},
    {"n": 1},
    {"n": True},
    {"n": 1.0},
    {"n": 0.0},
    {"n": -0.0},
    {"n": "1"},
    {"n": None},
    {"n": "None"},
    {1: KEY},
    {True: KEY},
    {"a": "x", "b": KEY},
    {"b": KEY, "a": "x"},
    {"key": KEY.lower()},
    {"key": b"AKIA"},
    {"key": bytearray(b"AKIA")},
    [KEY],
    (KEY,),
    KEY,
    "nothing here",
    None,
    {"n": {1, 2}},
]

SCANS: list[dict[str, Any]] = [
    {"content": "Q4 figures"},
    {"content": "Q4 figures", "depth": 1},
    {"content": "Q4 figures", "depth": True},
    {"content": "Q4 figures", "depth": 1.0},
    {"content": ["Q4 figures"]},
    {"content": None},
    {},
]


def _scan(args: dict[str, Any], result: Any, **fields: Any) -> ToolCall:
    return ToolCall(
        name="scan_for_secrets", tool="scan_for_secrets", args=args, result=result, **fields
    )


def _upload(body: str) -> ToolCall:
    args = {"Bucket": "acme-reports", "Key": "q4.txt", "Body": body, "ACL": "private"}
    return ToolCall(name="put_object", tool="aws.s3.PutObject", args=args, result={"ETag": "e"})


def _edge_traces() -> list[list[Event]]:
    traces: list[list[Event]] = []
    for result in RESULTS:
        for args in SCANS:
            traces.append(
                [
                    Message(role="user", content="scan it, then upload it"),
                    _scan(args, result),
                    _scan(args, copy.deepcopy(result)),
                    _scan(args, result, is_error=True),
                    _scan(args, result, labels_out=("secret",)),
                    _upload("Q4 figures"),
                    _upload(KEY),
                ]
            )
    # an output names an entity only when the call did not fail: the same arguments and
    # result, failed, name nothing of it
    named = {"ref": "doc-77"}
    traces.append([_scan({"content": "x"}, named), _upload("doc-77")])
    traces.append([_scan({"content": "x"}, named, is_error=True), _upload("doc-77")])
    return traces


@pytest.mark.parametrize("mode", ["replay", "live"])
def test_values_equal_in_python_are_keyed_apart_as_the_general_path_reads_them(
    mode: str,
) -> None:
    traces = _edge_traces()
    lanes, general = _pair("cloud", {})
    assert _run(lanes, traces, mode, rounds=2) == _run(general, traces, mode, rounds=2)


def test_a_call_changed_in_place_is_decided_as_it_now_reads() -> None:
    """The same event object checked again after its result or arguments were changed in
    place: no key or answer of the earlier check is reused."""
    for guard in _pair("cloud", {}):
        result: dict[str, Any] = {"findings": []}
        call = _scan({"content": "Q4 figures"}, result)
        args = call.args  # the event's own dict (validation copied the one given)
        assert call.result is result
        verdicts = [guard.check(call, trace="a", executed=True).verdict]
        result["findings"].append(KEY)  # the same list, now holding a key
        verdicts.append(guard.check(call, trace="b", executed=True).verdict)
        result["findings"].clear()
        verdicts.append(guard.check(call, trace="c", executed=True).verdict)
        args["content"] = KEY  # named by the scan now: an upload of it passes the same rule
        guard.check(call, trace="c", executed=True)
        verdicts.append(guard.check(_upload(KEY), trace="c", executed=True).verdict)
        assert verdicts == ["allow", "deny", "allow", "allow"]


# values a check reads apart: each pair must freeze to different keys
_APART = [
    ({"n": 1}, {"n": True}),
    ({"n": 1}, {"n": 1.0}),
    ({"n": 0.0}, {"n": -0.0}),
    ({"n": None}, {"n": "None"}),
    ({"n": 1}, {"n": "1"}),
    ({"a": 1, "b": 2}, {"b": 2, "a": 1}),
    ({"a": "x"}, {"a": ["x"]}),
    ({"a": []}, {"a": {}}),
    ({"a": [1]}, {"a": [True]}),
    ({"a": [1]}, {"a": [[1]]}),
    ({"a": ["x", None]}, {"a": ["x", "None"]}),
    ({"a": {"b": 1}}, {"a": {"b": True}}),
    ({"a": 1}, [["a", 1]]),
    ({}, []),
    ({}, None),
    ("x", ["x"]),
]


@pytest.mark.parametrize(("one", "other"), _APART)
def test_values_read_apart_freeze_apart(one: Any, other: Any) -> None:
    assert freeze(one) != freeze(other)
    assert freeze(one) == freeze(copy.deepcopy(one))  # and equal ones alike


@pytest.mark.parametrize(
    "args", [{"a": 1, "b": True}, {"a": "x", "b": None}, {"q": "s", "n": 3}, {"x": [1]}, {}]
)
def test_frozen_arguments_never_meet_the_plain_pairs_of_scalar_arguments(args: Any) -> None:
    """A lane keys arguments of strings, integers and null by their pairs, others frozen."""
    assert freeze(args) != tuple(args.items())
    assert not isinstance(freeze(args)[0], str)  # a tag (types, or a type): never a key


@pytest.mark.parametrize("value", [{"a": [1, 2]}, {"a": "x", "b": True}, {"n": None}])
def test_the_flat_forms_never_meet_the_general_ones(value: Any) -> None:
    """`freeze`'s forms start with a tuple of types, `_frozen`'s with a type."""
    assert isinstance(freeze(value)[0], tuple)
    assert freeze(value) != _frozen(value)
    assert not isinstance(_frozen(value)[0], tuple)


def test_what_cannot_be_frozen_raises() -> None:
    for value in ({1: "a"}, {"a": (1,)}, {"a": {1, 2}}, ("a",), b"x", {"a": [(1,)]}):
        with pytest.raises(TypeError):
            freeze(value)


def test_a_lane_forgets_everything_when_its_memo_is_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("specgap.guard_lane.MEMO_LIMIT", 3)
    guard = Guard(reference_bundle(), agent="cloud")
    for n in range(10):
        guard.check(_scan({"content": f"text {n}"}, {"findings": []}), trace="t", executed=True)
    lane = guard._lanes["scan_for_secrets"]
    assert isinstance(lane, Lane)
    assert 1 <= len(lane._memo) <= 3


@pytest.mark.parametrize("agent", AGENTS)
def test_repeated_chat_calls_left_pending_fold_as_on_the_general_path(agent: str) -> None:
    """From the third reading on, a repeated Chat call of a tool whose calls nothing reads
    before they run is left pending without an event (`guard_wire.Pending`); its lane folds
    it in from what its `Known` names. Five rounds, results never recorded: every later
    check reads the calls folded that way."""
    traces = [_as_given(events) for events in _reference_and_mutants(agent)]
    lanes, general = _pair(agent, {})
    assert _run(lanes, traces, "live", rounds=5) == _run(general, traces, "live", rounds=5)
    folded = any(k.named is not None for k in lanes._read.known.values() if isinstance(k, Known))
    assert folded == (agent == "cloud")  # the cloud agent's same-entity rule reads them


@pytest.mark.parametrize("agent", AGENTS)
def test_field_checks_answer_alike_for_an_event_and_a_pending_call(agent: str) -> None:
    """`guard_wire.FIELD_CHECKS`: each listed operator's before-run check, given a `Pending`
    holding a call's fields, answers (or raises) as for the call itself, at every point of
    every reference trace and mutant (the trace state as the engine folds it there)."""
    engine = Guard(reference_bundle(), agent=agent).engine
    checked = 0
    for events in _reference_and_mutants(agent):
        state = engine.new_state()
        for event in events:
            if isinstance(event, ToolCall) and event.tool is not None:
                for compiled in engine.applicable(event.tool):
                    if compiled.operator.name not in FIELD_CHECKS:
                        continue
                    pending = _new(Pending)
                    pending.__dict__ = dict(event.__dict__)
                    answers = []
                    for call in (event, pending):
                        try:
                            answers.append(compiled.operator.check(compiled.prepared, call, state))
                        except Exception as exc:
                            answers.append(repr(exc))
                    assert answers[0] == answers[1]
                    assert type(answers[0]) is type(answers[1])  # `Undetermined` too
                    checked += 1
            engine.observe(state, event)
    assert checked > 10
