"""Human explanations: how a mention resolves, and why a policy exists and is enforced.

Both are plain text for a terminal, stable for the same inputs (tests snapshot them).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from specgap.api import is_strict_finding
from specgap.config import Project
from specgap.errors import SpecgapError, error
from specgap.ir import Bundle, CandidateRule, Diagnostic, Policy, Resolution
from specgap.operators import OPERATORS
from specgap.pipeline import AgentState, Options, load
from specgap.registry import Registry
from specgap.resolve import MARGIN, RESOLVED_AT, Resolver, resolution_of
from specgap.resolve.rules import tool_mentions


def explain_mention(project: Project, agent: str | None, mention: str, context: str = "") -> str:
    """The ranked candidates of `mention` in each agent's registry (or one agent's), with
    what matched for each and why the status is what it is."""
    agents = [project.agent(agent)] if agent else list(project.config.agents)
    out: list[str] = []
    for config in agents:
        state = load(project, AgentState(config=config), Options())
        errors = [
            d for d in state.diagnostics if d.severity == "error" and not is_strict_finding(d)
        ]
        if errors:  # a broken registry would explain nothing true
            raise SpecgapError(errors)
        assert state.registry is not None
        if out:
            out.append("")
        out.extend(describe_resolution(state.registry, mention, context, f"agent {config.id}"))
    return "\n".join(out)


def describe_resolution(
    registry: Registry, mention: str, context: str = "", label: str = ""
) -> list[str]:
    """The explanation of one mention against one registry, as lines."""
    res, why = Resolver(registry).explain(mention, context)
    head = f"{label}: " if label else ""
    target = f" -> {res.tool_id}" if res.status == "resolved" else ""
    lines = [f"{head}`{mention}` is {res.status}{target}"]
    hook = registry.hook(mention)
    if hook is not None:
        lines.append(f"  `{hook.id}` is an MCP lifecycle hook: the client runs it, the model")
        lines.append("  never calls it, so no rule can name it")
        return lines
    lines.extend(candidate_rows(res, why))
    lines.append(f"  {verdict(res)}")
    return lines


def candidate_rows(res: Resolution, why: dict[str, str] | None = None) -> list[str]:
    if not res.candidates:
        return ["  no candidates"]
    width = max(len(c.tool_id) for c in res.candidates)
    rows = []
    for rank, c in enumerate(res.candidates, 1):
        row = f"  {rank}. {c.tool_id:<{width}}  {c.score:.3f}  via {c.via:<15}"
        reason = (why or {}).get(c.tool_id)
        rows.append(f"{row}  {reason}" if reason else row.rstrip())
    return rows


def verdict(res: Resolution) -> str:
    """Why the status is what it is, in terms of the thresholds."""
    cands = res.candidates
    if res.status == "unresolved":
        if not cands:
            return "unresolved: nothing in the registry resembles it; add it as an alias"
        close = " or ".join(f"`{c.tool_id}`" for c in cands[:2])
        return f"unresolved: no candidate reaches {RESOLVED_AT:.2f}; did you mean {close}?"
    if res.status == "ambiguous":
        lead = cands[0].score - cands[1].score
        return (
            f"ambiguous: `{cands[0].tool_id}` leads `{cands[1].tool_id}` by {lead:.3f} "
            f"(< {MARGIN:.2f}); name the tool by its id or add an alias"
        )
    lead = cands[0].score - cands[1].score if len(cands) > 1 else cands[0].score
    if len(cands) > 1 and lead < MARGIN and cands[0].via == "exact_id":
        return f"resolved: `{cands[0].tool_id}` is named by its exact id, the others are not"
    return (
        f"resolved: {cands[0].score:.3f} >= {RESOLVED_AT:.2f} and a lead of {lead:.3f} "
        f"(>= {MARGIN:.2f})"
    )


def find_policy(bundle: Bundle, policy_id: str, where: str | None = None) -> tuple[str, Policy]:
    """The agent and policy with this id; `where` (the bundle's path) locates a miss."""
    for agent in bundle.agents:
        for policy in agent.policies:
            if policy.id == policy_id:
                return agent.id, policy
    ids = [p.id for a in bundle.agents for p in a.policies]
    close = [i for i in ids if i.startswith(policy_id) or policy_id in i][:3]
    raise error(
        "unknown-policy",
        f"no policy `{policy_id}` in the bundle",
        path=where,
        help=f"did you mean {', '.join(f'`{c}`' for c in close)}?"
        if close
        else "list ids with `specgap eval --format json`",
    )


def explain_policy(bundle: Bundle, policy_id: str, where: str | None = None) -> str:
    agent_id, policy = find_policy(bundle, policy_id, where)
    agent = bundle.agent(agent_id)
    assert agent is not None
    src = policy.source
    span = src.span
    mentioned, sources = _mentioned(policy, agent.candidates)
    found = {m: resolution_of(agent.resolutions, m, span) for m in mentioned}
    condition = policy.condition.model_dump(mode="json", by_alias=True)
    lines = [
        f"policy       {policy.id}  (agent {agent_id})",
        f"title        {policy.title}",
        f"operator     {policy.operator}  ({policy.check_category})",
        f"target       {policy.target}",
        f"condition    {json.dumps(condition, sort_keys=True)}",
        f"action       {policy.action}: {policy.message}",
        f"enforcement  {policy.enforcement}: {_why(policy, found, sources, bundle.diagnostics)}",
        f"stated at    {span.location()}-{span.end_line}:{span.end_col}"
        f"  ({src.grounding} grounding, {src.extractor})",
        *(f"  > {line}" for line in src.quote.splitlines()),
        "mentions",
    ]
    for mention, resolutions in found.items():
        shown = "(implicit)" if mention is None else mention
        if not resolutions:
            lines.append(f"  `{shown}`: not resolved")
        for res in resolutions:
            lines.append(f"  `{shown}` -> {res.status}")
            lines.extend("  " + row for row in candidate_rows(res))
            lines.append(f"    {verdict(res)}")
    for other in policy.also_stated_at:
        s = other.span
        lines.append(f"also stated  {s.path}:{s.start_line}:{s.start_col}  ({other.grounding})")
    return "\n".join(lines)


def _mentioned(
    policy: Policy, candidates: Iterable[CandidateRule]
) -> tuple[list[str | None], set[str]]:
    """What the policy's rule mentions: the mentions its extractor recorded, then its target
    (None: implicit) and every tool-valued parameter's mentions, each once, in that order;
    and those of them naming where values may come from (`tool_sources`: widened when
    unsure, so they do not bear on enforcement)."""
    span = policy.source.span
    out: list[str | None] = list(policy.source.mentions)
    sources: set[str] = set()
    operator = OPERATORS.get(policy.operator)
    for rule in candidates:
        if rule.span == span and rule.operator == policy.operator:
            out.append(rule.target)
            for name, mentions in tool_mentions(rule).items():
                out.extend(mentions)
                if operator is not None and name in operator.tool_sources:
                    sources.update(mentions)
    return list(dict.fromkeys(out)) or [None], sources


def _why(
    policy: Policy,
    found: dict[str | None, tuple[Resolution, ...]],
    sources: set[str],
    diagnostics: Iterable[Diagnostic] = (),
) -> str:
    """Why the policy has its enforcement level. A `review_only` policy says first what
    compile said of it (a located `condition-not-bound` note naming its target), then an
    ambiguous mention, and only then the grounding's confidence."""
    grounding = policy.source.grounding
    if policy.enforcement == "enforce":
        if grounding == "exact":
            return "exact grounding and every mention resolved"
        return f"{grounding} grounding, resolved with confidence {policy.confidence:.2f}"
    if policy.enforcement == "eval_required":
        return "inferred business-logic rule: evaluate it before enforcing"
    statuses = {res.status for m, each in found.items() if m not in sources for res in each}
    if statuses - {"resolved"}:
        return "a tool mention is ambiguous: confirm the target before enforcing"
    noted = _notes_on(policy, diagnostics)
    if noted:
        return "; ".join(noted)
    return f"{grounding} grounding with low resolution confidence ({policy.confidence:.2f})"


def _notes_on(policy: Policy, diagnostics: Iterable[Diagnostic]) -> list[str]:
    """The `condition-not-bound` notes written at the policy's sentence about its target or
    its operator: the reason it was kept for review."""
    span = policy.source.span
    named = (f"`{policy.target}`", f"`{policy.operator}`")
    return [
        d.message
        for d in diagnostics
        if d.code == "condition-not-bound"
        and d.span is not None
        and (d.span.path, d.span.start_byte) == (span.path, span.start_byte)
        and any(name in d.message for name in named)
    ]
