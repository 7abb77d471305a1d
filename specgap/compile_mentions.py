"""Tool mentions of a rule as the compiler sees them: which tools several mentions name
(`bind`), the diagnostic for a mention that names no tool or several (`mention_diagnostic`),
and rules about MCP lifecycle hooks, which no policy can govern (`hook_mention`). Pure
functions of a rule, its resolutions and the registry.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from specgap.ir import CandidateRule, Diagnostic, Resolution
from specgap.registry import Registry
from specgap.resolve import did_you_mean


def bind(
    mentions: list[Any] | tuple[Any, ...], resolutions: tuple[Resolution, ...]
) -> tuple[list[str], list[Resolution]]:
    """The tool ids of several mentions, sorted and deduplicated, and their resolutions
    (`resolutions` has one per string mention, in order; anything else names no tool)."""
    given = iter(resolutions)
    involved = [
        (next(given, None) if isinstance(item, str) else None)
        or Resolution(mention=str(item), status="unresolved", candidates=())
        for item in mentions
    ]
    return sorted({r.tool_id for r in involved if r.tool_id is not None}), involved


def mention_diagnostic(
    rule: CandidateRule, res: Resolution | None, mention: str, strict: bool
) -> Diagnostic:
    status = res.status if res else "unresolved"
    shown = mention or "the tool this rule constrains"  # "": an implicit target
    if status == "ambiguous" and res is not None:
        top = " and ".join(f"`{c.tool_id}` ({c.score:.2f})" for c in res.candidates[:2])
        message = f"`{shown}` is ambiguous between {top}"
        help_text = "name the tool by its id, or give it an alias in the registry" + (
            "" if strict else "; until then the rule is `review_only`"
        )
    else:
        message = f"`{shown}` does not name a known tool"
        help_text = (did_you_mean(res) if res else None) or "add it to the registry as an alias"
    return Diagnostic(
        code=f"{status}-mention",
        message=message,
        severity="error" if strict else "warning",
        span=rule.span,
        help=help_text,
    )


def hook_mention(
    rule: CandidateRule, tool_params: Iterable[str], registry: Registry
) -> list[Diagnostic] | None:
    """A rule about an MCP lifecycle hook is dropped: hooks are not tools the model calls,
    so no policy can govern them. One stated in prose gets a diagnostic; one read from the
    hook's own definition (its schema, its description) is dropped silently."""
    mentions = [rule.target, *(rule.params.get(name) for name in tool_params)]
    for mention in mentions:
        hook = registry.hook(mention) if isinstance(mention, str) else None
        if hook is None:
            continue
        if rule.context in (hook.id, *hook.names):
            return []
        return [
            Diagnostic(
                code="lifecycle-hook-mention",
                message=f"`{mention}` is an MCP lifecycle hook (`{hook.id}`), "
                "not a tool the model may call",
                severity="warning",
                span=rule.span,
                help="the client runs hooks itself; state the rule about a callable tool",
            )
        ]
    return None
