"""The result model of an evaluation: hand-labelled traces and their counts, rules,
mutants and their tallies, per agent and in total (`EvalResult`).

`specgap.evaluate.evaluate` builds it; every report (table, Markdown, JSON, SARIF, JUnit,
Stryker, HTML) renders from it and nothing is recomputed by a renderer. This module sits
below both: it imports the engine's `Decision` and the IR, never an evaluator, a mutator
or a renderer.

Hand-labelled figures (`Counts`) keep their meaning and keys. Generated mutants are
tallied apart, operator mutants and generic mutants separately again; the mutation score
of a category adds the hand-labelled unsafe traces to the operator mutants.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import Field

from specgap.evaluate.engine import Decision
from specgap.ir import CATEGORIES, Diagnostic, Frozen, Span

TraceKind = Literal["safe", "unsafe"]
UNCATEGORIZED = "uncategorized"

MutantStatus = Literal["Killed", "Survived", "NoCoverage", "Ignored"]
RuleStatus = Literal["enforced", "not_enforced", "not_compiled"]


class RuleResult(Frozen):
    """One rule as stated: the policy it compiled to (if any), and what the mutants and
    the policy mutation found out about it."""

    key: str  # the policy id, or `<agent>.rule.<hash>` for a rule that did not compile
    policy: str | None
    title: str
    category: str
    operator: str
    target: str | None
    enforcement: str | None
    action: str | None
    status: RuleStatus
    span: Span
    quote: str
    also_stated_at: tuple[Span, ...] = ()
    note: str = ""  # why it is not enforced or did not compile
    killed: int = 0
    survived: int = 0
    no_coverage: int = 0
    tested_by: tuple[str, ...] = ()  # hand-labelled traces whose verdict needs this policy
    sole_killer: int = 0  # generated mutants that only this policy kills

    @property
    def location(self) -> str:
        return self.span.location()

    @property
    def untested(self) -> bool:
        """Enforced, yet removing it changes no verdict of any trace or mutant."""
        return self.status == "enforced" and not self.tested_by and not self.sole_killer

    def where(self) -> str:
        """Where the rule is stated and how it stands: `stated at prompt.md:12:1, not
        enforced (eval_required, warn)` and the like."""
        text = f"stated at {self.location}"
        if self.status == "not_enforced":
            return f"{text}, not enforced ({self.note})"
        if self.status == "not_compiled":
            return f"{text}, not compiled ({self.note})"
        return text


class MutantResult(Frozen):
    """One generated mutant in the kill matrix."""

    id: str
    kind: Literal["operator", "generic"]
    mutator: str
    description: str
    base: str
    rules: tuple[str, ...]
    category: str
    status: MutantStatus
    killed_by: tuple[str, ...] = ()
    reason: str = ""


class Tally(Frozen):
    killed: int = 0
    survived: int = 0
    no_coverage: int = 0

    @property
    def total(self) -> int:
        return self.killed + self.survived + self.no_coverage

    @property
    def score(self) -> float | None:
        return self.killed / self.total if self.total else None

    def plus(self, other: Tally) -> Tally:
        return Tally(
            killed=self.killed + other.killed,
            survived=self.survived + other.survived,
            no_coverage=self.no_coverage + other.no_coverage,
        )

    def counting(self, status: MutantStatus) -> Tally:
        field = {"Killed": "killed", "Survived": "survived", "NoCoverage": "no_coverage"}.get(
            status
        )
        if field is None:
            return self
        return self.model_copy(update={field: getattr(self, field) + 1})


class MutationStats(Frozen):
    """Tallies of one family of generated mutants (operator or generic)."""

    by_category: dict[str, Tally]
    by_mutator: dict[str, Tally]
    ignored: int = 0  # generic mutants that break no rule: harmless, not scored
    discarded: int = 0  # mutator outputs that did not violate their rule
    duplicates: int = 0

    @property
    def overall(self) -> Tally:
        total = Tally()
        for cell in self.by_category.values():
            total = total.plus(cell)
        return total

    @classmethod
    def of(cls, mutants: Iterable[MutantResult], **extra: int) -> MutationStats:
        by_category: dict[str, Tally] = {c: Tally() for c in CATEGORIES}
        by_mutator: dict[str, Tally] = {}
        ignored = 0
        for m in mutants:
            if m.status == "Ignored":
                ignored += 1
                continue
            by_category[m.category] = by_category.get(m.category, Tally()).counting(m.status)
            by_mutator[m.mutator] = by_mutator.get(m.mutator, Tally()).counting(m.status)
        return cls(
            by_category=by_category,
            by_mutator=dict(sorted(by_mutator.items())),
            ignored=ignored,
            **extra,
        )

    def plus(self, other: MutationStats) -> MutationStats:
        def merge(a: dict[str, Tally], b: dict[str, Tally]) -> dict[str, Tally]:
            keys = list(dict.fromkeys([*a, *b]))
            return {k: a.get(k, Tally()).plus(b.get(k, Tally())) for k in keys}

        return MutationStats(
            by_category=merge(self.by_category, other.by_category),
            by_mutator=dict(sorted(merge(self.by_mutator, other.by_mutator).items())),
            ignored=self.ignored + other.ignored,
            discarded=self.discarded + other.discarded,
            duplicates=self.duplicates + other.duplicates,
        )

    @classmethod
    def empty(cls) -> MutationStats:
        return cls(by_category={c: Tally() for c in CATEGORIES}, by_mutator={})


class Skip(Frozen):
    """A policy, a safe trace or both that yielded no mutants, and why."""

    rule: str | None = None
    base: str | None = None
    reason: str


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
    """What `evaluate(bundle, traces)` returns. `sources` (artifact and trace texts by
    path, for the reports that quote them) is filled in by whoever read the files, never
    by the evaluator."""

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
