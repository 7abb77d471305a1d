"""Command-line manners: `| head` is quiet, files follow the umask, shell completion,
diagnostics as JSON lines, a progress bar only on a terminal, the licence and `py.typed`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from specgap.api import write_atomic
from specgap.progress import progress, wanted
from tests.cli_helpers import LOCATED, specgap
from tests.conftest import ROOT

SPECGAP = [sys.executable, "-m", "specgap"]
SAFE = "fixtures/sql/traces/safe/out_of_stock.json"
UNSAFE = "fixtures/sql/traces/unsafe/limit_500.json"


@pytest.mark.slow
@pytest.mark.parametrize(("extra", "code"), [([], 0), ([UNSAFE], 1)], ids=["safe", "unsafe"])
def test_a_reader_that_stops_early_gets_no_traceback(extra: list[str], code: int) -> None:
    """`specgap check ... | head -1`: the rest of the output is dropped quietly and the
    exit code is still the verdict's."""
    argv = [*SPECGAP, "check", "--agent", "sql", *[SAFE] * 200, *extra]
    with subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None
        assert proc.stderr is not None
        first = proc.stdout.readline()
        proc.stdout.close()  # what `head -1` does after its line
        errors = proc.stderr.read()
        proc.wait(timeout=120)
    assert json.loads(first)["trace"] == SAFE
    assert errors == b""
    assert proc.returncode == code


@pytest.mark.parametrize(
    ("mask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664), (0o027, 0o640)]
)
def test_new_outputs_follow_the_umask(tmp_path: Path, mask: int, mode: int) -> None:
    old = os.umask(mask)
    try:
        write_atomic(tmp_path / "new.json", "{}\n")
    finally:
        os.umask(old)
    assert (tmp_path / "new.json").stat().st_mode & 0o777 == mode


def test_a_replaced_output_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "kept.json"
    target.write_text("old\n")
    target.chmod(0o640)
    write_atomic(target, "new\n")
    assert target.read_text() == "new\n"
    assert target.stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize(
    ("words", "cword", "expected"),
    [
        ("specgap ev", 1, {"eval"}),
        ("specgap mcp", 1, {"mcp-proxy"}),
        ("specgap eval --format ", 3, {"table", "json", "sarif", "junit", "stryker", "html"}),
        ("specgap registry import --from ", 4, {"openai", "anthropic", "mcp", "openapi"}),
    ],
)
def test_bash_completion_completes_commands_and_choices(
    words: str, cword: int, expected: set[str]
) -> None:
    from typer.testing import CliRunner

    from specgap.cli import app

    env = {"_SPECGAP_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    done = CliRunner().invoke(app, [], env=env, prog_name="specgap")
    assert done.exit_code == 0
    assert expected <= set(done.stdout.split())


def test_the_completion_script_is_offered() -> None:
    """What `--install-completion` writes for bash (asked for by name: the flag itself
    detects the calling shell, which under `make` is `sh`)."""
    from typer.testing import CliRunner

    from specgap.cli import app

    done = CliRunner().invoke(
        app, [], env={"_SPECGAP_COMPLETE": "source_bash"}, prog_name="specgap"
    )
    assert done.exit_code == 0
    assert "_specgap_completion" in done.stdout
    assert "complete_bash" in done.stdout


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["eval", "--fail-under", "200"], "invalid-threshold"),
        (["build", "--config", "missing/specgap.toml"], "missing-artifact"),
    ],
)
def test_diagnostics_as_json_lines(argv: list[str], code: str) -> None:
    run = specgap("--diagnostics-format", "json", *argv)
    assert run.code == 2
    records = [json.loads(line) for line in run.stderr.splitlines()]
    assert [r["code"] for r in records] == [code]
    assert set(records[0]) == {
        "code", "severity", "message", "path", "line", "column", "end_line", "end_column", "help",
    }  # fmt: skip
    assert records[0]["help"]
    text = specgap(*argv)  # the default stays `path:line:col: code: message`
    found = LOCATED.search(text.stderr)
    assert found is not None
    assert found["code"] == code


class _Stream:
    def __init__(self, tty: bool) -> None:
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(
    ("tty", "environ", "shown"),
    [
        (True, {}, True),
        (False, {}, False),
        (True, {"CI": "true"}, False),
        (True, {"GITHUB_ACTIONS": "true"}, False),
    ],
)
def test_the_progress_bar_is_for_terminals_only(
    tty: bool, environ: dict[str, str], shown: bool
) -> None:
    assert wanted(environ, _Stream(tty)) is shown


def test_a_disabled_progress_bar_does_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    with progress("working", 3, enabled=False) as done:
        for step in ("a", "b", "c"):
            done(step)
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", "")


@pytest.mark.slow
def test_on_a_terminal_eval_shows_progress_and_writes_the_same_report(tmp_path: Path) -> None:
    if shutil.which("script") is None:
        pytest.skip("`script` (util-linux) is not installed")
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "GITHUB_ACTIONS")}
    plain = tmp_path / "plain.json"
    subprocess.run(
        [*SPECGAP, "eval", "--format", "json", "--output", str(plain)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    tty = tmp_path / "tty.json"
    typescript = tmp_path / "typescript"
    command = f"{sys.executable} -m specgap eval --format json --output {tty}"
    subprocess.run(
        ["script", "-qec", command, str(typescript)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    assert "evaluating" in typescript.read_text(errors="replace")
    assert tty.read_bytes() == plain.read_bytes()


def test_the_licence_and_the_typing_marker_ship() -> None:
    licence = (ROOT / "LICENSE").read_text()
    assert licence.startswith("MIT License")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT"
    assert (ROOT / "specgap" / "py.typed").is_file()
