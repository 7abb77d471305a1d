"""`specgap check` on large JSONL inputs: peak memory and throughput as the input grows.

For each size, a fixed-seed generator writes one long OpenAI Chat conversation as JSONL (one
message per line: user turns, assistant tool calls to the sql agent's tools, tool replies,
assistant answers) into a temporary folder; `specgap check --agent sql` then reads it in a
subprocess with its output sent to /dev/null. Peak RSS and CPU time (user + system) come
from `resource.getrusage(RUSAGE_CHILDREN)` in a fresh wrapper process per size, so each
figure is that run's own; events per CPU second is the rate a machine shared with other
jobs still measures (wall-clock time includes waiting for a core). Flat memory means the
peak RSS column stays put while the input grows.

Start-up: `specgap --help` and `specgap build --check` on the reference project, the median
of 5 runs each (`benchmarks/bench_startup.py`, which `python -m benchmarks startup` runs alone),
and `specgap check` of a one-event trace: the fixed cost of every check run (imports, the
policy, the engine), median of 5, with its CPU time (docs/check-speed.md); once as the
environment runs it (with `PYTHONDONTWRITEBYTECODE` set, every specgap module is compiled on
every run) and once with every module's bytecode cached, as an installed package runs.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.figures import header, show

ROOT = Path(__file__).resolve().parent.parent
POLICY = ROOT / "policy" / "policy.json"
SIZES = (10_000, 100_000, 1_000_000)
SEED = 11

# Runs the check in a child and prints that child's peak RSS (KiB on Linux).
WRAPPER = """
import resource, subprocess, sys
with open(sys.argv[1], "wb") as out:
    done = subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.PIPE)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(done.returncode, used.ru_maxrss, used.ru_utime + used.ru_stime)
sys.stderr.write(done.stderr.decode()[-2000:])
"""


def write_conversation(path: Path, events: int) -> int:
    """One conversation of `events` events (a call and its reply are one event)."""
    rng = random.Random(SEED)
    written = 0
    calls = 0
    with path.open("w", encoding="utf-8") as out:
        while written < events:
            out.write(json.dumps({"role": "user", "content": f"question {written}"}) + "\n")
            written += 1
            for name, args in (
                ("schema_lookup", {"table": rng.choice(["orders", "customers", "products"])}),
                ("execute_sql", {"query": f"SELECT id FROM orders LIMIT {rng.randrange(1, 150)}"}),
            ):
                if written >= events:
                    break
                calls += 1
                call_id = f"call_{calls}"
                function = {"name": name, "arguments": json.dumps(args)}
                call = {"id": call_id, "type": "function", "function": function}
                out.write(json.dumps({"role": "assistant", "content": None, "tool_calls": [call]}))
                reply = {"role": "tool", "tool_call_id": call_id, "content": '{"rows": [[1]]}'}
                out.write("\n" + json.dumps(reply) + "\n")
                written += 1
            if written < events:
                out.write(json.dumps({"role": "assistant", "content": "done"}) + "\n")
                written += 1
    return path.stat().st_size


def startup() -> None:
    from benchmarks.bench_startup import startup as measure  # one start-up benchmark

    measure(runs=5)


def check_startup(tmp: Path, runs: int = 5) -> None:
    """`specgap check` of a one-event trace: what a run costs before its first event."""
    from benchmarks.bench_startup import timed

    trace = tmp / "one-event.jsonl"
    write_conversation(trace, 1)
    args = ["check", "--agent", "sql", "--policy", str(POLICY), str(trace)]
    found = timed(args, dict(os.environ), runs)
    if found is not None:
        print(
            f"   {'start-up specgap check, 1 event':<38} {found[0]:>10.0f} ms"
            f"{'':<7}median of {runs}, CPU {found[1]:.0f} ms"
        )
    # as an installed package runs: every module's bytecode cached (a private cache folder,
    # filled by one run first), where the line above compiles every module without a cache
    # when `PYTHONDONTWRITEBYTECODE` is set, as in some CI and agent sandboxes
    cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cached["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    if timed(args, cached, 1) is not None:
        found = timed(args, cached, runs)
        if found is not None:
            print(
                f"   {'start-up check, bytecode cached':<38} {found[0]:>10.0f} ms"
                f"{'':<7}median of {runs}, CPU {found[1]:.0f} ms"
            )


def run() -> None:
    header()
    startup()
    with tempfile.TemporaryDirectory(prefix="specgap-bench-") as tmp:
        check_startup(Path(tmp))
        print(
            f"   {'events':>10} {'input':>9} {'time':>8} {'events/s':>10} {'peak RSS':>10}"
            f" {'CPU':>8} {'per CPU s':>10}"
        )
        for size in SIZES:
            trace = Path(tmp) / f"trace-{size}.jsonl"
            written = write_conversation(trace, size)
            command = [
                sys.executable,
                "-m",
                "specgap",
                "check",
                "--agent",
                "sql",
                "--policy",
                str(POLICY),
                str(trace),
            ]
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-c", WRAPPER, os.devnull, *command],
                capture_output=True,
                text=True,
                cwd=ROOT,
                check=False,
            )
            took = time.perf_counter() - started
            code, peak, cpu = done.stdout.split()
            if code not in ("0", "1"):
                print(f"   check failed ({code}): {done.stderr.strip()[-500:]}")
                return
            print(
                f"   {size:>10,} {written / 2**20:>7.1f}MB {took:>7.1f}s {size / took:>10,.0f}"
                f" {int(peak) / 1024:>8.1f}MB {float(cpu):>7.1f}s {size / float(cpu):>10,.0f}"
            )
            if size in (100_000, 1_000_000):
                shown = f"{size:,}"
                # the CPU rate is what a machine shared with other jobs still measures
                show(f"check {shown} events", size / took, f"CPU {size / float(cpu):,.0f}/s")
                show(f"check peak RSS at {shown}", int(peak) / 1024)
            trace.unlink()


if __name__ == "__main__":
    run()
