"""Run every benchmark module (`bench_*.py`, each with a `run()` that prints its figures).

`python -m benchmarks [NAME ...] [--OPTION ...]` runs only the named ones (e.g. `evaluator`);
options (`--json`, ...) go to the benchmarks whose `run` takes them. `eval` names the
evaluator and mutation benchmarks together.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
import time

import benchmarks

ALIASES = {"eval": ("evaluator", "mutation")}


def main(argv: list[str]) -> None:
    names = [n for a in argv if not a.startswith("-") for n in ALIASES.get(a, (a,))]
    options = [a for a in argv if a.startswith("-")]
    modules = sorted(
        m.name for m in pkgutil.iter_modules(benchmarks.__path__) if m.name.startswith("bench_")
    )
    selected = [m for m in modules if not names or m.removeprefix("bench_") in names]
    for name in selected:
        print(f"== {name.removeprefix('bench_')}", flush=True)
        started = time.perf_counter()
        run = importlib.import_module(f"benchmarks.{name}").run
        if inspect.signature(run).parameters:
            run(options)
        else:
            run()
        print(f"   ({time.perf_counter() - started:.1f} s)\n", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
