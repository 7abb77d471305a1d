"""The public façade: what the command line, `specgap watch` and user code call."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from specgap.config import Project
from specgap.errors import SpecgapError, error
from specgap.evaluate.results import EvalResult
from specgap.extract.lock import LockEntry
from specgap.ir import Bundle, Diagnostic
from specgap.pipeline import AgentState, Options
from specgap.pipeline import build as run_pipeline
from specgap.policyfile import load_bundle as load_bundle
from specgap.weakening import STRICT_CODES as WEAKENING_CODES


def build(
    project: Project, options: Options | None = None
) -> tuple[Bundle, tuple[AgentState, ...]]:
    """Compile every agent of the project; raises SpecgapError on bad input, including a
    rule that cannot compile (unresolved mentions are findings, not errors: see --strict)."""
    bundle, states = run_pipeline(project, options)
    errors = [d for d in bundle.diagnostics if d.severity == "error" and not is_strict_finding(d)]
    if errors:
        raise SpecgapError(errors)
    return bundle, states


STRICT_CODES = frozenset(
    {"unresolved-mention", "ambiguous-mention", "lifecycle-hook-mention", *WEAKENING_CODES}
)


def is_strict_finding(d: Diagnostic) -> bool:
    """A tool mention that did not resolve to one callable tool: a finding under
    `--strict` (exit 1), a warning otherwise; never an input error."""
    return d.code in STRICT_CODES


def model_added_nothing(bundle: Bundle, mode: str) -> bool:
    """In `llm` and `auto` mode, the model contributed no rule to any agent although the
    prose states some: the build is a finding (exit 1), not a success with a weaker policy."""
    from specgap.extract.modes import NO_RULES

    if mode not in ("llm", "auto") or not any(d.code == NO_RULES for d in bundle.diagnostics):
        return False
    return not any("llm:" in name for a in bundle.agents for name in a.extraction.extractors)


def keep_answers(options: Options, entries: tuple[LockEntry, ...]) -> str | None:
    """After a build that failed in `llm` mode: add the model's good answers to the lock
    (nothing is removed), so the next build asks only about what failed."""
    from specgap.extract.lock import render_lock

    settings = options.llm
    if options.offline or settings is None or settings.lock_path is None or not entries:
        return None
    known = dict(options.lock.entries) if options.lock is not None else {}
    new = {e.key: e for e in entries if e.key not in known}
    if not new:
        return None
    write_atomic(settings.lock_path, render_lock([*known.values(), *new.values()]))
    return (
        f"kept {len(new)} good answers of `{settings.model}` in {settings.lock_display}; "
        "the next build asks only about the artifacts that failed"
    )


def update_lock(options: Options, states: tuple[AgentState, ...]) -> str | None:
    """After a build that asked the model: pin what it answered, for offline builds.
    Returns what was done, for the user, or None when there is no lock to keep."""
    from specgap.extract.lock import render_lock

    settings = options.llm
    if options.extractor == "deterministic" or options.offline or settings is None:
        return None
    if settings.lock_path is None:
        return None
    entries = {e.key: e for state in states for e in state.lock_entries}
    path = settings.lock_path
    if not entries and not path.is_file():
        return None  # every artifact fell back: there is nothing to pin
    known = options.lock.entries if options.lock is not None else {}
    new = sum(key not in known for key in entries)
    text = render_lock(entries.values())
    changed = not path.is_file() or path.read_text("utf-8") != text
    if changed:
        write_atomic(path, text)
    verb = "wrote" if changed else "kept"
    return (
        f"{verb} {settings.lock_display}: {len(entries)} entries "
        f"({len(entries) - new} from the lock, {new} new from `{settings.model}`)"
    )


def evaluate(
    project: Project,
    bundle: Bundle,
    states: tuple[AgentState, ...] = (),
    agent: str | None = None,
    *,
    mutants: bool = False,
    seed: int = 0,
    progress: Callable[[str], None] | None = None,
) -> EvalResult:
    """Read each agent's safe and unsafe traces (with the bundle's registry) and run them
    against its compiled policies (`specgap.evaluate.evaluate`); with `mutants`, also the
    generated mutants and policy mutation (what `specgap eval` does). `states` (a build's)
    only spare re-reading the artifact texts the reports quote."""
    from specgap.evaluate import evaluate as evaluate_bundle
    from specgap.evaluate.adapters.suites import read_sources, read_suites

    suites = read_suites(project, bundle, agent)
    result = evaluate_bundle(
        bundle,
        suites,
        agent,
        undetermined=project.config.undetermined,
        seed=seed,
        mutants=mutants,
        progress=progress,
    )
    known = {a.path: a.text for state in states for a in state.artifacts}
    return result.model_copy(update={"sources": read_sources(project, bundle, suites, known)})


def write_atomic(path: Path, text: str) -> None:
    """Write to a temporary file beside `path`, then rename: readers never see half a file.
    A new file gets the mode the user's umask gives; a replaced file keeps its mode."""
    shown = path.as_posix()
    try:
        if path.is_dir():
            raise IsADirectoryError(21, "Is a directory")
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise error(
            "unwritable-output",
            f"cannot write `{shown}`: {exc.strerror or exc}",
            path=shown,
            help="pass a file path whose folder can be created and written",
        ) from None
    try:
        # mkstemp makes the file 0600; give it the mode the file has, or the user's umask
        from specgap.conventions import new_file_mode

        mode = path.stat().st_mode & 0o7777 if path.is_file() else new_file_mode()
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise error(
                "unwritable-output",
                f"cannot write `{shown}`: {exc.strerror or exc}",
                path=shown,
                help="pass a file path whose folder can be created and written",
            ) from None
        raise


def bundle_schema() -> str:
    schema = Bundle.model_json_schema(by_alias=True)
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"
