"""A confined build: inputs and outputs stay inside the project root unless
`--allow-outside`, special and oversized files are refused, every failure is a located
diagnostic, nothing half-written or temporary is left, outputs honour the umask, and two
builds of one policy never interleave."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import LOCATED, specgap

from specgap.confine import build_lock, read_bytes
from specgap.errors import SpecgapError

PROMPT = 'prompts = ["fixtures/sql/prompt.md"]'


def _point_prompt_at(project: Path, target: str) -> None:
    config = project / "specgap.toml"
    config.write_text(config.read_text().replace(PROMPT, f'prompts = ["{target}"]', 1))


def _codes(stderr: str) -> list[str]:
    return [m["code"] for m in LOCATED.finditer(stderr)]


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    """A file beside the project, not in it."""
    path = tmp_path.parent / f"{tmp_path.name}-secret.md"
    path.write_text("Never call `sql.execute`.\n")
    yield path
    path.unlink(missing_ok=True)


def test_an_artifact_outside_the_root_is_refused_at_its_config_line(
    project_dir: Path, secret: Path
) -> None:
    _point_prompt_at(project_dir, str(secret))
    run = specgap("build", cwd=project_dir)
    assert run.code == 2
    assert "outside-project" in _codes(run.stderr)
    assert "specgap.toml:" in run.stderr  # located where the config names it
    assert "help: keep inputs and outputs inside the project" in run.stderr


def test_allow_outside_lets_it_through(project_dir: Path, secret: Path) -> None:
    _point_prompt_at(project_dir, str(secret))
    run = specgap("--allow-outside", "build", "--config", str(project_dir / "specgap.toml"))
    assert run.code == 0, run.stderr


def test_a_symlink_out_of_the_root_is_refused(project_dir: Path, secret: Path) -> None:
    (project_dir / "fixtures" / "link.md").symlink_to(secret)
    _point_prompt_at(project_dir, "fixtures/link.md")
    run = specgap("build", cwd=project_dir)
    assert run.code == 2
    assert "outside-project" in _codes(run.stderr)


def test_out_outside_the_root_is_refused_and_nothing_is_written(project_dir: Path) -> None:
    config = project_dir / "specgap.toml"
    config.write_text(config.read_text().replace('out = "policy/policy.json"', 'out = "../x.json"'))
    run = specgap("build", cwd=project_dir)
    assert run.code == 2
    assert "outside-project" in _codes(run.stderr)
    assert not (project_dir.parent / "x.json").exists()


def test_a_symlink_loop_is_a_located_diagnostic(project_dir: Path) -> None:
    loop = project_dir / "fixtures" / "loop.md"
    loop.symlink_to(loop)
    _point_prompt_at(project_dir, "fixtures/loop.md")
    run = specgap("build", cwd=project_dir)
    assert run.code == 2
    assert "symlink-loop" in _codes(run.stderr)


def test_a_fifo_is_refused_without_blocking(project_dir: Path) -> None:
    os.mkfifo(project_dir / "fixtures" / "pipe.md")
    _point_prompt_at(project_dir, "fixtures/pipe.md")
    started = time.monotonic()
    run = specgap("build", cwd=project_dir)
    assert time.monotonic() - started < 20
    assert run.code == 2
    assert "not-a-regular-file" in _codes(run.stderr)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused(project_dir: Path, device: str) -> None:
    (project_dir / "fixtures" / "dev.md").symlink_to(device)
    _point_prompt_at(project_dir, "fixtures/dev.md")
    run = specgap("--allow-outside", "build", "--config", str(project_dir / "specgap.toml"))
    assert run.code == 2
    assert "not-a-regular-file" in _codes(run.stderr)


def test_reads_are_bounded(tmp_path: Path) -> None:
    big = tmp_path / "big.md"
    big.write_bytes(b"x" * 2048)
    assert read_bytes(big, "big.md", limit=4096) == b"x" * 2048
    with pytest.raises(SpecgapError, match="larger than"):
        read_bytes(big, "big.md", limit=1024)


def test_a_full_disk_is_a_diagnostic_and_leaves_no_temp_file(
    project_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    before = (project_dir / "policy" / "policy.json").read_bytes()
    monkeypatch.setattr(os, "replace", full)
    run = specgap("build", cwd=project_dir)
    assert run.code == 2
    assert "unwritable-output" in _codes(run.stderr)
    assert "No space left on device" in run.stderr
    assert sorted(p.name for p in (project_dir / "policy").iterdir()) == [
        "policy.json",
        "schema.json",
    ]
    assert (project_dir / "policy" / "policy.json").read_bytes() == before


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_the_policy_honours_the_umask(project_dir: Path, umask: int, mode: int) -> None:
    out = project_dir / "policy" / "policy.json"
    out.unlink()
    old = os.umask(umask)
    try:
        assert specgap("build", cwd=project_dir).code == 0
    finally:
        os.umask(old)
    assert out.stat().st_mode & 0o777 == mode


def _specgap_process(*args: str, cwd: Path) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "specgap", *args]
    pipe = subprocess.PIPE
    return subprocess.Popen(command, cwd=cwd, stdout=pipe, stderr=pipe, text=True)


@pytest.mark.slow  # two interpreters start
def test_a_build_waits_for_the_lock_of_another(project_dir: Path) -> None:
    out = project_dir / "policy" / "policy.json"
    with build_lock(out):
        build = _specgap_process("build", cwd=project_dir)
        time.sleep(1.0)
        assert build.poll() is None  # still waiting for the lock
    _, stderr = build.communicate(timeout=60)
    assert build.returncode == 0, stderr


@pytest.mark.slow  # an interpreter starts
def test_a_closed_pipe_ends_quietly(project_dir: Path) -> None:
    trace = project_dir / "fixtures" / "sql" / "traces" / "safe" / "top_customers.json"
    command = [sys.executable, "-m", "specgap", "check", "--agent", "sql", str(trace)]
    pipe = subprocess.PIPE
    reader = subprocess.Popen(command, cwd=project_dir, stdout=pipe, stderr=pipe)
    assert reader.stdout is not None
    reader.stdout.close()  # the consumer went away before reading anything
    _, stderr = reader.communicate(timeout=60)
    text = stderr.decode()
    assert "internal-error" not in text
    assert "Traceback" not in text
    assert reader.returncode == 0  # the command's own answer: the safe trace passes


def test_a_full_stdout_is_a_diagnostic(monkeypatch: pytest.MonkeyPatch) -> None:
    from specgap import cli

    class Full:
        def write(self, _: str) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(sys, "stdout", Full())
    with pytest.raises(SpecgapError) as caught:
        cli.emit("a decision line")
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.code, diagnostic.path) == ("unwritable-output", "<stdout>")
