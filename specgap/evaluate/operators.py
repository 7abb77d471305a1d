"""The operator table: every operator's declaration, its check, and how it reads.

A check is `(prepared condition, call, state) -> reason | None`. `state` summarises the
trace so far (tools called, tainted values), so no check rescans history. Shared behaviour
(which policies apply, span attachment, error wrapping) lives in the engine, never here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from specgap.evaluate.values import as_number, select, string_leaves
from specgap.events import ToolCall
from specgap.ir import (
    Action,
    ArgWithinBound,
    Category,
    DenyAction,
    FlowDenied,
    Frozen,
    RequireBefore,
    ResourceInAllowlist,
    ReviewRequired,
    SchemaContract,
    Selector,
    TimeoutLeq,
)
from specgap.registry import Registry

MIN_TAINT_LENGTH = 4  # shorter strings ("ok", "1") would taint everything


class TraceState:
    """What a check may know about the events before the current one."""

    __slots__ = ("called", "sources", "taint")

    def __init__(self, sources: dict[str, frozenset[str]] | None = None) -> None:
        self.called: set[str] = set()
        self.taint: dict[str, set[str]] = {}
        self.sources = sources or {}

    def observe(self, call: ToolCall) -> None:
        if call.tool is not None:
            self.called.add(call.tool)
        labels = set(call.labels_out)
        if call.tool is not None:
            labels |= self.sources.get(call.tool, frozenset())
        for label in labels:
            values = self.taint.setdefault(label, set())
            values.update(s for s in string_leaves(call.result) if len(s) >= MIN_TAINT_LENGTH)


Check = Callable[[Any, ToolCall, TraceState], str | None]


@dataclass(frozen=True)
class Operator:
    name: str
    condition: type[Frozen]
    category: Category
    doc: str
    check: Check
    describe: Callable[[Any, str], str]
    prepare: Callable[[Any], Any] = lambda condition: condition
    action: Action = "deny"
    tool_params: tuple[str, ...] = field(default=())
    # fills parameters the registry knows (e.g. which tools are sources of a label)
    complete: Callable[[dict[str, Any], Registry], dict[str, Any]] = lambda params, _: params


# --- checks -----------------------------------------------------------------------------------


def _prepare_schema(cond: SchemaContract) -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(cond.schema_)


def _check_schema(validator: Any, call: ToolCall, state: TraceState) -> str | None:
    error = next(iter(validator.iter_errors(call.args)), None)
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path)
    return f"arguments break the schema{f' at `{where}`' if where else ''}: {error.message}"


def _prepare_deny(cond: DenyAction) -> tuple[DenyAction, frozenset[str]]:
    return cond, frozenset(v.casefold() for v in cond.values)


def _check_deny(
    prepared: tuple[DenyAction, frozenset[str]], call: ToolCall, _: TraceState
) -> str | None:
    cond, denied = prepared
    if cond.selector is None:
        return f"`{call.name}` may not be called"
    hits = sorted({str(v) for v in select(cond.selector, call.args) if str(v).casefold() in denied})
    return f"`{cond.selector.arg}` uses denied {', '.join(hits)}" if hits else None


def _check_before(cond: RequireBefore, call: ToolCall, state: TraceState) -> str | None:
    return None if cond.before in state.called else f"`{cond.before}` was not called first"


def _prepare_allow(cond: ResourceInAllowlist) -> tuple[ResourceInAllowlist, frozenset[str]]:
    return cond, frozenset(v.casefold() for v in cond.allowed)


def _check_allow(
    prepared: tuple[ResourceInAllowlist, frozenset[str]], call: ToolCall, _: TraceState
) -> str | None:
    cond, allowed = prepared
    outside = sorted(
        {str(v) for v in select(cond.selector, call.args) if str(v).casefold() not in allowed}
    )
    return f"`{', '.join(outside)}` is not in the allowlist" if outside else None


def _check_bound(cond: ArgWithinBound, call: ToolCall, _: TraceState) -> str | None:
    for value in select(cond.selector, call.args):
        number = as_number(value)
        if number is None:
            continue
        if cond.max is not None and number > cond.max:
            return f"{_num(number)} exceeds the maximum {_num(cond.max)}"
        if cond.min is not None and number < cond.min:
            return f"{_num(number)} is below the minimum {_num(cond.min)}"
    return None


def _check_flow(cond: FlowDenied, call: ToolCall, state: TraceState) -> str | None:
    if cond.label in call.labels_in:
        return f"input labelled `{cond.label}` reaches `{call.name}`"
    tainted = state.taint.get(cond.label)
    if not tainted:
        return None
    for text in string_leaves(call.args):
        for value in tainted:
            if value in text:
                return f"a value labelled `{cond.label}` reaches `{call.name}`"
    return None


def _check_timeout(cond: TimeoutLeq, call: ToolCall, _: TraceState) -> str | None:
    if cond.selector is not None:
        for value in select(cond.selector, call.args):
            number = as_number(value)
            if number is not None and number > cond.max_seconds:
                return f"timeout {_num(number)} s exceeds {_num(cond.max_seconds)} s"
    if call.duration_ms is not None and call.duration_ms > cond.max_seconds * 1000:
        return f"took {_num(call.duration_ms / 1000)} s, over {_num(cond.max_seconds)} s"
    return None


def _check_review(cond: ReviewRequired, call: ToolCall, _: TraceState) -> str | None:
    if cond.approval_label in call.labels_in:
        return None
    return f"needs review (no `{cond.approval_label}` label on the call)"


_EXTRACT_NAMES = {"sql_tables": "tables", "sql_limit": "row limit", "sql_verb": "statements"}


def _sel(selector: Selector) -> str:
    if selector.extract is None:
        return f"argument `{selector.arg}`"
    return f"{_EXTRACT_NAMES[selector.extract]} in `{selector.arg}`"


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _values(values: tuple[str, ...]) -> str:
    return ", ".join(f"`{v}`" for v in values)


OPERATORS: dict[str, Operator] = {
    op.name: op
    for op in (
        Operator(
            "schema_contract",
            SchemaContract,
            "interface_validation",
            "the call's arguments satisfy a JSON Schema fragment",
            _check_schema,
            lambda c, t: f"`{t}` arguments must satisfy {_schema_brief(c.schema_)}",
            prepare=_prepare_schema,
        ),
        Operator(
            "deny_action",
            DenyAction,
            "authorization_check",
            "the tool, or the listed values of one argument, are forbidden",
            _check_deny,
            lambda c, t: (
                f"{_sel(c.selector)} of `{t}` must not be {_values(c.values)}"
                if c.selector
                else f"`{t}` must not be called"
            ),
            prepare=_prepare_deny,
        ),
        Operator(
            "require_before",
            RequireBefore,
            "workflow_ordering_validation",
            "another tool must have been called earlier in the trace",
            _check_before,
            lambda c, t: f"call `{c.before}` before `{t}`",
            action="steer",
            tool_params=("before",),
        ),
        Operator(
            "resource_in_allowlist",
            ResourceInAllowlist,
            "authorization_check",
            "every value of an argument is in an allowlist",
            _check_allow,
            lambda c, t: f"{_sel(c.selector)} of `{t}` must be one of {_values(c.allowed)}",
            prepare=_prepare_allow,
        ),
        Operator(
            "arg_within_bound",
            ArgWithinBound,
            "data_validation",
            "a numeric argument stays within bounds",
            _check_bound,
            lambda c, t: f"{_sel(c.selector)} of `{t}` must be within {_bounds(c)}",
        ),
        Operator(
            "flow_denied",
            FlowDenied,
            "data_validation",
            "data labelled as given (or returned by a labelled source) must not reach the tool",
            _check_flow,
            lambda c, t: f"data labelled `{c.label}` must not reach `{t}`",
            complete=lambda p, registry: {**p, "sources": registry.sources_of(str(p.get("label")))},
        ),
        Operator(
            "timeout_leq",
            TimeoutLeq,
            "runtime_validation",
            "the call's timeout argument and its duration stay under a bound",
            _check_timeout,
            lambda c, t: f"`{t}` must time out within {_num(c.max_seconds)} s",
        ),
        Operator(
            "review_required",
            ReviewRequired,
            "business_logic_validation",
            "the call needs a human review, marked by an approval label",
            _check_review,
            lambda c, t: f"`{t}` calls need human review",
            action="warn",
        ),
    )
}


def _bounds(cond: ArgWithinBound) -> str:
    low = "-inf" if cond.min is None else _num(cond.min)
    high = "inf" if cond.max is None else _num(cond.max)
    return f"[{low}, {high}]"


def _schema_brief(schema: dict[str, Any]) -> str:
    import json

    return json.dumps(schema, sort_keys=True, separators=(",", ":"))
