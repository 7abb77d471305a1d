"""`specgap check` end to end, in a subprocess: streamed JSONL or table decisions, exit
codes, standard input, forced formats, diagnostics that do not stop the other inputs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from trace_formats import to_jsonl
from trace_support import DATA, POLICY, ROOT, registry

from specgap.evaluate.adapters import load_trace

UNSAFE = "fixtures/sql/traces/unsafe/limit_500.json"
SAFE = "fixtures/sql/traces/safe/top_customers.json"


def check(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "specgap", "check", "--policy", str(POLICY), *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def lines(done: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_one_json_decision_per_event_and_exit_1_on_deny() -> None:
    done = check("--agent", "sql", UNSAFE)
    assert done.returncode == 1, done.stderr
    decisions = lines(done)
    assert [(d["index"], d["event"], d["verdict"]) for d in decisions] == [
        (0, "message", "allow"),
        (1, "tool_call", "allow"),
        (2, "tool_call", "deny"),
        (3, "message", "allow"),
    ]
    denied = decisions[2]
    assert denied["trace"] == UNSAFE
    assert denied["origin"] == f"{UNSAFE}#/events/2"
    assert denied["action"] == "deny"
    assert [(h["policy"], h["effect"]) for h in denied["hits"]] == [
        ("sql.arg_within_bound.9b2739a9", "deny"),
        ("sql.review_required.13135f38", "observe"),
    ]
    assert denied["hits"][0]["source"] == "fixtures/sql/config.yaml:6:5"
    assert check("--agent", "sql", UNSAFE).stdout == done.stdout  # byte-identical reruns


def test_safe_trace_exits_0_and_table_lists_tool_calls() -> None:
    done = check("--agent", "sql", "--format", "table", SAFE)
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()
    assert rows[0].split() == ["verdict", "action", "tool", "origin", "findings"]
    assert [r.split()[:3] for r in rows[1:]] == [
        ["allow", "allow", "schema_lookup"],
        ["allow", "allow", "schema_lookup"],
        ["warn", "observe", "execute_sql"],
    ]


def test_every_sample_format_in_one_run() -> None:
    samples = ["openai/sql_session.json", "mcp/sql_session.jsonl", "otel/sql_export.json"]
    done = check("--agent", "sql", *(str(DATA / s) for s in samples))
    assert done.returncode == 1
    traces = {d["trace"] for d in lines(done)}
    assert traces == {str(DATA / s) for s in samples}
    flagged = [d for d in lines(done) if d["flags"]]
    assert [(d["call_id"], d["flags"], d["verdict"]) for d in flagged] == [
        ("call_Xx81", ["invalid-arguments"], "deny"),  # `query` is required
        ("5", ["cancelled"], "warn"),  # an unknown tool: a finding
    ]
    warnings = [w for w in done.stderr.splitlines() if ": " in w and not w.startswith(" ")]
    assert [w.split(": ")[1] for w in warnings] == ["invalid-tool-arguments", "unknown-tool"]


def test_stdin_jsonl_with_forced_format(tmp_path: Path) -> None:
    native = load_trace(ROOT / UNSAFE, UNSAFE, registry("sql"))
    text = to_jsonl("anthropic", native.events)
    done = check("--agent", "sql", "--trace-format", "anthropic", "-", stdin=text)
    assert done.returncode == 1, done.stderr
    decisions = lines(done)
    assert [d["verdict"] for d in decisions] == ["allow", "allow", "deny", "allow"]
    assert decisions[2]["origin"] == "<stdin>:4#/content/0"
    assert {d["trace"] for d in decisions} == {"<stdin>"}


def test_bad_input_is_located_and_the_other_inputs_still_checked(tmp_path: Path) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"role": "user", "content": "hi"}\n{"role": "tool", "content": \n', "utf-8")
    done = check("--agent", "sql", str(broken), SAFE)
    assert done.returncode == 2
    assert f"{broken}:2:29: malformed-json:" in done.stderr
    assert "help: each line of a JSONL trace is one JSON value" in done.stderr
    assert "Traceback" not in done.stderr
    assert {d["trace"] for d in lines(done)} == {str(broken), SAFE}


def test_usage_errors_exit_2() -> None:
    unknown = check("--agent", "nope", SAFE)
    assert unknown.returncode == 2
    assert "unknown-agent: the policy has no agent `nope`" in unknown.stderr
    missing = check("--agent", "sql", "no/such/file.json")
    assert missing.returncode == 2
    assert "no/such/file.json:1:1: missing-artifact:" in missing.stderr


def test_skip_glob_lets_a_denied_tool_through() -> None:
    done = check("--agent", "sql", "--skip", "sql.execute", UNSAFE)
    assert done.returncode == 0
    assert [d["flags"] for d in lines(done)][2] == ["skipped"]


@pytest.mark.parametrize(("verdict", "code"), [("undetermined", 0), ("deny", 1)])
def test_check_takes_the_undetermined_verdict_from_the_project_config(
    project_dir: Path, verdict: str, code: int
) -> None:
    from tests.cli_helpers import specgap

    config = project_dir / "fixtures" / "cloud" / "config.yaml"
    config.write_text(
        config.read_text()
        + "policies:\n  - operator: arg_grounded\n    tool: aws.dynamodb.PutItem\n"
        + "    selector: {arg: TableName}\n    from_user: false\n"
        + "    from_tools: [authz.check_permission]\n"
    )
    toml = project_dir / "specgap.toml"
    toml.write_text(f'undetermined = "{verdict}"\n' + toml.read_text())
    assert specgap("build", cwd=project_dir).code == 0
    trace = project_dir / "trace.json"
    trace.write_text(
        '[{"name": "check_permission", "args": {"user": "u", "action": "write", '
        '"resource": "customers"}},'
        ' {"name": "put_item", "args": {"TableName": "customers", "Item": {}}}]'
    )
    run = specgap("check", "--agent", "cloud", "--config", str(toml), str(trace))
    assert run.code == code, run.stdout + run.stderr
    last = json.loads(run.stdout.splitlines()[-1])
    assert last["verdict"] == verdict
