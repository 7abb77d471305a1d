"""Tool identity fails closed: loose spellings of a registered tool are checked as that tool,
look-alike names and unknown tools are findings (denied when failing closed), repeated
argument keys are a finding, and an event that cannot be read still gets a decision."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import specgap
from trace_support import POLICY, reference_bundle

from specgap.errors import SpecgapError
from specgap.guard import Guard

LOOKUP = {"name": "schema_lookup", "args": {"table": "orders"}}
OVER = json.dumps({"query": "SELECT id FROM orders LIMIT 500"})


def _guard(on_error: str = "default") -> Guard:
    guard = Guard(reference_bundle(), agent="sql", on_error=on_error)  # type: ignore[arg-type]
    guard.check(LOOKUP, executed=True)
    return guard


def _openai(name: str, arguments: str) -> dict[str, Any]:
    return {"id": "c1", "type": "function", "function": {"name": name, "arguments": arguments}}


# (how the name is spelt, the name): each is `execute_sql`, and its policies apply
LOOSE: list[tuple[str, str]] = [
    ("case", "Execute_SQL"),
    ("surrounding whitespace", " execute_sql\t"),
    ("a zero-width space", "execute\u200b_sql"),
    ("a zero-width joiner", "exec\u200dute_sql"),
    ("fullwidth letters (NFKC)", "\uff45xecute_sql"),
    ("OpenAI SDK prefix", "functions.execute_sql"),
    ("Gemini SDK prefix", "default_api.execute_sql"),
    ("MCP server prefix", "warehouse__execute_sql"),
    ("the canonical id", "sql.execute"),
]


@pytest.mark.parametrize(("how", "name"), LOOSE, ids=[h for h, _ in LOOSE])
def test_loose_spelling_is_checked_as_the_registered_tool(how: str, name: str) -> None:
    decision = _guard().check(_openai(name, OVER))
    assert decision.tool == "sql.execute", how
    assert decision.verdict == "deny"  # LIMIT 500 breaks the row bound, however it is spelt
    assert not any(h.policy.startswith("specgap.") for h in decision.hits)


@pytest.mark.parametrize(
    "name", ["ex\u0435cute_sql", "\u0435x\u0435cut\u0435_sql", "execute_\u0455ql"]
)
def test_look_alike_letters_are_checked_and_flagged(name: str) -> None:
    ok = json.dumps({"query": "SELECT id FROM orders LIMIT 5"})
    default = _guard().check(_openai(name, ok))
    assert default.tool == "sql.execute"
    assert default.verdict == "warn"
    assert [h.policy for h in default.hits if h.policy.startswith("specgap.")] == [
        "specgap.confusable-name"
    ]
    assert _guard("closed").check(_openai(name, ok)).verdict == "deny"


@pytest.mark.parametrize(
    ("name", "near"),
    [("execute_sq", "execute_sql"), ("execute_sqll", "execute_sql"), ("run_shell", None)],
)
def test_unknown_tool_is_a_finding_and_denied_when_closed(name: str, near: str | None) -> None:
    default = _guard().check(_openai(name, "{}"))
    assert default.tool is None
    assert default.verdict == "warn"
    (hit,) = default.hits
    assert hit.policy == "specgap.unknown-tool"
    assert (f"near miss of `{near}`" in hit.reason) is (near is not None)
    closed = _guard("closed").check(_openai(name, "{}"))
    assert (closed.verdict, closed.action) == ("deny", "deny")


def test_repeated_argument_keys_are_a_finding() -> None:
    twice = '{"query": "DROP TABLE orders", "query": "SELECT id FROM orders LIMIT 5"}'
    default = _guard().check(_openai("execute_sql", twice))
    assert "duplicate-keys" in default.flags
    assert any(h.policy == "specgap.duplicate-keys" for h in default.hits)
    assert default.verdict == "warn"
    assert _guard("closed").check(_openai("execute_sql", twice)).verdict == "deny"


def test_unreadable_event_is_denied_when_closed_and_raised_otherwise() -> None:
    broken = {"type": "function", "function": {"arguments": "{}"}}  # no name
    decision = _guard("closed").check(broken)
    assert (decision.verdict, decision.flags) == ("deny", ("unreadable-event",))
    assert "no name" in decision.hits[0].reason
    with pytest.raises(SpecgapError):
        _guard().check(broken)
    turn = _guard("closed").check_turn([broken, _openai("execute_sql", OVER)])
    assert [d.verdict for d in turn] == ["deny", "deny"]


def _write_jsonl(path: Path, rows: list[str]) -> str:
    path.write_text("".join(row + "\n" for row in rows), "utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("on_error", "code", "verdicts"),
    [("default", 1, ["allow", "warn"]), ("closed", 1, ["allow", "deny"])],
)
def test_check_exits_1_on_an_unknown_tool(
    tmp_path: Path, on_error: str, code: int, verdicts: list[str]
) -> None:
    rows = [
        json.dumps({"type": "tool_call", "name": "schema_lookup", "args": {"table": "orders"}}),
        json.dumps({"type": "tool_call", "name": "drop_everything", "args": {}}),
    ]
    trace = _write_jsonl(tmp_path / "t.jsonl", rows)
    run = specgap("check", "--agent", "sql", "--policy", str(POLICY), "--on-error", on_error, trace)
    assert run.code == code, run.stderr
    assert [json.loads(line)["verdict"] for line in run.stdout.splitlines()] == verdicts


@pytest.mark.parametrize(("on_error", "verdict"), [("default", "undetermined"), ("closed", "deny")])
def test_check_prints_a_line_for_an_event_it_cannot_read(
    tmp_path: Path, on_error: str, verdict: str
) -> None:
    rows = [
        json.dumps({"type": "tool_call", "name": "schema_lookup", "args": {"table": "orders"}}),
        '{"type": "tool_call", "name": ',
        json.dumps({"type": "tool_call", "name": "schema_lookup", "args": {"table": "orders"}}),
    ]
    trace = _write_jsonl(tmp_path / "t.jsonl", rows)
    run = specgap("check", "--agent", "sql", "--policy", str(POLICY), "--on-error", on_error, trace)
    assert run.code == 2  # bad input is still an input error
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [d["verdict"] for d in lines] == ["allow", verdict, "allow"]
    assert lines[1]["event"] == "unreadable"
    assert lines[1]["origin"].startswith(f"{trace}:2:")
