"""`review_required`: the call needs a human review, marked by an approval label."""

from __future__ import annotations

from specgap.evaluate.operators.base import Operator, TraceState
from specgap.events import ToolCall
from specgap.ir import ReviewRequired


def _check(cond: ReviewRequired, call: ToolCall, _: TraceState) -> str | None:
    if cond.approval_label in call.labels_in:
        return None
    return f"needs review (no `{cond.approval_label}` label on the call)"


OPERATORS = (
    Operator(
        "review_required",
        ReviewRequired,
        "business_logic_validation",
        "the call needs a human review, marked by an approval label",
        _check,
        lambda c, t: f"`{t}` calls need human review",
        action="warn",
    ),
)
