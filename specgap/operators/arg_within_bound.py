"""`arg_within_bound`: a numeric argument stays within bounds."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Literal

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen, Selector
from specgap.operators.base import (
    Example,
    Mutant,
    Operator,
    Setting,
    TraceState,
    describe_selector,
    num,
    setting_facet,
)
from specgap.operators.rewrite import (
    calls_to,
    just_over,
    just_under,
    put_selected,
    replace_at,
    with_args,
)
from specgap.operators.values import as_number, select


class ArgWithinBound(Frozen):
    operator: Literal["arg_within_bound"] = "arg_within_bound"
    selector: Selector
    min: float | None = None
    max: float | None = None


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


def _problems(cond: ArgWithinBound, target: str, quote: str) -> Iterator[str]:
    if cond.min is not None and cond.max is not None and cond.min > cond.max:
        yield f"its range [{cond.min:g}, {cond.max:g}] is empty"
    elif cond.max is not None and cond.max < 0 and not _states_negative(quote):
        yield f"its maximum {cond.max:g} is below zero, which the rule does not state"


def _states_negative(quote: str) -> bool:
    return "-" in quote or "−" in quote or "negative" in quote.casefold()


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


OPERATOR = Operator(
    "arg_within_bound",
    ArgWithinBound,
    "data_validation",
    "a numeric argument stays within bounds",
    _check_bound,
    _describe_bound,
    mutators=(_exceed_bound,),
    conflicts=True,
    problems=_problems,
    settings=(
        Setting(
            r"^max(?:imum)?_(?P<facet>\w+)$|^(?P<f2>\w+?)_(?:max|limit)$",
            "number",
            lambda m, v: {"facet": setting_facet(m), "max": float(v)},
        ),
        Setting(
            r"^min(?:imum)?_(?P<facet>\w+)$|^(?P<f2>\w+?)_min$",
            "number",
            lambda m, v: {"facet": setting_facet(m), "min": float(v)},
        ),
    ),
    examples=(Example("Return at most 50 rows.", {"facet": "rows", "max": 50}),),
)
