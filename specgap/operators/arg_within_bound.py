"""`arg_within_bound`: a numeric argument stays within bounds."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from typing import Any, Literal

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen, Selector
from specgap.operators.base import (
    Example,
    Found,
    Mutant,
    Operator,
    Prose,
    Setting,
    TraceState,
    describe_selector,
    num,
    setting_facet,
)
from specgap.operators.prose import (
    CALL_NOUNS,
    NUMBER,
    TIME_UNITS,
    Said,
    is_action_noun,
    lemma,
    negated_before,
    noun_phrase,
    number,
    singular,
    ticked_tools,
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


# -- prose ------------------------------------------------------------------------------


def _maximum_is(s: Said, m: re.Match[str]) -> Found | None:
    words = m["noun"].split()
    if not words:
        return None
    unit = m["unit"] or ""
    facet = unit if unit and unit.casefold() not in {"per", "and", "or"} else words[-1]
    ticked = ticked_tools(s.clean)
    head = singular(words[-1])
    targets = tuple(ticked[:1]) or ((f"{lemma(m['verb'])} {head}",) if m["verb"] else ())
    params = {"facet": facet, "max": number(m["n"])}
    return Found(None, params, {}, 0.75, targets=targets)


# a clause that says what is usual ("a normal load is up to 18 credits", "typical stays run
# 2 nights"): its number describes the common case, and the sentence goes on to exceptions
_TYPICAL = re.compile(
    r"(?:^|[;:,.]\s*)(?:a|an|the|our)\s+(?:normal|usual|typical|ordinary|average)\s+"
    r"(?:[a-z]+\s+){1,2}(?:is|are|runs?|lasts?|takes?)\s+(?:(?:up\s+to|at\s+most|about|around|"
    r"under|no\s+more\s+than)\s+)?" + NUMBER,
    re.I,
)


def usual_numbers(clean: str) -> set[float]:
    """The numbers a sentence gives as what is usual, which bound nothing."""
    return {number(m["n"]) for m in _TYPICAL.finditer(clean)}


def _bound(s: Said, m: re.Match[str]) -> Found | None:
    noun = m["noun"]
    if noun.casefold() in {"and", "or", "but", "nor"}:
        return None  # "at least 2 and at most 12 (guests)": a range, the grammar's to read
    if noun.casefold() in TIME_UNITS and re.search(r"time\s*out|timeout", s.clean, re.I):
        return None
    phrase, _ = noun_phrase(s.clean, m.start("noun"))
    if len(phrase.split()) > 1 or noun.casefold() in CALL_NOUNS or is_action_noun(noun):
        return None  # items of a kind (`arg_count_bound`) or calls (`max_calls`)
    if number(m["n"]) in usual_numbers(s.clean):
        return None  # "a normal load is up to 18 credits": what is usual, no limit
    n = number(m["n"])
    kind = " ".join(m["kind"].casefold().split())
    params: dict[str, Any] = {"facet": noun}
    if negated_before(s.clean, m.start()):
        # "never launch servers with fewer than 2 cores": the least allowed, not the most;
        # any other bound under a negation is read by no one here (never its opposite)
        if kind not in {"fewer than", "less than"}:
            return None
        params["min"] = n
        return Found(None, params, {}, 0.8)
    if kind in {"at least", "no fewer than", "a minimum of"}:
        params["min"] = n
    else:
        from specgap.operators.measures import measure

        strict = kind in {"fewer than", "less than"} and n.is_integer() and not measure(noun)
        params["max"] = n - 1 if strict else n  # "less than 2 hours": no next value
    return Found(None, params, {}, 0.8)


_PROSE = (
    Prose(
        "the-maximum-is",
        r"\bthe\s+maximum\s+(?P<noun>(?:[a-z]+\s+){0,4}?)(?:(?:that|which)\s+(?:can|may)\s+be\s+"
        r"(?P<verb>[a-z]+)\s+)?(?:per\s+[a-z]+\s+)?is\s+" + NUMBER + r"\s*(?P<unit>[A-Za-z]+)?\b",
        build=_maximum_is,
    ),
    Prose(
        "at-most-n-things",
        r"\b(?P<kind>at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of|maximum\s+of|"
        r"fewer\s+than|less\s+than|at\s+least|no\s+fewer\s+than|a\s+minimum\s+of)\s+"
        + NUMBER
        + r"\s+(?P<noun>[A-Za-z][\w-]*)",
        build=_bound,
    ),
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
    spreads_over="facet",
    settings=(
        Setting(
            r"^max(?:imum)?_(?P<facet>\w+)$|^(?P<f2>\w+?)_(?:max|limit)$",
            "number",
            lambda m, v: {"facet": setting_facet(m), "max": float(v)},
            spelled="`max_X`, `maximum_X`, `X_max`, `X_limit`",
        ),
        Setting(
            r"^min(?:imum)?_(?P<facet>\w+)$|^(?P<f2>\w+?)_min$",
            "number",
            lambda m, v: {"facet": setting_facet(m), "min": float(v)},
            spelled="`min_X`, `minimum_X`, `X_min`",
        ),
    ),
    prose=_PROSE,
    guarded=True,
    examples=(Example("Return at most 50 rows.", {"facet": "rows", "max": 50}),),
)
