"""A bound whose tool was named only loosely is enforced when its argument names the same tool.

"Rentals: 1-21 days", "Charges: max $400", "A reservation can't be longer than 180 minutes":
the noun names the tool by a partial match ("rentals" -> `rent_bike`, under the score a
partial rule is enforced at), but the bound's argument picks the tool out on its own: the
argument ("days", "$" -> the money argument, "minutes") is taken by that tool and by no other
tool of the registry. Two readings that agree, each from another part of the sentence, are
as good as a name: the bound is enforced. When another tool also takes an argument the words
name, or the noun names the tool only faintly, the rule stays `review_only`. A noun that
names two tools near alike ("firing": `book_firing`, `list_firings`) is no guess when only
one of them takes the argument: the bound can only be checked on that one.

Not lifted: a rule with an unbound condition, a rule on several tools, a rule inferred
rather than read.
"""

from __future__ import annotations

from specgap.ir import CandidateRule, Resolution
from specgap.irbase import Enforcement, Selector
from specgap.registry import Registry, Tool
from specgap.resolve.arguments import argument_selector

__all__ = ["FAINT", "corroborated"]

FAINT = 0.55  # a noun resolving a tool under this score names it too faintly to lift


def _numeric(tool: Tool, arg: str) -> bool:
    spec = (tool.schema or {}).get("properties", {}).get(arg)
    kinds = spec.get("type") if isinstance(spec, dict) else None
    kinds = kinds if isinstance(kinds, list) else [kinds]
    return bool({"number", "integer"} & set(kinds))


def corroborated(
    rule: CandidateRule,
    involved: list[Resolution],
    tool: Tool,
    condition: object,
    registry: Registry,
    enforcement: Enforcement,
) -> Enforcement:
    """`enforce` for a partial `arg_within_bound` whose argument (bound from the rule's
    `facet` into `condition`) is taken by `tool` alone; otherwise `enforcement` unchanged."""
    if rule.operator != "arg_within_bound" or rule.grounding != "partial":
        return enforcement
    if enforcement != "review_only" or rule.condition is not None or len(involved) != 1:
        return enforcement
    (res,) = involved
    selector = getattr(condition, "selector", None)
    arg = selector.arg if isinstance(selector, Selector) and selector.extract is None else None
    facet = rule.params.get("facet")
    if res.status not in {"resolved", "ambiguous"} or res.score < FAINT:
        return enforcement
    if not isinstance(facet, str) or not arg or res.tool_id != tool.id or not _numeric(tool, arg):
        return enforcement
    others = [t for t in registry.tools if t.id != tool.id and argument_selector(t, facet)]
    return enforcement if others else "enforce"
