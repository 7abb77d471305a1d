"""The schema fast path never calls an invalid call valid (checked against jsonschema)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from specgap.operators.schemacheck import fast_validator, merged_validator

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.floats(-5, 5, allow_nan=False),
    st.sampled_from(["", "a", "ab", "abc", "private", "public-read"]),
)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3), max_leaves=5)
NAMES = ["a", "b", "c"]
args = st.dictionaries(st.sampled_from(NAMES), values, max_size=3)

keyword = st.one_of(
    st.tuples(
        st.just("type"),
        st.sampled_from(["string", "number", "integer", "boolean", "array", "null", "object"]),
    ),
    st.tuples(st.just("type"), st.just(["string", "null"])),
    st.tuples(
        st.sampled_from(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]),
        st.integers(-3, 3),
    ),
    st.tuples(
        st.sampled_from(["minLength", "maxLength", "minItems", "maxItems"]), st.integers(0, 3)
    ),
    st.tuples(st.just("enum"), st.lists(st.sampled_from(["a", "private", None]), min_size=1)),
    st.tuples(st.just("enum"), st.just([1, True])),
)
fragments = st.one_of(
    st.lists(st.sampled_from(NAMES), min_size=1, unique=True).map(lambda r: {"required": r}),
    st.tuples(st.sampled_from(NAMES), keyword).map(
        lambda t: {"properties": {t[0]: {t[1][0]: t[1][1]}}}
    ),
    st.lists(st.sampled_from(NAMES), unique=True).map(
        lambda ps: {"properties": {p: {} for p in ps}, "additionalProperties": False}
    ),
)


@settings(max_examples=600, deadline=None)
@given(fragment=fragments, call=args)
def test_fast_path_agrees_with_jsonschema(fragment: dict[str, Any], call: dict[str, Any]) -> None:
    fast = fast_validator(fragment)
    valid = Draft202012Validator(fragment).is_valid(call)
    if fast is not None:
        assert fast(call) == valid


annotation = st.sampled_from(
    [("description", "a value"), ("title", "A"), ("default", 3), ("examples", ["x"])]
)
# a property's sub-schema: up to three keywords, annotations among them
sub_schema = st.lists(st.one_of(keyword, annotation), max_size=3).map(dict)
merged = st.builds(
    lambda props, required, closed: {
        **({"properties": props} if props is not None else {}),
        **({"required": required} if required is not None else {}),
        **({"additionalProperties": False} if closed else {}),
    },
    st.none() | st.dictionaries(st.sampled_from(NAMES), sub_schema, max_size=3),
    st.none() | st.lists(st.sampled_from(NAMES), unique=True),
    st.booleans(),
)


def _merged_agrees(fragment: dict[str, Any], call: Any) -> None:
    """A fragment of several constraints (a hand-written tool schema) is one predicate;
    on an object it answers exactly as jsonschema, on anything else never "valid" unless
    jsonschema says so."""
    fast = fast_validator(fragment)
    valid = Draft202012Validator(fragment).is_valid(call)
    if fast is not None:
        if isinstance(call, dict):
            assert fast(call) == valid
        elif fast(call):
            assert valid


def _one_validator(schemas: list[dict[str, Any]], call: Any) -> None:
    """A tool's schema policies tested together (the plan's one merged predicate): valid
    exactly when jsonschema finds every fragment valid; None when one is of a shape the
    fast path does not read."""
    together = merged_validator(schemas)
    if any(fast_validator(s) is None for s in schemas):
        assert together is None
        return
    assert together is not None
    assert together(call) == all(Draft202012Validator(s).is_valid(call) for s in schemas)


# each property twice: a few hundred examples in the fast suite, thousands under `slow`
# (`make check`, CI); derandomized, the two draw different examples
_MERGED = {"fragment": merged, "call": args | scalars}
_TOGETHER = {"schemas": st.lists(fragments | merged, min_size=1, max_size=4), "call": args}
test_merged_fragments_agree_with_jsonschema = settings(max_examples=300, deadline=None)(
    given(**_MERGED)(_merged_agrees)
)
test_merged_fragments_agree_with_jsonschema_deep = pytest.mark.slow(
    settings(max_examples=3000, deadline=None)(given(**_MERGED)(_merged_agrees))
)
test_one_validator_for_a_tools_fragments = settings(max_examples=300, deadline=None)(
    given(**_TOGETHER)(_one_validator)
)
test_one_validator_for_a_tools_fragments_deep = pytest.mark.slow(
    settings(max_examples=3000, deadline=None)(given(**_TOGETHER)(_one_validator))
)


def test_merged_closed_sets_meet() -> None:
    """Two fragments with `additionalProperties: false` allow only the names both list."""
    together = merged_validator(
        [
            {"properties": {"pier": {}, "ferry": {}}, "additionalProperties": False},
            {
                "properties": {"ferry": {}, "tide": {"type": "number"}},
                "additionalProperties": False,
            },
            {"required": ["ferry"]},
        ]
    )
    assert together is not None
    assert together({"ferry": "f1"})
    assert not together({"ferry": "f1", "pier": 3})
    assert not together({"ferry": "f1", "tide": 2})
    assert not together({"pier": 3})
    assert merged_validator([{"required": ["a"]}, {"properties": {"a": {"format": "x"}}}]) is None


# (fragment, arguments, valid): each fragment is answered by the fast path
MERGED_CASES: list[tuple[dict[str, Any], dict[str, Any], bool]] = [
    ({"properties": {"berth": {"type": "integer"}}, "required": ["ferry"]}, {"ferry": "x"}, True),
    ({"properties": {"berth": {"type": "integer"}}, "required": ["ferry"]}, {"berth": 2}, False),
    (
        {"properties": {"berth": {"type": "integer"}}, "required": ["ferry"]},
        {"ferry": "x", "berth": "2"},
        False,
    ),
    (
        {"properties": {"kiln": {"type": "string", "maxLength": 4, "description": "id"}}},
        {"kiln": "k123"},
        True,
    ),
    (
        {"properties": {"kiln": {"type": "string", "maxLength": 4, "description": "id"}}},
        {"kiln": "k12345"},
        False,
    ),
    ({"properties": {"kiln": {"type": "string", "maxLength": 4}}}, {"kiln": 12345}, False),
    (
        {"properties": {"seed": {}, "tray": {"minimum": 1}}, "additionalProperties": False},
        {"seed": [1], "tray": 3},
        True,
    ),
    (
        {"properties": {"seed": {}, "tray": {"minimum": 1}}, "additionalProperties": False},
        {"seed": 1, "shelf": 3},
        False,
    ),
    (
        {"properties": {"seed": {}, "tray": {"minimum": 1}}, "additionalProperties": False},
        {"tray": 0},
        False,
    ),
    (
        {"properties": {"glider": {"enum": ["k8", None]}}, "required": ["glider", "pilot"]},
        {"glider": None, "pilot": "ann"},
        True,
    ),
    (
        {"properties": {"glider": {"enum": ["k8", None]}}, "required": ["glider", "pilot"]},
        {"glider": "k9", "pilot": "ann"},
        False,
    ),
    ({"properties": {"wx": {"type": "number", "title": "wind"}}}, {"wx": True}, False),
]


@pytest.mark.parametrize(("fragment", "call", "valid"), MERGED_CASES)
def test_merged_fragments(fragment: dict[str, Any], call: dict[str, Any], valid: bool) -> None:
    fast = fast_validator(fragment)
    assert fast is not None
    assert fast(call) is valid
    assert Draft202012Validator(fragment).is_valid(call) is valid


def test_unhandled_shapes_fall_back() -> None:
    assert fast_validator({"properties": {"a": {"pattern": "^x"}}}) is None
    assert fast_validator({"properties": {"a": {"type": "string", "pattern": "^x"}}}) is None
    assert fast_validator({"properties": {"a": {"type": "string"}}, "anyOf": []}) is None
    assert fast_validator({"properties": {"a": {}}, "additionalProperties": {}}) is None
    assert fast_validator({"required": ["a"], "properties": {"a": {"enum": [1, True]}}}) is None
    assert fast_validator({"properties": {"a": {"properties": {"b": {}}}}}) is None
    assert fast_validator({"anyOf": []}) is None
    assert fast_validator({}) is None
