"""What a rebuild changed, before -> after: policies, coverage per category, diagnostics.

Pure functions over two snapshots; `render_changes` gives the compact text `specgap watch`
prints after every rebuild. Positions are not identity: a policy or diagnostic that only
moved (a line was inserted above it) is not reported as changed.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from specgap.evaluate.results import Counts
from specgap.ir import Bundle, Diagnostic, Policy

LIMIT = 20  # entries per section before "... and N more"


@dataclass(frozen=True)
class Snapshot:
    """One side of a diff. `bundle` is None when there is nothing to compare with, `counts`
    when the traces were not evaluated."""

    bundle: Bundle | None
    counts: Counts | None
    diagnostics: tuple[Diagnostic, ...]


@dataclass(frozen=True)
class PolicyChange:
    agent: str
    kind: Literal["+", "-", "~"]
    before: Policy | None
    after: Policy | None
    details: tuple[str, ...] = ()

    @property
    def policy(self) -> Policy:
        found = self.after or self.before
        assert found is not None
        return found

    def render(self) -> list[str]:
        p = self.policy
        ident = p.id
        if self.before and self.after and self.before.id != self.after.id:
            ident = f"{self.before.id} → {self.after.id}"
        head = f"  {self.kind} {ident}  {p.source.span.location()}  {_clip(p.title, 80)}"
        return [head, *(f"      {d}" for d in self.details)]


def policy_changes(before: Bundle | None, after: Bundle) -> list[PolicyChange]:
    """Added, removed and changed policies of every agent, in agent then source order.

    A removed and an added policy of the same agent, operator, target and artifact, alone of
    their kind, are reported as one changed policy: its id hashes the condition, so editing
    a bound gives a new id."""
    old = {(a.id, p.id): p for a in (before.agents if before else ()) for p in a.policies}
    new = {(a.id, p.id): p for a in after.agents for p in a.policies}
    changes: list[PolicyChange] = []
    for key in old.keys() & new.keys():
        if old[key] is not new[key]:
            details = _details(old[key], new[key])
            if details:
                changes.append(PolicyChange(key[0], "~", old[key], new[key], details))
    groups: dict[tuple[str, str, str, str], tuple[list[Policy], list[Policy]]] = {}
    for side, found, others in ((0, old, new), (1, new, old)):
        for (agent, pid), p in found.items():
            if (agent, pid) not in others:
                group = (agent, p.operator, p.target, p.source.artifact)
                groups.setdefault(group, ([], []))[side].append(p)
    for (agent, *_), (gone, came) in groups.items():
        if len(gone) == 1 and len(came) == 1:
            details = _details(gone[0], came[0])
            changes.append(PolicyChange(agent, "~", gone[0], came[0], details))
            continue
        changes.extend(PolicyChange(agent, "-", p, None) for p in gone)
        changes.extend(PolicyChange(agent, "+", None, p) for p in came)
    order = {a.id: n for n, a in enumerate((*(before.agents if before else ()), *after.agents))}
    return sorted(changes, key=lambda c: _change_order(c, order))


def _change_order(change: PolicyChange, agents: dict[str, int]) -> tuple[Any, ...]:
    p = change.policy
    span = p.source.span
    return (agents[change.agent], span.path, span.start_line, span.start_col, p.id)


def _details(a: Policy, b: Policy) -> tuple[str, ...]:
    """What differs between two versions of a policy, positions aside."""
    out: list[str] = []
    ca = a.condition.model_dump(mode="json", by_alias=True)
    cb = b.condition.model_dump(mode="json", by_alias=True)
    for key in sorted(ca.keys() | cb.keys()):
        if ca.get(key) != cb.get(key):
            out.append(f"{key}: {_short(ca.get(key))} → {_short(cb.get(key))}")
    for name in ("action", "enforcement", "check_category", "confidence"):
        va, vb = getattr(a, name), getattr(b, name)
        if va != vb:
            out.append(f"{name}: {va} → {vb}")
    if a.source.artifact != b.source.artifact:
        out.append(f"stated in: {a.source.artifact} → {b.source.artifact}")
    if a.source.quote != b.source.quote and not out:  # an edited condition says it better
        out.append(f"quote: {_short(a.source.quote)} → {_short(b.source.quote)}")
    if a.source.grounding != b.source.grounding:
        out.append(f"grounding: {a.source.grounding} → {b.source.grounding}")
    stated_a = sorted((s.artifact, s.quote) for s in a.also_stated_at)
    stated_b = sorted((s.artifact, s.quote) for s in b.also_stated_at)
    if stated_a != stated_b:
        out.append(f"also stated at: {len(stated_a)} → {len(stated_b)} places")
    return tuple(out)


def _short(value: Any, width: int = 60) -> str:
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return _clip(text, width)


def _clip(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


# --- diagnostics ----------------------------------------------------------------------------


def _diagnostic_key(d: Diagnostic) -> tuple[str, str, str, str]:
    return (d.span.path if d.span else d.path or "", d.code, d.message, d.severity)


def diagnostic_changes(
    before: Iterable[Diagnostic], after: Iterable[Diagnostic], *, notes: bool = False
) -> tuple[list[Diagnostic], list[Diagnostic]]:
    """(new, fixed), compared as multisets by file, code, message and severity; notes count
    only when asked for."""
    shown_before = [d for d in before if notes or d.severity != "note"]
    shown_after = [d for d in after if notes or d.severity != "note"]
    return _missing(shown_after, shown_before), _missing(shown_before, shown_after)


def _missing(these: list[Diagnostic], others: list[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics in `these` that `others` does not account for, in location order."""
    remaining = Counter(_diagnostic_key(d) for d in others)
    out: list[Diagnostic] = []
    for d in sorted(these, key=Diagnostic.sort_key):
        key = _diagnostic_key(d)
        if remaining[key]:
            remaining[key] -= 1
        else:
            out.append(d)
    return out


