"""`--fail-under`: minimum mutation scores, overall and per check category.

Each value is `SCORE` (the overall score) or `CATEGORY=SCORE`, SCORE a percentage from 0
to 100; the option repeats: `--fail-under 90 --fail-under workflow_ordering_validation=100`.
Scores are those of the reports: hand-labelled unsafe traces plus operator mutants, killed
over total. A category with no mutants has no score and passes (a note says so).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from specgap.errors import SpecgapError
from specgap.evaluate.results import EvalResult
from specgap.ir import CATEGORIES, Diagnostic


@dataclass(frozen=True)
class Thresholds:
    overall: float | None = None
    by_category: dict[str, float] = field(default_factory=dict)

    @property
    def given(self) -> bool:
        return self.overall is not None or bool(self.by_category)


def parse(values: Iterable[str]) -> Thresholds:
    """Parse `--fail-under` values; every bad one is a diagnostic (exit 2)."""
    overall: float | None = None
    by_category: dict[str, float] = {}
    problems: list[Diagnostic] = []
    for raw in values:
        name, _, number = raw.rpartition("=")
        name = name.strip()
        try:
            score = float(number)
        except ValueError:
            score = -1.0
        if not 0 <= score <= 100:
            problems.append(
                _problem(f"`{raw}` is not a score from 0 to 100", "write `80` or `CATEGORY=80`")
            )
            continue
        if not name:
            overall = score
        elif name in CATEGORIES:
            by_category[name] = score
        else:
            problems.append(
                _problem(
                    f"`{name}` is not a check category", f"categories: {', '.join(CATEGORIES)}"
                )
            )
    if problems:
        raise SpecgapError(problems)
    return Thresholds(overall, by_category)


def _problem(message: str, help_text: str) -> Diagnostic:
    return Diagnostic(
        code="invalid-threshold", message=message, path="--fail-under", help=help_text
    )


def check(result: EvalResult, thresholds: Thresholds) -> tuple[list[str], list[str]]:
    """(failures, notes): one line per threshold not met, one per threshold without data."""
    failures: list[str] = []
    notes: list[str] = []
    if thresholds.overall is not None:
        overall = result.score
        if overall.score is not None and 100 * overall.score < thresholds.overall:
            failures.append(
                f"mutation score {100 * overall.score:.1f}% ({overall.killed}/{overall.total}) "
                f"is below {thresholds.overall:g}"
            )
        elif overall.score is None:
            notes.append("no mutants at all: the overall threshold is not checked")
    scores = result.scores()
    for category, minimum in sorted(thresholds.by_category.items()):
        cell = scores.get(category)
        if cell is None or cell.score is None:
            notes.append(f"{category} has no mutants: its threshold is not checked")
        elif 100 * cell.score < minimum:
            failures.append(
                f"{category} score {100 * cell.score:.1f}% ({cell.killed}/{cell.total}) "
                f"is below {minimum:g}"
            )
    return failures, notes
