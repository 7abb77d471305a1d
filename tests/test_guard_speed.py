"""The Guard's memo of after-run checks and of nested arguments answers as running them.

Plans answer a control's after-run check (`OUTPUT_PURE_OPERATORS`) from a memo keyed by
the call's name, tool, arguments, actor, resource and result, and state-free checks of
calls with nested arguments from their frozen arguments (`specgap/evaluate/plan.py`).
Here: such a check reads nothing else (fields the key leaves out are varied, the trace
state refuses every read), and results or arguments equal in Python but read differently
(1, 1.0, True; a list or a string of the same text; a value nested one level deeper) get
the answers the plain engine gives, however often they repeat.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_fast import _compare, _traces
from trace_support import reference_bundle

from specgap.controls.evaluate import _frozen
from specgap.evaluate.engine import Engine
from specgap.evaluate.plan import OUTPUT_PURE_OPERATORS
from specgap.events import Event, Message, ToolCall
from specgap.guard import Guard

# fields of a call the memo key of an after-run check leaves out, each given another value
OTHER_FIELDS: list[dict[str, Any]] = [
    {"started_at": "2026-01-01T00:00:00Z", "ended_at": "2026-01-01T00:00:01Z"},
    {"labels_out": ("secret",), "labels_in": ()},
    {"is_error": True},
    {"turn": 7, "call_id": "call_other", "origin": "elsewhere#3"},
    {"raw_args": "{not json", "flags": ("invalid-arguments",)},
]


class _NoState:
    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a memoized after-run check read `{name}` of the trace state")


@pytest.mark.parametrize("agent", ["sql", "cloud"])
def test_memoized_after_run_checks_read_only_what_the_key_holds(agent: str) -> None:
    engine = Engine(reference_bundle().agent(agent).policies)  # type: ignore[union-attr]
    safe, unsafe = _traces(agent)
    calls = [e for events in (*safe, *unsafe) for e in events if isinstance(e, ToolCall)]
    calls += [c.model_copy(update={"result": f"key AKIA{'Q' * 16} here"}) for c in calls]
    checked = 0
    for call in calls:
        for compiled in engine.applicable(call.tool or ""):
            operator = compiled.operator
            if operator.name not in OUTPUT_PURE_OPERATORS or operator.check_output is None:
                continue
            answers = set()
            for update in [{}, *OTHER_FIELDS]:
                fresh = operator.prepare(compiled.policy.condition)  # its own memo is empty
                varied = call.model_copy(update=update)
                answers.add(operator.check_output(fresh, varied, _NoState()))  # type: ignore[arg-type]
            assert len(answers) == 1, (call, answers)
            checked += 1
    # the cloud agent's control is such a check; the sql agent has none
    assert (checked > 10) if agent == "cloud" else (checked == 0)


KEY = "AKIA" + "B7" * 8  # the shape of an AWS access key id, made up


def _fetch(result: Any, **fields: Any) -> ToolCall:
    args = {"url": "https://example.invalid/status", "timeout_seconds": 5}
    return ToolCall(name="fetch", tool="web.fetch", args=args, result=result, **fields)


def _put_item(item: Any) -> ToolCall:
    args = {"TableName": "audit", "Item": item}
    return ToolCall(name="put_item", tool="aws.dynamodb.PutItem", args=args, result={"ok": True})


# results a memo must keep apart: equal in Python, or the same text at another depth
RESULTS: list[Any] = [
    {"n": 1},
    {"n": 1.0},
    {"n": True},
    {"n": "1"},
    {"key": KEY},
    {"key": [KEY]},
    {"key": {"inner": KEY}},
    [KEY],
    [1, True, 1.0],
    KEY,
    f'{{"key": "{KEY}"}}',
    "nothing to see",
    {"key": KEY.lower()},
    {"n": 0.0},
    {"n": -0.0},
    {"n": {1, 2}},  # no JSON value: never memoized, decided every time
]

# nested arguments (now memoized by their frozen form) that read differently
ITEMS: list[Any] = [
    {"id": "7", "n": 1},
    {"id": "7", "n": True},
    {"id": "7", "n": 1.0},
    {"id": "7", "n": [1]},
    {"id": 7},
    "not an object",
    ["id", "7"],
    None,
]


@pytest.mark.parametrize("repeat", [1, 3])
def test_results_and_nested_arguments_equal_in_python_stay_apart(repeat: int) -> None:
    policies = reference_bundle().agent("cloud").policies  # type: ignore[union-attr]
    lookup = ToolCall(
        name="check_permission",
        tool="authz.check_permission",
        args={"user": "u1", "action": "write", "resource": "audit"},
    )
    events: list[Event] = [Message(role="user", content="status please"), lookup]
    for _ in range(repeat):
        for result in RESULTS:
            events.append(_fetch(result))
            events.append(_fetch(result, actor="someone", resource="status-page"))
        events += [_put_item(item) for item in ITEMS]
    assert _compare(Engine(policies), [events]) == 2 * len(events)


def test_the_guard_denies_a_result_it_has_memoized_as_allowed_only_when_it_differs() -> None:
    guard = Guard(reference_bundle(), "cloud")
    verdicts = []
    for n in range(3):
        for result in ({"key": "no key"}, {"key": KEY}, {"key": KEY.lower()}):
            verdicts.append(guard.check(_fetch(result), trace=str(n), executed=True).verdict)
    assert verdicts == ["allow", "deny", "allow"] * 3


# values Python holds equal (or that hash alike) but a control may read apart: each pair
# must freeze to different keys, whichever form (strings only, general) each takes
_APART = [
    ({"n": 1}, {"n": True}),
    ({"n": 1}, {"n": 1.0}),
    ({"n": 0.0}, {"n": -0.0}),
    ({"n": None}, {"n": "None"}),
    ({"n": 1}, {"n": "1"}),
    ({"a": 1, "b": 2}, {"b": 2, "a": 1}),
    ({"a": "x"}, {"a": ["x"]}),
    ({"a": []}, {"a": {}}),
    ({"a": {"b": 1}}, {"a": {"b": True}}),
    ({"a": 1}, [["a", 1]]),
    ({}, []),
]


@pytest.mark.parametrize(("one", "other"), _APART)
def test_values_a_control_reads_apart_freeze_apart(one: Any, other: Any) -> None:
    assert _frozen(one) != _frozen(other)
    assert _frozen(one) == _frozen(copy.deepcopy(one))  # and equal ones alike


@pytest.mark.parametrize(
    "args", [{"a": 1, "b": True}, {"a": "x", "b": None}, {"q": "s", "n": 3}, {"x": "y"}, {}]
)
def test_a_frozen_dict_never_meets_the_plain_pairs_of_scalar_arguments(args: Any) -> None:
    """`Plan.findings` keys scalar arguments by their pairs and any other by `_frozen`."""
    assert _frozen(args) != tuple(args.items())
    first = _frozen(args)[0]  # a tag, never a pair
    assert not isinstance(first, tuple)


def test_what_cannot_be_frozen_raises() -> None:
    for value in ({1: "a"}, {"a": (1,)}, {"a": {1, 2}}, ("a",), b"x"):
        with pytest.raises(TypeError):
            _frozen(value)
