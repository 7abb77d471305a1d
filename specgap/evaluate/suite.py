"""`evaluate(bundle, traces) -> EvalResult`: a compiled policy run against an agent's
hand-labelled safe and unsafe traces, the mutants generated from its safe traces (the kill
matrix) and policy mutation.

A function of the policy and the events only: no project, no files, no build state. The
traces come already read (the adapters read them: `specgap.evaluate.adapters.suites`);
the registry is the one the bundle carries (`agent_registry`), as for `check` and the
`Guard`, and every event is decided by the same `Engine`, so `eval` and `check` see the
same policy and give each event the same decision (`tests/security/test_one_answer.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from specgap.errors import error
from specgap.evaluate.engine import Engine, Verdict
from specgap.evaluate.kill import KillMatrix, killers, policy_mutation, rule_results
from specgap.evaluate.results import (
    UNCATEGORIZED,
    AgentResult,
    EvalResult,
    MutationStats,
    TraceKind,
    TraceResult,
    add,
    count,
)
from specgap.events import LabelledTraces, Trace
from specgap.ir import AgentBundle, Bundle, Diagnostic, Policy, SchemaContract
from specgap.mutate import generate
from specgap.registry import Registry, Tool, agent_registry, build_registry


def evaluate(
    bundle: Bundle,
    traces: Mapping[str, LabelledTraces],
    agent: str | None = None,
    *,
    undetermined: Verdict = "undetermined",
    seed: int = 0,
    mutants: bool = True,
    progress: Callable[[str], None] | None = None,
) -> EvalResult:
    """Evaluate every agent of `bundle` (or the one named `agent`) on its traces
    (`traces[agent id]`; an agent without an entry has none). With `mutants`, also the
    generated mutants of the safe traces through the kill matrix, and policy mutation;
    without, only the hand-labelled counts (what `specgap watch` needs). `undetermined`
    is the verdict for findings that lack evidence (the project's `undetermined`);
    `progress` is called with each agent's id once it is evaluated. An unknown `agent`
    raises `unknown-agent`."""
    if agent is not None and bundle.agent(agent) is None:
        known = ", ".join(f"`{a.id}`" for a in bundle.agents) or "none"
        raise error("unknown-agent", f"the policy has no agent `{agent}`", help=f"agents: {known}")
    results: list[AgentResult] = []
    for found in bundle.agents:
        if agent is not None and found.id != agent:
            continue
        results.append(
            evaluate_agent(
                found,
                traces.get(found.id, LabelledTraces()),
                diagnostics=bundle.diagnostics,
                undetermined=undetermined,
                seed=seed,
                mutants=mutants,
            )
        )
        if progress is not None:
            progress(found.id)
    return EvalResult(
        revision=bundle.revision,
        agents=tuple(results),
        total=add(r.counts for r in results),
        seed=seed,
        diagnostics=bundle.diagnostics,
    )


def evaluate_agent(
    agent: AgentBundle,
    traces: LabelledTraces,
    *,
    diagnostics: Sequence[Diagnostic] = (),
    undetermined: Verdict = "undetermined",
    seed: int = 0,
    mutants: bool = False,
) -> AgentResult:
    """One agent of a bundle: its hand-labelled traces; with `mutants`, also generated
    mutants and policy mutation. `diagnostics` (the bundle's) say why a candidate rule
    compiled to no policy."""
    policies = agent.policies

    def make_engine(chosen: Sequence[Policy]) -> Engine:
        return Engine(chosen, undetermined=undetermined)

    engine = make_engine(policies)
    results = [run_trace(engine, t, "safe") for t in traces.safe]
    results += [run_trace(engine, t, "unsafe") for t in traces.unsafe]
    counts = count(results)
    if not mutants:
        return AgentResult(agent=agent.id, counts=counts, traces=tuple(results))
    generation = generate(
        agent.id,
        policies,
        traces.safe,
        registry=carrier_registry(agent),
        seed=seed,
        known=[t.events for t in traces.unsafe],
        engine_factory=make_engine,
    )
    matrix = KillMatrix(policies, traces.safe, engine=make_engine).run(generation.mutants)
    operator = [m for m in matrix if m.kind == "operator"]
    generic = [m for m in matrix if m.kind == "generic"]
    verdicts = {r.path: r.blocked for r in results}
    everything = [*traces.safe, *traces.unsafe]
    tested_by = policy_mutation(policies, everything, verdicts, engine=make_engine)
    own = {a.path for a in agent.artifacts}
    notes = [d for d in diagnostics if d.span is not None and d.span.path in own]
    return AgentResult(
        agent=agent.id,
        counts=counts,
        traces=tuple(results),
        rules=rule_results(agent.id, policies, agent.candidates, notes, matrix, tested_by),
        mutants=matrix,
        skipped=generation.skipped,
        generated=MutationStats.of(
            operator, discarded=generation.discarded, duplicates=generation.duplicates
        ),
        generic=MutationStats.of(generic),
    )


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


def carrier_registry(agent: AgentBundle) -> Registry:
    """The bundle's registry of the agent (`agent_registry`), each tool with the argument
    schema its `schema_contract` policies enforce: what a call synthesised for a policy no
    safe trace exercises is built from (see `specgap.mutate`), read from the policy
    itself rather than from the tool files the bundle was compiled from."""
    schemas: dict[str, dict[str, Any]] = {}
    for policy in agent.policies:
        if isinstance(policy.condition, SchemaContract):
            _merge(schemas.setdefault(policy.target, {}), policy.condition.schema_)
    base = agent_registry(agent)
    if not schemas:
        return base
    registry, _ = build_registry(
        Tool(id=t.id, names=t.names, effects=t.effects, schema=schemas.get(t.id, {}))
        for t in base.tools
    )
    return registry


def _merge(into: dict[str, Any], part: Mapping[str, Any]) -> None:
    """Fold one schema fragment into another: objects key by key, lists as a union in
    order, and a scalar keeps the value seen first."""
    for key, value in part.items():
        mine = into.get(key)
        if isinstance(mine, dict) and isinstance(value, Mapping):
            _merge(mine, value)
        elif isinstance(mine, list) and isinstance(value, list):
            mine.extend(v for v in value if v not in mine)
        elif key not in into:
            into[key] = _copy(value)


def _copy(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value
