"""`specgap watch`: rebuild on save, show what changed, never leave a broken policy.

A `Session` owns one project across rebuilds: it re-reads the project config on every
rebuild (so an added agent or a renamed artifact is picked up), runs `pipeline.build` with
the session's content-keyed `Cache` (so only the units whose content changed are redone;
see `specgap.units`), replaces the policy file atomically, evaluates the traces and prints
what changed against the last good build. A build that fails (a malformed artifact or
config) prints its diagnostics and leaves the last good policy in place; the next good save
recovers and reports the errors it fixed.

`watch` drives a session with a real file watcher (watchfiles): it watches the folders of the
config, of every artifact, registry and trace the config names (globs included), not
recursively, and filters events down to those paths, so editors that save by renaming a
temporary file are seen too. When a rebuild changes the set of folders (the config now names
a file elsewhere) the watcher restarts; the first wake-up of every watcher re-checks the
inputs by content, so a save that lands while no watcher is running is not lost.
"""

from __future__ import annotations

import gc
import os
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, Protocol

from specgap.api import evaluate, is_strict_finding, load_bundle, write_atomic
from specgap.cache import Cache
from specgap.changes import Snapshot, diagnostic_changes, render_changes, summary
from specgap.config import Project, find_config, load_project
from specgap.confine import build_lock
from specgap.errors import ExitCode, SpecgapError
from specgap.evaluate.results import Counts
from specgap.ir import Bundle, Diagnostic
from specgap.jsontext import TextCache
from specgap.pipeline import AgentState, Options, build
from specgap.watchset import WatchSet, input_files, watch_set

Status = Literal["written", "unchanged", "failed"]
Sink = Callable[[str], None]


class StopEvent(Protocol):
    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class Built:
    """One good build: `pipeline.build`'s bundle and states, the bundle's text (exactly
    `bundle.to_json()`), and what the build computed afresh (display paths of inputs)."""

    bundle: Bundle
    states: tuple[AgentState, ...]
    text: str
    parsed: tuple[str, ...]  # files whose content was new
    extracted: tuple[str, ...]  # artifacts with content not extracted before
    artifacts: int  # artifacts in the build


@dataclass(frozen=True)
class Outcome:
    """One rebuild. Times are `time.perf_counter()` values; `written_at` is when the new
    policy was in place (None when nothing was written)."""

    status: Status
    exit_code: int
    lines: tuple[str, ...]
    diagnostics: tuple[Diagnostic, ...]
    changed: tuple[str, ...] = ()
    started: float = 0.0
    written_at: float | None = None
    built: Built | None = None

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


@dataclass(frozen=True)
class _Good:
    """The last build whose policy is in place."""

    bundle: Bundle | None
    counts: Counts | None


