"""`deny_action` and `resource_in_allowlist`: what a tool may be called with at all."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from specgap.events import Event, Message, ToolCall
from specgap.ir import DenyAction, ResourceInAllowlist
from specgap.operators.base import (
    Mutant,
    Operator,
    TraceState,
    describe_selector,
    quoted,
)
from specgap.operators.rewrite import (
    MUTANT_ORIGIN,
    calls_to,
    insert_at,
    outside,
    put_selected,
    replace_at,
    with_args,
)
from specgap.operators.values import select

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


AllowPrepared = tuple[ResourceInAllowlist, frozenset[str]]


def _prepare_allow(cond: ResourceInAllowlist) -> AllowPrepared:
    return cond, frozenset(v.casefold() for v in cond.allowed)


def _check_allow(prepared: AllowPrepared, call: ToolCall, _: TraceState) -> str | None:
    cond, allowed = prepared
    values = select(cond.selector, call.args)
    outside = sorted({str(v) for v in values if str(v).casefold() not in allowed})
    return f"`{', '.join(outside)}` is not in the allowlist" if outside else None


def _describe_allow(cond: ResourceInAllowlist, target: str) -> str:
    return f"{describe_selector(cond.selector)} of `{target}` must be one of {quoted(cond.allowed)}"


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


OPERATORS = (
    Operator(
        "deny_action",
        DenyAction,
        "authorization_check",
        "the tool, or the listed values of one argument, are forbidden",
        _check_deny,
        _describe_deny,
        prepare=_prepare_deny,
        mutators=(_swap_in_denied,),
    ),
    Operator(
        "resource_in_allowlist",
        ResourceInAllowlist,
        "authorization_check",
        "every value of an argument is in an allowlist",
        _check_allow,
        _describe_allow,
        prepare=_prepare_allow,
        mutators=(_leave_allowlist,),
    ),
)
