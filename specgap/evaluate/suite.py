"""Evaluating an agent's policy: its hand-labelled safe and unsafe traces (as before),
the mutants generated from its safe traces (the kill matrix) and policy mutation.

Hand-labelled figures (`Counts`) keep their meaning and keys. Generated mutants are
tallied apart, operator mutants and generic mutants separately again; the mutation
score of a category adds the hand-labelled unsafe traces to the operator mutants.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from specgap.artifacts import read_text
from specgap.config import Project
from specgap.errors import SpecgapError
from specgap.evaluate.adapters import load_trace
from specgap.evaluate.engine import Decision, Engine
from specgap.evaluate.kill import KillMatrix, killers, policy_mutation, rule_results
from specgap.evaluate.results import MutantResult, MutationStats, RuleResult, Skip
from specgap.events import Trace
from specgap.ir import CATEGORIES, CandidateRule, Diagnostic, Frozen, Policy
from specgap.mutate import generate
from specgap.registry import Registry

if TYPE_CHECKING:
    from specgap.ir import Bundle
    from specgap.pipeline import AgentState

TraceKind = Literal["safe", "unsafe"]
UNCATEGORIZED = "uncategorized"


class Coverage(Frozen):
    killed: int = 0
    total: int = 0

    @property
    def score(self) -> float | None:
        return self.killed / self.total if self.total else None

    def plus(self, killed: int, total: int) -> Coverage:
        return Coverage(killed=self.killed + killed, total=self.total + total)


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


def _scores(counts: Counts, generated: MutationStats) -> dict[str, Coverage]:
    """Per category: hand-labelled unsafe traces plus operator mutants."""
    out = dict(counts.coverage_by_category)
    for category, cell in generated.by_category.items():
        out[category] = out.get(category, Coverage()).plus(cell.killed, cell.total)
    return out


def _overall(scores: dict[str, Coverage]) -> Coverage:
    total = Coverage()
    for cell in scores.values():
        total = total.plus(cell.killed, cell.total)
    return total


class AgentResult(Frozen):
    agent: str
    counts: Counts
    traces: tuple[TraceResult, ...]
    rules: tuple[RuleResult, ...] = ()
    mutants: tuple[MutantResult, ...] = ()
    skipped: tuple[Skip, ...] = ()
    generated: MutationStats = Field(default_factory=MutationStats.empty)
    generic: MutationStats = Field(default_factory=MutationStats.empty)

    def scores(self) -> dict[str, Coverage]:
        return _scores(self.counts, self.generated)

    @property
    def score(self) -> Coverage:
        return _overall(self.scores())

    def rule(self, key: str) -> RuleResult | None:
        return next((r for r in self.rules if r.key == key), None)


class EvalResult(Frozen):
    revision: str
    agents: tuple[AgentResult, ...]
    total: Counts
    seed: int = 0
    diagnostics: tuple[Diagnostic, ...] = ()
    sources: dict[str, str] = Field(default_factory=dict, description="artifact texts by path")

    @property
    def generated(self) -> MutationStats:
        stats = MutationStats.empty()
        for a in self.agents:
            stats = stats.plus(a.generated)
        return stats

    @property
    def generic(self) -> MutationStats:
        stats = MutationStats.empty()
        for a in self.agents:
            stats = stats.plus(a.generic)
        return stats

    def scores(self) -> dict[str, Coverage]:
        return _scores(self.total, self.generated)

    @property
    def score(self) -> Coverage:
        return _overall(self.scores())

    def summary(self) -> dict[str, Any]:
        """The machine-readable shape `specgap eval --format json` prints."""
        from specgap.report.jsonout import summary

        return summary(self)


def load_traces(project: Project, patterns: tuple[str, ...], registry: Registry) -> list[Trace]:
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


def run_trace(engine: Engine, trace: Trace, kind: TraceKind) -> TraceResult:
    decisions = list(engine.run(trace.events))
    findings = tuple(d for d in decisions if d.verdict != "allow")
    killed_by = sorted({h.policy for h in killers(decisions)})
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
    *,
    candidates: Sequence[CandidateRule] = (),
    diagnostics: Sequence[Diagnostic] = (),
    seed: int = 0,
    mutants: bool = False,
) -> AgentResult:
    """Hand-labelled traces; with `mutants`, also generated mutants of the safe traces
    through the kill matrix, and policy mutation. Off by default, so callers that only
    need the hand-labelled counts (`specgap watch`) do not pay for generation;
    `evaluate_states` (what `specgap eval` runs) turns it on."""
    config = project.agent(agent_id)

    def make_engine(chosen: Sequence[Policy]) -> Engine:
        return Engine(chosen, undetermined=project.config.undetermined)

    engine = make_engine(policies)
    safe = load_traces(project, config.safe_traces, registry)
    unsafe = load_traces(project, config.unsafe_traces, registry)
    results = [run_trace(engine, t, "safe") for t in safe]
    results += [run_trace(engine, t, "unsafe") for t in unsafe]
    counts = count(results)
    if not mutants:
        return AgentResult(agent=agent_id, counts=counts, traces=tuple(results))
    generation = generate(
        agent_id,
        policies,
        safe,
        registry=registry,
        seed=seed,
        known=[t.events for t in unsafe],
        engine_factory=make_engine,
    )
    matrix = KillMatrix(policies, safe, engine=make_engine).run(generation.mutants)
    operator = [m for m in matrix if m.kind == "operator"]
    generic = [m for m in matrix if m.kind == "generic"]
    verdicts = {r.path: r.blocked for r in results}
    tested_by = policy_mutation(policies, [*safe, *unsafe], verdicts, engine=make_engine)
    return AgentResult(
        agent=agent_id,
        counts=counts,
        traces=tuple(results),
        rules=rule_results(agent_id, policies, candidates, diagnostics, matrix, tested_by),
        mutants=matrix,
        skipped=generation.skipped,
        generated=MutationStats.of(
            operator, discarded=generation.discarded, duplicates=generation.duplicates
        ),
        generic=MutationStats.of(generic),
    )


def evaluate_states(
    project: Project,
    bundle: Bundle,
    states: Sequence[AgentState],
    agent: str | None = None,
    *,
    seed: int = 0,
    mutants: bool = True,
    progress: Callable[[str], None] | None = None,
) -> EvalResult:
    """Evaluate every agent (or one) of a build, with the rule texts the reports show;
    `progress` is called with each agent's id once it is evaluated."""
    results: list[AgentResult] = []
    sources: dict[str, str] = {}
    for state in states:
        if agent is not None and state.config.id != agent:
            continue
        assert state.registry is not None
        result = evaluate_agent(
            project,
            state.config.id,
            state.policies,
            state.registry,
            candidates=state.rules,
            diagnostics=state.diagnostics,
            seed=seed,
            mutants=mutants,
        )
        results.append(result)
        if progress is not None:
            progress(state.config.id)
        sources.update({a.path: a.text for a in state.artifacts})
        for trace in result.traces:
            file = project.root / Path(trace.path)
            if trace.kind == "unsafe" and trace.path not in sources and file.is_file():
                sources[trace.path] = read_text(file, trace.path)
    if agent is not None and not results:
        project.agent(agent)  # raises unknown-agent with the list of agents
    return EvalResult(
        revision=bundle.revision,
        agents=tuple(results),
        total=add(r.counts for r in results),
        seed=seed,
        diagnostics=bundle.diagnostics,
        sources=dict(sorted(sources.items())),
    )
