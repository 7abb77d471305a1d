"""Reading a project's hand-labelled traces for `evaluate(bundle, traces)`.

The evaluator reads no file: this module does, beside the other adapters. Each agent's
`safe_traces` and `unsafe_traces` globs are read with the registry the bundle carries for
the agent (`agent_registry`), as `specgap check` reads its inputs, so a tool name means
the same to `eval` and to `check`. Bad trace files raise every diagnostic of an agent's
set at once, agent by agent.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from specgap.artifacts import read_text
from specgap.config import Project
from specgap.errors import SpecgapError, error
from specgap.evaluate.adapters import load_trace
from specgap.events import LabelledTraces, Trace
from specgap.ir import Bundle, Diagnostic
from specgap.registry import Registry, agent_registry


def read_traces(project: Project, patterns: tuple[str, ...], registry: Registry) -> list[Trace]:
    """One trace per file the globs match, in glob order, named by the project-relative
    path; every file's errors are collected, then raised together."""
    traces: list[Trace] = []
    errors: list[Diagnostic] = []
    for path in project.expand(patterns, errors):
        try:
            traces.append(load_trace(path, project.rel(path), registry))
        except SpecgapError as exc:
            errors.extend(exc.diagnostics)
    if errors:
        raise SpecgapError(errors)
    return traces


def read_suites(
    project: Project, bundle: Bundle, agent: str | None = None
) -> dict[str, LabelledTraces]:
    """Every configured agent's traces (or the one named `agent`: an unknown name raises
    `unknown-agent` with the project's agents), read with the bundle's registry."""
    configs = [project.agent(agent)] if agent is not None else project.config.agents
    out: dict[str, LabelledTraces] = {}
    for config in configs:
        found = bundle.agent(config.id)
        if found is None:
            raise error(
                "unknown-agent",
                f"the policy has no agent `{config.id}`",
                help="rebuild the policy with `specgap build`",
            )
        if not config.safe_traces and not config.unsafe_traces:
            out[config.id] = LabelledTraces()  # no registry to build (`watch` saves often)
            continue
        registry = agent_registry(found)
        safe = read_traces(project, config.safe_traces, registry)
        unsafe = read_traces(project, config.unsafe_traces, registry)
        out[config.id] = LabelledTraces(safe=tuple(safe), unsafe=tuple(unsafe))
    return out


def read_sources(
    project: Project,
    bundle: Bundle,
    suites: Mapping[str, LabelledTraces],
    known: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """The texts the reports quote, by path, sorted: the artifacts of each agent in
    `suites` (from `known` when given there, else read) and its unsafe trace files."""
    known = known or {}
    sources: dict[str, str] = {}
    for agent_id, suite in suites.items():
        found = bundle.agent(agent_id)
        paths: Iterable[str] = (a.path for a in found.artifacts) if found is not None else ()
        for path in paths:
            text = known.get(path)
            file = project.root / Path(path)
            if text is None and file.is_file():
                text = read_text(file, path)
            if text is not None:
                sources[path] = text
        for trace in suite.unsafe:
            file = project.root / Path(trace.path)
            if trace.path not in sources and file.is_file():
                sources[trace.path] = read_text(file, trace.path)
    return dict(sorted(sources.items()))
