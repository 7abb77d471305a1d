"""`python -m benchmarks modules`: line counts per module and package, now and at a commit."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from benchmarks.bench_modules import (
    count_lines,
    module_name,
    package_of,
    packages,
    render,
    rev_sizes,
    worktree_sizes,
)

KNOWN = ("specgap", "specgap.cli", "specgap.evaluate", "specgap.evaluate.suite")


@pytest.mark.parametrize(
    ("path", "module", "package"),
    [
        ("specgap/cli.py", "specgap.cli", "specgap"),
        ("specgap/__init__.py", "specgap", "specgap"),
        ("specgap/evaluate/__init__.py", "specgap.evaluate", "specgap.evaluate"),
        ("specgap/evaluate/adapters/otel.py", "specgap.evaluate.adapters.otel", "specgap.evaluate"),
    ],
)
def test_modules_are_named_and_grouped(path: str, module: str, package: str) -> None:
    assert module_name(path) == module
    assert package_of(module, KNOWN) == package


@pytest.mark.parametrize(("text", "lines"), [("", 0), ("a", 1), ("a\n", 1), ("a\nb\n\n", 3)])
def test_lines_are_counted_as_splitlines_does(text: str, lines: int) -> None:
    assert count_lines(text) == lines


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_a_commit_is_read_beside_the_working_tree(tmp_path: Path) -> None:
    package = tmp_path / "specgap"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("x = 1\n")
    (package / "big.py").write_text("pass\n" * 401)
    (package / "sub" / "__init__.py").write_text("")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    (package / "big.py").write_text("pass\n" * 10)
    (package / "sub" / "new.py").write_text("a\nb\n")
    then, now = rev_sizes("HEAD", tmp_path), worktree_sizes(tmp_path)
    assert then == {"specgap": 1, "specgap.big": 401, "specgap.sub": 0}
    assert now == {"specgap": 1, "specgap.big": 10, "specgap.sub": 0, "specgap.sub.new": 2}
    assert packages(now) == {"specgap": (2, 11), "specgap.sub": (2, 2)}
    text = render([("HEAD", then), ("worktree", now)])
    assert re.search(r"^specgap\.sub\.new +- +2$", text, re.MULTILINE)
    assert re.search(r"^total +3 / 402 +4 / 13$", text, re.MULTILINE)
    assert "modules over 400 lines in HEAD: 1\n    401  specgap.big" in text
    assert "modules over 400 lines in worktree: 0" in text
