"""Running the CLI in-process, as a user would from the project folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from specgap.cli import app


@dataclass(frozen=True)
class Run:
    code: int
    stdout: str
    stderr: str


def specgap(*args: str, cwd: Path | None = None, stdin: str | None = None) -> Run:
    """`specgap ARGS` with the project config of `cwd` (the config is passed explicitly)."""
    argv = list(args)
    if cwd is not None and args and args[0] in {"build", "eval", "explain", "resolve", "watch"}:
        argv[1:1] = ["--config", str(cwd / "specgap.toml")]
    result = CliRunner().invoke(app, argv, input=stdin, catch_exceptions=False)
    return Run(result.exit_code, result.stdout, result.stderr)
