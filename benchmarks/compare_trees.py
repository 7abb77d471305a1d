"""`specgap check`, `--help` and `build --check` of two source trees, run one right after
the other, so that a before/after comparison on a shared machine sees the same load.

    git archive <commit> | tar -x -C /tmp/before
    python -m benchmarks.compare_trees /tmp/before check-1m check-100k help build

Each tree runs as `python -m specgap ...` with `PYTHONPATH` set to it (the interpreter and
the installed dependencies are this one's), from the tree's own folder, on its own
`policy/policy.json`. `PYTHONUNBUFFERED` and `PYTHONDONTWRITEBYTECODE` are unset, as a
user's shell has them. `check-*` reads the `bench_check` conversation of that many events
(written once into a temporary folder) and prints wall and CPU time (user + system of the
child); `help` and `build` print the best and the median of five runs. The figures are
printed, not asserted.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_check import write_conversation

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"check-100k": 100_000, "check-1m": 1_000_000}
RUNS = 5


def _run(tree: Path, args: list[str]) -> tuple[int, float, float]:
    """(exit code, wall seconds, CPU seconds) of `python -m specgap ARGS` in `tree`."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE")
    }
    env["PYTHONPATH"] = str(tree)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "specgap", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=tree,
        env=env,
        check=False,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return done.returncode, wall, cpu


def compare(before: Path, what: list[str]) -> None:
    trees = {"before": before.resolve(), "after": ROOT}
    with tempfile.TemporaryDirectory(prefix="specgap-compare-") as tmp:
        for item in what:
            load = os.getloadavg()[0]
            if item in SIZES:
                events = SIZES[item]
                trace = Path(tmp) / f"{item}.jsonl"
                if not trace.exists():
                    write_conversation(trace, events)
                for name, tree in trees.items():
                    policy = str(tree / "policy" / "policy.json")
                    args = ["check", "--agent", "sql", "--policy", policy, str(trace)]
                    code, wall, cpu = _run(tree, args)
                    print(
                        f"   {item:<11} {name:<6} exit {code}  wall {wall:6.2f} s"
                        f" {events / wall:>9,.0f}/s  CPU {cpu:6.2f} s {events / cpu:>9,.0f}/s"
                        f"  (load {load:.2f})",
                        flush=True,
                    )
                continue
            args = {"help": ["--help"], "build": ["build", "--check"]}[item]
            for name, tree in trees.items():
                walls = [_run(tree, args)[1] for _ in range(RUNS)]
                print(
                    f"   {item:<11} {name:<6} best {1000 * min(walls):5.0f} ms"
                    f"  median {1000 * statistics.median(walls):5.0f} ms  (load {load:.2f})",
                    flush=True,
                )


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    compare(Path(sys.argv[1]), sys.argv[2:])
