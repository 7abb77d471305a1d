"""The Guard's precompiled dispatch leaves out only work that cannot change an answer.

- An operator declared as reading no message (`Operator.observes` other than "all") must
  leave a trace's state as it was for every message; one declared taint-only ("labelled")
  also for a call whose output carries no label, to a tool that is no taint source.
- An Agent Control control is left out of the plans of the steps its scope never admits:
  `decide` must find nothing there, whatever the event.
- A repeated OpenAI Chat call (`specgap.guard_wire`) is decided exactly as on the Guard's
  general path, every field compared, and leaves its trace in the same state: reference
  traces, generated mutants and the adapter samples given as Chat calls, the shapes the
  runtime reader must get right, and generated calls written in several ways.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from trace_support import DATA, ROOT, reference_bundle, registry

from specgap.controls.evaluate import prepare
from specgap.controls.model import Control
from specgap.errors import SpecgapError
from specgap.evaluate.adapters import load_traces
from specgap.evaluate.engine import (
    Decision,
    Engine,
)
from specgap.events import Event, Message, ToolCall
from specgap.guard import Guard
from specgap.guard_wire import Known
from specgap.mutate import generate
from specgap.operators import OPERATORS, TraceState

MESSAGES: list[Message] = [
    Message(role=role, content=text, turn=turn)
    for role in ("system", "user", "assistant", "tool", "reviewer")
    for text, turn in (("", None), ("yes, go ahead and do it", 3), ("order 4471 is mine", 1))
]
# calls with no output labels, to tools no policy names as a taint source
PLAIN_CALLS: list[ToolCall] = [
    ToolCall(name="lookup", tool="crm.lookup", args={"id": "A-1001"}, result={"x": "secret-1"}),
    ToolCall(name="lookup", tool="crm.lookup", args={"id": "A-1001"}, result=None, turn=2),
    ToolCall(name="mail", tool=None, args={"to": "a@b.example"}, result="sent", is_error=True),
    ToolCall(name="fetch", tool="web.fetch", args={}, result="<html>long page</html>"),
]


CALLS_ONLY_OBSERVERS = frozenset(
    name for name, op in OPERATORS.items() if op.observe and op.observes != "all"
)
TAINT_ONLY_OBSERVERS = frozenset(
    name for name, op in OPERATORS.items() if op.observe and op.observes == "labelled"
)


def _observers(names: frozenset[str]) -> list[Any]:
    found = [OPERATORS[n] for n in sorted(names)]
    assert all(op.observe is not None for op in found), "listed, yet observes nothing"
    return found


@pytest.mark.parametrize("operator", sorted(CALLS_ONLY_OBSERVERS))
def test_a_calls_only_observer_leaves_the_state_alone_for_messages(operator: str) -> None:
    (op,) = _observers(frozenset({operator}))
    state = TraceState({"crm.lookup": frozenset({"pii"})})
    for message in MESSAGES:
        op.observe(state, message)
    assert (state.slots, state.called, state.taint) == ({}, set(), {})


@pytest.mark.parametrize("operator", sorted(TAINT_ONLY_OBSERVERS))
def test_a_taint_only_observer_leaves_the_state_alone_for_plain_calls(operator: str) -> None:
    (op,) = _observers(frozenset({operator}))
    state = TraceState({"other.source": frozenset({"pii"})})
    events: list[Event] = [*MESSAGES, *PLAIN_CALLS]
    for event in events:
        op.observe(state, event)
    assert (state.slots, state.called, state.taint) == ({}, set(), {})
    labelled = PLAIN_CALLS[0].model_copy(update={"labels_out": ("pii",)})
    op.observe(state, labelled)  # the same observer does keep a labelled output
    assert state.slots


CONTROLS: list[dict[str, Any]] = [
    {"scope": {"step_types": ["tool"], "stages": ["post"]}, "selector": {"path": "output"}},
    {"scope": {"step_types": ["tool"], "stages": ["pre"]}, "selector": {"path": "input"}},
    {"scope": {"step_types": ["llm"], "stages": ["post"]}, "selector": {"path": "output"}},
    {"scope": {"step_types": ["llm"]}, "selector": {"path": "*"}},
    {"scope": {"step_types": ["tool"], "step_names": ["lookup"]}, "selector": {"path": "*"}},
    {"scope": None, "selector": {"path": "*"}},
    {"scope": {"stages": ["pre"]}, "selector": {"path": "*"}},
    {"enabled": False, "selector": {"path": "*"}},
]


@pytest.mark.parametrize("params", CONTROLS)
def test_a_control_finds_nothing_at_a_step_its_scope_does_not_admit(params: dict[str, Any]) -> None:
    control = Control.model_validate(
        {
            "name": "anything",
            "evaluator": {"name": "regex", "config": {"pattern": "."}},  # matches any text
            "action": {"decision": "deny"},
            **params,
        }
    )
    prepared = prepare(control)
    calls = [c.model_copy(update={"result": c.result or "out"}) for c in PLAIN_CALLS]
    admitted = 0
    for stage in ("pre", "post"):
        for call in calls:
            found = prepared.decide(call, stage)
            if not prepared.admits("tool", stage):
                assert found is None
            admitted += found is not None
    for message in MESSAGES:
        found = prepared.decide(message)
        if not prepared.admits("llm"):
            assert found is None
        admitted += found is not None
    # a control whose scope admits something does find the text it matches there
    assert (admitted > 0) == bool(prepared.kinds)


# -- repeated OpenAI Chat calls (`specgap.guard_wire`) -----------------------------------

AGENTS = ("sql", "cloud")
SETTINGS: list[dict[str, Any]] = [
    {},
    {"on_error": "closed", "undetermined": "deny"},
    {"on_error": "open", "enforce": ("enforce", "eval_required")},
]


def _whole(decision: Decision) -> tuple[Any, ...]:
    """Every field of a decision, the ones `model_dump` leaves out included."""
    hits = tuple((h.model_dump(), h.effect, h.message, h.error) for h in decision.hits)
    return (decision.model_dump(), decision.action, decision.call_id, decision.flags, hits)


def _chat(call: ToolCall, n: int) -> dict[str, Any]:
    """The call as an OpenAI Chat tool call; ids of several kinds (the reader converts them)."""
    call_id: Any = (call.call_id, f"call_{n}", n, None)[n % 4]
    function = {"name": call.name, "arguments": json.dumps(call.args)}
    return {"id": call_id, "type": "function", "function": function}


def _as_given(events: Sequence[Event]) -> list[Any]:
    return [_chat(e, n) if isinstance(e, ToolCall) else e for n, e in enumerate(events)]


def _run(guard: Guard, traces: Sequence[Sequence[Any]], mode: str) -> list[Any]:
    """Every decision and the state each trace ends with, each trace given three times (the
    later rounds repeat calls the reader has seen)."""
    out: list[Any] = []
    for round_ in range(3):
        for t, events in enumerate(traces):
            key = f"{round_}/{t}"
            for item in events:
                try:
                    if mode == "live":
                        decision = guard.check(item, trace=key)
                        if isinstance(item, dict) and not decision.blocked:
                            guard.record({"rows": [1]}, trace=key)
                    else:
                        decision = guard.check(item, trace=key, executed=mode == "replay")
                except SpecgapError as exc:  # the same error from both, or the test fails
                    out.append(("error", [d.message for d in exc.diagnostics]))
                    continue
                out.append(_whole(decision))
            state = guard._traces[key].state
            out.append((sorted(state.called), sorted(state.slots), state.taint))
            guard.end(key)
    return out


def _pair(agent: str, settings: dict[str, Any]) -> tuple[Guard, Guard]:
    """A guard on the repeated-call path, and one on the general path (a `skip` glob that
    matches no tool turns the inlined paths off) that decides the same events."""
    fast = Guard(reference_bundle(), agent=agent, **settings)
    general = Guard(reference_bundle(), agent=agent, skip=("no-such-tool-*",), **settings)
    assert fast._plain
    assert not general._plain
    return fast, general


def _reference_and_mutants(agent: str) -> list[Sequence[Event]]:
    found: list[Sequence[Event]] = []
    safe = []
    for kind in ("safe", "unsafe"):
        for path in sorted((ROOT / "fixtures" / agent / "traces" / kind).glob("*.json")):
            traces = load_traces(path, path.name, registry(agent))
            found += [t.events for t in traces]
            safe += traces if kind == "safe" else []
    policies = reference_bundle().agent(agent).policies  # type: ignore[union-attr]
    mutants = generate(agent, policies, safe, registry=registry(agent))
    assert len(mutants.mutants) > 20
    return [*found, *(m.events for m in mutants.mutants)]


@pytest.mark.parametrize("mode", ["live", "replay", "unrun"])
@pytest.mark.parametrize("settings", SETTINGS, ids=["default", "closed", "open"])
@pytest.mark.parametrize("agent", AGENTS)
def test_repeated_chat_calls_are_decided_as_on_the_general_path(
    agent: str, settings: dict[str, Any], mode: str
) -> None:
    traces = [_as_given(events) for events in _reference_and_mutants(agent)]
    fast, general = _pair(agent, settings)
    got = _run(fast, traces, mode)
    assert got == _run(general, traces, mode)
    assert len(got) > 300
    known = [k for k in fast._read.known.values() if isinstance(k, Known)]
    assert any(k.judged is not None for k in known)  # the repeated-call path was taken


SAMPLES = sorted(p for p in DATA.rglob("*") if p.is_file())


@pytest.mark.parametrize("agent", AGENTS)
def test_adapter_samples_as_chat_calls_are_decided_as_on_the_general_path(agent: str) -> None:
    traces = []
    for sample in SAMPLES:
        with contextlib.suppress(SpecgapError):  # samples with errors say so elsewhere
            traces += [
                _as_given(t.events) for t in load_traces(sample, str(sample), registry(agent))
            ]
    assert len(traces) > 10
    fast, general = _pair(agent, {})
    assert _run(fast, traces, "live") == _run(general, traces, "live")


def _text(name: str, arguments: Any, call_id: Any = "c1") -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


# shapes the runtime reader has to get right, each given repeatedly
SHAPES: list[Any] = [
    _text("execute_sql", "{}"),
    _text("execute_sql", '{"query": "SELECT id FROM orders LIMIT 5"}'),
    _text("execute_sql", '{"query": "SELECT id FROM orders LIMIT 5", "query": "DROP TABLE x"}'),
    _text("execute_sql", '{"query": "SELECT id FROM orders LIMIT 5", "timeout_seconds": 1}'),
    _text("execute_sql", '{"query": "SELECT id FROM orders LIMIT 5", "timeout_seconds": 1.0}'),
    _text("execute_sql", '{"query": "SELECT id FROM orders LIMIT 5", "timeout_seconds": true}'),
    _text("execute_sql", '{"query": ["SELECT id FROM orders LIMIT 5"]}'),
    _text("execute_sql", '{"query": {"text": "SELECT 1"}}'),
    _text("execute_sql", "not json"),
    _text("execute_sql", "[1, 2]"),
    _text("execute_sql", ""),
    _text("execute_sql", None),
    _text("execute_sql", {"query": "SELECT id FROM orders LIMIT 5"}),
    _text("EXECUTE_SQL", '{"query": "SELECT id FROM orders LIMIT 5"}'),
    _text("exec_sql", '{"query": "SELECT id FROM orders LIMIT 5"}'),
    _text("execute_sq1", '{"query": "SELECT id FROM orders LIMIT 5"}'),
    _text("no_such_tool", '{"x": 1}'),
    _text("", "{}"),
    _text("schema_lookup", '{"table": "orders"}', call_id=7),
    _text("schema_lookup", '{"table": "orders"}', call_id=None),
    _text("schema_lookup", '{"table": "orders"}' + " " * 5000),
    {"id": "c1", "type": "function", "function": {"name": 5, "arguments": "{}"}},
    {"id": "c1", "type": "function", "function": {"name": ["execute_sql"], "arguments": "{}"}},
    {"id": ["c1"], "type": "function", "function": {"name": "schema_lookup", "arguments": "{}"}},
    {"id": "c1", "type": "function", "function": "execute_sql"},
    {"type": "tool_use", "id": "t1", "name": "schema_lookup", "input": {"table": "orders"}},
    {"name": "execute_sql", "arguments": '{"query": "SELECT id FROM orders LIMIT 5"}'},
    {"role": "user", "content": "go ahead"},
    "not an event",
]


@pytest.mark.parametrize("on_error", ["default", "closed", "open"])
def test_every_shape_read_again_is_decided_as_on_the_general_path(on_error: str) -> None:
    traces = [SHAPES, list(reversed(SHAPES))]
    settings = {"on_error": on_error}
    for mode in ("live", "replay", "unrun"):
        fast, general = _pair("sql", settings)
        try:
            expected = _run(general, traces, mode)
        except SpecgapError as exc:  # an unreadable event raises unless failing closed
            with pytest.raises(SpecgapError, match=str(exc.diagnostics[0].message)):
                _run(fast, traces, mode)
            continue
        assert _run(fast, traces, mode) == expected


QUERIES = [
    "SELECT id FROM orders LIMIT 5",
    "SELECT id FROM orders",
    "SELECT * FROM customers LIMIT 10",
    "DELETE FROM orders",
    "SELECT id FROM orders; DROP TABLE orders",
]
_args = st.fixed_dictionaries(
    {"query": st.sampled_from(QUERIES)},
    optional={
        "timeout_seconds": st.one_of(st.integers(0, 900), st.floats(0, 900), st.booleans()),
        "note": st.text(max_size=8),
        "table": st.sampled_from(["orders", "customers", "secrets"]),
    },
)


@st.composite
def _calls(draw: st.DrawFn) -> list[Any]:
    """Chat calls of the SQL agent, written in several ways, some twice."""
    calls: list[Any] = []
    for _ in range(draw(st.integers(1, 8))):
        name = draw(st.sampled_from(["execute_sql", "schema_lookup", "exec_sql"]))
        args = draw(_args)
        indent = draw(st.sampled_from([None, 1]))
        text = json.dumps(args, indent=indent, sort_keys=draw(st.booleans()))
        if draw(st.booleans()) and len(args) > 1:  # a repeated key
            first = next(iter(args))
            text = text.replace("{", "{" + json.dumps(first) + ": 0, ", 1)
        calls += [_text(name, text, draw(st.sampled_from(["c", 3, None])))] * draw(
            st.integers(1, 2)
        )
        if draw(st.booleans()):
            calls.append(Message(role="user", content="yes"))
    return calls


@settings(max_examples=20, deadline=None)
@given(_calls())
def test_generated_chat_calls_are_decided_as_on_the_general_path(calls: list[Any]) -> None:
    fast, general = _pair("sql", {})
    for mode in ("live", "unrun"):
        assert _run(fast, [calls], mode) == _run(general, [calls], mode)


@pytest.mark.parametrize(
    ("arguments", "kept"),
    [
        ('{"table": "orders"}', True),
        ('{"table": "orders", "columns": ["id"]}', False),  # a list would be shared
        ('{"table": "orders"}' + " " * 5000, False),  # too long to keep
        ("not json", True),  # what the coercer made of it: raw text, flagged
    ],
)
def test_a_pair_is_kept_from_its_second_reading_and_only_when_it_can_be(
    arguments: str, kept: bool
) -> None:
    guard = Guard(reference_bundle(), agent="sql")
    call = _text("schema_lookup", arguments)
    key = ("schema_lookup", arguments)
    found = []
    for n in range(3):
        guard.check(call, trace=f"t{n}")
        found.append(type(guard._read.known.get(key)))
    assert found[0] is not Known  # read once: a mark at most
    assert (found[1] is Known) == kept
    assert (found[2] is Known) == kept


@pytest.mark.parametrize("agent", AGENTS)
def test_adapter_samples_are_decided_as_the_plain_oracle_decides_them(agent: str) -> None:
    """The plans leave out idle control checks: `tests/test_fast.py`'s oracle runs every
    check of every policy, on the adapter samples too."""
    from test_fast import _oracle
    from test_fast import _whole as _every_field

    policies = reference_bundle().agent(agent).policies  # type: ignore[union-attr]
    compared = 0
    for settings_ in SETTINGS:
        engine = Engine(policies, **settings_)
        for sample in SAMPLES:
            with contextlib.suppress(SpecgapError):
                for trace in load_traces(sample, str(sample), registry(agent)):
                    state = engine.new_state()
                    for index, event in enumerate(trace.events):
                        fast = engine.evaluate(index, event, state)
                        plain = _oracle(engine, index, event, state)
                        assert _every_field(fast) == _every_field(plain), (sample, index)
                        if not (fast.blocked and isinstance(event, ToolCall)):
                            engine.observe(state, event)
                        compared += 1
    assert compared > 100
