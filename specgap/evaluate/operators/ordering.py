"""`require_before`: another tool must have been called earlier in the trace."""

from __future__ import annotations

from specgap.evaluate.operators.base import Operator, TraceState
from specgap.events import ToolCall
from specgap.ir import RequireBefore


def _check(cond: RequireBefore, call: ToolCall, state: TraceState) -> str | None:
    return None if cond.before in state.called else f"`{cond.before}` was not called first"


OPERATORS = (
    Operator(
        "require_before",
        RequireBefore,
        "workflow_ordering_validation",
        "another tool must have been called earlier in the trace",
        _check,
        lambda c, t: f"call `{c.before}` before `{t}`",
        action="steer",
        tool_params=("before",),
    ),
)
