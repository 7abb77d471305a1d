"""Running one operator over a trace without an engine: what mutators use to keep only the
mutants that really violate the rule they target (a definite violation, not `Undetermined`).
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Iterator, Sequence
from typing import Any

from specgap.events import Event, ToolCall
from specgap.operators.base import Mutant, Mutator, Operator, TraceState, Undetermined


def targets(call: Event, target: str) -> bool:
    """Whether a policy on `target` (a tool id or a glob) applies to this event."""
    if not isinstance(call, ToolCall) or call.tool is None:
        return False
    return call.tool == target or fnmatch.fnmatchcase(call.tool, target)


def verdicts(
    operator: Operator, condition: Any, target: str, events: Sequence[Event]
) -> Iterator[tuple[int, str | None]]:
    """(index, check result) for every event the policy applies to, in order."""
    prepared = operator.prepare(condition)
    state = TraceState()
    for index, event in enumerate(events):
        if isinstance(event, ToolCall) and targets(event, target):
            yield index, operator.check(prepared, event, state)
        state.observe(event)
        if operator.observe is not None:
            operator.observe(state, event)


def violated_at(operator: Operator, condition: Any, target: str, events: Sequence[Event]) -> int:
    """Index of the first definite violation, or -1."""
    for index, reason in verdicts(operator, condition, target, events):
        if reason is not None and not isinstance(reason, Undetermined):
            return index
    return -1


def keep_violating(
    operator: Operator,
    condition: Any,
    target: str,
    candidates: Iterator[Mutant],
) -> Iterator[Mutant]:
    """The candidates that violate the rule, without duplicates (same events)."""
    seen: set[str] = set()
    for mutant in candidates:
        key = json.dumps(
            [e.model_dump(mode="json", exclude={"origin"}) for e in mutant.events],
            sort_keys=True,
        )
        if key in seen:
            continue
        seen.add(key)
        if violated_at(operator, condition, target, mutant.events) >= 0:
            yield mutant


def next_turn(events: Sequence[Event]) -> int:
    """A turn number no event of the trace uses yet."""
    return max((e.turn for e in events if e.turn is not None), default=0) + 1


def checked(operator: Operator, generate: Mutator) -> Mutator:
    """A mutator that yields only the candidates of `generate` that violate the rule."""

    def mutate(condition: Any, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
        return keep_violating(operator, condition, target, generate(condition, target, events))

    mutate.__name__ = getattr(generate, "__name__", "mutate")
    mutate.__doc__ = generate.__doc__
    return mutate
