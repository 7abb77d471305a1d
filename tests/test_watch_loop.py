"""`specgap watch` with a real file watcher over a temporary project and real file edits.

The watch loop runs in a thread (or, for Ctrl-C, in a subprocess); every wait is bounded.
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from specgap.config import load_project
from specgap.pipeline import Options, build
from specgap.watch import Outcome, Session, watch

WAIT = 15.0  # seconds; generous for a loaded CI machine, reached only on failure
NEW_RULE = "- Requests made with `sql.execute` must time out within 20 seconds.\n"


class Watching:
    """A watch loop in a thread, with its outcomes in a queue."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.outcomes: queue.Queue[Outcome] = queue.Queue()
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.lines: list[str] = []
        self.errors: list[BaseException] = []
        self.session = Session(root / "specgap.toml", lambda project: Options(), self.lines.append)
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        try:
            watch(
                self.session,
                debounce_ms=10,
                stop=self.stop,
                on_ready=self.ready.set,
                on_rebuild=self.outcomes.put,
                wake_ms=50,
            )
        except BaseException as exc:  # surfaced by the test, not lost in the thread
            self.errors.append(exc)

    def start(self) -> Outcome:
        self.thread.start()
        first = self.outcomes.get(timeout=WAIT)
        assert self.ready.wait(WAIT), "the watcher never became ready"
        return first

    def until(self, wanted: Callable[[Outcome], bool], what: str) -> Outcome:
        """The first outcome from now on that is `wanted`; fails after WAIT seconds."""
        deadline = time.monotonic() + WAIT
        seen: list[str] = []
        while time.monotonic() < deadline:
            try:
                outcome = self.outcomes.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if wanted(outcome):
                return outcome
            seen.append(outcome.text)
        raise AssertionError(f"no rebuild {what}; saw: {seen!r}; errors: {self.errors!r}")

    def close(self) -> None:
        self.stop.set()
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), "the watch loop did not stop"
        assert not self.errors


@pytest.fixture
def watching(project_dir: Path) -> Iterator[Watching]:
    running = Watching(project_dir)
    running.start()
    yield running
    running.close()


def _policy(root: Path) -> str:
    return (root / "policy/policy.json").read_text("utf-8")


def _full(root: Path) -> str:
    return build(load_project(root / "specgap.toml"), Options())[0].to_json()


def _save(path: Path, text: str) -> None:
    """Save as many editors do: write a temporary file beside it, then rename over it."""
    tmp = path.with_name(f".{path.name}.swp")
    tmp.write_text(text, "utf-8")
    os.replace(tmp, path)


def test_an_added_rule_appears_in_the_diff(watching: Watching) -> None:
    prompt = watching.root / "fixtures/sql/prompt.md"
    _save(prompt, prompt.read_text("utf-8") + NEW_RULE)
    outcome = watching.until(lambda o: o.status == "written", "writing the policy")
    assert "fixtures/sql/prompt.md changed; wrote policy/policy.json" in outcome.lines[0]
    added = [line for line in outcome.lines if line.startswith("  + sql.timeout_leq.")]
    assert len(added) == 1
    assert "fixtures/sql/prompt.md:20:3" in added[0]
    assert _policy(watching.root) == _full(watching.root)


def test_a_broken_yaml_keeps_the_policy_and_the_fix_recovers(watching: Watching) -> None:
    root = watching.root
    good_policy = _policy(root)
    config = root / "fixtures/sql/config.yaml"
    good = config.read_text("utf-8")
    config.write_text(good.replace("products]", "products"), "utf-8")
    failed = watching.until(lambda o: o.status == "failed", "failing")
    (diagnostic,) = failed.diagnostics
    assert re.fullmatch(
        r"fixtures/sql/config\.yaml:\d+:\d+: malformed-yaml: .+",
        diagnostic.render().splitlines()[0],
    )
    assert diagnostic.render() in failed.lines
    assert _policy(root) == good_policy

    config.write_text(good.replace("30", "25"), "utf-8")
    fixed = watching.until(lambda o: o.status == "written", "recovering")
    assert "fixed diagnostics: 1" in fixed.lines
    assert any(line.startswith("  ~ sql.timeout_leq.") for line in fixed.lines)
    assert _policy(root) == _full(root)


