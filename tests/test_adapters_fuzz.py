"""Broken traces never crash an adapter: each sample in tests/data/traces/ is mutated (subtrees
replaced by JSON of other types or by parts of other samples, keys deleted, values wrapped in
lists; JSONL lines broken, blanked, truncated or made undecodable) and read through every entry
point, with sniffing and with the sample's own format forced (and one other format). Reading
either succeeds or raises `SpecgapError`, every diagnostic located; nothing else escapes.

Examples are derandomized, so CI sees the same inputs on every run."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trace_support import DATA, registry

from specgap.errors import SpecgapError
from specgap.evaluate.adapters import (
    FORMATS,
    TRACE_FORMATS,
    load_traces,
    parse_trace,
    parse_traces,
    read_paths,
)
from specgap.ir import Diagnostic
from specgap.registry import Registry

DISPLAY = "t.json"
DOCUMENT_EXAMPLES = 300  # per format
JSONL_EXAMPLES = 150  # per format
FUZZ = settings(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
AGENTS = {
    "openai/sql_session.json": "sql",
    "mcp/sql_session.jsonl": "sql",
    "otel/sql_export.json": "sql",
    "langchain/sql_state.json": "sql",
}


def _lines(path: Path) -> list[Any]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _subtrees(value: Any) -> Iterator[Any]:
    yield value
    children = value.values() if isinstance(value, dict) else value
    if isinstance(value, dict | list):
        for child in children:
            yield from _subtrees(child)


def _keys(value: Any) -> Iterator[str]:
    for tree in _subtrees(value):
        if isinstance(tree, dict):
            yield from tree


SAMPLES = sorted(str(p.relative_to(DATA)) for p in DATA.glob("*/*.json*"))
PARSED = {
    name: _lines(DATA / name) if name.endswith(".jsonl") else json.loads((DATA / name).read_text())
    for name in SAMPLES
}
POOL = [tree for value in PARSED.values() for tree in _subtrees(value)]
KEYS = sorted({key for value in PARSED.values() for key in _keys(value)})
WORDS = sorted(
    {*KEYS, *(t for t in POOL if isinstance(t, str) and len(t) < 40)}
    | {"", "\ud800", "NaN", "1", "2.0", "-", "0001-01-01T00:00:00", "9999-12-31T23:59:59+14:00"}
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**64), 2**64),
    st.sampled_from([0, 1, -1, 10**30, -(10**30), 1.5, -0.0, 1e300, -1e300]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(WORDS),
    st.text(max_size=4),
)
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=2), inner, max_size=4),
    ),
    max_leaves=8,
)
replacement = st.one_of(
    junk,
    st.sampled_from(POOL),  # a realistic value, in the wrong place
    st.sampled_from(POOL).map(lambda v: [v]),
    st.sampled_from(["type", "role", "content", "id"]).flatmap(
        lambda key: junk.map(lambda v: {key: v})
    ),
    st.sampled_from([[], {}, "", [[]], [{}], [None], {"": None}]),
).map(lambda v: json.loads(json.dumps(v)))  # a copy: edits never reach the samples


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for n, child in enumerate(value):
            yield from _paths(child, (*prefix, n))


@st.composite
def mutated(draw: st.DrawFn, value: Any) -> Any:
    """`value` with one to four random edits."""
    value = json.loads(json.dumps(value))
    for _ in range(draw(st.integers(1, 4))):
        paths = list(_paths(value))
        path = paths[draw(st.integers(0, len(paths) - 1))]
        op = draw(st.sampled_from(["replace", "delete", "wrap", "add"]))
        if not path:
            value = [value] if op == "wrap" else draw(replacement) if op == "replace" else value
            continue
        parent = value
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        if op == "replace":
            parent[last] = draw(replacement)
        elif op == "delete":
            del parent[last]
        elif op == "wrap":
            parent[last] = [parent[last]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(KEYS))] = draw(replacement)
        else:
            parent.insert(last, draw(replacement))
    return value


BROKEN_LINES = [
    b"",
    b"   ",
    b"{",
    b"[1,",
    b'{"role": "user", "content": ',
    b"nul",
    b'"unterminated',
    b"\xff\xfe{}",
    b'{"a": "\xc3"}',
    b"[" * 5000 + b"]" * 5000,
    b"1" * 5000,
    b"NaN",
    b'{"x": Infinity}',
    b"\xef\xbb\xbf{}",
]


@st.composite
def jsonl_bytes(draw: st.DrawFn, lines: list[Any]) -> bytes:
    """JSONL of mutated lines with broken ones mixed in."""
    out: list[bytes] = []
    values = draw(mutated(lines))
    for line in values if isinstance(values, list) else [values]:
        text = json.dumps(line).encode()
        if draw(st.integers(0, 9)) == 0:
            text = text[: draw(st.integers(0, len(text)))]  # cut short
        out.append(text)
    for _ in range(draw(st.integers(0, 3))):
        out.insert(draw(st.integers(0, len(out))), draw(st.sampled_from(BROKEN_LINES)))
    if len(out) < 2:
        out.append(b"{}")
    return draw(st.sampled_from([b"\n", b"\r\n"])).join(out)


def _agent(sample: str) -> Registry:
    return registry(AGENTS.get(sample, "cloud"))


def _located(diagnostics: Any) -> None:
    """Every diagnostic says where: a span in the input, or at least its path."""
    for d in diagnostics:
        assert isinstance(d, Diagnostic)
        assert d.span is not None or d.path, f"unlocated diagnostic: {d.render()}"
        if d.span is not None:
            assert d.span.path.endswith(DISPLAY) or d.span.path.endswith(".jsonl"), d.render()


def _read(read: Callable[[], object]) -> None:
    """`read()` succeeds or raises `SpecgapError` with located diagnostics; nothing else."""
    try:
        read()
    except SpecgapError as exc:
        found = exc.diagnostics
    else:
        return
    assert found, "a SpecgapError without diagnostics"
    _located(found)


def _parse(text: str, fmt: str, agent: Registry) -> None:
    _read(lambda: parse_trace(text, DISPLAY, agent, fmt=fmt))
    _read(lambda: parse_traces(text, DISPLAY, agent, fmt=fmt))


def _load(path: Path, fmt: str, agent: Registry) -> None:
    _read(lambda: load_traces(path, path.name, agent, fmt=fmt))
    reported: list[Diagnostic] = []
    for _ in read_paths([str(path)], agent, fmt=fmt, report=reported.append):
        pass
    _located(reported)


def _formats(sample: str) -> st.SearchStrategy[list[str]]:
    own = sample.split("/")[0]
    return st.sampled_from(TRACE_FORMATS).map(lambda other: sorted({"auto", own, other}))


def _by_format(fmt: str) -> list[str]:
    return [s for s in SAMPLES if s.startswith(f"{fmt}/")]


@pytest.mark.slow
@pytest.mark.parametrize("fmt", list(FORMATS))
@settings(FUZZ, max_examples=DOCUMENT_EXAMPLES)
@given(data=st.data())
def test_broken_document_gets_diagnostics_not_a_crash(fmt: str, data: st.DataObject) -> None:
    sample = data.draw(st.sampled_from(_by_format(fmt)), label="sample")
    value = data.draw(mutated(PARSED[sample]), label="mutated")
    text = json.dumps(value, indent=data.draw(st.sampled_from([None, 1])))
    for forced in data.draw(_formats(sample), label="formats"):
        _parse(text, forced, _agent(sample))


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def _jsonl_lines(sample: str) -> list[Any]:
    """The values a JSONL variant of a sample is made of: its lines, or a document's items."""
    value = PARSED[sample]
    if sample.endswith(".jsonl") or isinstance(value, list):
        return list(value)
    found = next((v for v in value.values() if isinstance(v, list) and v), None)
    return [value, *found] if found else [value, value]


