"""Incremental builds for `specgap watch`: `pipeline.build`'s bundle, redoing only what changed.

`IncrementalBuilder.build(project, options)` returns the bundle `pipeline.build` would return
for the same inputs, and its text byte-for-byte as `Bundle.to_json()` writes it. Between calls
it remembers, keyed by content rather than by time stamps:

- files: (kind, path, sha256 of the bytes) -> the parsed artifact; reading and hashing a file
  is cheap, parsing it (YAML above all) is not;
- registries: the (path, sha256) of an agent's registry and tools files -> its `Registry` and
  one `Resolver`, whose own memo then makes resolving a known mention free;
- extraction: (options, kind, path, sha256) -> the rules and diagnostics of one artifact, so
  only changed artifacts are re-extracted. This assumes, as the pipeline does, that what an
  extractor finds in an artifact depends on that artifact and the options alone;
- extraction of a long Markdown prompt: section by section (`specgap.sections`), so an
  edit re-reads one section; sections that only moved are moved, not re-read;
- compilation: each rule object (alive as long as its artifact is unchanged) together with
  the resolutions it involves -> its policy and diagnostics (`specgap.incremental_compile`);
- text: the rendered JSON of every IR object that survived (see `specgap.jsontext`).

Stages run in `STAGES` order; `load`, `extract`, `resolve` and `compile` are replaced by the
memoised equivalents below, any other stage runs as it is. Each memo keeps only what the last
build used, so memory follows the current project.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from specgap.artifacts import Artifact, load_artifact
from specgap.config import Project
from specgap.confine import read_bytes
from specgap.errors import SpecgapError
from specgap.extract.lock import LockEntry
from specgap.incremental_compile import CompileMemo
from specgap.ir import (
    ArtifactKind,
    Bundle,
    CandidateRule,
    Diagnostic,
    Extraction,
)
from specgap.jsontext import TextCache
from specgap.memo import Memo
from specgap.pipeline import STAGES, AgentState, Options, Stage, assemble, load_with
from specgap.registry import Registry
from specgap.resolve import Resolver, resolve_rules
from specgap.sections import Section, sections, shift

FileKey = tuple[str, str, str]  # kind, display path, sha256
RegistryKey = tuple[tuple[str, str], ...]


@dataclass
class Stats:
    """What one build redid; the watch report shows it, the benchmark counts it."""

    files: int = 0
    parsed: list[str] = field(default_factory=list)
    artifacts: int = 0
    extracted: list[str] = field(default_factory=list)
    sections: int = 0  # extract-stage runs over a whole artifact or a prompt section
    rules: int = 0
    compiled: int = 0
    registries_built: int = 0
    texts_rendered: int = 0
    texts_reused: int = 0


@dataclass(frozen=True)
class Built:
    bundle: Bundle
    states: tuple[AgentState, ...]
    text: str  # == bundle.to_json()
    stats: Stats


@dataclass(frozen=True)
class _Tools:
    registry: Registry
    resolver: Resolver


@dataclass(frozen=True)
class _Extracted:
    rules: tuple[CandidateRule, ...]
    diagnostics: tuple[Diagnostic, ...]
    extraction: Extraction | None
    lock_entries: tuple[LockEntry, ...]
    # For rules found in a prompt section: (the rule as found in the section alone, the
    # section), parallel to `rules`; compiling such a rule again is only moving its results.
    origins: tuple[tuple[CandidateRule, Section], ...] = ()
    # The section-level memo entries this one was made of, kept alive along with it.
    children: tuple[tuple[Any, _Extracted], ...] = ()


class IncrementalBuilder:
    """Holds the memos between builds of one project (its config may change in between)."""

    def __init__(self) -> None:
        self._files = Memo()
        self._tools = Memo()
        self._extractions = Memo()
        self._compile = CompileMemo()
        self._text = TextCache()
        self._memos = (self._files, self._tools, self._extractions, self._compile.memo)
        self._stats = Stats()
        self._options: Options | None = None
        self._generation = 0

    def build(self, project: Project, options: Options | None = None) -> Built:
        """Compile every agent; raises SpecgapError with every load error, like `build`."""
        options = options or Options()
        self._stats = stats = Stats()
        self._compile.origins, self._compile.compiled = {}, 0
        states: list[AgentState] = []
        errors: list[Diagnostic] = []
        for agent in project.config.agents:
            state = AgentState(config=agent)
            try:
                for _, stage in self._stages():
                    state = stage(project, state, options)
            except SpecgapError as exc:
                errors.extend(exc.diagnostics)
                continue
            states.append(state)
        if errors:
            for memo in self._memos:
                memo.abandon()
            raise SpecgapError(errors)
        for memo in self._memos:
            memo.commit()
        bundle = assemble(project, states, options)
        text = self._text.bundle_json(bundle)
        stats.texts_rendered, stats.texts_reused = self._text.rendered, self._text.reused
        stats.rules = sum(len(s.rules) for s in states)
        stats.compiled = self._compile.compiled
        return Built(bundle, tuple(states), text, stats)

    def _stages(self) -> list[tuple[str, Stage]]:
        replaced: Mapping[str, Stage] = {
            "load": self._load,
            "extract": self._extract,
            "resolve": self._resolve,
            "compile": lambda project, state, options: self._compile.compile(state, options),
        }
        return [(name, replaced.get(name, stage)) for name, stage in STAGES]

    # --- load ---------------------------------------------------------------------------------

    def _read(self, kind: ArtifactKind, path: Path, display: str) -> Artifact:
        self._stats.files += 1
        raw = read_bytes(path, display)  # bounded, regular files only; raises located
        key: FileKey = (kind, display, hashlib.sha256(raw).hexdigest())
        artifact: Artifact | None = self._files.get(key)
        if artifact is None:
            artifact = load_artifact(kind, path, display)
            self._stats.parsed.append(display)
            key = (kind, display, artifact.sha256)  # the file may have changed since
        self._files.put(key, artifact)
        return artifact

    def _load(self, project: Project, state: AgentState, options: Options) -> AgentState:
        state = load_with(project, state, self._read)
        assert state.registry is not None
        # The registry is a function of the registry and tools files alone.
        tools_files = [a for a in state.artifacts if a.kind == "tools"]
        key: RegistryKey = tuple((a.path, a.sha256) for a in (*state.inputs, *tools_files))
        tools: _Tools | None = self._tools.get(key)
        if tools is None:
            tools = _Tools(state.registry, Resolver(state.registry))
            self._stats.registries_built += 1
        self._tools.put(key, tools)
        self._stats.artifacts += len(state.artifacts)
        return replace(state, registry=tools.registry)

    # --- extract ------------------------------------------------------------------------------

    def _extract(self, project: Project, state: AgentState, options: Options) -> AgentState:
        """The pipeline's own extract stage, run artifact by artifact, results combined as
        one run over all of them would give them."""
        stage = dict(STAGES)["extract"]
        last = self._options
        if last is None or options != last or options.lock != last.lock:
            # A new mode, model or extraction lock: extract afresh.
            self._options, self._generation = options, self._generation + 1
        parts: list[_Extracted] = [self._extract_one(project, state, options, None, stage)]
        errors: list[Diagnostic] = []
        for artifact in state.artifacts:
            try:
                parts.append(self._extract_one(project, state, options, artifact, stage))
            except SpecgapError as exc:  # collect every artifact's failure, as one run does
                errors.extend(exc.diagnostics)
        if errors:
            raise SpecgapError(errors)
        for part in parts:
            for rule, origin in zip(part.rules, part.origins, strict=False):
                self._compile.origins[id(rule)] = (rule, *origin)
        rules = [rule for part in parts for rule in part.rules]
        # The order `extract` gives rules over all artifacts at once (a stable sort).
        rules.sort(key=lambda r: (r.span.path, r.span.start_byte, r.span.end_byte, r.operator))
        return state.with_diagnostics(
            [d for part in parts for d in part.diagnostics],
            rules=tuple(rules),
            extraction=_combine([p.extraction for p in parts]),
            lock_entries=tuple(e for part in parts for e in part.lock_entries),
        )

    def _extract_one(
        self,
        project: Project,
        state: AgentState,
        options: Options,
        artifact: Artifact | None,
        stage: Stage,
    ) -> _Extracted:
        """One artifact's extraction (None: the run over no artifacts, the identity)."""
        if artifact is None:
            return self._run(project, state, options, None, stage, (self._generation,))
        key = (self._generation, artifact.kind, artifact.path, artifact.sha256)
        found: _Extracted | None = self._extractions.get(key)
        for child in found.children if found else ():
            self._extractions.put(*child)
        if found is None:
            self._stats.extracted.append(artifact.path)
            cut = None
            if artifact.kind == "prompt" and artifact.data is None:
                # Markdown prompts, deterministic mode: section by section (see sections.py).
                cut = sections(artifact.text) if options.extractor == "deterministic" else None
            if cut is None or len(cut) == 1:
                found = self._run(project, state, options, artifact, stage, key)
                self._stats.sections += 1
            else:
                found = self._sections(project, state, options, artifact, stage, cut)
        self._extractions.put(key, found)
        return found

    def _sections(
        self,
        project: Project,
        state: AgentState,
        options: Options,
        artifact: Artifact,
        stage: Stage,
        cut: list[Section],
    ) -> _Extracted:
        """A prompt's extraction as the sum of its sections' (memoised where unchanged)."""
        parts: list[_Extracted] = []
        children: list[tuple[Any, _Extracted]] = []
        for section in cut:
            digest = hashlib.sha256(section.text.encode()).hexdigest()
            placed_key = (self._generation, "at", artifact.path, digest, section.line, section.byte)
            placed: _Extracted | None = self._extractions.get(placed_key)
            key = (self._generation, "section", artifact.path, digest)
            # Kept alive even while the section stays in place: the next edit may move it.
            alone: _Extracted | None = self._extractions.get(key)
            if alone is None:
                piece = Artifact(artifact.kind, artifact.path, section.text, digest)
                alone = self._run(project, state, options, piece, stage, key)
            self._extractions.put(key, alone)
            if placed is None:
                placed = _Extracted(
                    tuple(shift(r, section) for r in alone.rules),
                    tuple(shift(d, section) for d in alone.diagnostics),
                    alone.extraction,
                    alone.lock_entries,
                    tuple((r, section) for r in alone.rules),
                )
            self._extractions.put(placed_key, placed)
            children += [(key, alone), (placed_key, placed)]
            parts.append(placed)
        return _Extracted(
            tuple(r for part in parts for r in part.rules),
            tuple(d for part in parts for d in part.diagnostics),
            _combine([part.extraction for part in parts]),
            tuple(e for part in parts for e in part.lock_entries),
            tuple(o for part in parts for o in part.origins),
            tuple(children),
        )

    def _run(
        self,
        project: Project,
        state: AgentState,
        options: Options,
        artifact: Artifact | None,
        stage: Stage,
        key: tuple[Any, ...],
    ) -> _Extracted:
        """The extract stage over one artifact (or none), memoised under `key`."""
        found: _Extracted | None = self._extractions.get(key)
        if found is None:
            alone = replace(
                state, artifacts=(artifact,) if artifact else (), rules=(), diagnostics=()
            )
            out = stage(project, alone, options)
            found = _Extracted(out.rules, out.diagnostics, out.extraction, out.lock_entries)
            if artifact is not None and key[1] == "section":
                self._stats.sections += 1
        self._extractions.put(key, found)
        return found

    # --- resolve ------------------------------------------------------------------------------

    def _resolver(self, registry: Registry) -> Resolver:
        for tools in self._tools.current.values():
            if tools.registry is registry:
                return tools.resolver  # type: ignore[no-any-return]
        return Resolver(registry)

    def _resolve(self, project: Project, state: AgentState, options: Options) -> AgentState:
        assert state.registry is not None
        resolver = self._resolver(state.registry)
        return replace(state, resolutions=resolve_rules(resolver, state.rules))


def _combine(parts: list[Extraction | None]) -> Extraction | None:
    """Per-artifact extraction metadata as one run over all artifacts reports it: counts
    add up, lists concatenate, per-extractor tallies merge; the rest is the same in each."""
    found = [p for p in parts if p is not None]
    if not found:
        return None
    merged: dict[str, Any] = found[0].model_dump()
    for part in found[1:]:
        for name, value in part.model_dump().items():
            mine = merged[name]
            if isinstance(value, bool) or not isinstance(value, int | tuple | list | dict):
                continue  # mode, model: the same for every artifact
            if isinstance(value, dict):
                tally = {k: mine.get(k, 0) + value.get(k, 0) for k in mine.keys() | value.keys()}
                merged[name] = dict(sorted(tally.items()))
            else:
                merged[name] = mine + value
    return Extraction.model_validate(merged)
