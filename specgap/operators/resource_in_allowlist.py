"""`resource_in_allowlist`: every value of an argument is in an allowlist."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any, Literal

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen, Selector
from specgap.operators.base import (
    Example,
    ListControl,
    Mutant,
    Operator,
    Prose,
    Setting,
    TraceState,
    describe_selector,
    quoted,
    setting_facet,
)
from specgap.operators.prose import TOOL_ID_WORD, quoted_values
from specgap.operators.rewrite import calls_to, outside, put_selected, replace_at, with_args
from specgap.operators.values import select


class ResourceInAllowlist(Frozen):
    operator: Literal["resource_in_allowlist"] = "resource_in_allowlist"
    selector: Selector
    allowed: tuple[str, ...]


AllowPrepared = tuple[ResourceInAllowlist, frozenset[str]]


def _prepare_allow(cond: ResourceInAllowlist) -> AllowPrepared:
    return cond, frozenset(v.casefold() for v in cond.allowed)


def _check_allow(prepared: AllowPrepared, call: ToolCall, _: TraceState) -> str | None:
    cond, allowed = prepared
    values = [_said(v) for v in select(cond.selector, call.args)]
    outside = sorted({v for v in values if v.casefold() not in allowed})
    return f"`{', '.join(outside)}` is not in the allowlist" if outside else None


def _said(value: object) -> str:
    """A value as the allowlist writes it: 100.0 passed as a number is the listed `100`."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _describe_allow(cond: ResourceInAllowlist, target: str) -> str:
    return f"{describe_selector(cond.selector)} of `{target}` must be one of {quoted(cond.allowed)}"


def _problems(cond: ResourceInAllowlist, target: str, quote: str) -> Iterator[str]:
    if not cond.allowed:
        yield f"its allowlist for `{target}` is empty, so it allows no value at all"


# -- prose ------------------------------------------------------------------------------

# ", or" tried before ",": "`a`, `b`, or `c`" is three values, never the first two
_LIST = r"(?P<list>(?:[`'\"][^`'\"\n]+[`'\"](?:\s*,?\s*(?:and|or)\s+|\s*,\s*)?)+)"


def _listed(m: re.Match[str]) -> dict[str, Any] | None:
    values = quoted_values(m["list"])
    if not values:
        return None  # only tools are quoted ("only call `x` ..."): not a list of values
    return {"facet": m["noun"], "allowed": values}


def _values(m: re.Match[str]) -> dict[str, Any]:
    return {"facet": m["noun"], "allowed": quoted_values(m["list"])}


# "the vessel type for a slip must be ...": the noun after a preposition qualifies the one
# before it, and names no argument
_QUALIFIES = re.compile(r"\b(?:for|of|on|in|at|to|with|per|by)\s+(?:(?:a|an|the|each|every)\s+)?$")


def _subject_values(m: re.Match[str]) -> dict[str, Any] | None:
    if _QUALIFIES.search(m.string[: m.start("noun")]):
        return None
    return _values(m)


_PROSE = (
    Prose(
        "only-verb-the-nouns-list",
        r"\bonly\s+(?:(?:query|use|access|read|write|upload|send|call|touch|connect|contact|allow)\s+"
        r"(?:to\s+|from\s+|in\s+)?)?(?:the\s+)?(?P<noun>[A-Za-z][\w-]*)\s+" + _LIST,
        _listed,
    ),
    Prose(
        "must-use-the-value-noun",
        r"\b(?:must|should|shall)\s+(?:always\s+)?(?:use|have|carry)\s+(?:the\s+|an?\s+)?"
        r"(?P<list>[`'\"][^`'\"\n]+[`'\"](?:\s+or\s+[`'\"][^`'\"\n]+[`'\"])*)\s+"
        r"(?P<noun>[A-Za-z][\w-]*)",
        _values,
        target=lambda m: (0, m.start()),  # the tool is named before the rule's verb
    ),
    Prose(
        # "the reason passed to `refund_x` must be one of ...", "the `tier` of `book_x` must be
        # ...": the argument of the tool named after it
        "noun-of-tool-must-be-value",
        r"(?:\bthe\s+)?`?\b(?P<noun>[A-Za-z][\w-]*)`?\s+(?:(?:(?:that|which)\s+)?(?:you\s+)?(?:passed|"
        r"given|sent|supplied|handed|pass|give|send|supply)\s+to|of|for|in)\s+`?(?P<tool>"
        + TOOL_ID_WORD
        + r")`?\s+(?:must|should|shall)\s+(?:always\s+)?be\s+(?:one\s+of\s+)?"
        + _LIST,
        _values,
        confidence=0.75,
        target="tool",
    ),
    Prose(
        "noun-must-be-value",
        r"\b(?:the\s+)?(?P<noun>[A-Za-z][\w-]*)\s+(?:must|should|shall)\s+(?:always\s+)?be\s+"
        r"(?:one\s+of\s+)?" + _LIST,
        _subject_values,
        confidence=0.75,
    ),
)


def _list_control(cond: ResourceInAllowlist, names: tuple[str, ...]) -> ListControl | str:
    if cond.selector.extract is not None:
        return f"values parsed from SQL (`{cond.selector.extract}`) have no selector path"
    # every value must be listed: it triggers unless all of them match
    return ListControl(cond.allowed, f"input.{cond.selector.arg}", "no_match", "all")


# -- mutators ---------------------------------------------------------------------------


def _leave_allowlist(
    cond: ResourceInAllowlist, target: str, events: Sequence[Event]
) -> Iterator[Mutant]:
    """Each call to the target, with the selected resource moved just outside the
    allowlist (`acme-reports` -> `acme-reports_unlisted`)."""
    for index in calls_to(events, target):
        call = events[index]
        assert isinstance(call, ToolCall)
        current = select(cond.selector, call.args)
        value = outside(current[0] if current else None, cond.allowed)
        args = put_selected(cond.selector, call.args, value)
        if args is None:
            continue
        yield Mutant(
            mutator="resource_in_allowlist/outside-allowlist",
            description=f"`{call.name}` (event {index}): "
            f"{describe_selector(cond.selector)} becomes `{value}`, outside the allowlist",
            events=replace_at(events, index, with_args(call, args)),
        )


OPERATOR = Operator(
    "resource_in_allowlist",
    ResourceInAllowlist,
    "authorization_check",
    "every value of an argument is in an allowlist",
    _check_allow,
    _describe_allow,
    prepare=_prepare_allow,
    mutators=(_leave_allowlist,),
    conflicts=True,
    spreads_over="facet",
    problems=_problems,
    prose=_PROSE,
    settings=(
        Setting(
            r"^(?:allowed|approved|permitted)_(?P<facet>\w+)$|^(?P<f2>\w+?)_allow_?list$",
            "list",
            lambda m, v: {"facet": setting_facet(m), "allowed": [str(x) for x in v]},
            when_empty="it allows nothing",
            spelled="`allowed_X`, `approved_X`, `permitted_X`, `X_allowlist`",
        ),
    ),
    list_control=_list_control,
    guarded=True,
    examples=(
        Example(
            "Only upload to the buckets `reports` and `archive`.",
            {"facet": "bucket", "allowed": ["reports", "archive"]},
        ),
    ),
)
