"""`specgap eval --format json`: the result model as plain data, and the input of `--base`.

Per agent and in `total` the hand-labelled keys keep their meaning (`total_traces`,
`safe_traces`, `safe_allowed`, `unsafe_traces`, `unsafe_blocked`, `false_allows`,
`false_blocks`, `coverage_by_category`, `mutation_score`). Generated mutants live under
new keys: `generated` (operator mutants), `generic`, `score` and `score_by_category`
(hand-labelled + operator mutants), `rules`, `mutants`, `skipped`, `untested_policies`.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from specgap.evaluate.results import MutationStats, RuleResult, Tally

if TYPE_CHECKING:
    from specgap.evaluate.results import AgentResult, Coverage, EvalResult

FORMAT = "specgap-eval/2"


def _ratio(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def tally(cell: Tally) -> dict[str, Any]:
    return {
        "killed": cell.killed,
        "survived": cell.survived,
        "no_coverage": cell.no_coverage,
        "total": cell.total,
        "score": _ratio(cell.score),
    }


def stats(s: MutationStats, *, mutators: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {
        **tally(s.overall),
        "ignored": s.ignored,
        "discarded": s.discarded,
        "duplicates": s.duplicates,
        "by_category": {c: tally(t) for c, t in s.by_category.items()},
    }
    if mutators:
        out["by_mutator"] = {m: tally(t) for m, t in s.by_mutator.items()}
    return out


def scores(cells: dict[str, Coverage]) -> dict[str, Any]:
    return {
        c: {"killed": v.killed, "total": v.total, "score": _ratio(v.score)}
        for c, v in cells.items()
    }


def rule(r: RuleResult) -> dict[str, Any]:
    return {
        "key": r.key,
        "policy": r.policy,
        "title": r.title,
        "category": r.category,
        "operator": r.operator,
        "target": r.target,
        "enforcement": r.enforcement,
        "action": r.action,
        "status": r.status,
        "note": r.note,
        "location": r.location,
        "span": r.span.model_dump(mode="json"),
        "quote": r.quote,
        "also_stated_at": [s.location() for s in r.also_stated_at],
        "mutants": {"killed": r.killed, "survived": r.survived, "no_coverage": r.no_coverage},
        "tested_by": list(r.tested_by),
        "sole_killer": r.sole_killer,
        "untested": r.untested,
    }


def agent(a: AgentResult) -> dict[str, Any]:
    overall = a.score
    return {
        **a.counts.model_dump(mode="json"),
        "mutation_score": round(a.counts.mutation_score, 4),
        "score": _ratio(overall.score),
        "score_by_category": scores(a.scores()),
        "generated": stats(a.generated),
        "generic": stats(a.generic),
        "untested_policies": [r.key for r in a.rules if r.untested],
        "rules": [rule(r) for r in a.rules],
        "mutants": [m.model_dump(mode="json") for m in a.mutants],
        "skipped": [s.model_dump(mode="json") for s in a.skipped],
        "traces": [t.model_dump(mode="json") for t in a.traces],
    }


def summary(result: EvalResult) -> dict[str, Any]:
    overall = result.score
    return {
        "format": FORMAT,
        "revision": result.revision,
        "seed": result.seed,
        "agents": {a.agent: agent(a) for a in result.agents},
        "total": {
            **result.total.model_dump(mode="json"),
            "mutation_score": round(result.total.mutation_score, 4),
            "score": _ratio(overall.score),
            "score_by_category": scores(result.scores()),
            "generated": stats(result.generated),
            "generic": stats(result.generic),
            "untested_policies": sum(1 for a in result.agents for r in a.rules if r.untested),
        },
    }


def render(result: EvalResult) -> str:
    return json.dumps(summary(result), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
