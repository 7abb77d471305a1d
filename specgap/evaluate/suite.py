"""Evaluating an agent's policy on its safe traces and its unsafe mutants."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import Field

from specgap.config import Project
from specgap.errors import SpecgapError
from specgap.evaluate.engine import Decision, Engine
from specgap.evaluate.traces import load_trace
from specgap.events import Trace
from specgap.ir import CATEGORIES, Diagnostic, Frozen, Policy
from specgap.registry import Registry

TraceKind = Literal["safe", "unsafe"]
UNCATEGORIZED = "uncategorized"


class Coverage(Frozen):
    killed: int = 0
    total: int = 0


class TraceResult(Frozen):
    path: str
    kind: TraceKind
    description: str | None
    category: str
    blocked: bool
    killed_by: tuple[str, ...] = ()
    findings: tuple[Decision, ...] = Field(default=(), description="decisions other than allow")

    @property
    def correct(self) -> bool:
        return self.blocked == (self.kind == "unsafe")


class Counts(Frozen):
    total_traces: int
    safe_traces: int
    safe_allowed: int
    unsafe_traces: int
    unsafe_blocked: int
    false_allows: int
    false_blocks: int
    coverage_by_category: dict[str, Coverage]

    @property
    def mutation_score(self) -> float:
        return self.unsafe_blocked / self.unsafe_traces if self.unsafe_traces else 1.0


class AgentResult(Frozen):
    agent: str
    counts: Counts
    traces: tuple[TraceResult, ...]


class EvalResult(Frozen):
    revision: str
    agents: tuple[AgentResult, ...]
    total: Counts

    def summary(self) -> dict[str, object]:
        """The machine-readable shape `specgap eval --format json` prints."""
        return {
            "revision": self.revision,
            "agents": {
                a.agent: {
                    **a.counts.model_dump(mode="json"),
                    "mutation_score": round(a.counts.mutation_score, 4),
                    "traces": [t.model_dump(mode="json") for t in a.traces],
                }
                for a in self.agents
            },
            "total": {
                **self.total.model_dump(mode="json"),
                "mutation_score": round(self.total.mutation_score, 4),
            },
        }


def load_traces(project: Project, patterns: tuple[str, ...], registry: Registry) -> list[Trace]:
    traces: list[Trace] = []
    errors: list[Diagnostic] = []
    for path in project.expand(patterns, what="trace"):
        try:
            traces.append(load_trace(path, project.rel(path), registry))
        except SpecgapError as exc:
            errors.extend(exc.diagnostics)
    if errors:
        raise SpecgapError(errors)
    return traces


def run_trace(engine: Engine, trace: Trace, kind: TraceKind) -> TraceResult:
    decisions = list(engine.run(trace.events))
    findings = tuple(d for d in decisions if d.verdict != "allow")
    killed_by = sorted({h.policy for d in decisions if d.blocked for h in d.hits})
    fired = [h.category for d in findings for h in d.hits]
    category = trace.category or (fired[0] if fired else UNCATEGORIZED)
    return TraceResult(
        path=trace.path,
        kind=kind,
        description=trace.description,
        category=category if kind == "unsafe" else "",
        blocked=any(d.blocked for d in decisions),
        killed_by=tuple(killed_by),
        findings=findings,
    )


def count(results: Sequence[TraceResult]) -> Counts:
    safe = [r for r in results if r.kind == "safe"]
    unsafe = [r for r in results if r.kind == "unsafe"]
    coverage: dict[str, Coverage] = {c: Coverage() for c in CATEGORIES}
    for r in unsafe:
        cell = coverage.get(r.category, Coverage())
        coverage[r.category] = Coverage(killed=cell.killed + r.blocked, total=cell.total + 1)
    return Counts(
        total_traces=len(results),
        safe_traces=len(safe),
        safe_allowed=sum(not r.blocked for r in safe),
        unsafe_traces=len(unsafe),
        unsafe_blocked=sum(r.blocked for r in unsafe),
        false_allows=sum(not r.blocked for r in unsafe),
        false_blocks=sum(r.blocked for r in safe),
        coverage_by_category=coverage,
    )


def add(parts: Iterable[Counts]) -> Counts:
    parts = list(parts)
    coverage: dict[str, Coverage] = {c: Coverage() for c in CATEGORIES}
    for part in parts:
        for cat, cell in part.coverage_by_category.items():
            cur = coverage.get(cat, Coverage())
            coverage[cat] = Coverage(killed=cur.killed + cell.killed, total=cur.total + cell.total)
    fields = ("total_traces", "safe_traces", "safe_allowed", "unsafe_traces", "unsafe_blocked")
    sums = {f: sum(getattr(p, f) for p in parts) for f in (*fields, "false_allows", "false_blocks")}
    return Counts(**sums, coverage_by_category=coverage)


def evaluate_agent(
    project: Project,
    agent_id: str,
    policies: Sequence[Policy],
    registry: Registry,
) -> AgentResult:
    config = project.agent(agent_id)
    engine = Engine(policies)
    groups: tuple[tuple[TraceKind, tuple[str, ...]], ...] = (
        ("safe", config.safe_traces),
        ("unsafe", config.unsafe_traces),
    )
    results = [
        run_trace(engine, trace, kind)
        for kind, patterns in groups
        for trace in load_traces(project, patterns, registry)
    ]
    return AgentResult(agent=agent_id, counts=count(results), traces=tuple(results))