def test_a_renamed_artifact_is_followed(watching: Watching) -> None:
    root = watching.root
    old, new = root / "fixtures/sql/prompt.md", root / "fixtures/sql/system.md"
    config = root / "specgap.toml"
    old.rename(new)
    _save(config, config.read_text("utf-8").replace("sql/prompt.md", "sql/system.md"))
    watching.until(
        lambda o: o.status == "written" and "stated in: fixtures/sql/prompt.md" in o.text,
        "after the rename",
    )
    assert _policy(root) == _full(root)
    # The new name is watched: editing it rebuilds.
    _save(new, new.read_text("utf-8") + NEW_RULE)
    outcome = watching.until(lambda o: "fixtures/sql/system.md changed" in o.text, "on the new")
    assert any(line.startswith("  + sql.timeout_leq.") for line in outcome.lines)


def test_an_agent_in_a_new_folder_is_watched_after_the_config_names_it(
    watching: Watching,
) -> None:
    root = watching.root
    shutil.copytree(root / "fixtures/sql", root / "elsewhere")
    config = root / "specgap.toml"
    section = config.read_text("utf-8").split("[[agents]]")[1]
    section = section.replace('"sql"', '"extra"').replace("fixtures/sql/", "elsewhere/")
    _save(config, config.read_text("utf-8") + "\n[[agents]]" + section)
    watching.until(lambda o: "agent `extra` added" in o.lines, "adding the agent")
    prompt = root / "elsewhere/prompt.md"
    _save(prompt, prompt.read_text("utf-8") + NEW_RULE)
    outcome = watching.until(lambda o: "elsewhere/prompt.md changed" in o.text, "in the new folder")
    assert any(line.startswith("  + extra.timeout_leq.") for line in outcome.lines)


def test_unrelated_files_do_not_rebuild(watching: Watching) -> None:
    (watching.root / "fixtures/sql/notes.txt").write_text("scratch", "utf-8")
    (watching.root / "fixtures/sql/.prompt.md.swp").write_text("scratch", "utf-8")
    time.sleep(0.3)  # several debounce periods: a rebuild, if any, would have happened
    assert watching.outcomes.empty()


@pytest.mark.slow
def test_ctrl_c_exits_0_cleanly(project_dir: Path) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "specgap", "watch", "--config", str(project_dir / "specgap.toml")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        lines = []
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            lines.append(line)
            if line.startswith("watching ") or not line:
                break
        assert lines[-1].startswith("watching "), lines
        time.sleep(0.2)  # let the watcher start waiting
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "stopped" in out
    assert "Traceback" not in err


def test_a_removed_trace_changes_coverage(watching: Watching) -> None:
    (watching.root / "fixtures/sql/traces/unsafe/limit_500.json").unlink()
    outcome = watching.until(lambda o: "coverage" in o.text, "after the trace went")
    assert "fixtures/sql/traces/unsafe/limit_500.json changed" in outcome.lines[0]
    assert "  unsafe blocked                10/10 → 9/9" in outcome.lines


def test_an_internal_error_is_reported_and_watching_goes_on(project_dir: Path) -> None:
    running = Watching(project_dir)
    broken = threading.Event()

    def options_for(project: object) -> Options:
        if broken.is_set():
            raise RuntimeError("boom")
        return Options()

    running.session.options_for = options_for
    running.start()
    try:
        prompt = project_dir / "fixtures/sql/prompt.md"
        before = _policy(project_dir)
        broken.set()
        _save(prompt, prompt.read_text("utf-8") + NEW_RULE)
        failed = running.until(lambda o: o.status == "failed", "failing")
        assert "<internal>:1:1: internal-error: RuntimeError: boom" in failed.text
        assert _policy(project_dir) == before
        broken.clear()
        _save(prompt, prompt.read_text("utf-8") + "\n")
        running.until(lambda o: o.status == "written", "recovering")
        assert _policy(project_dir) == _full(project_dir)
    finally:
        running.close()


def test_a_project_whose_config_is_broken_at_start_is_watched_once_fixed(
    project_dir: Path,
) -> None:
    config = project_dir / "specgap.toml"
    good = config.read_text("utf-8")
    config.write_text(good.replace('id = "sql"', 'id = "sql'), "utf-8")
    (project_dir / "policy/policy.json").unlink()
    running = Watching(project_dir)
    first = running.start()
    try:
        assert first.status == "failed"
        assert "build failed: no policy written" in first.lines[0]
        assert [d.code for d in first.diagnostics] == ["malformed-toml"]
        assert running.session.watch_set().dirs == {str(project_dir.resolve())}
        _save(config, good)
        running.until(lambda o: o.status == "written", "once the config is fixed")
        assert _policy(project_dir) == _full(project_dir)
        # Now the artifacts are watched too.
        prompt = project_dir / "fixtures/sql/prompt.md"
        _save(prompt, prompt.read_text("utf-8") + NEW_RULE)
        running.until(lambda o: "fixtures/sql/prompt.md changed" in o.text, "on a prompt edit")
    finally:
        running.close()
