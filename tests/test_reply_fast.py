"""`decode_result`'s one-step path for the usual tool reply (an ASCII JSON object or list
with nothing around it, read by orjson) gives exactly what its general steps
(`read_result`) give, value for value and type for type, or raises what they raise: on a
table of replies at each edge of the one-step path, on every string of the trace samples
(the adapter fuzz corpus) and of the fused loop's edge lines, and on generated replies."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_openai_stream import STREAM_LINES
from trace_support import DATA

from specgap.evaluate.adapters.base import decode_result, read_result

DEEP = "[" * 3000 + "]" * 3000

# replies at each edge of the one-step path; each either takes it or goes the general way
EDGES: dict[str, Any] = {
    "an object": '{"rows": [[1]]}',
    "a list": '[{"id": 7, "name": "lamp"}, {"id": 8, "name": "desk"}]',
    "empty object": "{}",
    "empty list": "[]",
    "space before": ' {"ok": true}',
    "space after": '{"ok": true} ',
    "line break after": '{"ok": true}\n',
    "tab inside": '{\t"ok":\ttrue}',
    "not ASCII": '{"city": "K\u00f6ln"}',
    "escaped not ASCII": '{"city": "K\\u00f6ln"}',
    "escaped lone surrogate": '{"s": "\\ud800"}',
    "eighteen digits, short": "[123456789012345678]",
    "nineteen digits": "[1234567890123456789]",
    "twenty digits": '{"n": 12345678901234567890}',
    "digits spread": '{"a": 123456789, "b": 123456789, "c": 12}',
    "a float": '{"price": 0.1, "tax": 1e-7, "big": 1.7976931348623157e308}',
    "a float too large": '{"x": 1e400}',
    "NaN": '{"x": NaN}',
    "Infinity": "[Infinity]",
    "negative zero": "[-0, -0.0]",
    "booleans and null": "[true, false, null]",
    "two values": '{"a": 1}{"b": 2}',
    "two lists": "[1] [2]",
    "broken": '{"a": ',
    "mismatched": "[1}",
    "closed only": '"a"}',
    "a string": '"plain"',
    "a number": "42",
    "true": "true",
    "text": "rows: 1",
    "text in brackets": "[not json]",
    "empty": "",
    "blank": "   ",
    "repeated keys": '{"a": 1, "a": 2}',
    "nested deeply": DEEP,
    "nested deeply, in an object": '{"a": ' + DEEP + "}",
    "not a string: None": None,
    "not a string: a number": 3,
    "not a string: an object": {"rows": [[1]]},
    "text parts": [{"type": "text", "text": '{"rows": [[1]]}'}],
    "text parts, not JSON": [{"type": "text", "text": "fine"}],
}


def _outcome(read: Any, value: Any) -> tuple[str, str]:
    """What reading `value` gives, types included (`repr` tells 1, 1.0 and True apart)."""
    try:
        return "value", repr(read(value))
    except RecursionError:
        return "raised", "RecursionError"
    except ValueError as exc:
        return "raised", type(exc).__name__


def _same(value: Any) -> None:
    assert _outcome(decode_result, value) == _outcome(read_result, value)


@pytest.mark.parametrize("name", list(EDGES))
def test_reply_edges_read_the_same(name: str) -> None:
    _same(EDGES[name])


def test_the_usual_reply_takes_the_one_step_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparisons above compare two paths: the usual reply never reaches the general
    steps, a reply the one-step path declines always does."""
    import specgap.evaluate.adapters.base as base

    general: list[Any] = []

    def counted(value: Any) -> Any:
        general.append(value)
        return read_result(value)

    monkeypatch.setattr(base, "read_result", counted)
    assert decode_result('{"rows": [[1]]}') == {"rows": [[1]]}
    assert general == []
    for declined in (' {"a": 1}', '{"x": NaN}', '{"n": 12345678901234567890}', "[1}"):
        decode_result(declined)
    assert len(general) == 4


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _sample_values(path: Path) -> Iterator[Any]:
    text = path.read_text(encoding="utf-8")
    try:
        yield json.loads(text)
    except ValueError:  # JSONL
        for line in text.splitlines():
            if line.strip():
                yield json.loads(line)


def test_every_string_of_the_samples_reads_the_same() -> None:
    """Every string of the trace samples and of the fused loop's edge lines, as a reply
    (tool replies among them), and every tool reply's content as it is."""
    values: list[Any] = [*STREAM_LINES]
    for path in sorted(DATA.rglob("*.json*")):
        values.extend(_sample_values(path))
    checked = 0
    for value in values:
        for text in _strings(value):
            _same(text)
            checked += 1
        if isinstance(value, dict) and value.get("role") == "tool":
            _same(value.get("content"))
    assert checked > 1000  # the corpus was found and read


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**25), max_value=10**25)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    value=_JSON,
    ascii_only=st.booleans(),
    around=st.sampled_from(["", " ", "\n", "x"]),
    cut=st.integers(min_value=0, max_value=3),
)
def test_generated_replies_read_the_same(
    value: Any, ascii_only: bool, around: str, cut: int
) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only)
    _same(text)
    _same(text + around)
    _same(text[: len(text) - cut])


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet='{}[]",:.eE-+0123456789 truefalsnNaI\\u', max_size=40))
def test_generated_fragments_read_the_same(text: str) -> None:
    _same(text)
