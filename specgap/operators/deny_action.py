"""`deny_action`: the tool, or the listed values of one argument, are forbidden."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Literal

from specgap.events import Event, Message, ToolCall
from specgap.irbase import Frozen, Selector
from specgap.operators.base import Example, Mutant, Operator, TraceState, describe_selector, quoted
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
        from specgap.operators.sqlfacets import denied_verbs  # imports sqlglot: only for SQL

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
    examples=(
        Example("Never call `files.purge`."),
        Example(
            "Never run `db.query` with the `DROP` or `TRUNCATE` statements.",
            {"values": ["DROP", "TRUNCATE"]},
        ),
    ),
)
