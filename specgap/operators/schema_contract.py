"""`schema_contract`: the call's arguments satisfy a JSON Schema fragment."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any, Literal

from pydantic import Field

from specgap.events import Event, ToolCall
from specgap.irbase import Frozen
from specgap.operators.base import Mutant, Operator, TraceState
from specgap.operators.rewrite import calls_to, just_over, just_under, replace_at, with_args
from specgap.operators.schemacheck import Predicate, fast_validator


class SchemaContract(Frozen):
    operator: Literal["schema_contract"] = "schema_contract"
    schema_: dict[str, Any] = Field(alias="schema")


def _validator(schema: dict[str, Any]) -> Any:
    # imported on first use: jsonschema takes ~0.1 s to import, and the fast predicates
    # answer the usual calls of a run without it
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema)


class _Validator:
    """`Draft202012Validator(schema)`, made when first asked for errors."""

    __slots__ = ("_made", "schema")

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        self._made: Any = None

    def iter_errors(self, instance: Any) -> Iterator[Any]:
        if self._made is None:
            self._made = _validator(self.schema)
        return iter(self._made.iter_errors(instance))


def _prepare(cond: SchemaContract) -> tuple[Any, Predicate | None]:
    return _Validator(cond.schema_), fast_validator(cond.schema_)


def _check(prepared: tuple[Any, Predicate | None], call: ToolCall, _: TraceState) -> str | None:
    validator, fast = prepared
    if fast is not None and fast(call.args):
        return None
    error = next(iter(validator.iter_errors(call.args)), None)
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path)
    return f"arguments break the schema{f' at `{where}`' if where else ''}: {error.message}"


def _describe(cond: SchemaContract, target: str) -> str:
    brief = json.dumps(cond.schema_, sort_keys=True, separators=(",", ":"))
    return f"`{target}` arguments must satisfy {brief}"


# -- mutators ---------------------------------------------------------------------------

_WRONG_TYPE: dict[str, Any] = {
    "string": 12345,
    "number": "12345",
    "integer": 1.5,
    "boolean": "true",
    "object": "{}",
    "array": "[]",
    "null": 0,
}
_ANY_VALUES: tuple[Any, ...] = ("specgap-mutant", -1, None, [], {})
UNEXPECTED_ARG = "specgap_unexpected"


def _break_schema(cond: SchemaContract, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """Each call to the target, with arguments that break one keyword of the fragment:
    a required argument dropped, an unexpected one added, or a property set to a value of
    the wrong type, outside its enum, range, length or pattern."""
    validator = _validator(cond.schema_)
    for index in calls_to(events, target):
        call = events[index]
        assert isinstance(call, ToolCall)
        for what, args in _schema_breaks(cond.schema_, call.args):
            if validator.is_valid(args):
                continue  # another keyword of the fragment allows it after all
            yield Mutant(
                mutator="schema_contract/break-schema",
                description=f"`{call.name}` (event {index}): {what}",
                events=replace_at(events, index, with_args(call, args)),
            )


def _schema_breaks(schema: dict[str, Any], args: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    required = schema.get("required")
    if isinstance(required, list):
        for key in required:
            if key in args:
                rest = {k: v for k, v in args.items() if k != key}
                yield f"drop required argument `{key}`", rest
    props = schema.get("properties")
    props = props if isinstance(props, dict) else {}
    if schema.get("additionalProperties") is False and UNEXPECTED_ARG not in props:
        yield f"add unexpected argument `{UNEXPECTED_ARG}`", {**args, UNEXPECTED_ARG: "x"}
    for name, sub in props.items():
        if not isinstance(sub, dict):
            continue
        for what, value in _bad_values(sub, args.get(name)):
            shown = json.dumps(value, ensure_ascii=False)
            yield f"set `{name}` to {shown} ({what})", {**args, name: value}


def _bad_values(sub: dict[str, Any], current: Any) -> Iterator[tuple[str, Any]]:
    """One value per keyword of a property schema that the keyword rejects."""
    kind = sub.get("type")
    if isinstance(kind, str) and kind in _WRONG_TYPE:
        yield f"not of type {kind}", _WRONG_TYPE[kind]
    elif isinstance(kind, list):
        for value in _ANY_VALUES:
            if _json_type(value) not in kind:
                yield f"not of type {' or '.join(map(str, kind))}", value
                break
    for key in ("enum", "const"):
        if key in sub:
            allowed = sub[key] if key == "enum" else [sub[key]]
            if isinstance(allowed, list):
                stem = str(allowed[0]) if allowed else "value"
                value = next(v for v in (f"{stem}-mutant", *_ANY_VALUES) if v not in allowed)
                yield f"outside the {key}", value
    if isinstance(sub.get("minLength"), int) and sub["minLength"] > 0:
        yield "too short", "x" * (sub["minLength"] - 1)
    if isinstance(sub.get("maxLength"), int):
        yield "too long", "x" * (sub["maxLength"] + 1)
    for key, make in (
        ("minimum", just_under),
        ("maximum", just_over),
        ("exclusiveMinimum", lambda b: b),
        ("exclusiveMaximum", lambda b: b),
    ):
        bound = sub.get(key)
        if isinstance(bound, int | float) and not isinstance(bound, bool):
            yield f"beyond `{key}` {bound}", make(bound)
    pattern = sub.get("pattern")
    if isinstance(pattern, str):
        value = _not_matching(pattern, current)
        if value is not None:
            yield "not matching the pattern", value


def _not_matching(pattern: str, current: Any) -> str | None:
    try:
        compiled = re.compile(pattern)
    except re.error:
        return None
    seeds = [str(current)[::-1]] if isinstance(current, str) else []
    for value in ("", "specgap-mutant", "!", *seeds):
        if not compiled.search(value):
            return value
    return None


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, list):
        return "array"
    return "object" if isinstance(value, dict) else "string"


OPERATOR = Operator(
    "schema_contract",
    SchemaContract,
    "interface_validation",
    "the call's arguments satisfy a JSON Schema fragment",
    _check,
    _describe,
    prepare=_prepare,
    mutators=(_break_schema,),
)
