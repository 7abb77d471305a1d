"""The kill matrix (every generated mutant against the compiled policy) and policy
mutation (every enforced policy removed in turn, the trace suite rerun).

A mutant is `Killed` when the policy denies some event of it (the policies whose blocking
findings fired are kept), `NoCoverage` when no enforced policy targets the tool of any
rule it violates, `Survived` otherwise; a generic mutant that breaks no rule is `Ignored`.
"""

from __future__ import annotations

import copy
import fnmatch
import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from specgap.evaluate.engine import BLOCKING, Decision, Engine, Hit
from specgap.evaluate.results import MutantResult, MutantStatus, RuleResult
from specgap.events import Event, Trace
from specgap.ir import CandidateRule, Diagnostic, Policy
from specgap.mutate import Generated
from specgap.operators import TraceState


def blocking(hit: Hit) -> bool:
    """A finding that denied its event: what the engine made of it (an enforced deny or
    steer, a check failing closed, or missing evidence where the project denies that)."""
    effect = getattr(hit, "effect", None)
    if effect is None:  # an engine that records no effect: enforced deny/steer findings
        return hit.enforcement == "enforce" and hit.action in BLOCKING and not hit.undetermined
    return effect in BLOCKING


EngineFactory = Callable[[Sequence[Policy]], Engine]


def killers(decisions: Iterable[Decision]) -> list[Hit]:
    return [h for d in decisions if d.blocked for h in d.hits if blocking(h)]


_COPY: dict[str, Callable[[Any], Any]] = {
    "sources": lambda value: value,  # shared and never written during a trace
    "called": set,
    "taint": lambda taint: {label: set(values) for label, values in taint.items()},
    "slots": lambda slots: copy.deepcopy(slots) if slots else {},
}


def clone(state: TraceState) -> TraceState:
    """An independent copy of a trace state; attributes this module does not know about
    (an operator's future additions) are deep-copied, so a copy is never shared."""
    out = object.__new__(type(state))
    names = [n for klass in type(state).__mro__ for n in getattr(klass, "__slots__", ())]
    for name in names or list(vars(state)):
        setattr(out, name, _COPY.get(name, copy.deepcopy)(getattr(state, name)))
    return out


@dataclass(frozen=True)
class _BaseRun:
    """A safe trace run once: the state before each event and each event's decision."""

    events: tuple[Event, ...]
    states: tuple[TraceState, ...]
    decisions: tuple[Decision, ...]


class KillMatrix:
    """Classifies mutants against one agent's compiled policies.

    A mutant keeps the leading events of its safe trace (the mutators copy them, not
    rebuild them), and those events decide as they did in the safe trace. Given the safe
    traces (`bases`), each is run once and a mutant is evaluated from its first changed
    event on, from a copy of the state there: the same decisions, less work.
    """

    def __init__(
        self,
        policies: Sequence[Policy],
        bases: Iterable[Trace] = (),
        *,
        engine: EngineFactory = Engine,
    ) -> None:
        self.engine = engine(policies)
        self.targets = {p.id: p.target for p in policies}
        self._guards = [p.target for p in policies if _is_blocking(p)]
        self._guarded: dict[str, bool] = {}
        self._bases = {t.path: self._prime(t.events) for t in bases}

    def _prime(self, events: tuple[Event, ...]) -> _BaseRun:
        state = self.engine.new_state()
        states, decisions = [], []
        for index, event in enumerate(events):
            states.append(clone(state))
            decisions.append(self.engine.decide(index, event, state))
        states.append(state)
        return _BaseRun(events, tuple(states), tuple(decisions))

    def decisions(self, mutant: Generated) -> list[Decision]:
        """Every event's decision, as `Engine.run` would give them."""
        base = self._bases.get(mutant.base)
        if base is None:
            return list(self.engine.run(mutant.events))
        events = mutant.events
        shared = 0
        for mine, theirs in zip(events, base.events, strict=False):
            if mine is not theirs:
                break
            shared += 1
        state = clone(base.states[shared])
        out = list(base.decisions[:shared])
        for index in range(shared, len(events)):
            out.append(self.engine.decide(index, events[index], state))
        return out

    def guarded(self, target: str) -> bool:
        """Whether an enforced, blocking policy watches calls to `target`."""
        found = self._guarded.get(target)
        if found is None:
            if any(ch in target for ch in "*?["):
                found = target in self._guards
            else:
                found = any(g == target or fnmatch.fnmatchcase(target, g) for g in self._guards)
            self._guarded[target] = found
        return found

    def classify(self, mutant: Generated) -> MutantResult:
        decisions = self.decisions(mutant)
        fired = killers(decisions)
        status: MutantStatus
        if fired:
            status = "Killed"
            ids = tuple(sorted({h.policy for h in fired}))
            reason = "; ".join(dict.fromkeys(f"{h.policy}: {h.reason}" for h in fired))
        else:
            ids = ()
            if not mutant.rules:
                status, reason = "Ignored", "breaks no stated rule"
            elif any(self.guarded(self.targets[r]) for r in mutant.rules):
                status = "Survived"
                seen = [f"{h.policy} ({h.action}): {h.reason}" for d in decisions for h in d.hits]
                reason = "; ".join(dict.fromkeys(seen)) or "no policy found a violation"
            else:
                status = "NoCoverage"
                tools = sorted({self.targets[r] for r in mutant.rules})
                reason = f"no enforced policy targets {', '.join(f'`{t}`' for t in tools)}"
        return MutantResult(
            id=mutant.id,
            kind=mutant.kind,
            mutator=mutant.mutator,
            description=mutant.description,
            base=mutant.base,
            rules=mutant.rules,
            category=mutant.category,
            status=status,
            killed_by=ids,
            reason=reason,
        )

    def run(self, mutants: Iterable[Generated]) -> tuple[MutantResult, ...]:
        return tuple(self.classify(m) for m in mutants)


