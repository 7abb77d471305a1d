"""The fused read loop of OpenAI Chat JSONL (`adapters/openai_stream.py`) gives exactly what
the reader's general loop gives: the same steps (events, the fields each set, trace ends)
and the same diagnostics, on the reference traces written as OpenAI JSONL, the edges of
`openai_fast`, lines made to sit at each edge of the fused loop, and fuzzed mutants."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from test_adapters_fuzz import BROKEN_LINES, FUZZ, jsonl_bytes
from test_openai_fast import EDGES, OPENAI_LINES, PRIME, TRACES, Q, _call, _reply, _turn
from trace_formats import to_jsonl
from trace_support import ROOT, registry

from specgap.evaluate.adapters import load_trace, openai_stream
from specgap.evaluate.adapters.base import Context
from specgap.evaluate.adapters.reader import read_steps
from specgap.ir import Diagnostic


def _read(data: bytes, agent: str, fused: bool, fmt: str = "openai") -> Any:
    """Every step and diagnostic of reading `data` as JSONL, with the fused loop on or off."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(openai_stream, "ENABLED", fused)
        found: list[Diagnostic] = []
        ctx = Context(registry(agent), found.append)
        steps = [
            (key, None if e is None else (type(e).__name__, e.model_dump(), e.model_fields_set))
            for key, e in read_steps(io.BytesIO(data), "t.jsonl", ctx, fmt, jsonl=True)
        ]
    return steps, [d.render() for d in found]


def _same(data: bytes, agent: str = "sql") -> None:
    for fmt in ("openai", "auto"):
        fused = _read(data, agent, True, fmt)
        assert fused == _read(data, agent, False, fmt)


def _raw(*lines: bytes) -> bytes:
    return b"\n".join(lines) + b"\n"


def _json(value: Any) -> bytes:
    return json.dumps(value).encode()


BIG = 123456789012345678901234567890  # beyond 64 bits
ASK = _json({"role": "user", "content": "which orders shipped"})
TURN = _json(_turn(_call("a", "execute_sql", Q)))
REPLY = _json(_reply("a"))
# lines at each edge of the fused loop: each goes the general way, or the fused one, and
# the lines around it must not notice
STREAM_EDGES: dict[str, bytes] = {
    "blank lines and spaces": _raw(ASK, b"", b"   ", TURN, b"\t", REPLY),
    "CRLF line ends": b"\r\n".join((ASK, TURN, REPLY)) + b"\r\n",
    "no final line break": _raw(ASK, TURN) + REPLY,
    "a line not ASCII": _raw(TURN, _json({"role": "user", "content": "caf\u00e9"}), REPLY),
    "a line not ASCII, raw UTF-8": _raw(
        TURN, '{"role": "user", "content": "na\u00efve"}'.encode(), REPLY
    ),
    "bytes not UTF-8": _raw(TURN, b'{"role": "user", "content": "\xff"}', REPLY),
    # an undecodable line is reported before the line above it is read (read ahead)
    "bytes not UTF-8 after a finding": _raw(
        b"null", _json(_turn(_call("u", "no_such_tool", "{}"))), b"\xff\xfe{}", REPLY
    ),
    "nineteen digits": _raw(
        TURN, _json({"role": "user", "content": "n", "n": 12345678901234567890}), REPLY
    ),
    "digits spread over the line": _raw(
        _json(_turn(_call("c1234567890", "execute_sql", json.dumps({"query": "1234567890"})))),
        _json(_reply("c1234567890")),
    ),
    "digits everywhere": _raw(
        _json({"role": "user", "content": "ticket 9876543210, order 1234567890"}),
        _json(_turn(_call("call_20261201083000123456", "execute_sql", Q))),
        _json(_reply("call_20261201083000123456", content='{"id": 123456789012345678901}')),
    ),
    "digits, not finite or broken": _raw(
        TURN,
        b'{"role": "user", "content": "12345678901234567890", "x": NaN}',
        b'{"role": "user", "content": "12345678901234567890"',
        b"[12345678901234567890]",
        REPLY,
    ),
    "not JSON": _raw(ASK, b"{", TURN, b"nul", REPLY, b'"open'),
    "not finite": _raw(ASK, b'{"role": "user", "content": NaN}', TURN, REPLY),
    "a number too long": _raw(ASK, b'{"role": "user", "n": ' + b"7" * 5000 + b"}", REPLY),
    "nested too deeply": _raw(ASK, b"[" * 5000 + b"]" * 5000, TURN, REPLY),
    "a reply nested too deeply": _raw(
        TURN,
        b'{"role": "tool", "tool_call_id": "a", "content": "' + b"[" * 5000 + b'"}',
        ASK,
    ),
    "arguments nested too deeply": _raw(
        ASK,
        _json(_turn(_call("a", "execute_sql", Q), _call("b", "execute_sql", "[" * 5000))),
        REPLY,
    ),
    "values that are not objects": _raw(ASK, b"[]", b"3", b'"text"', b"null", TURN, REPLY),
    "objects without a role": _raw(ASK, b"{}", b'{"role": 3}', b'{"content": "x"}', TURN),
    "a whole conversation mid-stream": _raw(
        ASK,
        TURN,
        _json({"messages": [{"role": "user", "content": "inner"}]}),
        REPLY,
        _json({"choices": [{"message": {"role": "assistant", "content": "ok"}}]}),
    ),
    "every message role": _raw(
        *(
            _json({"role": role, "content": f"said by {role}"})
            for role in ("system", "developer", "user", "human", "ai", "model", "reviewer")
        ),
        TURN,
        _json({"role": "user", "content": "the call is still open"}),
        REPLY,
    ),
    "an unknown role": _raw(ASK, _json({"role": "oracle", "content": "x"}), TURN, REPLY),
    "content that is not text": _raw(
        _json({"role": "user", "content": [{"type": "text", "text": "parts"}]}),
        _json({"role": "user", "content": None}),
        _json({"role": "user", "content": 4}),
        _json({"role": "user", "content": ""}),
        _json({"role": "system"}),
        TURN,
        REPLY,
    ),
    "assistant text between calls": _raw(
        TURN,
        _json({"role": "assistant", "content": "thinking"}),
        _json({"role": "ai", "content": "still thinking"}),
        REPLY,
    ),
    # orjson reads an integer beyond 64 bits as a float: a line read for its strings only
    # may keep orjson's reading, any other goes json's way
    "integers beyond 64 bits": _raw(
        _json({"role": "user", "content": "big", "n": BIG}),
        _json({**_turn(_call("g", "execute_sql", Q)), "n": BIG}),
        _json(_reply("g", content=BIG)),
        _json(_turn(_call("h", "execute_sql", Q))),
        _json(_reply("h", content=[BIG, -BIG, {"x": BIG}])),
        _json(_turn(_call("i", "execute_sql", json.dumps({"query": "q", "n": BIG})))),
        _json(_reply("i", content=json.dumps({"rows": [[BIG]]}))),
        _json({"role": "user", "content": "timed", "specgap": {"duration_ms": BIG}}),
        _json({"role": BIG, "content": "x"}),
        _json({"role": "assistant", "content": BIG}),
        _json({"role": "assistant", "content": "t", "tool_calls": BIG}),
        _json({"role": "user", "content": "x" * 600, "n": BIG}),
        _json({"role": "user", "content": "y" * 600}),
        _json(_turn(_call("j", "execute_sql", Q))),
        _json(_reply("j", content=str(BIG), specgap={"duration_ms": BIG})),
        ASK,
    ),
    "assistant turns without calls": _raw(
        TURN,
        _json({"role": "assistant", "content": None}),
        _json({"role": "assistant", "content": ""}),
        _json({"role": "assistant"}),
        _json({"role": "assistant", "content": "plain", "tool_calls": None}),
        REPLY,
        _json({"role": "assistant", "content": "an empty list", "tool_calls": []}),
        _json({"role": "assistant", "content": ["not", "text"]}),
        _json({"role": "assistant", "content": 7}),
        _json({"role": "assistant", "content": "x", "function_call": None}),
        _json({"role": "assistant", "content": "y", "specgap": {"actor": "me"}}),
        _json({"role": "assistant", "content": "z", "tool_calls": "none"}),
        ASK,
    ),
    "a call waiting when a turn without calls comes": _raw(
        TURN, _json({"role": "assistant", "content": "moving on"}), REPLY, ASK
    ),
    "replies of every shape": _raw(
        *(
            _json(_turn(_call(f"r{n}", "execute_sql", Q)))
            + b"\n"
            + _json(_reply(f"r{n}", content=c))
            for n, c in enumerate(
                (" {}", "[] ", "[1, 2]", '{"n": 1234567890123456789012}', "[1}", "text", "", None)
            )
        ),
        ASK,
    ),
    "replies the fast reply declines": _raw(
        TURN,
        _json(_reply("zz")),
        _json(_reply("a", specgap={"is_error": True})),
        _json({"role": "tool", "content": "no id"}),
        _json({"role": "function", "name": "execute_sql", "content": "{}"}),
    ),
    "an extension object on a message": _raw(
        _json({"role": "user", "content": "x", "specgap": {"actor": "me"}}), TURN, REPLY
    ),
}


