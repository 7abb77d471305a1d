"""`deny_action` and `resource_in_allowlist`: what a tool may be called with at all."""

from __future__ import annotations

from specgap.evaluate.operators.base import Operator, TraceState, describe_selector, quoted
from specgap.evaluate.values import select
from specgap.events import ToolCall
from specgap.ir import DenyAction, ResourceInAllowlist

Prepared = tuple[DenyAction, frozenset[str]]


def _prepare_deny(cond: DenyAction) -> Prepared:
    return cond, frozenset(v.casefold() for v in cond.values)


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


OPERATORS = (
    Operator(
        "deny_action",
        DenyAction,
        "authorization_check",
        "the tool, or the listed values of one argument, are forbidden",
        _check_deny,
        _describe_deny,
        prepare=_prepare_deny,
    ),
    Operator(
        "resource_in_allowlist",
        ResourceInAllowlist,
        "authorization_check",
        "every value of an argument is in an allowlist",
        _check_allow,
        _describe_allow,
        prepare=_prepare_allow,
    ),
)
