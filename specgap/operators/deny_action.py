"""`deny_action`: the tool, or the listed values of one argument, are forbidden."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal

from specgap.events import Event, Message, ToolCall
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
from specgap.operators.prose import STOP, TICKED, is_toolish, quoted_values
from specgap.operators.rewrite import (
    MUTANT_ORIGIN,
    calls_to,
    insert_at,
    put_selected,
    replace_at,
    with_args,
)
from specgap.operators.values import select


class DenyAction(Frozen):
    operator: Literal["deny_action"] = "deny_action"
    selector: Selector | None = None
    values: tuple[str, ...] = ()


Prepared = tuple[DenyAction, frozenset[str]]


def _prepare_deny(cond: DenyAction) -> Prepared:
    values: Iterable[str] = cond.values
    if cond.selector is not None and cond.selector.extract == "sql_verb":
        from specgap.operators.sqlquick import denied_verbs  # SQL only: imported on use

        values = denied_verbs(cond.values)
    return cond, frozenset(v.casefold() for v in values)


def _check_deny(prepared: Prepared, call: ToolCall, _: TraceState) -> str | None:
    cond, denied = prepared
    if cond.selector is None:
        return f"`{call.name}` may not be called"
    values = select(cond.selector, call.args)
    hits = sorted({str(v) for v in values if str(v).casefold() in denied})
    return f"`{cond.selector.arg}` uses denied {', '.join(hits)}" if hits else None


def _describe_deny(cond: DenyAction, target: str) -> str:
    if cond.selector is None:
        return f"`{target}` must not be called"
    return f"{describe_selector(cond.selector)} of `{target}` must not be {quoted(cond.values)}"


# -- prose ------------------------------------------------------------------------------

_VIA = re.compile(r"\b(?:with|through|via|using|in|on)\s+(?P<tool>.+)$", re.I)


def _banned(m: re.Match[str]) -> tuple[dict[str, Any], tuple[int, int] | None] | None:
    """What "never ..." forbids (values of an argument, or a ticked tool) and where the
    constrained tool is named."""
    obj = m["object"]
    # "... must not exceed the fee, and must come from `get_fee`": the ban ends where a
    # clause with its own modal begins; a tool named there is not what is banned
    clause = _OWN_MODAL.search(obj)
    end = m.start("object") + (clause.start() if clause else len(obj))
    obj = obj[: clause.start()] if clause else obj
    if re.search(r"\b(?:before|until|unless|after)\b", obj, re.I):
        return None  # an ordering in disguise: the ordering patterns own it
    listed = re.search(r"\((?P<inner>[^)]*)\)", obj)
    values = quoted_values(obj) or (
        re.findall(r"\b[A-Z][A-Z_]{2,}\b", listed["inner"]) if listed else []
    )
    if values:
        head = obj[: listed.start()] if listed else obj
        nouns = re.findall(r"[A-Za-z][\w-]*", head)
        via = _VIA.search(obj)
        target = (m.start("object") + via.start("tool"), m.end("object")) if via else None
        return {"facet": nouns[-1] if nouns else "", "values": values}, target
    if any(is_toolish(t) for t in TICKED.findall(obj)):
        return {}, (m.start("object"), end)
    return None


_OWN_MODAL = re.compile(
    r"(?:,\s*|\s+)(?:and|but|or)\s+(?:it\s+|they\s+|you\s+)?(?:must|should|shall|may|can|"
    r"cannot|will|needs?\s+to|has\s+to|have\s+to)\b",
    re.I,
)


_NEVER = Prose(
    "never-verb-object",
    r"\b(?:never|do\s+not|don't|must\s+not|must\s+never|should\s+not|should\s+never|may\s+not|"
    r"cannot|can't)\s+(?:(?:run|execute|issue|call|use|perform|invoke|make|submit|send)\s+)?"
    rf"(?P<object>.+?){STOP}",
    lambda m: found[0] if (found := _banned(m)) else None,
    confidence=0.85,
    target=lambda m: found[1] if (found := _banned(m)) else None,
)


def _list_control(cond: DenyAction, names: tuple[str, ...]) -> ListControl | str:
    if cond.selector is None:
        return ListControl(names, "name")
    if cond.selector.extract is not None:
        return f"values parsed from SQL (`{cond.selector.extract}`) have no selector path"
    return ListControl(cond.values, f"input.{cond.selector.arg}")


# -- mutators ---------------------------------------------------------------------------


def _swap_in_denied(cond: DenyAction, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """A forbidden tool gets called (after the first user message, where an agent would
    act); a forbidden value gets swapped into each call, one denied value at a time."""
    if cond.selector is None:
        at = next((i + 1 for i, e in enumerate(events) if isinstance(e, Message)), 0)
        denied = ToolCall(name=target, tool=target, origin=MUTANT_ORIGIN)
        yield Mutant(
            mutator="deny_action/call-denied-tool",
            description=f"call the forbidden `{target}`",
            events=insert_at(events, at, denied),
        )
        return
    for index in calls_to(events, target):
        call = events[index]
        assert isinstance(call, ToolCall)
        for value in cond.values:
            args = put_selected(cond.selector, call.args, value)
            if args is None or args == call.args:
                continue
            yield Mutant(
                mutator="deny_action/swap-in-denied",
                description=f"`{call.name}` (event {index}): "
                f"{describe_selector(cond.selector)} becomes denied `{value}`",
                events=replace_at(events, index, with_args(call, args)),
            )


OPERATOR = Operator(
    "deny_action",
    DenyAction,
    "authorization_check",
    "the tool, or the listed values of one argument, are forbidden",
    _check_deny,
    _describe_deny,
    prepare=_prepare_deny,
    mutators=(_swap_in_denied,),
    standalone=lambda c: c.selector is None,
    spreads_over="facet",  # values of an argument banned wherever it is passed (target `*`)
    prose=(_NEVER,),
    settings=(
        Setting(
            r"^(?:denied|blocked|forbidden)_(?P<facet>\w+)$|^(?P<f2>\w+?)_deny_?list$",
            "list",
            lambda m, v: {"facet": setting_facet(m), "values": [str(x) for x in v]},
            spelled="`denied_X`, `blocked_X`, `forbidden_X`, `X_denylist`",
        ),
        Setting(r"^(?:enabled|allowed)$", "false", lambda m, v: {}, spelled="`enabled`, `allowed`"),
        Setting(r"^deny$", "true", lambda m, v: {}, spelled="`deny`"),
    ),
    list_control=_list_control,
    guarded=True,
    examples=(
        Example("Never call `files.purge`."),
        Example(
            "Never run `db.query` with the `DROP` or `TRUNCATE` statements.",
            {"values": ["DROP", "TRUNCATE"]},
        ),
    ),
)
