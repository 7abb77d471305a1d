"""A fast path for the small schema fragments that tool schemas compile into.

Each `schema_contract` policy holds one constraint (`required`, one keyword of one
property, `additionalProperties: false`). Walking them through jsonschema costs several
microseconds per policy per call, most of it bookkeeping; the predicates here answer
"valid?" for those shapes directly. They only ever say *valid*: on any doubt the caller
asks jsonschema, which also writes the message.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
        if len(tests) == 1:
            return tests[0]
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


# keywords that only annotate a schema: they never make an instance invalid
_ANNOTATIONS = frozenset(
    {
        "title",
        "description",
        "default",
        "examples",
        "$comment",
        "deprecated",
        "readOnly",
        "writeOnly",
    }
)


def _property(sub: Any) -> Predicate | bool | None:
    """A predicate on one property's value (all its keywords), True for a sub-schema that
    accepts every value (`{}`, or annotations only), or None for a shape not handled here."""
    if not isinstance(sub, dict):
        return None
    tests: list[Predicate] = []
    for keyword, bound in sub.items():
        if keyword in _ANNOTATIONS:
            continue
        test = _keyword(keyword, bound)
        if test is None:
            return None
        tests.append(test)
    if not tests:
        return True
    if len(tests) == 1:
        return tests[0]
    every = tuple(tests)
    return lambda v: all(t(v) for t in every)


_Parts = tuple[tuple[str, ...], frozenset[str] | None, tuple[tuple[str, Predicate], ...]]
"""(required names, the names allowed when `additionalProperties` is false, else None,
(property, test) pairs): a fragment as `_conjunction` tests it."""


def _parts(schema: Mapping[str, Any]) -> _Parts | None:
    """A fragment of `required`, `properties` (each property's keywords those `_keyword`
    reads, or annotations) and `additionalProperties: false` as its parts; None for any
    other shape."""
    keys = set(schema)
    if not keys or not keys <= {"required", "properties", "additionalProperties"}:
        return None
    props = schema.get("properties", {})
    if not isinstance(props, dict):
        return None
    required = schema.get("required", [])
    if not isinstance(required, list) or not all(isinstance(k, str) for k in required):
        return None
    closed = "additionalProperties" in keys
    if closed and schema["additionalProperties"] is not False:
        return None
    checks: list[tuple[str, Predicate]] = []
    for name, sub in props.items():
        test = _property(sub)
        if test is None:
            return None
        if test is not True:
            checks.append((name, test))  # type: ignore[arg-type]  # not True: a predicate
    return tuple(required), frozenset(props) if closed else None, tuple(checks)


def _conjunction(needed: tuple[str, ...], known: frozenset[str] | None, pairs: Any) -> Predicate:
    """The test of an object against parts (`_Parts`); "not valid" for anything else, which
    leaves the answer to jsonschema (these keywords ignore a non-object)."""
    if not needed and not pairs and known is not None:  # `additionalProperties` alone
        return lambda args: isinstance(args, dict) and known.issuperset(args)

    def valid(args: Any) -> bool:
        if not isinstance(args, dict):
            return False
        if known is not None and not known.issuperset(args):
            return False
        for key in needed:
            if key not in args:
                return False
        for name, test in pairs:
            if name in args and not test(args[name]):
                break
        else:
            return True
        return False

    return valid


def fast_validator(schema: Mapping[str, Any]) -> Predicate | None:
    """A sound "is valid" test for a fragment `_parts` reads, or None for other shapes. One
    constraint (what a tool schema compiles into) is one test; several are tested together,
    as one merged validator."""
    if set(schema) == {"required"} and isinstance(schema["required"], list):
        needed = tuple(schema["required"])
        return lambda args: isinstance(args, dict) and all(k in args for k in needed)
    parts = _parts(schema)
    if parts is None:
        return None
    needed, known, pairs = parts
    if set(schema) == {"properties"} and len(pairs) == 1:  # one keyword of one property
        ((name, test),) = pairs
        return lambda args: not isinstance(args, dict) or name not in args or test(args[name])
    return _conjunction(needed, known, pairs)


def merged_validator(schemas: Sequence[Mapping[str, Any]]) -> Predicate | None:
    """One "is valid" test for several fragments together (a tool's `schema_contract`
    policies): true for an object only when every fragment's `fast_validator` is; None
    when a fragment is of a shape `_parts` does not read."""
    needed: dict[str, None] = {}
    known: frozenset[str] | None = None
    pairs: list[tuple[str, Predicate]] = []
    for schema in schemas:
        parts = _parts(schema)
        if parts is None:
            return None
        required, closed, checks = parts
        needed.update(dict.fromkeys(required))
        if closed is not None:  # within each closed set: within their intersection
            known = closed if known is None else known & closed
        pairs.extend(checks)
    return _conjunction(tuple(needed), known, tuple(pairs))