class Session:
    """One project across rebuilds. `options_for` turns a freshly loaded project into the
    pipeline options (the command line's flags applied to the config); `out` receives the
    report, `err` the diagnostics, one line or block per call."""

    def __init__(
        self,
        config: Path | None,
        options_for: Callable[[Project], Options],
        out: Sink,
        err: Sink | None = None,
        *,
        notes: bool = False,
        debug: bool = False,
        cwd: Path | None = None,
    ) -> None:
        found = config or find_config((cwd or Path.cwd()).resolve())
        if found is None or not found.is_file():
            load_project(found, cwd=cwd)  # raises missing-config or missing-artifact
        assert found is not None
        self.config_path = found.resolve()
        self.options_for = options_for
        self.out = out
        self.err = err or out
        self.notes = notes
        self.debug = debug
        self.cache = Cache()  # the units' results, across rebuilds
        self.texts = TextCache()  # the policy's rendered pieces, across rebuilds
        self.project: Project | None = None
        self.good: _Good | None = None
        self.reported: tuple[Diagnostic, ...] = ()  # by the last good build
        self.failure: tuple[Diagnostic, ...] = ()  # by a failed build since then
        self.on_disk: tuple[Bundle | None] | None = None  # the policy found at the start
        self.written: tuple[Path, str] | None = None  # the policy file and what it holds
        self.inputs: frozenset[str] = frozenset()  # files read by the last good build

    # --- one rebuild --------------------------------------------------------------------------

    def rebuild(self, changed: Iterable[str] = (), *, quiet: bool = False) -> Outcome:
        """Rebuild now. `changed` names the paths that triggered it (for the header); with
        `quiet`, a rebuild that changes nothing prints nothing (the watcher's re-checks)."""
        started = time.perf_counter()
        shown = tuple(sorted({self._display(p) for p in changed}))
        collecting = gc.isenabled()
        gc.disable()  # a full collection mid-build can cost more than the build itself
        try:
            project = load_project(self.config_path)
            self.project = project
            if self.good is None and self.on_disk is None:
                self.on_disk = (_read_bundle(project),)
            options = self.options_for(project)
            with build_lock(project.out):  # no build of this policy interleaves with ours
                built = self._build(project, options)
                written_at = self._write(project.out, built.text)
        except SpecgapError as exc:
            return self._failed(exc.diagnostics, shown, started, quiet)
        finally:
            if collecting:
                gc.enable()
        built_at = written_at or time.perf_counter()
        self.inputs = frozenset(
            [
                str(self.config_path),
                *(str(p) for a in project.config.agents for p in input_files(project, a)),
            ]
        )
        counts, eval_diagnostics = self._evaluate(project, built)
        diagnostics = (*built.bundle.diagnostics, *eval_diagnostics)
        before = self._before(project)
        after = Snapshot(built.bundle, counts, diagnostics)
        status: Status = "written" if written_at is not None else "unchanged"
        new, fixed = diagnostic_changes(before.diagnostics, diagnostics, notes=self.notes)
        same = status == "unchanged" and self.good is not None and counts == self.good.counts
        if not shown and self.good is not None:
            # A re-check, not an event: name the files whose content it found changed.
            shown = tuple(sorted(set(built.parsed)))
        strict = options.strict and any(is_strict_finding(d) for d in diagnostics)
        code = ExitCode.FINDINGS if strict else ExitCode.OK
        self.good = _Good(built.bundle, counts)
        self.reported, self.failure = diagnostics, ()
        if same and not new and not fixed:
            touched = [p for p in changed if os.path.normpath(p) in self.inputs]
            lines: tuple[str, ...] = ()
            if touched and not quiet:
                lines = (f"{self._clock()} {', '.join(shown)} saved: no change to the policy",)
        else:
            header = self._header(project, built, shown, status, built_at - started)
            lines = (header, *render_changes(before, after, notes=self.notes))
        for line in lines:
            self.out(line)
        return Outcome(status, code, lines, diagnostics, shown, started, written_at, built)

    def _build(self, project: Project, options: Options) -> Built:
        return cached_build(project, options, self.cache, self.texts)

    def _failed(
        self,
        diagnostics: tuple[Diagnostic, ...],
        shown: tuple[str, ...],
        started: float,
        quiet: bool,
    ) -> Outcome:
        """Report a build that could not finish; the policy on disk stays as it was."""
        if quiet and diagnostics == self.failure:
            return Outcome("failed", ExitCode.ERROR, (), diagnostics, shown, started)
        self.failure = diagnostics
        kept = f"kept {self._out_display()} from the last good build"
        if self.good is None:
            out = self.project.out if self.project else None
            kept = f"kept {self._out_display()} as it was"
            if out is None or not out.is_file():
                kept = "no policy written"
        cause = f" after {', '.join(shown)} changed" if shown else ""
        head = f"{self._clock()} build failed{cause}: {kept}"
        self.out(head)
        for d in diagnostics:
            self.err(d.render())
        lines = (head, *(d.render() for d in diagnostics))
        return Outcome("failed", ExitCode.ERROR, lines, diagnostics, shown, started)

    def _write(self, out: Path, text: str) -> float | None:
        """Replace the policy atomically, unless it already holds exactly this text."""
        if self.written is None or self.written[0] != out:
            try:
                current: str | None = out.read_text("utf-8")
            except (OSError, UnicodeDecodeError):
                current = None
            if current == text:
                self.written = (out, text)
                return None
        elif self.written[1] == text and out.is_file():
            return None
        write_atomic(out, text)
        self.written = (out, text)
        return time.perf_counter()

    def _evaluate(
        self, project: Project, built: Built
    ) -> tuple[Counts | None, tuple[Diagnostic, ...]]:
        try:
            return evaluate(project, built.bundle, built.states).total, ()
        except SpecgapError as exc:
            return None, exc.diagnostics

    def _before(self, project: Project) -> Snapshot:
        """The last good build; what a failure since then reported counts as reported too."""
        diagnostics = (*self.reported, *self.failure)
        if self.good is not None:
            return Snapshot(self.good.bundle, self.good.counts, diagnostics)
        # First good build: compare the policies with the file that was on disk, if it read.
        return Snapshot(self.on_disk[0] if self.on_disk else None, None, diagnostics)

    def _header(
        self, project: Project, built: Built, shown: tuple[str, ...], status: Status, took: float
    ) -> str:
        """`[12:00:01] a.md changed; wrote policy/policy.json: <summary> (8 ms, ...)`."""
        out = project.rel(project.out)
        what = f"wrote {out}" if status == "written" else f"{out} unchanged"
        redone = f"re-extracted {len(built.extracted)} of {built.artifacts} artifacts"
        cause = f"{', '.join(shown)} changed; " if shown else ""
        return (
            f"{self._clock()} {cause}{what}: {summary(built.bundle)}"
            f" ({1000 * took:.0f} ms, {redone})"
        )

    def _out_display(self) -> str:
        if self.project is not None:
            return self.project.rel(self.project.out)
        return "the policy"

    def _display(self, path: str) -> str:
        if self.project is not None:
            return self.project.rel(Path(path))
        return path

    def internal_error(self, exc: Exception) -> Outcome:
        """A bug, not bad input: say so the way the command line does, keep the policy."""
        if self.debug:
            self.err("".join(traceback.format_exception(exc)).rstrip("\n"))
        diagnostic = Diagnostic(
            code="internal-error",
            message=f"{type(exc).__name__}: {exc}",
            path="<internal>",
            help="rerun with --debug and report the traceback",
        )
        return self._failed((diagnostic,), (), time.perf_counter(), False)

    @staticmethod
    def _clock() -> str:
        return time.strftime("[%H:%M:%S]")

    def watch_set(self) -> WatchSet:
        """The config, and every file and glob the (last loadable) config names."""
        return watch_set(self.config_path, self.project)


