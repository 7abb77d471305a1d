"""The hot path answers exactly as the plain engine would.

The engine decides through per-tool plans (a memo for state-free checks, cached hits,
decisions made without re-validation) and the Guard reads foreign calls through a
`Coercer`. Here an oracle written the plain way (every check run on every event, every
model validated) decides the same events, and the two must agree field for field, the
fields left out of `model_dump` included: on every reference trace and every generated
mutant of both reference agents, each replayed twice so the second pass comes from the
memo, under several engine settings.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from typing import Any

import pytest
from trace_support import ROOT, reference_bundle, registry

from specgap.evaluate.adapters import load_traces
from specgap.evaluate.adapters.runtime import Coercer, coerce_event
from specgap.evaluate.engine import (
    _VERDICT_RANK,
    RANK,
    Decision,
    Engine,
    Hit,
    _explicit_allow,
)
from specgap.evaluate.fast import BoundedCache, tool_call
from specgap.evaluate.identity import identity_findings
from specgap.events import Event, Message, ToolCall
from specgap.guard import Guard
from specgap.mutate import generate
from specgap.operators import TraceState, Undetermined
from specgap.operators.values import UnreadableValue

AGENTS = ("sql", "cloud")
SETTINGS: list[dict[str, Any]] = [
    {},
    {"on_error": "closed", "undetermined": "deny"},
    {"on_error": "open", "enforce": ("enforce", "eval_required")},
]


def _oracle(engine: Engine, index: int, event: Event, state: TraceState) -> Decision:
    """The engine's contract, the plain way: run every applicable check, validate all."""
    closed = engine._closed
    if isinstance(event, ToolCall):
        applicable = engine.applicable(event.tool) if event.tool is not None else ()
        checks = [(c, c.operator.check) for c in applicable]
        if event.result is not None:
            checks += [(c, c.operator.check_output) for c in applicable if c.operator.check_output]
    else:  # every policy's message check, in policy order (the plans leave out idle ones)
        order = {p.id: n for n, p in enumerate(engine.policies)}
        every = [c for found in engine._exact.values() for c in found]
        every = sorted([*every, *(c for _, c in engine._globs)], key=lambda c: order[c.policy.id])
        checks = [(c, c.operator.check_message) for c in every if c.operator.check_message]
    hits: list[Hit] = []
    verdicts: list[str] = []
    verdict, action = "allow", "allow"
    if isinstance(event, ToolCall):
        for code, finding in identity_findings(event):
            hits.append(
                Hit(
                    policy=f"specgap.{code}",
                    action="deny",
                    enforcement="enforce",
                    category="authorization_check",
                    reason=finding,
                    source="<registry>",
                    effect="deny" if closed else "warn",
                    message="the call does not name a registered tool unambiguously",
                )
            )
            verdicts.append("deny" if closed else "warn")
            verdict = action = "deny" if closed else "warn"
    found: set[str] = set()
    for compiled, check in checks:
        if compiled.policy.id in found:
            continue
        failed = False
        try:
            reason = check(compiled.prepared, event, state)
        except UnreadableValue as exc:
            reason = f"cannot read the call: {exc}"
        except Exception as exc:
            reason = f"internal error in `{compiled.policy.operator}`: {exc}"
            failed = True
        if reason is None:
            continue
        policy = compiled.policy
        unknown = isinstance(reason, Undetermined)
        if failed and compiled.fail_open:
            effect, one = "observe", "allow"
        elif failed:
            effect = "deny" if compiled.blocking else policy.action
            one = "deny" if compiled.blocking else "warn"
        elif unknown:
            effect = {"deny": "deny", "warn": "warn"}.get(engine._undetermined, "observe")
            one = engine._undetermined
        elif compiled.blocking:
            effect, one = policy.action, "deny"
        else:
            effect = policy.action if compiled.enforced else "observe"
            one = "allow" if policy.action == "allow" else "warn"
        verdicts.append(one)
        found.add(policy.id)
        verdict = max(verdict, one, key=_VERDICT_RANK.__getitem__)
        action = max(action, effect, key=RANK.__getitem__)
        hits.append(
            Hit(
                policy=policy.id,
                action=policy.action,
                enforcement=policy.enforcement,
                category=policy.check_category,
                reason=str(reason),
                source=compiled.location,
                undetermined=unknown,
                effect=effect,
                message=policy.message,
                error=failed,
            )
        )
    if any(h.effect == "allow" for h in hits):
        hits, out, action = _explicit_allow(hits, verdicts, engine.policies_by_id)  # type: ignore[arg-type]
        verdict = max(out, key=_VERDICT_RANK.__getitem__)
    call = event if isinstance(event, ToolCall) else None
    return Decision(
        index=index,
        origin=event.origin,
        tool=call.tool if call else None,
        name=call.name if call else None,
        verdict=verdict,  # type: ignore[arg-type]
        hits=tuple(hits),
        action=action,  # type: ignore[arg-type]
        call_id=call.call_id if call else None,
        flags=call.flags if call else (),
    )


