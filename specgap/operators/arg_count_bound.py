"""`arg_count_bound`: how many items (of a kind) an argument may hold.

It counts the values its selector selects, or, without a selector, the values of
arguments named like `items` (`passengers` counts the `passengers` list) and, when no
argument is so named, the identifier-like values of that kind anywhere in the arguments
(`gift card` counts `gift_card_7` and `gift_card_9`; the kind's last word is accepted too,
so `travel certificate` counts `certificate_3`). A `min` bound only applies when an
argument was found by selector or by name: counting zero of something the tool does not
take is no evidence.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import Field, model_validator

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen, Selector
from specgap.operators.base import Example, Found, Mutant, Operator, Prose, TraceState
from specgap.operators.evidence import is_idlike, kind_prefixes, leaves, matching_args, of_kind
from specgap.operators.prose import (
    CALL_NOUNS,
    COUNTS_NOTHING,
    NUMBER_WORDS,
    Said,
    negated_before,
    noun_phrase,
    number,
    split_words,
)
from specgap.operators.replay import checked, targets
from specgap.operators.values import select


class ArgCountBound(Frozen):
    """Bounds on how many items an argument holds, optionally only the items of one kind."""

    operator: Literal["arg_count_bound"] = "arg_count_bound"
    selector: Selector | None = None
    items: str | None = Field(
        default=None, description="what is counted, e.g. `gift card` (argument name or id kind)"
    )
    min: int | None = None
    max: int | None = None

    @model_validator(mode="after")
    def _is_bounded(self) -> ArgCountBound:
        if self.min is None and self.max is None:
            raise ValueError("give `min` or `max`")
        if self.selector is None and not self.items:
            raise ValueError("give `selector` or `items`")
        return self


@dataclass(frozen=True)
class _Counting:
    cond: ArgCountBound
    kinds: tuple[str, ...]  # normalised prefixes of the counted kind


def _prepare_count(cond: ArgCountBound) -> _Counting:
    return _Counting(cond, kind_prefixes(cond.items) if cond.items else ())


def _of_kind(value: Any, kinds: tuple[str, ...]) -> bool:
    return of_kind(value, kinds)


def counted(prepared: _Counting, args: dict[str, Any]) -> tuple[list[Any], bool]:
    """The counted values, and whether an argument was found by selector or by name."""
    cond = prepared.cond
    if cond.selector is not None:
        values = select(cond.selector, args)
        if prepared.kinds:
            values = [v for v in values if _of_kind(v, prepared.kinds)]
        return values, True
    named = matching_args(args, cond.items or "")
    if named:
        flat = [item for value in named for item in (value if isinstance(value, list) else [value])]
        return flat, True
    kinds = prepared.kinds
    return [v for v in leaves(args) if is_idlike(v) and _of_kind(v, kinds)], False


def _check_count(prepared: _Counting, call: ToolCall, _: TraceState) -> str | None:
    cond = prepared.cond
    values, found = counted(prepared, call.args)
    what = f"`{cond.items}` items" if cond.items else f"items in `{_arg(cond)}`"
    if cond.max is not None and len(values) > cond.max:
        return f"{len(values)} {what}, at most {cond.max} allowed"
    if cond.min is not None and found and len(values) < cond.min:
        return f"{len(values)} {what}, at least {cond.min} required"
    return None


def _arg(cond: ArgCountBound) -> str:
    return cond.selector.arg if cond.selector else (cond.items or "")


def _describe_count(cond: ArgCountBound, target: str) -> str:
    what = f"`{cond.items}` items" if cond.items else "items"
    where = f" of argument `{cond.selector.arg}`" if cond.selector else " in its arguments"
    bounds = []
    if cond.min is not None:
        bounds.append(f"at least {cond.min}")
    if cond.max is not None:
        bounds.append(f"at most {cond.max}")
    return f"`{target}` takes {' and '.join(bounds)} {what}{where}"


def _problems(cond: ArgCountBound, target: str, quote: str) -> Iterator[str]:
    if cond.min is not None and cond.max is not None and cond.min > cond.max:
        yield f"its count range [{cond.min}, {cond.max}] is empty"
    for name, value in (("minimum", cond.min), ("maximum", cond.max)):
        if value is not None and value < 0:
            yield f"its {name} count {value} is below zero"


def _lists(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], list[Any]]]:
    if isinstance(node, list):
        yield path, node
        for i, item in enumerate(node):
            yield from _lists(item, (*path, i))
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _lists(value, (*path, key))


def _set(node: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(node)
    holder = out
    for part in path[:-1]:
        holder = holder[part]
    holder[path[-1]] = value
    return out


def _resize(cond: ArgCountBound, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """A list holding counted items grows past `max`, or shrinks below `min`."""
    prepared = _prepare_count(cond)
    for at, event in enumerate(events):
        if not targets(event, target):
            continue
        assert isinstance(event, ToolCall)
        total = len(counted(prepared, event.args)[0])
        for path, items in _lists(event.args):
            if not path:
                continue
            mine = [i for i, item in enumerate(items) if _counts(prepared, event.args, path, i)]
            if not mine:
                continue
            if cond.max is not None and total <= cond.max:
                extra = [copy.deepcopy(items[mine[0]]) for _ in range(cond.max - total + 1)]
                yield _resized(event, at, events, path, [*items, *extra], "overfill")
            if cond.min is not None:
                kept = [item for i, item in enumerate(items) if i not in mine]
                yield _resized(event, at, events, path, kept, "empty")


def _counts(prepared: _Counting, args: Any, path: tuple[Any, ...], index: int) -> bool:
    """Whether removing item `index` of the list at `path` lowers the count."""
    before = len(counted(prepared, args)[0])
    holder = args
    for part in path:
        holder = holder[part]
    without = _set(args, path, holder[:index] + holder[index + 1 :])
    return len(counted(prepared, without)[0]) < before


def _resized(
    event: ToolCall,
    at: int,
    events: Sequence[Event],
    path: tuple[Any, ...],
    items: list[Any],
    how: str,
) -> Mutant:
    call = event.model_copy(update={"args": _set(event.args, path, items)})
    where = ".".join(map(str, path))
    return Mutant(
        mutator=f"arg_count_bound/{how}",
        description=f"event {at} passes {len(items)} items in `{where}`",
        events=(*events[:at], call, *events[at + 1 :]),
    )


# -- prose ------------------------------------------------------------------------------

# --- counts -----------------------------------------------------------------------------------

_COUNT_KIND = (
    r"(?P<kind>at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of|"
    r"maximum\s+of|fewer\s+than|less\s+than|at\s+least|no\s+fewer\s+than|no\s+less\s+than|"
    r"a\s+minimum\s+of)"
)
UNIT_NOUNS = frozenset(
    split_words(
        "row rows result results record records entry entries line lines character characters "
        "char chars byte bytes kb mb gb tb token tokens word words page pages second seconds "
        "sec secs minute minutes min mins hour hours day days week weeks month months year "
        "years ms percent dollar dollars euro euros usd cent cents gbp eur unit units "
        # measures of one amount, never items of a list ("no more than 500 kg")
        "kg kgs kilogram kilograms g gram grams lb lbs pound pounds ton tons tonne tonnes oz "
        "ounce ounces km kilometre kilometres kilometer kilometers mile miles metre metres "
        "meter meters l litre litres liter liters ml degree degrees night nights"
    )
)


# a span the count is over: "... in a single conversation", "... in one chat"
_IN_SPAN = re.compile(
    r"\s+(?:in|during|within)\s+(?:a|one|the\s+same|each|any|a\s+single|this)\s+(?:single\s+)?"
    r"(?:conversation|chat|session|call|turn|contact)\b",
    re.I,
)
_LIMITING = re.compile(
    r"\b(?:can|may|must|should|shall|allowed|permitted|limit(?:ed)?|only|never|cannot)\b", re.I
)


def count_phrase(s: Said, m: re.Match[str]) -> tuple[str, float, str] | None:
    """(noun phrase, number, bound kind) of a count, or None when the noun is a unit, a
    number of calls, or a per-call limit (`at most 100 rows per query`)."""
    raw = m["n"].casefold()
    n = 1.0 if raw in {"a single", "a", "an"} else number(raw)
    noun, end = noun_phrase(s.clean, m.end("n"))
    if not noun:
        return None
    words = noun.casefold().split()
    if words[0] in UNIT_NOUNS or words[-1] in CALL_NOUNS or words[0] in CALL_NOUNS:
        return None
    if words[0] in COUNTS_NOTHING:  # "amounts up to 500 only": the 500 counts nothing after it
        return None
    if re.match(r"\s+per\b", s.clean[end:], re.I) or _IN_SPAN.match(s.clean[end:]):
        return None  # "at most two bookings in one chat": how often, no items of a list
    kind = " ".join(m["kind"].casefold().split())
    if kind == "up to" and not _LIMITING.search(s.clean):
        return None  # "sells up to 50 kinds": a fact, not a limit
    return noun, n, kind


def _count(s: Said, m: re.Match[str]) -> Found | None:
    found = count_phrase(s, m)
    if found is None:
        return None
    noun, n, kind = found
    params: dict[str, Any] = {"items": noun}
    if negated_before(s.clean, m.start()):  # "never with fewer than 2": at least 2
        if kind not in {"fewer than", "less than"}:
            return None
        params["min"] = int(n)
        return Found(None, params, {}, 0.75)
    if kind in {"at least", "no fewer than", "no less than", "a minimum of"}:
        params["min"] = int(n)
    else:
        params["max"] = int(n) - 1 if kind in {"fewer than", "less than"} else int(n)
    return Found(None, params, {}, 0.75)


_PROSE = (
    Prose(
        "at-most-n-items",
        r"\b" + _COUNT_KIND + r"\s+(?P<n>\d[\d,]*|a\s+single|" + "|".join(NUMBER_WORDS) + r")\b",
        build=_count,
        every=True,
    ),
)


_COUNT = Operator(
    "arg_count_bound",
    ArgCountBound,
    "data_validation",
    "how many items (of a kind) an argument may hold",
    _check_count,
    _describe_count,
    prepare=_prepare_count,
    problems=_problems,
    prose=_PROSE,
    guarded=True,
    examples=(
        Example(
            "At most three gift cards may be used for one payment.",
            {"items": "gift cards", "max": 3},
        ),
    ),
)
OPERATOR = replace(_COUNT, mutators=(checked(_COUNT, _resize),))