@pytest.mark.parametrize("name", list(STREAM_EDGES))
def test_stream_edges_read_the_same(name: str) -> None:
    _same(STREAM_EDGES[name])
    _same(PRIME + STREAM_EDGES[name])


@pytest.mark.parametrize("name", list(EDGES))
def test_fast_reader_edges_read_the_same(name: str) -> None:
    _same(PRIME + EDGES[name])


def test_broken_lines_read_the_same() -> None:
    for line in BROKEN_LINES:
        _same(_raw(ASK, TURN, line, REPLY, line))


def test_the_fused_loop_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenAI JSONL goes the fused way (so the comparisons above compare two loops)."""
    entered: list[str] = []
    real = openai_stream.openai_jsonl

    def counted(*args: Any) -> Any:
        entered.append("fused")
        return real(*args)

    monkeypatch.setattr(openai_stream, "openai_jsonl", counted)
    steps, _ = _read(_raw(ASK, TURN, REPLY), "sql", True)
    assert entered == ["fused"]
    assert [s[1][0] for s in steps if s[1] is not None] == ["Message", "ToolCall"]


@pytest.mark.parametrize("path", TRACES, ids=[p.relative_to(ROOT).as_posix() for p in TRACES])
def test_reference_traces_read_the_same(path: Path) -> None:
    agent = path.relative_to(ROOT / "fixtures").parts[0]
    native = load_trace(path, path.name, registry(agent))
    data = to_jsonl("openai", native.events).encode()
    _same(data + data, agent)


def _values(data: bytes) -> list[Any]:
    out = []
    for line in data.splitlines():
        try:
            out.append(json.loads(line))
        except (ValueError, RecursionError):  # broken on purpose; the fuzzer breaks its own
            continue
    return out


STREAM_LINES = OPENAI_LINES + [v for data in STREAM_EDGES.values() for v in _values(data)]


@pytest.mark.slow
@FUZZ
@given(data=jsonl_bytes(STREAM_LINES))
def test_mutants_read_the_same(data: bytes) -> None:
    _same(data)
