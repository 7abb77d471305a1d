"""`arg_within_bound` and `timeout_leq`: numbers that must stay within limits."""

from __future__ import annotations

from specgap.evaluate.operators.base import Operator, TraceState, describe_selector, num
from specgap.evaluate.values import as_number, select
from specgap.events import ToolCall
from specgap.ir import ArgWithinBound, TimeoutLeq


def _check_bound(cond: ArgWithinBound, call: ToolCall, _: TraceState) -> str | None:
    for value in select(cond.selector, call.args):
        number = as_number(value)
        if number is None:
            continue
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


OPERATORS = (
    Operator(
        "arg_within_bound",
        ArgWithinBound,
        "data_validation",
        "a numeric argument stays within bounds",
        _check_bound,
        _describe_bound,
    ),
    Operator(
        "timeout_leq",
        TimeoutLeq,
        "runtime_validation",
        "the call's timeout argument and its duration stay under a bound",
        _check_timeout,
        lambda c, t: f"`{t}` must time out within {num(c.max_seconds)} s",
    ),
)
