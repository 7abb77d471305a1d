"""`review_required`: the call needs a human review, marked by an approval label."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Literal

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen
from specgap.operators.base import Example, Mutant, Operator, Prose, Setting, TraceState
from specgap.operators.prose import USER
from specgap.operators.rewrite import calls_to, replace_at


class ReviewRequired(Frozen):
    operator: Literal["review_required"] = "review_required"
    approval_label: str = "reviewed"


def _check(cond: ReviewRequired, call: ToolCall, _: TraceState) -> str | None:
    if cond.approval_label in call.labels_in:
        return None
    return f"needs review (no `{cond.approval_label}` label on the call)"


# -- prose ------------------------------------------------------------------------------

# "refunds over $300 need the owner's approval": a bound with the approval as its way out
# (the argument readers' reading), not a review of every refund
_AMOUNT_BEFORE = re.compile(
    r"[$€£]\s?\d|\d\s*(?:%|percent|dollars?|euros?)|\b(?:over|above|more\s+than|exceeding|"
    r"beyond|greater\s+than|larger\s+than|at\s+least|under|below)\s+\d",
    re.I,
)
_NEEDS_REVIEW = Prose(
    "needs-review",
    r"\b(?:reviewers?\s+(?:must\s+)?(?:approves?|signs?\s+off|checks?)|(?:requires?|needs?)\s+"
    r"(?:a\s+|an\s+|the\s+)?(?:(?:[a-z-]+\s+)?(?!"
    + USER
    + r"s?\b)[a-z-]+(?:'s|s')\s+)?(?:human\s+)?"
    r"(?:review|approval|sign[- ]off)|must\s+be\s+(?:reviewed|approved))\b",
    lambda m: None if _AMOUNT_BEFORE.search(m.string, 0, m.start()) else {},
    confidence=0.6,
    grounding="inferred",
)


# -- mutators ---------------------------------------------------------------------------


def _skip_review(cond: ReviewRequired, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """Each call to the target without its approval label. When the safe trace never
    carried the label the mutant equals it: the safe trace itself breaks the rule, which
    is exactly what a report on an unenforced review rule should show."""
    for index in calls_to(events, target):
        call = events[index]
        assert isinstance(call, ToolCall)
        labels = tuple(label for label in call.labels_in if label != cond.approval_label)
        had = len(labels) != len(call.labels_in)
        yield Mutant(
            mutator="review_required/skip-review",
            description=f"`{call.name}` (event {index}) runs without "
            f"{'its' if had else 'a'} `{cond.approval_label}` approval",
            events=replace_at(events, index, call.model_copy(update={"labels_in": labels})),
        )


OPERATOR = Operator(
    "review_required",
    ReviewRequired,
    "business_logic_validation",
    "the call needs a human review, marked by an approval label",
    _check,
    lambda c, t: f"`{t}` calls need human review",
    action="warn",
    mutators=(_skip_review,),
    prose=(_NEEDS_REVIEW,),
    settings=(
        Setting(
            r"^(?:review|requires_review|review_required)$",
            "true",
            lambda m, v: {},
            spelled="`review`, `requires_review`, `review_required`",
        ),
    ),
    examples=(Example("Every refund through `billing.refund` needs human approval."),),
)
