"""`specgap check` without typer (`specgap.check_command`): which command lines it takes,
and, for a table of them, the same exit code, standard output and standard error as the
typer command gives, byte for byte, in a subprocess each."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from trace_support import DATA, POLICY, ROOT

from specgap import cli
from specgap.check_command import CHECK_FORMATS, ON_ERROR, Request, request_of
from specgap.evaluate.adapters import TRACE_FORMATS

UNSAFE = "fixtures/sql/traces/unsafe/limit_500.json"
SAFE = "fixtures/sql/traces/safe/top_customers.json"
P = str(POLICY)

# (id, argv, the request it states, or None when typer should read it)
REQUESTS: list[tuple[str, list[str], Request | None]] = [
    ("plain", ["check", "--agent", "sql", "--policy", P, SAFE], Request([SAFE], "sql", policy=P)),
    (
        "equals-and-after",
        [
            "check",
            SAFE,
            "--agent=sql",
            f"--policy={P}",
            "--format",
            "table",
            "--on-error=closed",
            "-",
        ],
        Request([SAFE, "-"], "sql", policy=P, fmt="table", on_error="closed"),
    ),
    (
        "repeated-globs",
        ["check", "--skip", "a.*", "--agent", "sql", "--skip=b", "--only", "c", "--policy", P, "t"],
        Request(["t"], "sql", policy=P, skip=["a.*", "b"], only=["c"]),
    ),
    (
        "globals",
        ["--debug", "--diagnostics-format", "json", "check", "--agent", "x", "--policy", P, "t"],
        Request(["t"], "x", policy=P, debug=True, json_diagnostics=True),
    ),
    (
        "trace-format",
        ["check", "--trace-format", "otel", "--agent", "a", "--policy", P, "t"],
        Request(["t"], "a", policy=P, trace_format="otel"),
    ),
    (
        "bad-trace-format",
        ["check", "--trace-format", "csv", "--agent", "a", "--policy", P, "t"],
        None,
    ),
    ("help", ["check", "--help"], None),
    ("no-policy", ["check", "--agent", "sql", SAFE], Request([SAFE], "sql")),
    (
        "config",
        ["check", "--config", "c.toml", "--agent", "sql", "--policy", P, SAFE],
        Request([SAFE], "sql", "c.toml", P),
    ),
    ("no-traces", ["check", "--agent", "sql", "--policy", P], None),
    ("no-agent", ["check", "--policy", P, SAFE], None),
    ("twice", ["check", "--agent", "a", "--agent", "b", "--policy", P, SAFE], None),
    ("bad-format", ["check", "--agent", "a", "--format", "xml", "--policy", P, SAFE], None),
    ("bad-on-error", ["check", "--agent", "a", "--on-error", "shut", "--policy", P, SAFE], None),
    ("value-like-option", ["check", "--agent", "--x", "--policy", P, SAFE], None),
    ("missing-value", ["check", SAFE, "--agent", "a", "--policy"], None),
    ("unknown-option", ["check", "--agent", "a", "--policy", P, "--fast", SAFE], None),
    ("double-dash", ["check", "--agent", "a", "--policy", P, "--", SAFE], None),
    ("another-command", ["build", "--check"], None),
    ("version", ["--version"], None),
    ("global-twice", ["--debug", "--debug", "check", "--agent", "a", "--policy", P, "t"], None),
]


@pytest.mark.parametrize(("name", "argv", "expected"), REQUESTS, ids=[r[0] for r in REQUESTS])
def test_request_of(name: str, argv: list[str], expected: Request | None) -> None:
    assert request_of(argv) == expected


def test_its_choices_are_the_cli_s() -> None:
    assert tuple(cli.CheckFormat) == CHECK_FORMATS
    assert tuple(cli.OnErrorMode) == ON_ERROR
    assert tuple(cli.TraceFormat) == TRACE_FORMATS


# run by typer: `python -m specgap` as click names it, with the typer-free path left out
TYPER = (
    "import sys; sys.argv[0] = '__main__.py'; sys.modules['__main__'].__package__ = 'specgap';"
    " from specgap.cli import main; main()"
)


def run(argv: list[str], typer: bool, stdin: str | None) -> tuple[int, str, str]:
    command = [sys.executable, "-c", TYPER] if typer else [sys.executable, "-m", "specgap"]
    done = subprocess.run(
        [*command, *argv],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


BROKEN = (
    '{"role": "user", "content": "list the tables"}\n'
    '{"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function",'
    ' "function": {"name": "drop_everything", "arguments": "{}"}}]}\n'
    '{"role": "tool", "content": \n'
)
STDIN = (
    '{"role": "user", "content": "how many orders"}\n'
    '{"role": "assistant", "content": null, "tool_calls": [{"id": "c2", "type": "function",'
    ' "function": {"name": "execute_sql", "arguments": "{\\"query\\": \\"SELECT 1\\"}"}}]}\n'
)

# (id, argv after `check`, standard input); `--policy POLICY` is added unless "NOPOLICY"
SAME: list[tuple[str, list[str], str | None]] = [
    ("deny-jsonl", ["--agent", "sql", UNSAFE], None),
    ("safe-table", ["--agent", "sql", "--format", "table", SAFE], None),
    ("formats", ["--agent", "sql", str(DATA / "mcp/sql_session.jsonl"), SAFE], None),
    ("skip", ["--agent", "sql", "--skip", "sql.execute*", UNSAFE], None),
    ("only", ["--agent", "sql", "--only", "sql.schema*", UNSAFE], None),
    ("closed-broken", ["--agent", "sql", "--on-error", "closed", "BROKEN", SAFE], None),
    ("broken-table", ["--agent", "sql", "--format", "table", "BROKEN"], None),
    ("stdin", ["--agent", "sql", "-"], STDIN),
    ("forced-format-none", ["--agent", "sql", "--trace-format", "anthropic", SAFE], None),
    ("missing-trace", ["--agent", "sql", "no/such/trace.json"], None),
    ("unknown-agent", ["--agent", "nope", SAFE], None),  # reported by typer's command
    ("bad-format", ["--agent", "sql", "--format", "xml", SAFE], None),
    ("project-config", ["NOPOLICY", "--agent", "sql", "--config", "specgap.toml", UNSAFE], None),
    ("project-found", ["NOPOLICY", "--agent", "sql", SAFE], None),
    ("config-missing", ["NOPOLICY", "--agent", "sql", "--config", "no/specgap.toml", SAFE], None),
]


@pytest.mark.parametrize(("name", "argv", "stdin"), SAME, ids=[s[0] for s in SAME])
# two processes a case: the JSON-diagnostics half runs under `make test-slow` (keeps
# `make test` fast; the text half covers every command line)
@pytest.mark.parametrize(
    "json_diagnostics", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["text", "json"]
)
def test_same_answer_as_typer(
    tmp_path: Path, name: str, argv: list[str], stdin: str | None, json_diagnostics: bool
) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_text(BROKEN, "utf-8")
    argv = [str(broken) if a == "BROKEN" else a for a in argv]
    globals_ = ["--diagnostics-format", "json"] if json_diagnostics else []
    policy = [] if "NOPOLICY" in argv else ["--policy", P]
    argv = [a for a in argv if a != "NOPOLICY"]
    full = [*globals_, "check", *policy, *argv]
    fast = run(full, typer=False, stdin=stdin)
    assert fast == run(full, typer=True, stdin=stdin)
    assert "Traceback" not in fast[2]


@pytest.mark.parametrize(
    "options",
    [["--policy", P], ["--config", "specgap.toml"], []],
    ids=["policy", "config", "found-config"],
)
def test_a_plain_command_line_runs_without_typer(options: list[str]) -> None:
    argv = ["check", "--agent", "sql", *options, UNSAFE]
    script = (
        "import sys; from specgap.check_command import main; "
        f"code = main({argv!r}); "
        "print(code, 'typer' in sys.modules, 'specgap.cli' in sys.modules, file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.stderr.split() == ["1", "False", "False"]
    assert done.stdout.count("\n") == 4  # one decision per event


def test_a_damaged_policy_is_reported_by_typer_s_command(tmp_path: Path) -> None:
    policy = tmp_path / "policy.json"
    policy.write_text(POLICY.read_text().replace('"schema_version": "1"', '"schema_version": 1'))
    argv = ["check", "--agent", "sql", "--policy", str(policy), SAFE]
    fast = run(argv, typer=False, stdin=None)
    assert fast == run(argv, typer=True, stdin=None)
    assert fast[0] == 2
    assert "unsupported-schema-version" in fast[2]


def test_an_interrupt_exits_130_without_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    from specgap import check_command

    def interrupted(argv: list[str]) -> int | None:
        raise KeyboardInterrupt

    monkeypatch.setattr(check_command, "_main", interrupted)
    assert check_command.main(["check", "--agent", "sql", "--policy", P, SAFE]) == 130