# --- coverage -------------------------------------------------------------------------------


def _cell(killed: int, total: int) -> str:
    return f"{killed}/{total}"


def coverage_lines(before: Counts | None, after: Counts | None) -> list[str]:
    """Unsafe traces blocked per category (and in total), before -> after."""
    if after is None:
        return ["coverage: not evaluated (see the diagnostics)"]
    totals = (
        f"{_cell(after.unsafe_blocked, after.unsafe_traces)} unsafe blocked, "
        f"{_cell(after.safe_allowed, after.safe_traces)} safe allowed"
    )
    if before is None:
        cells = [
            f"{cat} {_cell(c.killed, c.total)}"
            for cat, c in after.coverage_by_category.items()
            if c.total
        ]
        return [f"coverage: {totals}", *([f"  {' · '.join(cells)}"] if cells else [])]
    if before == after:
        return [f"coverage unchanged: {totals}"]
    rows: list[tuple[str, str, str]] = []
    for cat in dict.fromkeys([*before.coverage_by_category, *after.coverage_by_category]):
        b = before.coverage_by_category.get(cat)
        a = after.coverage_by_category.get(cat)
        if (b and b.total) or (a and a.total):
            was = _cell(b.killed, b.total) if b else "0/0"
            now = _cell(a.killed, a.total) if a else "0/0"
            rows.append((cat, was, now))
    rows.append(
        (
            "unsafe blocked",
            _cell(before.unsafe_blocked, before.unsafe_traces),
            _cell(after.unsafe_blocked, after.unsafe_traces),
        )
    )
    rows.append(("false blocks", str(before.false_blocks), str(after.false_blocks)))
    width = max(len(r[0]) for r in rows)
    lines = ["coverage (unsafe traces blocked, by category):"]
    for name, was, now in rows:
        lines.append(f"  {name.ljust(width)}  {f'{was} → {now}' if was != now else was}")
    return lines


# --- the report -----------------------------------------------------------------------------


def summary(bundle: Bundle) -> str:
    """`2 agents, 48 policies (47 enforce, 1 eval_required)`."""
    policies = [p for a in bundle.agents for p in a.policies]
    levels = Counter(p.enforcement for p in policies)
    detail = ", ".join(
        f"{levels[lvl]} {lvl}" for lvl in ("enforce", "review_only", "eval_required") if levels[lvl]
    )
    head = f"{len(bundle.agents)} agents, {len(policies)} policies"
    return f"{head} ({detail})" if detail else head


def _indent(text: str) -> list[str]:
    return ["  " + line for line in text.splitlines()]


def _limited(entries: Sequence[list[str]], limit: int) -> list[str]:
    out = [line for entry in entries[:limit] for line in entry]
    if len(entries) > limit:
        out.append(f"  … and {len(entries) - limit} more")
    return out


def render_changes(
    before: Snapshot, after: Snapshot, *, notes: bool = False, limit: int = LIMIT
) -> list[str]:
    """The lines under a rebuild's header: policies, coverage, new and fixed diagnostics."""
    assert after.bundle is not None
    lines: list[str] = []
    if before.bundle is not None:
        old_agents = {a.id for a in before.bundle.agents}
        new_agents = {a.id for a in after.bundle.agents}
        lines += [f"agent `{a}` added" for a in sorted(new_agents - old_agents)]
        lines += [f"agent `{a}` removed" for a in sorted(old_agents - new_agents)]
        changes = policy_changes(before.bundle, after.bundle)
        if changes:
            count = Counter(c.kind for c in changes)
            lines.append(
                f"policies: {count['+']} added, {count['-']} removed, {count['~']} changed"
            )
            lines += _limited([c.render() for c in changes], limit)
        else:
            lines.append("policies: no change")
    lines += coverage_lines(before.counts, after.counts)
    new, fixed = diagnostic_changes(before.diagnostics, after.diagnostics, notes=notes)
    if new:
        lines.append(f"new diagnostics: {len(new)}")
        lines += _limited([_indent(d.render()) for d in new], limit)
    if fixed:
        lines.append(f"fixed diagnostics: {len(fixed)}")
        lines += _limited([_indent(d.render().splitlines()[0]) for d in fixed], limit)
    return lines
