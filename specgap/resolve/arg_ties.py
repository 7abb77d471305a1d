"""A near tie of tools decided by the argument the rule constrains.

"max 6 climbers per booking" names its tool by a noun that several tools act on
(`createBooking`, `cancelBooking`, `moveBooking`): a near tie, which the resolver never
guesses. But the rule bounds `climbers`, and of the tied tools only `createBooking` takes an
argument of that name: a bound on climbers can hold on no call that carries none. When
exactly one tool of the tie has the argument the rule names (its `facet`, or its selector's
`arg`) and every other tied tool has no argument it could be, the tie is decided for that
tool. Its score is left as it was, so a weakly named tool stays `review_only`; a tie in
which two tools take the argument, or one might, stays ambiguous with its note.

A bound ("at most 6 guests per booking") can only hold on an argument that carries a number
or a list: a tied tool whose argument of that name is an identifier (`guest_id` of
`delete_guest`) does not take it.
"""

from __future__ import annotations

from typing import Any

from specgap.ir import CandidateRule, Resolution
from specgap.registry import Registry
from specgap.resolve.arguments import holds_no_number, resolve_argument
from specgap.resolve.evidence import near_tie


def _named_argument(params: dict[str, Any]) -> str | None:
    facet = params.get("facet")
    if isinstance(facet, str) and facet.strip():
        return facet
    selector = params.get("selector")
    arg = selector.get("arg") if isinstance(selector, dict) else getattr(selector, "arg", None)
    return arg if isinstance(arg, str) and arg.strip() else None


_BOUNDS = frozenset({"arg_within_bound", "arg_count_bound"})


def _status(registry: Registry, tool_id: str, named: str, bounded: bool) -> str:
    tool = registry.by_id.get(tool_id)
    if tool is None:
        return "unresolved"
    match = resolve_argument(tool, named)
    selector = match.selector if match.status == "resolved" else None
    if bounded and selector is not None and holds_no_number(tool, selector.arg):
        return "unresolved"  # an id can hold no bound: this tool cannot be the one
    return match.status


def by_argument(registry: Registry, rule: CandidateRule, res: Resolution) -> Resolution:
    """`res`, or its tie decided for the one tied tool that takes the rule's argument."""
    if res.status != "ambiguous" or not res.candidates:
        return res
    named = _named_argument(rule.params)
    if named is None:
        return res
    tied = near_tie(res)
    bounded = rule.operator in _BOUNDS and any(k in rule.params for k in ("max", "min"))
    statuses = [_status(registry, c.tool_id, named, bounded) for c in tied]
    if statuses.count("resolved") != 1 or "ambiguous" in statuses:
        return res
    chosen = tied[statuses.index("resolved")]
    rest = tuple(c for c in res.candidates if c is not chosen)
    return res.model_copy(update={"status": "resolved", "candidates": (chosen, *rest)})
