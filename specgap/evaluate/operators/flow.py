"""`flow_denied`: data labelled as given must not reach the target tool.

A value is labelled when the call carries the label on its input, or when the value was
returned earlier by a call whose output carried the label or by a registry source tool.
"""

from __future__ import annotations

from typing import Any

from specgap.evaluate.operators.base import Operator, TraceState
from specgap.evaluate.values import string_leaves
from specgap.events import ToolCall
from specgap.ir import FlowDenied
from specgap.registry import Registry


def _check(cond: FlowDenied, call: ToolCall, state: TraceState) -> str | None:
    if cond.label in call.labels_in:
        return f"input labelled `{cond.label}` reaches `{call.name}`"
    tainted = state.taint.get(cond.label)
    if not tainted:
        return None
    for text in string_leaves(call.args):
        for value in tainted:
            if value in text:
                return f"a value labelled `{cond.label}` reaches `{call.name}`"
    return None


def _complete(params: dict[str, Any], registry: Registry) -> dict[str, Any]:
    return {**params, "sources": registry.sources_of(str(params.get("label")))}


OPERATORS = (
    Operator(
        "flow_denied",
        FlowDenied,
        "data_validation",
        "data labelled as given (or returned by a labelled source) must not reach the tool",
        _check,
        lambda c, t: f"data labelled `{c.label}` must not reach `{t}`",
        complete=_complete,
    ),
)
