"""`specgap check` prints the same bytes with the fused OpenAI JSONL loop as without it:
every decision line (both output formats, every `--on-error`), every diagnostic and every
count, on the reference traces written as OpenAI JSONL, the fused loop's edge lines and
fuzzed mutants. (`tests/test_openai_stream.py` compares the events; this compares what a
user sees.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from test_adapters_fuzz import FUZZ, jsonl_bytes
from test_openai_stream import STREAM_EDGES, STREAM_LINES
from trace_formats import to_jsonl
from trace_support import ROOT, reference_bundle, registry

from specgap.check import check_traces
from specgap.evaluate.adapters import load_trace, openai_stream

BUNDLE = reference_bundle()
TRACES = sorted((ROOT / "fixtures").glob("*/traces/*/*.json"))
SETTINGS = [("jsonl", "default"), ("jsonl", "closed"), ("table", "open")]


def _check(path: Path, agent: str, fused: bool, fmt: str, on_error: Any) -> Any:
    out: list[str] = []
    found: list[str] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(openai_stream, "ENABLED", fused)
        result = check_traces(
            BUNDLE,
            agent,
            [str(path)],
            fmt,
            out.append,
            report=lambda d: found.append(d.render()),
            on_error=on_error,
        )
    counts = (result.events, result.denied, result.flagged, result.traces, result.errors)
    return out, found, counts


def _same(path: Path, agent: str) -> None:
    for fmt, on_error in SETTINGS:
        fused = _check(path, agent, True, fmt, on_error)
        assert fused == _check(path, agent, False, fmt, on_error), (fmt, on_error)


@pytest.mark.parametrize("path", TRACES, ids=[p.relative_to(ROOT).as_posix() for p in TRACES])
def test_reference_traces_check_the_same(path: Path, tmp_path: Path) -> None:
    agent = path.relative_to(ROOT / "fixtures").parts[0]
    native = load_trace(path, path.name, registry(agent))
    data = to_jsonl("openai", native.events)
    target = tmp_path / f"{path.stem}.jsonl"
    target.write_text(data + data, encoding="utf-8")  # the second copy meets a warm memo
    _same(target, agent)


@pytest.mark.parametrize("name", list(STREAM_EDGES))
def test_edges_check_the_same(name: str, tmp_path: Path) -> None:
    target = tmp_path / "edges.jsonl"
    target.write_bytes(STREAM_EDGES[name])
    _same(target, "sql")


def test_the_lines_say_something(tmp_path: Path) -> None:
    """The comparison is not of two empty outputs: a denied call and its finding show."""
    target = tmp_path / "t.jsonl"
    target.write_bytes(STREAM_EDGES["CRLF line ends"])
    out, _, counts = _check(target, "sql", True, "jsonl", "default")
    assert len(out) == counts[0] == 2
    assert '"event": "tool_call"' in out[1]


@pytest.mark.slow
@FUZZ
@given(data=jsonl_bytes(STREAM_LINES))
def test_mutants_check_the_same(data: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    target = tmp_path_factory.mktemp("fused") / "t.jsonl"
    target.write_bytes(data)
    _same(target, "sql")
