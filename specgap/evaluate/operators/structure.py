"""`schema_contract`: the call's arguments satisfy a JSON Schema fragment."""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator

from specgap.evaluate.operators.base import Operator, TraceState
from specgap.events import ToolCall
from specgap.ir import SchemaContract


def _prepare(cond: SchemaContract) -> Any:
    return Draft202012Validator(cond.schema_)


def _check(validator: Any, call: ToolCall, state: TraceState) -> str | None:
    error = next(iter(validator.iter_errors(call.args)), None)
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path)
    return f"arguments break the schema{f' at `{where}`' if where else ''}: {error.message}"


def _describe(cond: SchemaContract, target: str) -> str:
    brief = json.dumps(cond.schema_, sort_keys=True, separators=(",", ":"))
    return f"`{target}` arguments must satisfy {brief}"


OPERATORS = (
    Operator(
        "schema_contract",
        SchemaContract,
        "interface_validation",
        "the call's arguments satisfy a JSON Schema fragment",
        _check,
        _describe,
        prepare=_prepare,
    ),
)
