"""`--base FILE`: compare this run with a previous `specgap eval --format json` output.

The comparison names what a reviewer needs: coverage per category before and after, the
rules that were enforced in the base and are not any more (with where they were stated),
and the mutants that survive now but did not before (hand-labelled or generated).
A base written before generated mutants existed (only `coverage_by_category`) still works.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from specgap.artifacts import read_text
from specgap.errors import error
from specgap.evaluate.results import EvalResult

SURVIVING = ("Survived", "NoCoverage")


@dataclass(frozen=True)
class CategoryChange:
    category: str
    before: tuple[int, int] | None  # (killed, total)
    after: tuple[int, int]

    @staticmethod
    def _score(cell: tuple[int, int] | None) -> float | None:
        return cell[0] / cell[1] if cell and cell[1] else None

    @property
    def score_before(self) -> float | None:
        return self._score(self.before)

    @property
    def score_after(self) -> float | None:
        return self._score(self.after)

    @property
    def dropped(self) -> bool:
        before, after = self.score_before, self.score_after
        if before is None:
            return False
        return after is None or after < before


@dataclass(frozen=True)
class LostRule:
    agent: str
    key: str
    title: str
    location: str
    quote: str
    category: str
    now: str  # "removed from the policy" or the rule's current standing


@dataclass(frozen=True)
class NewSurvivor:
    agent: str
    kind: str  # hand-labelled | generated | generic
    name: str  # trace path or mutant id
    description: str
    category: str
    where: str


@dataclass(frozen=True)
class Diff:
    base_path: str
    score_before: float | None
    score_after: float | None
    categories: tuple[CategoryChange, ...]
    lost: tuple[LostRule, ...] = ()
    gained: tuple[LostRule, ...] = ()  # rules enforced now that were not in the base
    new_survivors: tuple[NewSurvivor, ...] = ()
    fixed: int = 0  # base survivors that are killed (or gone) now
    notes: tuple[str, ...] = field(default=())


def load_base(path: Path, display: str) -> dict[str, Any]:
    """Read a base result; anything that is not one is an `invalid-base` diagnostic."""
    text = read_text(path, display)
    try:
        data: dict[str, Any] = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(
            "invalid-base",
            f"`{display}` is not JSON: {exc.msg.lower()}",
            path=display,
            help="pass a file written by `specgap eval --format json`",
        ) from None
    total = data.get("total") if isinstance(data, dict) else None
    agents = data.get("agents") if isinstance(data, dict) else None
    if not isinstance(total, dict) or not isinstance(agents, dict):
        raise error(
            "invalid-base",
            f"`{display}` has no `total` and `agents` objects",
            path=display,
            help="pass a file written by `specgap eval --format json`",
        )
    if not isinstance(total.get("score_by_category", total.get("coverage_by_category")), dict):
        raise error(
            "invalid-base",
            f"`{display}` has no coverage per category",
            path=display,
            help="pass a file written by `specgap eval --format json`",
        )
    return data


def _cells(data: dict[str, Any]) -> dict[str, tuple[int, int]]:
    raw = data.get("score_by_category") or data.get("coverage_by_category") or {}
    out: dict[str, tuple[int, int]] = {}
    for category, cell in raw.items():
        if isinstance(cell, dict):
            out[category] = (int(cell.get("killed", 0)), int(cell.get("total", 0)))
    return out


def _ratio(cells: dict[str, tuple[int, int]]) -> float | None:
    killed = sum(k for k, _ in cells.values())
    total = sum(t for _, t in cells.values())
    return killed / total if total else None


def compare(result: EvalResult, base: dict[str, Any], base_path: str) -> Diff:
    before = _cells(base["total"])
    after = {c: (v.killed, v.total) for c, v in result.scores().items()}
    categories = tuple(
        CategoryChange(c, before.get(c), after.get(c, (0, 0)))
        for c in dict.fromkeys([*after, *before])
    )
    lost: list[LostRule] = []
    gained: list[LostRule] = []
    survivors: list[NewSurvivor] = []
    fixed = 0
    notes: list[str] = []
    base_agents: dict[str, Any] = base["agents"]
    for agent in result.agents:
        old = base_agents.get(agent.agent)
        if not isinstance(old, dict):
            notes.append(f"agent `{agent.agent}` is new (not in the base)")
            old = {}
        old_rules = {r.get("key"): r for r in old.get("rules", []) if isinstance(r, dict)}
        for key, r in old_rules.items():
            if r.get("status") != "enforced":
                continue
            now = agent.rule(str(key))
            if now is not None and now.status == "enforced":
                continue
            lost.append(
                LostRule(
                    agent=agent.agent,
                    key=str(key),
                    title=str(r.get("title", "")),
                    location=str(r.get("location", "")),
                    quote=str(r.get("quote", "")),
                    category=str(r.get("category", "")),
                    now="removed from the policy" if now is None else now.where(),
                )
            )
        for rule in agent.rules:
            was = old_rules.get(rule.key)
            if rule.status == "enforced" and (was is None or was.get("status") != "enforced"):
                gained.append(
                    LostRule(
                        agent=agent.agent,
                        key=rule.key,
                        title=rule.title,
                        location=rule.location,
                        quote=rule.quote,
                        category=rule.category,
                        now=rule.where(),
                    )
                )
        old_traces = {t.get("path"): t for t in old.get("traces", []) if isinstance(t, dict)}
        for trace in agent.traces:
            if trace.kind != "unsafe":
                continue
            was = old_traces.get(trace.path)
            if trace.blocked:
                fixed += bool(was is not None and not was.get("blocked"))
                continue
            if was is not None and not was.get("blocked"):
                continue
            survivors.append(
                NewSurvivor(
                    agent=agent.agent,
                    kind="hand-labelled",
                    name=trace.path,
                    description=trace.description or "",
                    category=trace.category,
                    where=_previously(was, old_rules),
                )
            )
        old_surviving = {
            m.get("id")
            for m in old.get("mutants", [])
            if isinstance(m, dict) and m.get("status") in SURVIVING
        }
        now_surviving = {m.id for m in agent.mutants if m.status in SURVIVING}
        fixed += len(old_surviving - now_surviving)
        for m in agent.mutants:
            if m.status not in SURVIVING or m.id in old_surviving:
                continue
            broken = agent.rule(m.rules[0]) if m.rules else None
            survivors.append(
                NewSurvivor(
                    agent=agent.agent,
                    kind="generated" if m.kind == "operator" else "generic",
                    name=m.id,
                    description=f"{m.description} (from {m.base})",
                    category=m.category,
                    where=f"{broken.key}: {broken.where()}" if broken else m.reason,
                )
            )
    return Diff(
        base_path=base_path,
        score_before=_ratio(before),
        score_after=result.score.score,
        categories=categories,
        lost=tuple(lost),
        gained=tuple(gained),
        new_survivors=tuple(survivors),
        fixed=fixed,
        notes=tuple(notes),
    )


def _previously(was: dict[str, Any] | None, rules: dict[Any, dict[str, Any]]) -> str:
    if was is None:
        return "new hand-labelled trace"
    killers = [str(k) for k in was.get("killed_by", [])]
    if not killers:
        return "was blocked in the base"
    parts = []
    for key in killers:
        r = rules.get(key)
        parts.append(f"`{key}` (stated at {r.get('location')})" if r else f"`{key}`")
    return "previously killed by " + ", ".join(parts)


def summary_lines(diff: Diff) -> list[str]:
    """The diff in a few plain lines, for the terminal table."""
    lines = [
        f"against base {diff.base_path}: score {_pct(diff.score_before)} -> "
        f"{_pct(diff.score_after)}"
    ]
    for change in diff.categories:
        if change.dropped:
            lines.append(
                f"  coverage dropped: {change.category} {_pct(change.score_before)} -> "
                f"{_pct(change.score_after)}"
            )
    for rule in diff.lost:
        lines.append(f"  lost enforcement: {rule.key} ({rule.title}), stated at {rule.location}")
    for s in diff.new_survivors:
        lines.append(f"  new survivor: {s.name}: {s.description} ({s.where})")
    return lines


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"
