"""`specgap audit TRACES...`: the decisions of `specgap check` for a whole corpus, on every
core of this machine (`--engine local`, the default) or on a Dask or Ray cluster.

The unit of work is one input file: every trace lives in one file, so files are decided
independently, each by the same code as `check` (`check_traces` with one reused `Guard`
per worker). Results come back in input order whatever the engine and the number of jobs,
so the output (the lines of the events that make `check` exit non-zero, then one summary)
is byte-identical across engines, job counts and runs. A folder stands for the trace files
under it (`.json`, `.jsonl`, `.ndjson`), in sorted order; `-` (standard input) is read by
this process, and then the whole input is decided here, in order.

On a cluster (`--address`), workers read the files by the paths given: the corpus must be
on storage every worker sees, and specgap installed on each worker.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from specgap.check import TABLE_HEADER, check_traces, no_events
from specgap.errors import error
from specgap.evaluate.engine import OnError, Verdict
from specgap.guard import Guard
from specgap.ir import Bundle, Diagnostic
from specgap.jsontext import bundle_text

Engine = Literal["local", "dask", "ray"]
ENGINES: tuple[Engine, ...] = ("local", "dask", "ray")
TRACE_SUFFIXES = (".json", ".jsonl", ".ndjson")
BATCHES_PER_JOB = 4  # several batches per worker: a slow file does not hold the others up


@dataclass(frozen=True)
class Setup:
    """Everything a worker needs to decide files as `check` would (plain, picklable data)."""

    bundle: str  # the compiled bundle's JSON text: the same bytes on every worker
    agent: str
    fmt: str = "jsonl"
    trace_format: str = "auto"
    skip: tuple[str, ...] = ()
    only: tuple[str, ...] = ()
    on_error: OnError = "default"
    undetermined: Verdict = "undetermined"


@dataclass
class FileResult:
    path: str
    lines: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    events: int = 0
    denied: int = 0
    flagged: int = 0
    traces: int = 0


@dataclass
class AuditResult:
    files: int = 0
    traces: int = 0
    events: int = 0
    denied: int = 0
    flagged: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)

    @property
    def findings(self) -> int:
        return self.denied + self.flagged

    def summary(self, fmt: str) -> str:
        """The last line of the output."""
        counts = {
            "denied": self.denied,
            "errors": self.errors,
            "events": self.events,
            "files": self.files,
            "flagged": self.flagged,
            "traces": self.traces,
        }
        if fmt == "jsonl":
            import json

            return json.dumps({"audit": counts}, sort_keys=True)
        return (
            f"audited {self.files} files: {self.traces} traces, {self.events} events; "
            f"{self.denied} denied, {self.flagged} flagged, {self.errors} errors"
        )


# -- one worker --------------------------------------------------------------------------

_loaded: dict[str, tuple[Bundle, Guard]] = {}  # per process: setup digest -> built once


def _guard(setup: Setup) -> tuple[Bundle, Guard]:
    key = hashlib.sha256(repr(setup).encode("utf-8")).hexdigest()
    found = _loaded.get(key)
    if found is None:
        bundle = Bundle.model_validate_json(setup.bundle)
        guard = Guard(
            bundle,
            setup.agent,
            skip=setup.skip,
            only=setup.only,
            on_error=setup.on_error,
            undetermined=setup.undetermined,
        )
        _loaded.clear()  # one setup per worker at a time
        found = _loaded[key] = (bundle, guard)
    return found


def audit_file(setup: Setup, path: str) -> FileResult:
    """The finding lines, counts and diagnostics of one input file, as `check` has them."""
    bundle, guard = _guard(setup)
    found = FileResult(path)
    result = check_traces(
        bundle,
        setup.agent,
        [path],
        setup.fmt,
        found.lines.append,
        trace_format=setup.trace_format,
        on_error=setup.on_error,
        undetermined=setup.undetermined,
        findings_only=True,
        guard=guard,
    )
    # "no events of the forced format" is about the whole input: the caller decides it
    found.diagnostics = [d for d in result.diagnostics if d.code != "no-events"]
    found.events, found.denied, found.flagged = result.events, result.denied, result.flagged
    found.traces = result.traces
    return found


def audit_batch(setup: Setup, paths: Sequence[str]) -> list[FileResult]:
    return [audit_file(setup, p) for p in paths]


_worker_setup: Setup | None = None


def _init_worker(setup: Setup) -> None:
    global _worker_setup
    _worker_setup = setup


def _batch_in_worker(paths: Sequence[str]) -> list[FileResult]:
    assert _worker_setup is not None
    return audit_batch(_worker_setup, paths)


# -- engines -----------------------------------------------------------------------------


def batches(paths: Sequence[str], jobs: int) -> list[list[str]]:
    """Consecutive runs of paths, a few per job, in input order."""
    count = max(1, min(len(paths), jobs * BATCHES_PER_JOB))
    size = -(-len(paths) // count)
    return [list(paths[i : i + size]) for i in range(0, len(paths), size)]


def run_local(setup: Setup, paths: Sequence[str], jobs: int) -> Iterator[FileResult]:
    if jobs <= 1 or len(paths) <= 1:
        yield from (audit_file(setup, p) for p in paths)
        return
    # fork is quick and safe while this process runs no other thread; spawn otherwise
    methods = multiprocessing.get_all_start_methods()
    method = "fork" if "fork" in methods and threading.active_count() == 1 else "spawn"
    with ProcessPoolExecutor(
        max_workers=min(jobs, len(paths)),
        mp_context=multiprocessing.get_context(method),
        initializer=_init_worker,
        initargs=(setup,),
    ) as pool:
        for batch in pool.map(_batch_in_worker, batches(paths, jobs)):
            yield from batch


def run_dask(
    setup: Setup, paths: Sequence[str], jobs: int, address: str | None
) -> Iterator[FileResult]:
    distributed = _extra("dask", "distributed")
    cluster = None
    if address is None:
        cluster = distributed.LocalCluster(
            n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None
        )
    try:
        with distributed.Client(address or cluster) as client:
            shared = client.scatter(setup, broadcast=True)
            futures = [
                client.submit(audit_batch, shared, batch, pure=False)
                for batch in batches(paths, jobs)
            ]
            for done in client.gather(futures):
                yield from done
    finally:
        if cluster is not None:
            cluster.close()


def run_ray(
    setup: Setup, paths: Sequence[str], jobs: int, address: str | None
) -> Iterator[FileResult]:
    ray = _extra("ray", "ray")
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is None:
            options["num_cpus"] = jobs
        ray.init(address=address, **options)
    try:
        remote = ray.remote(audit_batch)
        shared = ray.put(setup)
        refs = [remote.remote(shared, batch) for batch in batches(paths, jobs)]
        for done in ray.get(refs):
            yield from done
    finally:
        if started:
            ray.shutdown()


def _extra(extra: str, module: str) -> Any:
    import importlib

    try:
        return importlib.import_module(f"{module}")
    except ImportError:
        raise error(
            "engine-unavailable",
            f"`--engine {extra}` needs the `{extra}` extra, which is not installed",
            path="<audit>",
            help=f"pip install 'specgap[{extra}]' (or use `--engine local`)",
        ) from None


# -- the command's core ------------------------------------------------------------------


def expand(paths: Sequence[str]) -> list[str]:
    """The input files: each file as given, each folder's trace files in sorted order."""
    out: list[str] = []
    for name in paths:
        path = Path(name)
        if name != "-" and path.is_dir():
            found = sorted(
                p.as_posix()
                for p in path.rglob("*")
                if p.suffix.lower() in TRACE_SUFFIXES and p.is_file()
            )
            out.extend(found)
        else:
            out.append(name)
    return out


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def audit(
    bundle: Bundle,
    agent: str,
    paths: Sequence[str],
    emit: Callable[[str], None],
    *,
    fmt: str = "jsonl",
    trace_format: str = "auto",
    skip: Sequence[str] = (),
    only: Sequence[str] = (),
    on_error: OnError = "default",
    undetermined: Verdict = "undetermined",
    jobs: int | None = None,
    engine: Engine = "local",
    address: str | None = None,
    report: Callable[[Diagnostic], None] | None = None,
) -> AuditResult:
    """Decide every file of the corpus; emit the finding lines in input order, then the
    summary line. Diagnostics go to `report` in input order too."""
    files = expand(paths)
    jobs = jobs or default_jobs()
    setup = Setup(
        bundle_text(bundle),
        agent,
        fmt,
        trace_format,
        tuple(skip),
        tuple(only),
        on_error,
        undetermined,
    )
    Guard(bundle, agent)  # an unknown agent is reported here, before any worker starts
    if "-" in files:  # standard input is this process's own: everything is decided here
        engine, jobs = "local", 1
    if engine == "dask":
        results = run_dask(setup, files, jobs, address)
    elif engine == "ray":
        results = run_ray(setup, files, jobs, address)
    else:
        results = run_local(setup, files, jobs)
    total = AuditResult(files=len(files))
    if fmt == "table":
        emit(TABLE_HEADER)

    def note(diagnostic: Diagnostic) -> None:
        total.diagnostics.append(diagnostic)
        if report is not None:
            report(diagnostic)

    for found in results:
        for diagnostic in found.diagnostics:
            note(diagnostic)
        for line in found.lines:
            emit(line)
        total.traces += found.traces
        total.events += found.events
        total.denied += found.denied
        total.flagged += found.flagged
    if files and trace_format != "auto" and total.events == 0 and not total.errors:
        note(no_events(files, trace_format))
    emit(total.summary(fmt))
    return total