def _whole(decision: Decision) -> tuple[Any, ...]:
    """Every field, the excluded ones too."""
    hits = tuple((h.model_dump(), h.effect, h.message, h.error) for h in decision.hits)
    return (decision.model_dump(), decision.action, decision.call_id, decision.flags, hits)


def _compare(engine: Engine, traces: Sequence[Sequence[Event]]) -> int:
    compared = 0
    for _ in range(2):  # the second pass is answered from the plans' memo
        for events in traces:
            state = engine.new_state()
            for index, event in enumerate(events):
                fast = engine.evaluate(index, event, state)
                plain = _oracle(engine, index, event, state)
                assert _whole(fast) == _whole(plain), (index, event)
                assert fast == plain
                if not (fast.blocked and isinstance(event, ToolCall)):
                    engine.observe(state, event)
                compared += 1
    return compared


def _traces(agent: str) -> tuple[list[Sequence[Event]], list[Sequence[Event]]]:
    found: dict[str, list[Sequence[Event]]] = {}
    for kind in ("safe", "unsafe"):
        files = sorted((ROOT / "fixtures" / agent / "traces" / kind).glob("*.json"))
        found[kind] = [t.events for f in files for t in load_traces(f, f.name, registry(agent))]
    return found["safe"], found["unsafe"]


@pytest.mark.parametrize("settings", SETTINGS, ids=["default", "closed", "open"])
@pytest.mark.parametrize("agent", AGENTS)
def test_the_hot_path_decides_as_the_plain_engine(agent: str, settings: dict[str, Any]) -> None:
    policies = reference_bundle().agent(agent).policies  # type: ignore[union-attr]
    safe, unsafe = _traces(agent)
    files = sorted((ROOT / "fixtures" / agent / "traces" / "safe").glob("*.json"))
    safe_traces = [t for f in files for t in load_traces(f, f.name, registry(agent))]
    mutants = generate(agent, policies, safe_traces, registry=registry(agent), known=unsafe)
    traces = [*safe, *unsafe, *(m.events for m in mutants.mutants)]
    assert len(mutants.mutants) > 20
    assert _compare(Engine(policies, **settings), traces) > 500


# values a memo must keep apart: equal in Python (1 == 1.0 == True), read differently
EDGE_ARGS: list[dict[str, Any]] = [
    {"query": "SELECT id FROM orders LIMIT 5"},
    {"query": "SELECT id FROM orders LIMIT 5", "timeout_seconds": 1},
    {"query": "SELECT id FROM orders LIMIT 5", "timeout_seconds": True},
    {"query": "SELECT id FROM orders LIMIT 5", "timeout_seconds": 1.0},
    {"query": "SELECT id FROM orders LIMIT 5", "timeout_seconds": 900},
    {"query": "SELECT id FROM orders LIMIT 5", "timeout_seconds": "900"},
    {"query": ["SELECT id FROM secrets LIMIT 5"]},
    {"query": "SELECT id FROM secrets LIMIT 5"},
    {"query": "SELECT id FROM orders"},
    {"query": "SELECT id FROM orders; DROP TABLE orders"},
    {"query": "SELECT id FROM orders /*! LIMIT 5 */"},
    {"query": None},
    {"query": {"nested": "SELECT 1"}},
    {},
]


@pytest.mark.parametrize("repeat", [1, 3])
def test_arguments_equal_in_python_but_read_differently_stay_apart(repeat: int) -> None:
    policies = reference_bundle().agent("sql").policies  # type: ignore[union-attr]
    lookup = ToolCall(name="schema_lookup", tool="sql.schema_lookup", args={"table": "orders"})
    events: list[Event] = [lookup]
    for args in EDGE_ARGS * repeat:
        events.append(ToolCall(name="execute_sql", tool="sql.execute", args=args))
        events.append(ToolCall(name="execute_sql", tool="sql.execute", args=args, duration_ms=9e5))
        events.append(
            ToolCall(name="execute_sql", tool="sql.execute", args=args, labels_in=("reviewed",))
        )
    events.append(Message(role="user", content="thanks"))
    assert _compare(Engine(policies), [events]) == 2 * len(events)


def test_made_models_behave_as_validated_ones() -> None:
    made = tool_call("execute_sql", "sql.execute", {"q": 1}, None, ("x",), "c1", "o")
    plain = ToolCall(
        name="execute_sql",
        tool="sql.execute",
        args={"q": 1},
        raw_args=None,
        flags=("x",),
        call_id="c1",
        origin="o",
    )
    assert made == plain
    assert repr(made) == repr(plain)
    assert made.model_dump() == plain.model_dump()
    assert made.model_dump(exclude_unset=True) == plain.model_dump(exclude_unset=True)
    assert made.model_copy(update={"result": 2}) == plain.model_copy(update={"result": 2})
    assert made.model_dump_json() == plain.model_dump_json()
    with pytest.raises(Exception, match="frozen"):
        made.name = "other"  # type: ignore[misc]
    guard = Guard(reference_bundle(), agent="sql")
    decision = guard.check(made, executed=True)
    again = Decision.model_validate(decision.model_dump() | {"action": decision.action})
    assert decision.model_dump() == again.model_dump()
    assert hash(decision) == hash(decision.model_copy())