@pytest.mark.slow
@pytest.mark.parametrize("fmt", list(FORMATS))
@settings(FUZZ, max_examples=JSONL_EXAMPLES)
@given(data=st.data())
def test_broken_jsonl_gets_diagnostics_not_a_crash(
    fmt: str, scratch: Path, data: st.DataObject
) -> None:
    sample = data.draw(st.sampled_from(_by_format(fmt)), label="sample")
    raw = data.draw(jsonl_bytes(_jsonl_lines(sample)), label="jsonl")
    named = scratch / "t.jsonl"  # read as JSONL whatever its first line
    unnamed = scratch / DISPLAY  # JSONL only when its first line is a whole value
    named.write_bytes(raw)
    unnamed.write_bytes(raw)
    for forced in data.draw(_formats(sample), label="formats"):
        _load(named, forced, _agent(sample))
        _load(unnamed, forced, _agent(sample))


def test_a_blank_line_after_the_first_jsonl_line_is_skipped() -> None:
    """Found by the fuzzer: peeking past a blank second line looped forever."""
    text = '{"role": "user", "content": "a"}\n\n{"role": "user", "content": "b"}\n'
    trace = parse_trace(text, DISPLAY, fmt="openai")
    assert [e.origin for e in trace.events] == ["t.json:1", "t.json:3"]


@pytest.mark.parametrize(
    ("fmt", "text", "code", "where"),
    [
        ("auto", '[{"type": ["x"]}]', "invalid-event", "t.json:1:2"),
        ("responses", '[{"type": ["x"]}]', "invalid-event", "t.json:1:2"),
        ("responses", '[{"role": "user", "content": [{"type": {}, "text": "a"}]}, 1]',
         "invalid-event", "t.json:1:60"),
        ("auto", '{"resourceSpans": [[]]}', "invalid-event", "t.json:1:20"),
        ("otel", '{"resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": "a"}, '
         '{"traceId": ["b"]}]}]}]}', "invalid-event", "t.json:1:77"),
        ("otel", '{"resourceSpans": [{"scopeSpans": [{"spans": [{"startTimeUnixNano": 1e300, '
         '"attributes": [{"key": "gen_ai.operation.name", "value": {"stringValue": '
         '"execute_tool"}}, {"key": "gen_ai.tool.name", "value": {"stringValue": "t"}}]}]}]}]}',
         "invalid-event", "t.json:1:69"),
        ("auto", "{}\n" + "[" * 5000 + "]" * 5000, "input-too-complex", "t.json:2:1"),
        ("auto", "{}\n" + "1" * 5000, "input-too-complex", "t.json:2:1"),
        ("mcp", "{}\n" + "[" * 980 + "]" * 980, "input-too-complex", "t.json:2:1"),
    ],
)  # fmt: skip
def test_crashes_the_fuzzer_found_are_located_diagnostics(
    fmt: str, text: str, code: str, where: str
) -> None:
    with pytest.raises(SpecgapError) as caught:
        parse_traces(text, DISPLAY, fmt=fmt)
    found = [(d.code, d.span.location() if d.span else d.path) for d in caught.value.diagnostics]
    assert (code, where) in found, found