def _is_blocking(policy: Policy) -> bool:
    return policy.enforcement == "enforce" and policy.action in BLOCKING


def policy_mutation(
    policies: Sequence[Policy],
    traces: Sequence[Trace],
    verdicts: Mapping[str, bool],
    *,
    engine: EngineFactory = Engine,
) -> dict[str, tuple[str, ...]]:
    """For each enforced policy, the traces whose verdict (blocked or not) changes when
    that policy alone is removed. `verdicts` holds each trace's verdict with every policy.

    Linear in policies, not quadratic: one run with every policy records, per trace, which
    blocking policies denied its first denied event. Until that event a run without policy
    P decides exactly the same (a non-blocking hit leaves the state alone); if another
    policy also denied it, the trace stays blocked; if nothing was denied, nothing can be.
    Only a trace whose first denial rests on P alone is rerun without P."""
    full = engine(policies)
    first_denial: dict[str, frozenset[str] | None] = {}
    for trace in traces:
        first_denial[trace.path] = next(
            (
                frozenset(h.policy for h in d.hits if h.effect in BLOCKING)
                for d in full.run(trace.events)
                if d.blocked
            ),
            None,
        )
    out: dict[str, tuple[str, ...]] = {}
    for policy in policies:
        if not _is_blocking(policy):
            continue
        alone = frozenset({policy.id})
        # (a denial with no blocking hit to name cannot be reasoned about: rerun it)
        suspects = [t for t in traces if first_denial[t.path] in (alone, frozenset())]
        if not suspects:
            out[policy.id] = ()
            continue
        without = engine([p for p in policies if p.id != policy.id])
        out[policy.id] = tuple(
            t.path
            for t in suspects
            if any(d.blocked for d in without.run(t.events)) != verdicts[t.path]
        )
    return out


def rule_results(
    agent: str,
    policies: Sequence[Policy],
    candidates: Sequence[CandidateRule],
    diagnostics: Sequence[Diagnostic],
    mutants: Sequence[MutantResult],
    tested_by: Mapping[str, tuple[str, ...]],
) -> tuple[RuleResult, ...]:
    """Every policy as a rule, then every candidate rule that compiled to no policy."""
    tallies: dict[str, list[int]] = {}
    sole: dict[str, int] = {}
    for m in mutants:
        if m.status == "Killed" and len(m.killed_by) == 1:
            sole[m.killed_by[0]] = sole.get(m.killed_by[0], 0) + 1
        if m.kind == "operator":
            cell = tallies.setdefault(m.rules[0], [0, 0, 0])
            cell[("Killed", "Survived", "NoCoverage").index(m.status)] += 1
    rules: list[RuleResult] = []
    stated: set[tuple[str, int]] = set()
    for p in policies:
        for source in (p.source, *p.also_stated_at):
            stated.add((source.span.path, source.span.start_byte))
        enforced = _is_blocking(p)
        killed, survived, no_coverage = tallies.get(p.id, [0, 0, 0])
        rules.append(
            RuleResult(
                key=p.id,
                policy=p.id,
                title=p.title,
                category=p.check_category,
                operator=p.operator,
                target=p.target,
                enforcement=p.enforcement,
                action=p.action,
                status="enforced" if enforced else "not_enforced",
                span=p.source.span,
                quote=p.source.quote,
                also_stated_at=tuple(s.span for s in p.also_stated_at),
                note="" if enforced else f"{p.enforcement}, {p.action}",
                killed=killed,
                survived=survived,
                no_coverage=no_coverage,
                tested_by=tested_by.get(p.id, ()),
                sole_killer=sole.get(p.id, 0),
            )
        )
    notes = {(d.span.path, d.span.start_byte): d.message for d in diagnostics if d.span}
    for c in candidates:
        where = (c.span.path, c.span.start_byte)
        if where in stated:
            continue
        stated.add(where)
        digest = hashlib.sha256(f"{c.operator}\0{c.target}\0{c.text}".encode()).hexdigest()
        rules.append(
            RuleResult(
                key=f"{agent}.rule.{digest[:8]}",
                policy=None,
                title=c.text.strip().splitlines()[0][:120] if c.text.strip() else c.quote,
                category=c.check_category,
                operator=c.operator,
                target=c.target,
                enforcement=None,
                action=None,
                status="not_compiled",
                span=c.span,
                quote=c.quote,
                note=notes.get(where, "no policy compiled from it"),
            )
        )
    return tuple(rules)
