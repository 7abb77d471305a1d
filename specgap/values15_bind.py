"""A list of values whose verb names no tool, bound by the one argument that lists them all
(fifteenth session): "We never collect asbestos, tyres or paint" on a desk whose tools are
`schedulePickup` (items: "furniture, mattress, ..., asbestos, tyres, paint") and others. The
verb `collect` resolves to no tool, so the ban was dropped with an `unresolved-mention` note.

When the rule names its values to be bound by the argument that lists them (`by_values`, set
by the extractor's readers of value lists) and its tool is unresolved, every argument of the
registry is tried: exactly one tool with an argument whose schema (its `enum`, or its
description's list) lists every value is the rule's tool. The verb said nothing about it, so
the resolution is an inference, below the score rules are enforced at: the rule is reviewed,
never enforced on a guess. None or several such tools leave the rule as it was.

A tool tied with others for the rule's verb ("hire" between `hire_boat` and `get_hire`) is
the rule's tool when it is the one of them whose argument lists the values (seventeenth
session): the verb named it as well as the others, and only it takes the values. It keeps
its own score, so the rule is enforced only where that score would be.
"""

from __future__ import annotations

from specgap.argfit import spelled
from specgap.extract.described_values import schema_listed
from specgap.ir import Candidate, Resolution, ResolvedRule
from specgap.registry import Registry, Tool
from specgap.resolve.evidence import near_tie

INFERRED = 0.6  # under `compile.HIGH_CONFIDENCE`: a tool read from the values is reviewed


def by_listed_values(resolved: ResolvedRule, registry: Registry) -> ResolvedRule:
    """The rule with its tool read from its values (module docstring), or as it was."""
    rule = resolved.rule
    key = "allowed" if rule.params.get("allowed") else "values"
    said = {str(v).casefold() for v in rule.params.get(key) or ()}
    if not rule.params.get("by_values") or not said:
        return resolved
    if resolved.target.status == "ambiguous":  # the tied tool that takes the values decides
        near = near_tie(resolved.target)  # (never a weaker candidate outside the tie)
        tied = (
            [c for c in near if _lists_all(registry.by_id[c.tool_id], said)]
            if all(c.tool_id in registry.by_id for c in near)
            else []
        )
        if len(tied) != 1:
            return resolved
        target = resolved.target.model_copy(
            update={
                "status": "resolved",
                "candidates": (
                    tied[0],
                    *(c for c in resolved.target.candidates if c is not tied[0]),
                ),
            }
        )
        return resolved.model_copy(update={"target": target})
    if resolved.target.status != "unresolved":
        return resolved
    tools = [tool for tool in registry.tools if _lists_all(tool, said)]
    if len(tools) != 1:
        return resolved
    target = Resolution(
        mention=resolved.target.mention,
        status="resolved",
        candidates=(Candidate(tool_id=tools[0].id, score=INFERRED, via="schema_keyword"),),
    )
    return resolved.model_copy(
        update={"rule": rule.model_copy(update={"grounding": "inferred"}), "target": target}
    )


def _lists_all(tool: Tool, said: set[str]) -> bool:
    props = tool.schema.get("properties")
    return any(
        spelled(said, schema_listed(spec if isinstance(spec, dict) else None)) is not None
        for spec in (props.values() if isinstance(props, dict) else ())
    )
