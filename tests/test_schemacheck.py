"""The schema fast path never calls an invalid call valid (checked against jsonschema)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from specgap.operators.schemacheck import fast_validator

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


def test_unhandled_shapes_fall_back() -> None:
    assert fast_validator({"properties": {"a": {"pattern": "^x"}}}) is None
    assert fast_validator({"properties": {"a": {"type": "string", "maxLength": 2}}}) is None
    assert fast_validator({"anyOf": []}) is None
