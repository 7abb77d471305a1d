"""The Guard's precompiled dispatch leaves out only work that cannot change an answer.

- An operator listed as reading no message (`CALLS_ONLY_OBSERVERS`) must leave a trace's
  state as it was for every message; one listed as taint-only (`TAINT_ONLY_OBSERVERS`)
  also for a call whose output carries no label, to a tool that is no taint source.
- An Agent Control control is left out of the plans of the steps its scope never admits:
  `decide` must find nothing there, whatever the event.
"""

from __future__ import annotations

from typing import Any

import pytest

from specgap.controls.evaluate import prepare
from specgap.controls.model import Control
from specgap.evaluate.engine import CALLS_ONLY_OBSERVERS, TAINT_ONLY_OBSERVERS
from specgap.events import Event, Message, ToolCall
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
