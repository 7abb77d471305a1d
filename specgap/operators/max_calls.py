"""`max_calls`: a tool may be called at most so many times per trace.

It counts calls of the target per trace or, with `per`, per entity: calls naming the same
id in the arguments named like `per` (`order` counts per `order_id`) count together.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any, Literal

from pydantic import Field

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen
from specgap.operators.base import Example, Mutant, Operator, TraceState, num
from specgap.operators.evidence import is_idlike, leaves, matching_args, runs
from specgap.operators.replay import checked, next_turn, targets


class MaxCalls(Frozen):
    operator: Literal["max_calls"] = "max_calls"
    max: int = Field(ge=0, description="calls of the target allowed per trace")
    per: str | None = Field(
        default=None, description="count per entity (e.g. `order`: per `order_id` value)"
    )


CALLS = "max_calls"


def _observe_calls(state: TraceState, event: Event) -> None:
    """Calls per tool, and per tool and id value (for rules counted per entity)."""
    if isinstance(event, ToolCall):
        counts: Counter[tuple[str, str]] = state.slots.setdefault(CALLS, Counter())
        tool = event.tool or event.name
        counts[(tool, "")] += 1
        for value in {norm_id(v) for v in leaves(event.args) if is_idlike(v)}:
            counts[(tool, value)] += 1


def norm_id(value: Any) -> str:
    return "".join(runs(str(value)))


def _per_entity(cond: MaxCalls, call: ToolCall) -> list[str]:
    if cond.per is None:
        return []
    return sorted({norm_id(v) for a in matching_args(call.args, cond.per) for v in leaves(a)})


def _check_calls(cond: MaxCalls, call: ToolCall, state: TraceState) -> str | None:
    counts: Counter[tuple[str, str]] = state.slots.get(CALLS) or Counter()
    tool = call.tool or call.name
    keys = _per_entity(cond, call) or [""]
    made, key = max((counts[(tool, k)], k) for k in keys)
    if made >= cond.max:
        scope = f" for `{key}`" if key else " per trace"
        return f"call {made + 1} of `{call.name}`{scope}, at most {num(cond.max)} allowed"
    return None


def _describe_calls(cond: MaxCalls, target: str) -> str:
    scope = f"per {cond.per}" if cond.per else "per trace"
    return f"`{target}` may be called at most {num(cond.max)} time(s) {scope}"


def _repeat(cond: MaxCalls, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """The last call of the target is made again until one call too many."""
    calls = [i for i, e in enumerate(events) if targets(e, target)]
    if not calls:
        return
    last = calls[-1]
    extra: list[Event] = []
    turn = next_turn(events)
    for n in range(max(cond.max - len(calls) + 1, 1)):
        extra.append(events[last].model_copy(update={"turn": turn + n}))
    yield Mutant(
        mutator=f"{CALLS}/repeat-call",
        description=f"event {last} is repeated {len(extra)} more time(s)",
        events=(*events[: last + 1], *extra, *events[last + 1 :]),
    )


_CALLS = Operator(
    CALLS,
    MaxCalls,
    "business_logic_validation",
    "a tool may be called at most so many times per trace",
    _check_calls,
    _describe_calls,
    observe=_observe_calls,
    shadows=frozenset({"deny_action"}),
    examples=(
        Example("The `reset_password` tool can only be called once per conversation.", {"max": 1}),
    ),
)
OPERATOR = replace(_CALLS, mutators=(checked(_CALLS, _repeat),))
