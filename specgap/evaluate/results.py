"""The result model of mutation coverage: rules, mutants and their tallies.

Every report (table, Markdown, JSON, SARIF, JUnit, Stryker, HTML) renders from these
models plus the hand-labelled counts in `specgap.evaluate.suite`; nothing is recomputed
by a renderer.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from specgap.ir import CATEGORIES, Frozen, Span

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
