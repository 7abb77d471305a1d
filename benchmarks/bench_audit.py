"""`specgap audit` on a corpus: events per second with one job and with every core.

A fixed-seed corpus of 100 OpenAI JSONL conversations of 1,000 events each (the generator
of `bench_check`) is decided by `specgap audit --agent sql` with `--jobs 1` and with the
default (every core), and by `specgap check` on the same files (the before-figure: audit
did not exist). Each is one fresh process, wall-clock time including start-up.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_check import POLICY, ROOT, write_conversation
from benchmarks.figures import header, show

FILES = 100
EVENTS = 1_000


def _timed(args: list[str]) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "specgap", *args], capture_output=True, text=True, cwd=ROOT
    )
    took = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"{args[0]} failed ({done.returncode}): {done.stderr[-500:]}")
    return took, done.stdout


def run() -> None:
    header()
    with tempfile.TemporaryDirectory(prefix="specgap-audit-") as tmp:
        paths = []
        for n in range(FILES):
            path = Path(tmp) / f"conversation-{n:03d}.jsonl"
            write_conversation(path, EVENTS)
            paths.append(str(path))
        total = FILES * EVENTS
        common = ["--agent", "sql", "--policy", str(POLICY)]
        check_s, _ = _timed(["check", *common, *paths])
        one_s, one = _timed(["audit", *common, "--jobs", "1", tmp])
        all_s, every = _timed(["audit", *common, tmp])
        assert one == every, "audit output differs with the number of jobs"
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
        print(f"   corpus: {FILES} files, {total:,} events; {cores} cores")
        print(f"   check (one process)  {check_s:6.1f} s  {total / check_s:>9,.0f} events/s")
        print(f"   audit --jobs 1       {one_s:6.1f} s  {total / one_s:>9,.0f} events/s")
        print(f"   audit (every core)   {all_s:6.1f} s  {total / all_s:>9,.0f} events/s")
        show("audit corpus (all cores)", total / all_s, f"check alone: {total / check_s:,.0f}/s")


if __name__ == "__main__":
    run()
