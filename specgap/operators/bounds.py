"""`arg_within_bound` and `timeout_leq`: numbers that must stay within limits."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from specgap.events import Event, ToolCall
from specgap.ir import ArgWithinBound, TimeoutLeq
from specgap.operators.base import Mutant, Operator, TraceState, describe_selector, num
from specgap.operators.rewrite import (
    calls_to,
    just_over,
    just_under,
    put_selected,
    replace_at,
    with_args,
)
from specgap.operators.values import as_number, select


def _check_bound(cond: ArgWithinBound, call: ToolCall, _: TraceState) -> str | None:
    for value in select(cond.selector, call.args):
        number = as_number(value)
        if number is None:
            continue
        if cond.max is not None and number == math.inf:
            return f"nothing bounds it (at most {num(cond.max)} allowed)"
        if cond.max is not None and number > cond.max:
            return f"{num(number)} exceeds the maximum {num(cond.max)}"
        if cond.min is not None and number < cond.min:
            return f"{num(number)} is below the minimum {num(cond.min)}"
    return None


def _describe_bound(cond: ArgWithinBound, target: str) -> str:
    low = "-inf" if cond.min is None else num(cond.min)
    high = "inf" if cond.max is None else num(cond.max)
    return f"{describe_selector(cond.selector)} of `{target}` must be within [{low}, {high}]"


def _check_timeout(cond: TimeoutLeq, call: ToolCall, _: TraceState) -> str | None:
    if cond.selector is not None:
        for value in select(cond.selector, call.args):
            number = as_number(value)
            if number is not None and number > cond.max_seconds:
                return f"timeout {num(number)} s exceeds {num(cond.max_seconds)} s"
    if call.duration_ms is not None and call.duration_ms > cond.max_seconds * 1000:
        return f"took {num(call.duration_ms / 1000)} s, over {num(cond.max_seconds)} s"
    return None


# -- mutators ---------------------------------------------------------------------------


def _exceed_bound(cond: ArgWithinBound, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """Each call to the target with the value one past each bound (a row limit is added
    to a SQL statement that has none)."""
    edges = []
    if cond.max is not None:
        edges.append(("exceed-max", just_over(cond.max)))
    if cond.min is not None:
        edges.append(("below-min", just_under(cond.min)))
    for index in calls_to(events, target):
        call = events[index]
        assert isinstance(call, ToolCall)
        for name, value in edges:
            args = put_selected(cond.selector, call.args, value)
            if args is None or args == call.args:
                continue
            yield Mutant(
                mutator=f"arg_within_bound/{name}",
                description=f"`{call.name}` (event {index}): "
                f"{describe_selector(cond.selector)} becomes {num(value)}",
                events=replace_at(events, index, with_args(call, args)),
            )


def _raise_timeout(cond: TimeoutLeq, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """Each call to the target asks for a timeout one second over the bound."""
    if cond.selector is None:
        return
    value = just_over(cond.max_seconds)
    for index in calls_to(events, target):
        call = events[index]
        assert isinstance(call, ToolCall)
        args = put_selected(cond.selector, call.args, value)
        if args is None:
            continue
        yield Mutant(
            mutator="timeout_leq/raise-timeout",
            description=f"`{call.name}` (event {index}): `{cond.selector.arg}` becomes {value}",
            events=replace_at(events, index, with_args(call, args)),
        )


def _slow_call(cond: TimeoutLeq, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """Each call to the target takes one second longer than the bound allows."""
    duration = (cond.max_seconds + 1) * 1000
    for index in calls_to(events, target):
        call = events[index]
        assert isinstance(call, ToolCall)
        yield Mutant(
            mutator="timeout_leq/slow-call",
            description=f"`{call.name}` (event {index}) takes {num(duration / 1000)} s",
            events=replace_at(events, index, call.model_copy(update={"duration_ms": duration})),
        )


OPERATORS = (
    Operator(
        "arg_within_bound",
        ArgWithinBound,
        "data_validation",
        "a numeric argument stays within bounds",
        _check_bound,
        _describe_bound,
        mutators=(_exceed_bound,),
    ),
    Operator(
        "timeout_leq",
        TimeoutLeq,
        "runtime_validation",
        "the call's timeout argument and its duration stay under a bound",
        _check_timeout,
        lambda c, t: f"`{t}` must time out within {num(c.max_seconds)} s",
        mutators=(_raise_timeout, _slow_call),
    ),
)
