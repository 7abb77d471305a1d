"""The resolve stage over rules: every tool mention a rule makes, resolved in its context.

A rule's target and each tool-valued parameter its operator declares (`tool_params`,
`tool_lists`) are resolved with the rule's words around them; a glob target stands for
every tool it matches.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Mapping
from typing import Any

from specgap.ir import Candidate, CandidateRule, Resolution
from specgap.operators import OPERATORS
from specgap.operators.base import Operator
from specgap.resolve.resolver import Resolver


def mention_key(rule: CandidateRule) -> str:
    """The resolution key of a rule's target: the mention, or a marker for an implicit one."""
    return rule.target if rule.target is not None else f"@{rule.span.location()}"


def resolve_rules(resolver: Resolver, rules: Iterable[CandidateRule]) -> dict[str, Resolution]:
    """Resolutions of every target and tool-valued parameter, keyed by mention; a tool
    parameter given as a list (`require_before` any-of) has each item resolved."""
    out: dict[str, Resolution] = {}
    for rule in rules:
        facet = str(rule.params.get("facet", ""))
        context = f"{rule.text} {rule.context} {facet}"
        key = mention_key(rule)
        if key not in out and rule.target is not None and is_glob(rule.target):
            out[key] = glob_resolution(resolver, rule.target)
        elif key not in out:
            res = resolver.resolve(rule.target, context)
            out[key] = res.model_copy(update={"mention": key}) if rule.target is None else res
        operator = OPERATORS.get(rule.operator)
        tool_params = operator.tool_params if operator else ()
        tool_lists = operator.tool_lists if operator else ()
        for name, value in rule.params.items():
            if name in tool_params and isinstance(value, str) and value not in out:
                out[value] = resolver.resolve(value, context)
            elif name in (*tool_lists, *tool_params) and isinstance(value, list | tuple):
                for item in value:
                    if isinstance(item, str) and item not in out:
                        out[item] = resolver.resolve(item, context)
    return out


def bind_tool_lists(
    operator: Operator, params: Mapping[str, Any], resolutions: Mapping[str, Resolution]
) -> tuple[dict[str, list[str]], list[Resolution]]:
    """The operator's tool-list parameters (`covers`) with every mention replaced by its
    tool id, and the resolutions involved (an unresolved or ambiguous one is the caller's to
    report, as for any mention)."""
    bound: dict[str, list[str]] = {}
    involved: list[Resolution] = []
    for name in operator.tool_lists:
        value = params.get(name)
        if not isinstance(value, list | tuple):
            continue
        bound[name], found = bind_mentions(value, resolutions)
        involved.extend(found)
    return bound, involved


def bind_mentions(
    mentions: Iterable[Any], resolutions: Mapping[str, Resolution]
) -> tuple[list[str], list[Resolution]]:
    """The tool ids of several mentions, sorted and deduplicated, and every resolution
    involved (an unresolved or ambiguous one is the caller's to report)."""
    ids: list[str] = []
    involved: list[Resolution] = []
    for item in mentions:
        mention = str(item)
        res = resolutions.get(mention) or Resolution(
            mention=mention, status="unresolved", candidates=()
        )
        involved.append(res)
        if res.tool_id is not None:
            ids.append(res.tool_id)
    return sorted(set(ids)), involved


GLOB_SCORE = 0.75


def is_glob(mention: str) -> bool:
    return any(ch in mention for ch in "*?[")


def glob_resolution(resolver: Resolver, pattern: str) -> Resolution:
    """A glob target (`*`, `aws.s3.*`) stands for every tool it matches: it resolves to
    itself when it matches at least one registry tool, and is unresolved otherwise.

    Its score stays under the compiler's confidence bar: prose that names no tool and is
    read as "every call" is reviewed before it is enforced, while a glob written out
    verbatim (exact grounding) is enforced as stated."""
    matches = [t for t in resolver.registry.by_id if fnmatch.fnmatchcase(t, pattern)]
    candidates = (Candidate(tool_id=pattern, score=GLOB_SCORE, via="exact_id"),) if matches else ()
    return Resolution(
        mention=pattern, status="resolved" if matches else "unresolved", candidates=candidates
    )


def did_you_mean(resolution: Resolution) -> str | None:
    if not resolution.candidates:
        return None
    names = " or ".join(f"`{c.tool_id}`" for c in resolution.candidates[:2])
    return f"did you mean {names}?"
