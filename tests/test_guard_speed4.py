"""The fourth pass's shortcuts (`docs/guard-speed.md`) held to the code they stand for, on a
made-up kennel domain: the same-entity check's shortcut for one named top-level value
against the whole reading (`require_same.read_same`), the memo of what a call names keeping
values apart that Python calls equal, and the engine's per-tool observers (an observer of
labelled calls skipped for the others) against every observer called for every call."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.evaluate.adapters import load_trace
from specgap.evaluate.engine import Decision, Engine
from specgap.events import Event, Message, ToolCall
from specgap.guard import Guard, load_policy
from specgap.guard_wire import Pending
from specgap.irbase import Selector
from specgap.operators import TraceState
from specgap.operators.require_same import _NAMED, _named, _named_by, read_same, same_entity
from tests.policy_helpers import call, policy

TOOLS = ("fetch_kennel", "list_kennels")
KENNEL = Selector(arg="kennel_id")


def _state(*earlier: ToolCall) -> TraceState:
    """The state after `earlier` ran, folded by an engine holding a same-entity rule."""
    engine = Engine([policy("require_before", "close_kennel", before=list(TOOLS), same=KENNEL)])
    state = engine.new_state()
    for event in earlier:
        engine.observe(state, event)
    return state


def _fetch(args: dict[str, Any], result: Any = "ok") -> ToolCall:
    return call("fetch_kennel", args, result=result)


# (case, earlier calls, the arguments of the call checked, selector)
SAME: list[tuple[str, list[ToolCall], dict[str, Any], Selector]] = [
    ("named by its arguments", [_fetch({"kennel_id": "KN-20"})], {"kennel_id": "KN-20"}, KENNEL),
    ("named in other spelling", [_fetch({"kennel_id": "kn_20"})], {"kennel_id": "KN 20"}, KENNEL),
    ("another kennel", [_fetch({"kennel_id": "KN-20"})], {"kennel_id": "KN-99"}, KENNEL),
    ("named only in the output", [_fetch({}, {"rows": ["KN-99"]})], {"kennel_id": "KN-99"}, KENNEL),
    ("not named, output missing", [_fetch({"x": "KN-1"}, None)], {"kennel_id": "KN-99"}, KENNEL),
    ("an integer named as text", [_fetch({"kennel_id": "77"})], {"kennel_id": 77}, KENNEL),
    ("text named as an integer", [_fetch({"kennel_id": 77})], {"kennel_id": "77"}, KENNEL),
    ("true is no id", [_fetch({"kennel_id": "true"})], {"kennel_id": True}, KENNEL),
    ("a float", [_fetch({"kennel_id": "1 5"})], {"kennel_id": 1.5}, KENNEL),
    ("a list of ids", [_fetch({"kennel_id": "KN-1"})], {"kennel_id": ["KN-1", "KN-2"]}, KENNEL),
    ("an empty id", [_fetch({"kennel_id": "KN-1"})], {"kennel_id": ""}, KENNEL),
    ("only punctuation", [_fetch({"kennel_id": "KN-1"})], {"kennel_id": "--"}, KENNEL),
    ("no id given", [_fetch({"kennel_id": "KN-1"})], {}, KENNEL),
    ("no earlier call", [], {"kennel_id": "KN-1"}, KENNEL),
    (
        "named by a tool that is not a prerequisite",
        [call("walk_dog", {"kennel_id": "KN-1"}, result="ok")],
        {"kennel_id": "KN-1"},
        KENNEL,
    ),
    (
        "a dotted selector reads the nested value, not a key with a dot",
        [_fetch({"kennel_id": "KN-1"})],
        {"site.kennel": "KN-1", "site": {"kennel": "KN-404"}},
        Selector(arg="site.kennel"),
    ),
    (
        "a dotted selector finds the nested value",
        [_fetch({"kennel_id": "KN-1"})],
        {"site.kennel": "KN-404", "site": {"kennel": "KN-1"}},
        Selector(arg="site.kennel"),
    ),
]


@pytest.mark.parametrize(("case", "earlier", "args", "selector"), SAME)
def test_the_same_entity_shortcut_answers_as_the_whole_reading(
    case: str, earlier: list[ToolCall], args: dict[str, Any], selector: Selector
) -> None:
    state = _state(*earlier)
    checked = call("close_kennel", args)
    fast = same_entity(selector, TOOLS, checked, state)
    assert fast == read_same(selector, TOOLS, checked, state), case
    assert type(fast) is type(read_same(selector, TOOLS, checked, state)), case


def test_an_upload_of_a_value_never_named_is_still_refused() -> None:
    state = _state(_fetch({"kennel_id": "KN-20"}))
    checked = call("close_kennel", {"kennel_id": "KN-21"})
    reason = same_entity(KENNEL, TOOLS, checked, state)
    assert reason is not None
    assert "KN-21" in reason


# arguments Python calls equal (1 == True == 1.0) that name different values
EQUAL_YET_APART = [
    ({"kennel_id": 1}, {"kennel_id": True}, {"kennel_id": 1.0}),
    ({"kennel_id": 0}, {"kennel_id": False}, {"kennel_id": 0.0}),
]


@pytest.mark.parametrize("variants", EQUAL_YET_APART)
def test_the_named_memo_keeps_values_python_calls_equal_apart(
    variants: tuple[dict[str, Any], ...],
) -> None:
    _NAMED.clear()
    for round_ in range(2):  # the second round is answered from the memo
        for args in variants:
            made = _fetch(args)
            named, _ = _named(made)
            assert named == frozenset(v for v in _named_by(made) if v), (round_, args)


def test_a_stale_named_memo_would_let_the_wrong_entity_through() -> None:
    """After a lookup of `1` (memoized), a lookup of `true` must not count as naming `1`."""
    _NAMED.clear()
    assert (
        same_entity(
            KENNEL, TOOLS, call("close_kennel", {"kennel_id": 1}), _state(_fetch({"kennel_id": 1}))
        )
        is None
    )
    state = _state(_fetch({"kennel_id": True}))
    assert same_entity(KENNEL, TOOLS, call("close_kennel", {"kennel_id": 1}), state) is not None


FLOW = policy("flow_denied", "post_notice", label="secret", sources=["vault_read"])
RULES = [FLOW, policy("require_before", "close_kennel", before="fetch_kennel", same=KENNEL)]


def _every_observer(engine: Engine, state: TraceState, event: Event) -> None:
    """`Engine.observe` as it was: every observer that watches the tool, for every call."""
    state.observe(event)
    for observe, tools, _ in engine._observers:
        if tools is None or (type(event) is ToolCall and event.tool in tools):
            observe(state, event)


SECRET = "kennel-door-code-5521"
# (case, events before the notice, whether the notice carrying SECRET is denied)
FOLDS: list[tuple[str, list[Event], bool]] = [
    ("a plain call taints nothing", [call("walk_dog", {}, result=SECRET)], False),
    (
        "a call whose output carries the label",
        [call("walk_dog", {}, result=SECRET, labels_out=("secret",))],
        True,
    ),
    ("a call of a taint source", [call("vault_read", {}, result=SECRET)], True),
    ("a message", [Message(role="user", content=SECRET)], False),
    (
        "a watched call, then a labelled one",
        [
            _fetch({"kennel_id": "KN-1"}),
            call("walk_dog", {}, result=SECRET, labels_out=("secret",)),
        ],
        True,
    ),
]


@pytest.mark.parametrize(("case", "events", "denied"), FOLDS)
def test_per_tool_observers_fold_as_every_observer_did(
    case: str, events: list[Event], denied: bool
) -> None:
    engine = Engine(RULES)
    fast, slow = engine.new_state(), engine.new_state()
    for event in events:
        engine.observe(fast, event)
        _every_observer(engine, slow, event)
    notice = call("post_notice", {"text": f"the code is {SECRET}"})
    for state in (fast, slow):
        decision = engine.evaluate(len(events), notice, state)
        assert decision.blocked is denied, case
    assert fast.called == slow.called, case
    kennel = call("close_kennel", {"kennel_id": "KN-1"})
    assert engine.evaluate(0, kennel, fast) == engine.evaluate(0, kennel, slow), case


# -- a repeated Chat call left pending without its event (`guard_wire.Pending`) ----------

ROOT = Path(__file__).resolve().parent.parent


def _whole(decision: Decision) -> tuple[Any, ...]:
    """Every field of a decision, the ones `model_dump` leaves out included."""
    hits = tuple((h.model_dump(), h.effect, h.message, h.error) for h in decision.hits)
    return (decision.model_dump(), decision.action, decision.call_id, decision.flags, hits)


def _recorded(guard: Guard, agent: str, by_id: bool) -> list[Any]:
    """Each reference trace's calls as Chat calls, four rounds (the later ones repeat calls
    the reader knows), each allowed call given its recorded result (`record`, by call id or
    as the latest), and every decision, the after-run ones included, with the end state."""
    out: list[Any] = []
    paths = sorted((ROOT / "fixtures" / agent / "traces").glob("*/*.json"))
    traces = [load_trace(p, p.name, guard.registry).events for p in paths]
    for round_ in range(4):
        for t, events in enumerate(traces):
            key = f"{round_}/{t}"
            for n, event in enumerate(e for e in events if isinstance(e, ToolCall)):
                function = {"name": event.name, "arguments": json.dumps(event.args)}
                chat = {"id": f"c{n}", "type": "function", "function": function}
                decision = guard.check(chat, trace=key)
                out.append(_whole(decision))
                if not decision.blocked:
                    call_id = f"c{n}" if by_id else None
                    after = guard.record(event.result, trace=key, call_id=call_id)
                    out.append(_whole(after))
            state = guard._traces[key].state
            out.append((sorted(state.called), sorted(state.slots), state.taint))
            seen = state.slots.get("require_before")
            out.append(None if seen is None else (seen.named, seen.unrecorded))
            guard.end(key)
    return out


@pytest.mark.parametrize("by_id", [True, False])
@pytest.mark.parametrize("agent", ["sql", "cloud"])
def test_a_pending_repeated_call_records_and_folds_as_an_event_would(
    agent: str, by_id: bool
) -> None:
    fast = Guard(load_policy(ROOT / "policy" / "policy.json"), agent)
    general = Guard(load_policy(ROOT / "policy" / "policy.json"), agent, skip=("no-such-*",))
    got = _recorded(fast, agent, by_id)
    assert got == _recorded(general, agent, by_id)
    assert any(d[0]["verdict"] == "deny" for d in got if isinstance(d, tuple) and len(d) == 5)


def test_a_pending_call_made_later_has_its_own_arguments() -> None:
    guard = Guard(load_policy(ROOT / "policy" / "policy.json"), "cloud")
    function = {"name": "scan_for_secrets", "arguments": '{"content": "kennel rota"}'}
    chat = {"id": "c1", "type": "function", "function": function}
    for n in range(4):  # read, kept, judged, then decided from memory and left pending
        guard.check(chat, trace=f"t{n}")
    waiting = guard._traces["t3"].pending[0]
    assert isinstance(waiting, Pending)
    made = waiting.made()
    made.args["content"] = "changed"
    again = guard._traces["t3"].pending[0]
    assert isinstance(again, Pending)
    assert again.made().args == {"content": "kennel rota"}