def _chat(name: str, arguments: Any, call_id: Any = "c1") -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


CALLS: list[Any] = [
    {"id": "c1", "type": "function", "function": {"name": "execute_sql", "arguments": "{}"}},
    _chat("execute_sql", '{"a":1,"a":2}'),
    {"id": "c1", "type": "function", "function": {"name": "execute_sql", "arguments": "not json"}},
    {"id": "c1", "type": "function", "function": {"name": "exec_sql", "arguments": None}},
    {"id": 7, "type": "function", "function": {"name": "EXECUTE_SQL", "arguments": {"query": "x"}}},
    {"type": "tool_use", "id": "t1", "name": "schema_lookup", "input": {"table": "orders"}},
    {"type": "function_call", "call_id": "r1", "id": "f", "name": "execute_sql", "arguments": ""},
    {"id": 3, "method": "tools/call", "params": {"name": "execute_sql", "arguments": {}}},
    {"name": "execute_sql", "arguments": {"query": "SELECT 1"}},
    {"name": "execute_sql", "args": {"query": "q"}, "id": "l1", "type": "tool_call"},
    {"type": "tool_call", "name": "execute_sql", "args": {"query": "q"}, "call_id": "n1"},
    {"role": "user", "content": "hello"},
    {"id": "c1", "type": "function", "function": {"name": "", "arguments": "{}"}},
    {"id": "c1", "type": "function", "function": {"name": "execute_sql", "arguments": {1: "x"}}},
    {"id": "c1", "type": "function", "function": {"name": "execute_sql", "arguments": [1]}},
    ToolCall(name="execute_sql", args={"query": "q"}),
    Message(role="assistant", content="done"),
    "not an event",
]  # fmt: skip


@pytest.mark.parametrize("call", CALLS)
def test_the_coercer_reads_every_shape_as_coerce_event_does(call: Any) -> None:
    reg = Guard(reference_bundle(), agent="sql").registry
    coercer = Coercer(reg)
    for _ in range(2):  # the second read comes from the name cache
        try:
            expected: Any = coerce_event(call, reg, "t#0")
        except Exception as exc:
            with pytest.raises(type(exc)):
                coercer(call, "t#0")
            continue
        got = coercer(call, "t#0")
        assert type(got) is type(expected)
        assert got == expected
        assert got.model_dump() == expected.model_dump()
        if isinstance(call, dict) and isinstance(got, ToolCall):
            source = call.get("function", call).get("arguments", call.get("input"))
            assert got.args is not source  # the event never shares the caller's dict


def test_a_bounded_cache_forgets_instead_of_growing() -> None:
    cache: BoundedCache[int, int] = BoundedCache(3)
    for n in range(10):
        assert cache.get_or_make(n, lambda n=n: n * n) == n * n  # type: ignore[misc]
        assert len(cache) <= 3
    assert json.dumps(sorted(cache)) == "[9]"


class _OnlyThese:
    """A call that lets a check read its name, arguments, duration and labels, nothing else."""

    READABLE = frozenset({"name", "args", "duration_ms", "labels_in"})

    def __init__(self, call: ToolCall) -> None:
        self._call = call

    def __getattr__(self, name: str) -> Any:
        if name not in self.READABLE:
            raise AssertionError(f"a memoized check read `{name}` of the call")
        return getattr(self._call, name)


class _NoState:
    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a memoized check read `{name}` of the trace state")


def test_memoized_operators_read_only_what_the_memo_key_holds() -> None:
    """The plans remember the answers of `PURE_OPERATORS` by (name, duration, labels,
    arguments): their checks must read nothing else, or the memo would answer wrongly."""
    from specgap.evaluate.plan import PURE_OPERATORS

    seen: set[str] = set()
    for agent in reference_bundle().agents:
        engine = Engine(agent.policies)
        safe, unsafe = _traces(agent.id)
        calls = [e for events in (*safe, *unsafe) for e in events if isinstance(e, ToolCall)]
        calls += [ToolCall(name=c.name, tool=c.tool, args=a) for c in calls for a in EDGE_ARGS]
        for call in calls:
            for compiled in engine.applicable(call.tool or ""):
                if compiled.operator.name not in PURE_OPERATORS:
                    continue
                seen.add(compiled.operator.name)
                with contextlib.suppress(UnreadableValue):  # an answer too, keyed the same
                    compiled.operator.check(compiled.prepared, _OnlyThese(call), _NoState())
    assert seen == PURE_OPERATORS
