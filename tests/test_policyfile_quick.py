"""`load_bundle` reads a well-formed policy file the quick way (plain JSON, then the model)
and anything else the located way: both give the same bundle, and every damaged file still
gets the located diagnostic of the located reading, whichever way was tried first."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from specgap.errors import SpecgapError
from specgap.ir import Bundle
from specgap.policyfile import QUICK_DEPTH, _located, _plain, _quick, load_bundle

ROOT = Path(__file__).resolve().parent.parent
POLICY = ROOT / "policy" / "policy.json"


def first(old: str, new: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        assert old in text
        return text.replace(old, new, 1)

    return edit


def every(old: str, new: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        assert old in text
        return text.replace(old, new)

    return edit


# (id, edit of the reference policy text, expected diagnostic code, expected line or None)
DAMAGED: list[tuple[str, Callable[[str], str], str, int | None]] = [
    ("truncated", lambda t: t[: len(t) // 2], "malformed-json", None),
    ("trailing-comma", first('"agents": [', '"agents": [,'), "malformed-json", 2),
    ("nan", first('"confidence": 1.0', '"confidence": NaN'), "invalid-number", 25),
    ("infinity", first('"confidence": 1.0', '"confidence": 1e400'), "invalid-number", 25),
    (
        "negative-infinity",
        first('"confidence": 0.9', '"confidence": -Infinity'),
        "invalid-number",
        113,
    ),
    (
        "long-integer",
        first('"confidence": 1.0', '"confidence": ' + "7" * 5000),
        "input-too-complex",
        None,
    ),
    (
        "deep",
        first('"confidence": 1.0', '"confidence": ' + "[" * 3000 + "]" * 3000),
        "input-too-complex",
        None,
    ),
    (
        "version",
        first('"schema_version": "1"', '"schema_version": "9"'),
        "unsupported-schema-version",
        None,
    ),
    (
        "operator",
        every('"operator": "deny_action"', '"operator": "deny_most"'),
        "unknown-operator",
        None,
    ),
    ("wrong-type", first('"confidence": 1.0', '"confidence": "high"'), "invalid-policy", 25),
    ("not-an-object", lambda t: "[" + t + "]", "invalid-policy", None),
]


@pytest.mark.parametrize(("name", "edit", "code", "line"), DAMAGED, ids=[c[0] for c in DAMAGED])
def test_a_damaged_policy_gets_the_located_diagnostic(
    tmp_path: Path, name: str, edit: Callable[[str], str], code: str, line: int | None
) -> None:
    text = edit(POLICY.read_text())
    path = tmp_path / "policy.json"
    path.write_text(text)
    assert _quick(text) is None  # never half-read: the located reading decides
    with pytest.raises(SpecgapError) as quick_way:
        load_bundle(path, "policy.json")
    with pytest.raises(SpecgapError) as located_way:
        _located(text, "policy.json")
    assert quick_way.value.diagnostics == located_way.value.diagnostics
    found = quick_way.value.diagnostics[0]
    assert found.code == code
    if line is not None:
        assert found.span is not None
        assert found.span.start_line == line


def test_a_well_formed_policy_reads_the_same_both_ways() -> None:
    text = POLICY.read_text()
    quick = _quick(text)
    assert isinstance(quick, Bundle)
    assert quick == _located(text, "policy.json") == load_bundle(POLICY, "policy.json")
    assert quick.to_json() == text


def _nested(depth: int) -> dict[str, object]:
    """`{"a": [[...]]}` with `depth` containers below the top object."""
    value: object = []
    for _ in range(depth - 1):
        value = [value]
    return {"a": value}


# (id, value, whether the quick reading may take it)
PLAIN: list[tuple[str, dict[str, object], bool]] = [
    ("flat", {"a": 1, "b": 2.5, "c": "x", "d": None, "e": True}, True),
    ("nan-in-list", {"a": [1.0, float("nan")]}, False),
    ("inf-in-dict", {"a": {"b": {"c": float("-inf")}}}, False),
    ("huge-int", {"a": 10**400}, True),  # finite: the model decides what it may be
    ("at-the-limit", _nested(QUICK_DEPTH), True),
    ("too-deep", _nested(QUICK_DEPTH + 1), False),
]


@pytest.mark.parametrize(("name", "value", "plain"), PLAIN, ids=[c[0] for c in PLAIN])
def test_plain_values(name: str, value: dict[str, object], plain: bool) -> None:
    assert _plain(value) is plain
