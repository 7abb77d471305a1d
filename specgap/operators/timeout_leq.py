"""`timeout_leq`: the call's timeout argument and its duration stay under a bound."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Literal

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen, Selector
from specgap.operators.base import Example, Mutant, Operator, Prose, Setting, TraceState, num
from specgap.operators.prose import (
    NUMBER,
    SPELT,
    SPELT_NUMBERS,
    TIME_UNITS,
    TOOL_ID_WORD,
    number,
)
from specgap.operators.rewrite import calls_to, just_over, put_selected, replace_at, with_args
from specgap.operators.values import as_number, select


class TimeoutLeq(Frozen):
    operator: Literal["timeout_leq"] = "timeout_leq"
    selector: Selector | None = None  # none: the call's own duration is timed (`unknown_facet`)
    max_seconds: float


def _check_timeout(cond: TimeoutLeq, call: ToolCall, _: TraceState) -> str | None:
    if cond.selector is not None:
        for value in select(cond.selector, call.args):
            number = as_number(value)
            if number is not None and number > cond.max_seconds:
                return f"timeout {num(number)} s exceeds {num(cond.max_seconds)} s"
    if call.duration_ms is not None and call.duration_ms > cond.max_seconds * 1000:
        return f"took {num(call.duration_ms / 1000)} s, over {num(cond.max_seconds)} s"
    return None


def _problems(cond: TimeoutLeq, target: str, quote: str) -> Iterator[str]:
    if cond.max_seconds < 0:
        yield f"its timeout {cond.max_seconds:g} s is below zero"


# -- prose ------------------------------------------------------------------------------

_UNITS = "|".join(sorted(TIME_UNITS, key=len, reverse=True))
_WITHIN = Prose(
    "time-out-within",
    r"\b(?:time\s*out|timeouts?)\s+(?:(?:must|should)\s+(?:be\s+)?)?(?:within|after|of|at\s+most|"
    r"under|below|no\s+more\s+than)\s+(?:at\s+most\s+)?"
    + NUMBER
    + r"\s*(?P<unit>"
    + _UNITS
    + r")\b",
    lambda m: {
        "facet": "timeout",
        "max_seconds": number(m["n"]) * TIME_UNITS[m["unit"].casefold()],
    },
    confidence=0.85,
)


def _named_tool(m: re.Match[str]) -> tuple[int, int] | None:
    """The one tool id the sentence names besides the timeout argument, else None (the
    sentence's subject)."""
    found = [
        t.span()
        for t in re.finditer(TOOL_ID_WORD, m.string)
        if t.group() != m["arg"] and not t.group().startswith("timeout")
    ]
    return found[0] if len(found) == 1 else None


# "`t` waits 20 seconds at most (timeout_seconds)", "give `t` no longer than 45 seconds to
# respond (timeout_seconds)", "limit `t` to a 20-second wait (timeout_seconds)", "`t` waits 30
# seconds and no longer (timeout_seconds)": a limited time, and the timeout argument named in
# brackets
_LIMITED = re.compile(r"\b(?:limit|cap|restrict)\b", re.I)
# "... and no longer", "..., and not a second more": the limit said after the time
_NO_MORE = re.compile(
    r"\b(?:no\s+(?:longer|more)|not\s+(?:an?\s+[a-z]+\s+)?(?:longer|more))\b(?!\s+than)", re.I
)
# a time in digits or spelt out ("twenty seconds"), beside `NUMBER`'s words and digits
_SECONDS = NUMBER[:-1] + "|" + SPELT + ")"


def _seconds(m: re.Match[str]) -> float:
    n = m["n"].casefold()
    return float(SPELT_NUMBERS[n]) if n in SPELT_NUMBERS else number(m["n"])


_NAMED_ARG = Prose(
    "time-limited-named-argument",
    r"(?:(?P<lim>at\s+most|no\s+(?:longer|more)\s+than|not\s+(?:longer|more)\s+than|up\s+to|"
    r"within|under)\s+|(?P<to>to\s+(?:an?\s+)?))?"
    + _SECONDS
    + r"\s*-?\s*(?P<unit>"
    + _UNITS
    + r")\b(?P<post>\s+(?:at\s+(?:the\s+)?most|max(?:imum)?|tops))?(?P<gap>[^()]{0,40}?)\(\s*`?"
    r"(?P<arg>[A-Za-z_]*time_?out[A-Za-z_]*)`?\s*\)(?P<tail>[^.;()]{0,40})",
    lambda m: (
        {"facet": m["arg"], "max_seconds": _seconds(m) * TIME_UNITS[m["unit"].casefold()]}
        if m["lim"]
        or m["post"]
        or (m["to"] and _LIMITED.search(m.string, 0, m.start()))
        or _NO_MORE.search(m["gap"])
        or _NO_MORE.search(m["tail"])
        else None
    ),
    confidence=0.85,
    target=_named_tool,
)


def _scale(m: re.Match[str]) -> float:
    return 0.001 if (m["unit"] or "s").startswith(("ms", "milli")) else 1.0


# -- mutators ---------------------------------------------------------------------------


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


OPERATOR = Operator(
    "timeout_leq",
    TimeoutLeq,
    "runtime_validation",
    "the call's timeout argument and its duration stay under a bound",
    _check_timeout,
    lambda c, t: f"`{t}` must time out within {num(c.max_seconds)} s",
    mutators=(_raise_timeout, _slow_call),
    conflicts=True,
    unknown_facet="drop",
    problems=_problems,
    prose=(_WITHIN, _NAMED_ARG),
    settings=(
        Setting(
            r"^timeout(?:_(?P<unit>s|sec|secs|seconds|ms|millis|milliseconds))?$",
            "number",
            lambda m, v: {"facet": "timeout", "max_seconds": float(v) * _scale(m)},
            spelled="`timeout`, `timeout_<unit>` (`s`, `sec`, `secs`, `seconds`, `ms`, `millis`, "
            "`milliseconds`)",
        ),
    ),
    examples=(Example("The export must time out within 30 seconds.", {"max_seconds": 30}),),
)
