"""Running the CLI in-process, as a user would from the project folder."""

from __future__ import annotations

import re
from collections.abc import Callable
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


LOCATED = re.compile(r"^(?P<path>[^:\n]+):(?P<line>\d+):(?P<col>\d+): (?P<code>[a-z0-9-]+): ", re.M)
"""A rendered diagnostic: `path:line:col: code: `."""


def replace_in(rel: str, old: str, new: str) -> Callable[[Path], None]:
    """An edit of a project copy: the first `old` in `rel` becomes `new` (it must be there)."""

    def edit(root: Path) -> None:
        path = root / rel
        text = path.read_text()
        assert old in text
        path.write_text(text.replace(old, new, 1))

    return edit


def write_file(rel: str, text: str) -> Callable[[Path], None]:
    """An edit of a project copy: `rel` gets exactly `text`."""

    def edit(root: Path) -> None:
        (root / rel).write_text(text)

    return edit
