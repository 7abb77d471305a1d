"""Start-up: `specgap --help` and `specgap build --check` on the reference project.

Each command runs `RUNS` times in a fresh interpreter (as a user, a pre-commit hook or CI
starts it), through the installed `specgap` script when there is one beside this Python
(else `python -m specgap`), from the repository root; the figure is the median wall-clock
time. `build --check` is measured twice: answered from the build cache (the manifest is
brought up to date by one warm-up run first; docs/build-cache.md) and with the cache
disabled (`SPECGAP_NO_BUILD_CACHE=1`: the full check, which compiles every agent). Beside
each figure, the median CPU time (user + system) of the same runs: on a machine shared with
other jobs the wall clock also counts the wait for a core, the CPU time does not.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.figures import header, show

ROOT = Path(__file__).resolve().parent.parent
RUNS = 11


def command() -> list[str]:
    script = Path(sys.executable).parent / "specgap"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "specgap"]


def timed(args: list[str], env: dict[str, str], runs: int) -> tuple[float, float] | None:
    """Median wall-clock ms and median CPU ms (user + system: what a busy machine's
    waiting leaves out) of `specgap ARGS`, or None (said why) if it fails."""
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run([*command(), *args], capture_output=True, cwd=ROOT, env=env)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        if done.returncode != 0:
            print(f"   specgap {' '.join(args)} failed ({done.returncode}): {done.stderr[-300:]!r}")
            return None
    return 1000 * statistics.median(walls), 1000 * statistics.median(cpus)


def startup(runs: int = RUNS) -> None:
    env = {k: v for k, v in os.environ.items() if k != "SPECGAP_NO_BUILD_CACHE"}
    off = {**env, "SPECGAP_NO_BUILD_CACHE": "1"}
    if timed(["build", "--check"], env, 1) is None:  # warm-up: records the manifest
        return
    for label, args, environment, n in (
        ("start-up specgap --help", ["--help"], env, runs),
        ("start-up specgap build --check", ["build", "--check"], env, runs),
        ("start-up build --check, cache off", ["build", "--check"], off, max(3, runs // 3)),
    ):
        found = timed(args, environment, n)
        if found is not None:
            show(label, found[0], f"median of {n}, CPU {found[1]:.0f} ms")


def run() -> None:
    header()
    startup()