def cached_build(project: Project, options: Options, cache: Cache, texts: TextCache) -> Built:
    """`pipeline.build` through `cache`, its text through `texts`; raises SpecgapError like
    `build`. A failed build forgets nothing, a good one keeps only what it used."""
    cache.begin()
    try:
        bundle, states = build(project, replace(options, cache=cache))
    except SpecgapError:
        cache.abandon()
        raise
    cache.commit()
    return Built(
        bundle,
        states,
        texts.bundle_json(bundle),
        tuple(cache.redone.get("file", ())),
        tuple(cache.redone.get("extract", ())),
        sum(len(state.artifacts) for state in states),
    )


def _read_bundle(project: Project) -> Bundle | None:
    """The policy already on disk, to compare the first build with; None if it does not read."""
    if not project.out.is_file():
        return None
    try:
        return load_bundle(project.out, project.rel(project.out))
    except SpecgapError:
        return None


# --- the loop -------------------------------------------------------------------------------


def tidy(rebuilds: int, *, every: int = 25) -> None:
    """Collect garbage between rebuilds, then freeze what survives: later collections skip
    the project's long-lived memo instead of walking all of it. Every `every` rebuilds the
    freeze is lifted first, so garbage that a frozen object kept alive is collected too."""
    if rebuilds % every == 0:
        gc.unfreeze()
    gc.collect()
    gc.freeze()


def watch(
    session: Session,
    *,
    debounce_ms: int = 50,
    stop: StopEvent | None = None,
    on_ready: Callable[[], None] | None = None,
    on_rebuild: Callable[[Outcome], None] | None = None,
    wake_ms: int = 200,
) -> None:
    """Rebuild on every change until `stop` is set (Ctrl-C raises KeyboardInterrupt).

    Changes are grouped until `debounce_ms` pass without another one. Every watcher, when it
    first wakes (at the latest after `wake_ms`), re-checks the inputs by content and then
    calls `on_ready`. An internal error in a rebuild is reported and watching goes on."""
    from watchfiles import watch as watch_paths

    rebuilds = 0

    def rebuild(changed: list[str], quiet: bool) -> None:
        nonlocal rebuilds
        try:
            outcome = session.rebuild(changed, quiet=quiet)
        except Exception as exc:  # a bug must not end the session; the policy stays
            outcome = session.internal_error(exc)
        rebuilds += 1
        tidy(rebuilds)
        if on_rebuild is not None and (outcome.lines or not quiet):
            on_rebuild(outcome)

    rebuild([], False)
    targets = session.watch_set()
    filter_now: list[WatchSet] = [targets]  # the watcher keeps its filter; rebuilds update it
    session.out(f"watching {len(targets.files)} files in {len(targets.dirs)} folders; Ctrl-C stops")
    try:
        while stop is None or not stop.is_set():
            restart = False
            fresh = True
            for changes in watch_paths(
                *sorted(targets.dirs),
                watch_filter=lambda change, path: filter_now[0].wants(change, path),
                debounce=max(1600, 4 * debounce_ms),
                step=max(1, debounce_ms),
                stop_event=stop,
                rust_timeout=wake_ms,
                yield_on_timeout=True,
                recursive=False,
                ignore_permission_denied=True,
            ):
                if not changes and not fresh:
                    continue
                rebuild(sorted({path for _, path in changes}), not changes)
                if fresh and on_ready is not None:
                    on_ready()
                fresh = False
                current = session.watch_set()  # the config may name other files now
                restart = current.dirs != targets.dirs
                targets = filter_now[0] = current
                if restart:
                    break
            if not restart:
                return
    finally:
        gc.unfreeze()
