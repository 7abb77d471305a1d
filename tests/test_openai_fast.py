"""The one-step reading of the usual OpenAI Chat JSONL lines (`adapters/openai_fast.py`)
gives exactly what the general path gives: the same events (fields and which fields were
set) and the same diagnostics, on the reference traces written as OpenAI JSONL, the OpenAI
samples, lines made to sit at each edge of the fast path, and fuzzed mutants of them all."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from test_adapters_fuzz import FUZZ, PARSED, jsonl_bytes
from trace_formats import to_jsonl
from trace_support import ROOT, registry

from specgap.evaluate.adapters import load_trace, openai, openai_stream
from specgap.evaluate.adapters.base import Context
from specgap.evaluate.adapters.reader import read_steps
from specgap.ir import Diagnostic

TRACES = sorted((ROOT / "fixtures").glob("*/traces/*/*.json"))


def _read(data: bytes, agent: str, fast: bool) -> Any:
    """Every step and diagnostic of reading `data` as OpenAI JSONL, with the fast path on
    or off (off: both readers decline every line, as they do for an unusual one)."""
    with pytest.MonkeyPatch.context() as patch:
        if not fast:
            patch.setattr(openai_stream, "ENABLED", False)  # it calls them directly
            patch.setattr(openai, "assistant_line", lambda *_: False)
            patch.setattr(openai, "tool_line", lambda *_: False)
        found: list[Diagnostic] = []
        ctx = Context(registry(agent), found.append)
        steps = [
            (key, None if e is None else (type(e).__name__, e.model_dump(), e.model_fields_set))
            for key, e in read_steps(io.BytesIO(data), "t.jsonl", ctx, "openai", jsonl=True)
        ]
    return steps, [d.render() for d in found]


def _same(data: bytes, agent: str) -> None:
    assert _read(data, agent, True) == _read(data, agent, False)


def _lines(*values: Any) -> bytes:
    return b"\n".join(json.dumps(v).encode() for v in values) + b"\n"


def _call(call_id: Any, name: Any, arguments: Any, **more: Any) -> dict[str, Any]:
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": arguments},
        **more,
    }


def _turn(*calls: Any, content: Any = None, **more: Any) -> dict[str, Any]:
    return {"role": "assistant", "content": content, "tool_calls": list(calls), **more}


def _reply(call_id: Any, content: Any = '{"rows": []}', **more: Any) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": content, **more}


ASK = {"role": "user", "content": "how many orders"}
Q = json.dumps({"query": "SELECT id FROM orders LIMIT 3"})
EDGES: dict[str, bytes] = {
    "usual pair": _lines(ASK, _turn(_call("a", "execute_sql", Q)), _reply("a")),
    "text beside the call": _lines(
        _turn(_call("a", "execute_sql", Q), content="looking"), _reply("a")
    ),
    "parallel, answered in order": _lines(
        _turn(_call("a", "execute_sql", Q), _call("b", "schema_lookup", '{"table": "t"}')),
        _reply("a"),
        _reply("b"),
    ),
    "parallel, answered out of order": _lines(
        _turn(_call("a", "execute_sql", Q), _call("b", "schema_lookup", '{"table": "t"}')),
        _reply("b"),
        _reply("a"),
    ),
    "an id repeated in one turn": _lines(
        _turn(_call("a", "execute_sql", Q), _call("a", "execute_sql", Q)), _reply("a"), _reply("a")
    ),
    "an id repeated across turns": _lines(
        _turn(_call("a", "execute_sql", Q)), _turn(_call("a", "execute_sql", Q)), _reply("a")
    ),
    "a tool seen first, then again": _lines(
        _turn(_call("a", "schema_lookup", "{}")),
        _reply("a"),
        _turn(_call("b", "schema_lookup", "{}")),
    ),
    "an unknown tool twice": _lines(
        _turn(_call("a", "drop_everything", "{}")),
        _reply("a"),
        _turn(_call("b", "drop_everything", "{}")),
        _reply("b"),
    ),
    "arguments not an object": _lines(
        _turn(_call("a", "execute_sql", Q)),
        _reply("a"),
        _turn(_call("b", "execute_sql", "[1]")),
        _reply("b"),
    ),
    "arguments broken": _lines(
        _turn(_call("a", "execute_sql", Q)), _turn(_call("b", "execute_sql", "{")), _reply("b")
    ),
    "arguments empty or an object": _lines(
        _turn(_call("a", "execute_sql", Q)),
        _turn(_call("b", "execute_sql", "")),
        _turn(_call("c", "execute_sql", {"query": "x"})),
    ),
    "a key repeated": _lines(
        _turn(_call("a", "execute_sql", Q)),
        _turn(_call("b", "execute_sql", '{"query": "a", "query": "b"}')),
        _reply("b"),
    ),
    "no id": _lines(
        _turn(_call("a", "execute_sql", Q)), _turn(_call(None, "execute_sql", Q)), _reply(None)
    ),
    "a reply to no call": _lines(
        _turn(_call("a", "execute_sql", Q)), _reply("a"), _reply("a"), _reply("zz")
    ),
    "a reply that failed": _lines(
        _turn(_call("a", "execute_sql", Q)),
        _turn(_call("b", "execute_sql", Q)),
        _reply("b", specgap={"is_error": True}),
    ),
    "extension objects": _lines(
        _turn(_call("a", "execute_sql", Q)),
        _turn(_call("b", "execute_sql", Q, specgap={"actor": "x"})),
        _reply("b"),
        _turn(_call("c", "execute_sql", Q), specgap={"labels_out": ["p"]}),
        _reply("c"),
    ),
    "content parts and odd content": _lines(
        _turn(_call("a", "execute_sql", Q)),
        _turn(_call("b", "execute_sql", Q), content=[{"type": "text", "text": "hi"}]),
        _reply("b", content=[{"type": "text", "text": '{"n": 1}'}]),
        _turn(content=7),
        _reply("b", content=""),
    ),
    "legacy function call": _lines(
        _turn(_call("a", "execute_sql", Q)),
        {
            "role": "assistant",
            "content": None,
            "function_call": {"name": "execute_sql", "arguments": Q},
        },
        {"role": "function", "name": "execute_sql", "content": "{}"},
    ),
    "odd tool_calls": _lines(
        _turn(_call("a", "execute_sql", Q)),
        {"role": "assistant", "content": None, "tool_calls": {}},
        {"role": "assistant", "content": None, "tool_calls": ""},
        {"role": "assistant", "content": "x"},
        _turn(7, {"id": "q", "custom": {"name": "execute_sql", "input": Q}}),
        _turn({"id": "r", "function": {"name": "execute_sql"}}),
        _turn(_call("s", "", Q), _call("t", 5, Q), _call(3, "execute_sql", Q)),
        _reply(3),
    ),
}


# both tools called once first: their names are resolved, so the edges meet the fast path
PRIME = _lines(
    _turn(_call("p", "execute_sql", Q), _call("p2", "schema_lookup", "{}")),
    _reply("p"),
    _reply("p2"),
)


@pytest.mark.parametrize("name", list(EDGES))
def test_edges_read_the_same(name: str) -> None:
    _same(EDGES[name], "sql")
    _same(PRIME + EDGES[name], "sql")


def test_the_fast_path_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """The usual lines go the fast way (so the comparisons above compare two paths)."""
    taken: list[tuple[str, bool]] = []

    def counted(name: str) -> Any:
        real = getattr(openai, name)

        def run(*args: Any) -> bool:
            done: bool = real(*args)
            taken.append((name, done))
            return done

        return run

    monkeypatch.setattr(openai, "assistant_line", counted("assistant_line"))
    monkeypatch.setattr(openai, "tool_line", counted("tool_line"))
    data = EDGES["usual pair"] + _lines(_turn(_call("b", "execute_sql", Q)), _reply("b"))
    _read(data, "sql", True)
    # the first call of a tool resolves its name the general way; the next one is fast
    assert taken == [
        ("assistant_line", False),
        ("tool_line", True),
        ("assistant_line", True),
        ("tool_line", True),
    ]


@pytest.mark.parametrize("path", TRACES, ids=[p.relative_to(ROOT).as_posix() for p in TRACES])
def test_reference_traces_read_the_same(path: Path) -> None:
    agent = path.relative_to(ROOT / "fixtures").parts[0]
    native = load_trace(path, path.name, registry(agent))
    data = to_jsonl("openai", native.events).encode()
    twice = data + data  # the second copy meets every tool name already resolved
    _same(twice, agent)


OPENAI_LINES = [
    line
    for name, lines in PARSED.items()
    if name.startswith("openai/") and name.endswith(".jsonl")
    for line in lines
] + [json.loads(line) for data in EDGES.values() for line in data.splitlines()]


@pytest.mark.slow
@FUZZ
@given(data=jsonl_bytes(OPENAI_LINES))
def test_mutants_read_the_same(data: bytes) -> None:
    _same(data, "sql")
