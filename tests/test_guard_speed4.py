"""The fourth pass's shortcuts (`docs/guard-speed.md`) held to the code they stand for, on a
made-up kennel domain: the same-entity check's shortcut for one named top-level value
against the whole reading (`require_same.read_same`), the memo of what a call names keeping
values apart that Python calls equal, and the engine's per-tool observers (an observer of
labelled calls skipped for the others) against every observer called for every call."""

from __future__ import annotations

from typing import Any

import pytest

from specgap.evaluate.engine import Engine
from specgap.events import Event, Message, ToolCall
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
