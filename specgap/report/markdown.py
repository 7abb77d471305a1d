"""Markdown for a pull-request comment (and the GitHub step summary).

Headline figures, the mutation score per category, survivors tied to the rule they break
and where it is stated, untested policies; with a base result, the score before and
after per category, the rules that lost enforcement and the new survivors.
"""

from __future__ import annotations

from typing import Any

from specgap.evaluate.results import EvalResult
from specgap.report.compare import Diff
from specgap.report.templating import environment


def context(result: EvalResult, diff: Diff | None) -> dict[str, Any]:
    before = {c.category: c for c in diff.categories} if diff else {}
    categories = []
    hand = result.total.coverage_by_category
    generated = result.generated.by_category
    for name, cell in result.scores().items():
        h, g = hand.get(name), generated.get(name)
        change = before.get(name)
        categories.append(
            {
                "name": name,
                "hand": f"{h.killed}/{h.total}" if h else "0/0",
                "generated": f"{g.killed}/{g.total}" if g else "0/0",
                "score": cell.score,
                "base": change.score_before if change else None,
                "dropped": bool(change and change.dropped),
                "delta": _delta(change.score_before, change.score_after) if change else "",
            }
        )
    survivors = [
        (a.agent, r) for a in result.agents for r in a.rules if r.survived or r.no_coverage
    ]
    examples = {
        m.rules[0]: m.description
        for a in result.agents
        for m in reversed(a.mutants)
        if m.kind == "operator" and m.status in ("Survived", "NoCoverage")
    }
    wrong = [(a.agent, t) for a in result.agents for t in a.traces if not t.correct]
    return {
        "result": result,
        "score": result.score,
        "generated": result.generated,
        "generic": result.generic,
        "categories": categories,
        "survivors": survivors,
        "examples": examples,
        "wrong": wrong,
        "untested": [(a.agent, r) for a in result.agents for r in a.rules if r.untested],
        "not_compiled": [
            (a.agent, r) for a in result.agents for r in a.rules if r.status == "not_compiled"
        ],
        "diff": diff,
        "score_delta": _delta(diff.score_before, diff.score_after) if diff else "",
    }


def render_markdown(result: EvalResult, diff: Diff | None = None) -> str:
    return environment().get_template("markdown.md.j2").render(**context(result, diff))


def _delta(before: float | None, after: float | None) -> str:
    if before is None or after is None:
        return "new" if before is None and after is not None else ""
    points = 100 * (after - before)
    if abs(points) < 0.05:
        return "±0"
    return f"{points:+.1f} pp".replace("-", "−")
