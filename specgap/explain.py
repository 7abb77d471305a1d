"""Human explanations: how a mention resolves, and why a policy exists and is enforced."""

from __future__ import annotations

import json

from specgap.config import Project
from specgap.errors import error
from specgap.ir import Bundle, Policy, Resolution
from specgap.pipeline import AgentState, Options, load
from specgap.resolve import Resolver


def explain_mention(project: Project, agent: str | None, mention: str, context: str = "") -> str:
    agents = [project.agent(agent)] if agent else list(project.config.agents)
    out: list[str] = []
    for config in agents:
        state = load(project, AgentState(config=config), Options())
        assert state.registry is not None
        res = Resolver(state.registry).resolve(mention, context)
        out.append(f"agent {config.id}: `{mention}` is {res.status}")
        out.extend(_candidates(res))
    return "\n".join(out)


def _candidates(res: Resolution) -> list[str]:
    if not res.candidates:
        return ["  no candidates"]
    rows = []
    for rank, c in enumerate(res.candidates, 1):
        rows.append(f"  {rank}. {c.tool_id:<32} {c.score:.3f}  via {c.via}")
    return rows


def find_policy(bundle: Bundle, policy_id: str) -> tuple[str, Policy]:
    for agent in bundle.agents:
        for policy in agent.policies:
            if policy.id == policy_id:
                return agent.id, policy
    ids = [p.id for a in bundle.agents for p in a.policies]
    close = [i for i in ids if i.startswith(policy_id) or policy_id in i][:3]
    raise error(
        "unknown-policy",
        f"no policy `{policy_id}` in the bundle",
        help=f"did you mean {', '.join(f'`{c}`' for c in close)}?"
        if close
        else "list ids with `specgap eval --format json`",
    )


def explain_policy(bundle: Bundle, policy_id: str) -> str:
    agent_id, policy = find_policy(bundle, policy_id)
    agent = bundle.agent(agent_id)
    assert agent is not None
    resolutions = {r.mention: r for r in agent.resolutions}
    src = policy.source
    condition = policy.condition.model_dump(mode="json", by_alias=True)
    span = src.span
    lines = [
        f"policy       {policy.id}  (agent {agent_id})",
        f"title        {policy.title}",
        f"operator     {policy.operator}  ({policy.check_category})",
        f"target       {policy.target}",
        f"condition    {json.dumps(condition, sort_keys=True)}",
        f"action       {policy.action}: {policy.message}",
        f"enforcement  {policy.enforcement}: {_why(policy, resolutions)}",
        f"stated at    {span.location()}-{span.end_line}:{span.end_col}"
        f"  ({src.grounding} grounding, {src.extractor})",
        *(f"  > {line}" for line in src.quote.splitlines()),
        "mentions",
    ]
    for mention in src.mentions or ("(implicit)",):
        res = resolutions.get(mention)
        if res is None:
            key = f"@{span.path}:{span.start_line}:{span.start_col}"
            res = resolutions.get(key)
        if res is None:
            lines.append(f"  `{mention}`: not resolved")
            continue
        lines.append(f"  `{mention}` -> {res.status}")
        lines.extend("  " + row for row in _candidates(res))
    for other in policy.also_stated_at:
        s = other.span
        lines.append(f"also stated  {s.path}:{s.start_line}:{s.start_col}  ({other.grounding})")
    return "\n".join(lines)


def _why(policy: Policy, resolutions: dict[str, Resolution]) -> str:
    grounding = policy.source.grounding
    if policy.enforcement == "enforce":
        if grounding == "exact":
            return "exact grounding and every mention resolved"
        return f"{grounding} grounding, resolved with confidence {policy.confidence:.2f}"
    if policy.enforcement == "eval_required":
        return "inferred business-logic rule: evaluate it before enforcing"
    statuses = {resolutions[m].status for m in policy.source.mentions if m in resolutions}
    if statuses - {"resolved"}:
        return "a tool mention is ambiguous: confirm the target before enforcing"
    return f"{grounding} grounding with low resolution confidence ({policy.confidence:.2f})"
