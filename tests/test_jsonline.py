"""`specgap check --format jsonl` lines are what `json.dumps(..., sort_keys=True,
ensure_ascii=False)` writes for the decision's data, byte for byte: on every decision of
the reference traces and adapter samples, and on strings that need escaping."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from trace_support import DATA, ROOT, reference_bundle

from specgap.check import decision_data
from specgap.evaluate.adapters import read_paths
from specgap.evaluate.engine import Decision, Hit
from specgap.guard import Guard
from specgap.jsonline import decision_line


def _plain(trace: str, decision: Decision) -> str:
    return json.dumps(decision_data(trace, decision), sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize("agent", ["sql", "cloud"])
def test_every_reference_decision_prints_as_json_dumps_would(agent: str) -> None:
    guard = Guard(reference_bundle(), agent, on_error="closed")
    paths = [str(p) for p in sorted((ROOT / "fixtures").glob(f"{agent}/traces/*/*.json"))]
    paths += [str(p) for p in sorted(DATA.glob("*/*")) if p.is_file()]
    compared = 0
    for key, event in read_paths(paths, guard.registry):
        if event is None:
            continue
        decision = guard.check(event, trace=key, executed=True)
        for _ in range(2):  # the second time the hits' text comes from memory
            assert decision_line(key, decision) == _plain(key, decision)
        compared += 1
    assert compared > 50


AWKWARD = ["", 'a "quoted" \\ path', "tab\tnew\nline\r\x00\x1f", "é ü 漢字", "😀 \ud7ff", "\u2028"]


@pytest.mark.parametrize("text", AWKWARD)
def test_strings_that_need_escaping_print_as_json_dumps_would(text: str) -> None:
    hit = Hit(
        policy=text,
        action="deny",
        enforcement="enforce",
        category=text,
        reason=text,
        source=text,
        undetermined=True,
        effect="deny",
        message=text,
        error=True,
    )
    for name in (text, None):
        decision = Decision(
            index=3,
            origin=text,
            tool=name,
            name=name,
            verdict="deny",
            hits=(hit, hit),
            action="deny",
            call_id=name,
            flags=(text, "x"),
        )
        assert decision_line(text, decision) == _plain(text, decision)
        assert json.loads(decision_line(text, decision))["hits"][0]["reason"] == text


def test_the_check_command_output_is_unchanged_by_the_fast_writer(tmp_path: Path) -> None:
    from specgap.check import check_traces

    lines: list[str] = []
    paths = [str(p) for p in sorted((ROOT / "fixtures").glob("sql/traces/*/*.json"))]
    check_traces(reference_bundle(), "sql", paths, "jsonl", lines.append)
    guard = Guard(reference_bundle(), "sql")
    expected = [
        _plain(key, guard.check(event, trace=key, executed=True))
        for key, event in read_paths(paths, guard.registry)
        if event is not None
    ]
    assert lines == expected
