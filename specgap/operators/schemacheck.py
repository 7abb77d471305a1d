"""A fast path for the small schema fragments that tool schemas compile into.

Each `schema_contract` policy holds one constraint (`required`, one keyword of one
property, `additionalProperties: false`). Walking them through jsonschema costs several
microseconds per policy per call, most of it bookkeeping; the predicates here answer
"valid?" for those shapes directly. They only ever say *valid*: on any doubt the caller
asks jsonschema, which also writes the message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Predicate = Callable[[Any], bool]

_TYPES: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "integer": lambda v: (
        not isinstance(v, bool)
        and (isinstance(v, int) or (isinstance(v, float) and v.is_integer()))
    ),
}


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


def _keyword(keyword: str, bound: Any) -> Predicate | None:
    """A predicate on one property value, or None when the keyword is not handled here."""
    if keyword == "type":
        names = [bound] if isinstance(bound, str) else bound
        if not isinstance(names, list) or not all(n in _TYPES for n in names):
            return None
        tests = [_TYPES[n] for n in names]
        return lambda v: any(t(v) for t in tests)
    if keyword in {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"}:
        if not _number(bound):
            return None
        compare: dict[str, Callable[[Any], bool]] = {
            "minimum": lambda v: v >= bound,
            "maximum": lambda v: v <= bound,
            "exclusiveMinimum": lambda v: v > bound,
            "exclusiveMaximum": lambda v: v < bound,
        }
        test = compare[keyword]
        return lambda v: not _number(v) or test(v)
    if keyword in {"minLength", "maxLength", "minItems", "maxItems"}:
        if not isinstance(bound, int) or isinstance(bound, bool):
            return None
        kind = str if keyword.endswith("Length") else list
        if keyword.startswith("min"):
            return lambda v: not isinstance(v, kind) or len(v) >= bound
        return lambda v: not isinstance(v, kind) or len(v) <= bound
    if keyword == "enum" and isinstance(bound, list):
        simple = [b for b in bound if isinstance(b, str) or b is None]
        if len(simple) != len(bound):
            return None  # numbers and booleans compare subtly (1 == 1.0 != True)
        allowed = frozenset(simple)
        return lambda v: (isinstance(v, str) or v is None) and v in allowed
    return None


def fast_validator(schema: Mapping[str, Any]) -> Predicate | None:
    """A sound "is valid" test for a one-constraint fragment, or None for other shapes."""
    keys = set(schema)
    if keys == {"required"} and isinstance(schema["required"], list):
        needed = tuple(schema["required"])
        return lambda args: isinstance(args, dict) and all(k in args for k in needed)
    props = schema.get("properties")
    if not isinstance(props, dict):
        return None
    if keys == {"properties", "additionalProperties"} and schema["additionalProperties"] is False:
        known = frozenset(props)
        if any(p != {} for p in props.values()):
            return None
        return lambda args: isinstance(args, dict) and known.issuperset(args)
    if keys != {"properties"} or len(props) != 1:
        return None
    ((name, sub),) = props.items()
    if not isinstance(sub, dict) or len(sub) != 1:
        return None
    ((keyword, bound),) = sub.items()
    test = _keyword(keyword, bound)
    if test is None:
        return None
    return lambda args: not isinstance(args, dict) or name not in args or test(args[name])
