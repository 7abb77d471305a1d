"""The compile stage, memoised rule by rule (the `compile` part of `specgap.incremental`).

`compile_policies` compiles each rule on its own, merges the policies several rules state,
then makes one pass over all of them (`conflicts`). `CompileMemo.compile` does the same from
remembered parts: a rule object it has seen (its artifact did not change) whose resolutions
are the same keeps its policies; a rule from a prompt section that only moved (lines were
added or removed above it) gets the policies of its section-alone twin, moved to where it is
now; a merge keeps its result while the policies it merged are the same objects. Anything
else goes through `compile_policies` itself, so the rules of compilation live in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from specgap.compile import compile_policies, conflicts
from specgap.ir import CandidateRule, Diagnostic, Policy, Resolution
from specgap.memo import Memo
from specgap.pipeline import AgentState, Options
from specgap.registry import Registry
from specgap.resolve import mention_key
from specgap.sections import Section, shift, shift_span

Origin = tuple[CandidateRule, CandidateRule, Section]
"""(a rule, the same rule as found in its prompt section alone, that section)."""


@dataclass(frozen=True)
class _Rule:
    rule: CandidateRule
    registry: Registry
    mentions: tuple[str, ...]
    involved: tuple[Resolution | None, ...]
    policies: tuple[Policy, ...]
    diagnostics: tuple[Diagnostic, ...]


class CompileMemo:
    """Compiled rules and merges, kept between builds. `origins` (id(rule) -> Origin) is
    filled by the extraction of each build; `compiled` counts `compile_policies` calls."""

    def __init__(self) -> None:
        self.memo = Memo()
        self.origins: dict[int, Origin] = {}
        self.compiled = 0

    def compile(self, state: AgentState, options: Options) -> AgentState:
        """The compile stage's result for `state`, exactly."""
        assert state.registry is not None
        agent, registry, strict = state.config.id, state.registry, options.strict
        diagnostics: list[Diagnostic] = []
        groups: dict[str, list[tuple[CandidateRule, Policy]]] = {}
        for rule in state.rules:
            done = self._rule(agent, rule, state.resolutions, registry, strict)
            diagnostics.extend(done.diagnostics)
            for policy in done.policies:
                groups.setdefault(policy.id, []).append((rule, policy))
        merged: list[Policy] = []
        for group in groups.values():
            if len(group) == 1:
                merged.append(group[0][1])
                continue
            # Stated in several places: `compile_policies` merges the group exactly; the
            # merge depends on the group's policies alone, so it is kept while they are.
            key = ("merge", *(id(p) for _, p in group))
            found: tuple[tuple[Policy, ...], tuple[Policy, ...]] | None = self.memo.get(key)
            if found is None:
                rules = [r for r, _ in group]
                result = compile_policies(agent, rules, state.resolutions, registry, strict=strict)
                found = (tuple(p for _, p in group), result.policies)
            self.memo.put(key, found)
            merged.extend(found[1])
        ordered = sorted(merged, key=_policy_order)
        diagnostics.extend(conflicts(ordered))  # the one pass `compile_policies` makes over all
        return state.with_diagnostics(diagnostics, policies=tuple(ordered))

    def _rule(
        self,
        agent: str,
        rule: CandidateRule,
        resolutions: Mapping[str, Resolution],
        registry: Registry,
        strict: bool,
    ) -> _Rule:
        key = (agent, strict, id(registry), id(rule))
        done: _Rule | None = self.memo.get(key)
        origin = self.origins.get(id(rule))
        alone_key = ("alone", agent, strict, id(registry), id(origin[1])) if origin else None
        if done is not None and done.rule is rule and done.registry is registry:
            involved = tuple(map(resolutions.get, done.mentions))
            if involved == done.involved:  # element identity first: usually the same objects
                self.memo.put(key, done)
                if alone_key and (alone := self.memo.get(alone_key)) is not None:
                    self.memo.put(alone_key, alone)  # kept alive: the next edit may move it
                return done
        # Every resolution the rule could involve: its target and any string parameter.
        mentions = (mention_key(rule), *(v for v in rule.params.values() if isinstance(v, str)))
        involved = tuple(map(resolutions.get, mentions))
        done = self._moved(rule, origin, alone_key, registry, mentions, involved)
        if done is None:
            compiled = compile_policies(agent, [rule], resolutions, registry, strict=strict)
            done = _Rule(
                rule, registry, mentions, involved, compiled.policies, compiled.diagnostics
            )
            self.compiled += 1
            if origin is not None and alone_key is not None and origin[0] is rule:
                back = Section("", -origin[2].line, -origin[2].byte)
                alone = _Rule(
                    origin[1],
                    registry,
                    mentions,
                    involved,
                    tuple(_move_policy(p, back) for p in done.policies),
                    tuple(shift(d, back) for d in done.diagnostics),
                )
                self.memo.put(alone_key, alone)
        self.memo.put(key, done)
        return done

    def _moved(
        self,
        rule: CandidateRule,
        origin: Origin | None,
        alone_key: tuple[Any, ...] | None,
        registry: Registry,
        mentions: tuple[str, ...],
        involved: tuple[Resolution | None, ...],
    ) -> _Rule | None:
        """A rule from a prompt section that moved: its policies and diagnostics are the
        section-alone ones, moved to where it is now. A position enters nothing of a policy
        but its span, and of a resolution nothing but its key (for a rule naming no tool)."""
        if origin is None or alone_key is None or origin[0] is not rule:
            return None
        _, alone_rule, section = origin
        alone: _Rule | None = self.memo.get(alone_key)
        if alone is None or alone.rule is not alone_rule or alone.registry is not registry:
            return None
        if [_meaning(r) for r in alone.involved] != [_meaning(r) for r in involved]:
            return None
        self.memo.put(alone_key, alone)
        return _Rule(
            rule,
            registry,
            mentions,
            involved,
            tuple(_move_policy(p, section) for p in alone.policies),
            tuple(shift(d, section) for d in alone.diagnostics),
        )


def _meaning(resolution: Resolution | None) -> tuple[Any, ...] | None:
    """A resolution without its key."""
    return None if resolution is None else (resolution.status, resolution.candidates)


def _move_policy(policy: Policy, section: Section) -> Policy:
    source = policy.source
    moved = source.model_copy(update={"span": shift_span(source.span, section)})
    return policy.model_copy(update={"source": moved})


def _policy_order(p: Policy) -> tuple[str, int, str]:
    """`compile_policies`'s order."""
    return (p.source.span.path, p.source.span.start_byte, p.id)
