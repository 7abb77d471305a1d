"""`quick_json` (orjson) reads exactly what `json` reads, or leaves the text to `json`.

Each text below is read both ways: where `quick_json` answers, the value must equal
`json.loads`'s, with the same types all the way down (an integer stays an integer, key
order and the last of repeated keys kept); where it declines, the JSONL reader and the
result decoder fall back to `json`, which reads or rejects it as before. Tool arguments,
remembered by text, come back as a fresh dict per call.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from specgap.evaluate.adapters.base import MISS, decode_args, decode_result, quick_json
from specgap.evaluate.adapters.reader import _decode

TEXTS = [
    '{"role": "user", "content": "hi"}',
    '{"a": 1, "b": 2, "a": 3}',
    '{"n": 123456789012345678, "m": -9223372036854775808}',
    '{"n": 1234567890123456789012345}',
    '{"n": 18446744073709551616}',
    "[1e400]",
    "[1e-400]",
    '{"x": NaN}',
    '{"x": Infinity}',
    '"\\ud800"',
    '"caf\\u00e9 \\n tab\\t"',
    '{"ünï": "cödé ✓"}',
    "[0.1, 2.5e-3, 123.456e7, 0.30000000000000004, 4.9e-324, 1.7976931348623157e308]",
    "[-0, -0.0, 0, 1.0, 1E5]",
    "[1,]",
    '{"a": 1,}',
    "01",
    '"a\x01b"',
    "[" * 2000 + "]" * 2000,
    "true",
    "null",
    '  {"spaced": [ 1 , 2 ] }  ',
]


def _typed(value: Any) -> Any:
    """The value with the type of every leaf spelled out (1 == 1.0 == True must not meet)."""
    if isinstance(value, dict):
        return ("dict", [(k, _typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("list", [_typed(v) for v in value])
    return (type(value).__name__, repr(value))


@pytest.mark.parametrize("text", TEXTS)
def test_quick_json_reads_as_json_or_declines(text: str) -> None:
    quick = quick_json(text)
    try:
        expected: Any = json.loads(text)
    except (ValueError, RecursionError):
        assert quick is MISS, text
        return
    if quick is not MISS:
        assert _typed(quick) == _typed(expected), text


@pytest.mark.parametrize("text", TEXTS)
def test_a_jsonl_line_decodes_as_before(text: str) -> None:
    from specgap.evaluate.adapters import reader

    def plain(line: str) -> Any:
        try:
            return ("value", _typed(reader.whole_json(reader._DECODER, line)))
        except (ValueError, RecursionError) as exc:
            return ("error", type(exc).__name__)

    try:
        got: Any = ("value", _typed(_decode(text)))
    except (ValueError, RecursionError) as exc:
        got = ("error", type(exc).__name__)
    assert got == plain(text)


@pytest.mark.parametrize("text", TEXTS)
def test_a_tool_result_decodes_as_before(text: str) -> None:
    from specgap.evaluate.adapters import base

    def outcome(read: Any) -> Any:
        try:
            return ("value", _typed(read()))
        except RecursionError:  # too deep for json: raised as before
            return ("error", "RecursionError")

    def before() -> Any:
        try:
            return base.whole_json(base._PLAIN, text.strip())
        except ValueError:
            return text

    assert outcome(lambda: decode_result(text)) == outcome(before)


@pytest.mark.parametrize(
    ("arguments", "args", "repeated"),
    [
        ('{"query": "SELECT 1", "limit": 5}', {"query": "SELECT 1", "limit": 5}, False),
        ('{"a": 1, "a": 2}', {"a": 2}, True),
        ('{"nested": {"deep": [1]}}', {"nested": {"deep": [1]}}, False),
    ],
)  # fmt: skip
def test_remembered_arguments_are_a_fresh_dict_each_time(
    arguments: str, args: dict[str, Any], repeated: bool
) -> None:
    first = decode_args(arguments)
    second = decode_args(arguments)
    assert first == second == (args, None, repeated)
    assert first[0] is not second[0]
    first[0]["extra"] = True  # a caller changing its dict changes nobody else's
    assert decode_args(arguments)[0] == args
