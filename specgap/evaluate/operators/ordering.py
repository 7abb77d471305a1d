"""`require_before`: another tool must have been called earlier in the trace."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from specgap.evaluate.operators.base import Mutant, Operator, TraceState
from specgap.evaluate.rewrite import calls_to, insert_at, is_call_to, without
from specgap.events import Event, ToolCall
from specgap.ir import RequireBefore


def _check(cond: RequireBefore, call: ToolCall, state: TraceState) -> str | None:
    return None if cond.before in state.called else f"`{cond.before}` was not called first"


# -- mutators ---------------------------------------------------------------------------


def _predecessors(cond: RequireBefore, events: Sequence[Event], first: int) -> list[int]:
    return [i for i in range(first) if is_call_to(events[i], cond.before)]


def _drop_predecessor(
    cond: RequireBefore, target: str, events: Sequence[Event]
) -> Iterator[Mutant]:
    """The required predecessor calls before the first call to the target are removed."""
    targets = calls_to(events, target)
    if not targets:
        return
    earlier = _predecessors(cond, events, targets[0])
    if earlier:
        yield Mutant(
            mutator="require_before/drop-predecessor",
            description=f"drop the `{cond.before}` call(s) before `{target}`",
            events=without(events, set(earlier)),
        )


def _call_too_early(cond: RequireBefore, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """The first call to the target is moved in front of the required predecessor."""
    targets = calls_to(events, target)
    if not targets:
        return
    earlier = _predecessors(cond, events, targets[0])
    if earlier:
        moved = events[targets[0]]
        rest = without(events, {targets[0]})
        yield Mutant(
            mutator="require_before/reorder",
            description=f"call `{target}` before `{cond.before}`",
            events=insert_at(rest, earlier[0], moved),
        )


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
        mutators=(_drop_predecessor, _call_too_early),
    ),
)
