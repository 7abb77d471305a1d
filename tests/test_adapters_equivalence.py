"""The reference agents' traces, re-expressed in every format (whole documents and JSONL),
give the decisions the native traces give."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from trace_formats import CHAT_FORMATS, WRITERS, to_jsonl
from trace_support import ROOT, reference_bundle, registry, replay

from specgap.evaluate.adapters import load_trace, parse_traces
from specgap.evaluate.engine import Decision

TRACES = sorted((ROOT / "fixtures").glob("*/traces/*/*.json"))


def _agent(path: Path) -> str:
    return path.relative_to(ROOT / "fixtures").parts[0]


def _call(decision: Decision) -> tuple[Any, ...]:
    hits = tuple((h.policy, h.reason, h.effect) for h in decision.hits)
    return (decision.tool, decision.name, decision.verdict, decision.action, hits)


def _all(decision: Decision) -> tuple[Any, ...]:
    return (decision.index, *_call(decision))


@pytest.mark.parametrize("path", TRACES, ids=[p.relative_to(ROOT).as_posix() for p in TRACES])
@pytest.mark.parametrize("shape", ["document", "jsonl"])
@pytest.mark.parametrize("fmt", list(WRITERS))
def test_every_format_gives_the_native_decisions(path: Path, fmt: str, shape: str) -> None:
    agent = _agent(path)
    bundle = reference_bundle()
    native = load_trace(path, path.name, registry(agent))
    expected = replay(bundle, agent, native.events)
    if shape == "document":
        text = json.dumps(WRITERS[fmt](native.events), indent=1)
        name = f"{path.stem}.json"
    else:
        text = to_jsonl(fmt, native.events)
        name = f"{path.stem}.jsonl"
    traces = parse_traces(text, name, registry(agent))
    assert len(traces) == 1
    got = replay(bundle, agent, traces[0].events)
    calls = [_call(d) for d in expected if d.name is not None]
    assert [_call(d) for d in got if d.name is not None] == calls
    if fmt in CHAT_FORMATS:  # messages survive too, so whole decision lists match
        assert [_all(d) for d in got] == [_all(d) for d in expected]
    if "unsafe" in path.parts:
        assert any(d.blocked for d in got)
    else:
        assert not any(d.blocked for d in got)
