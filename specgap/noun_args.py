"""A bound or a list of values said of a noun that names no tool, bound by the argument the
noun and the measure name together.

"Each exposure must be between 1 and 30 minutes long" reads as a bound on the `minutes` of
the action "exposure"; no tool is called that, so the mention stays unresolved and the rule
would be lost. The noun and the measure together often name one argument outright
(`exposure_minutes`), or in the words of its name and description ("rental hours":
`hours`, described "Length of the rental in hours"). `noun_copies` gives one copy of the
rule per tool taking the argument "<noun> <measure>" names (as a rule over every tool
taking an argument is spread, `specgap.spread`), or none: the unresolved mention is then
reported as before. A noun that is a tool's own verb phrase is the resolver's business; a
phrase of more than two words is too loose to bind this way.
"""

from __future__ import annotations

from specgap.ir import ResolvedRule
from specgap.registry import Registry
from specgap.spread import exact, spread

_BOUND = frozenset({"arg_within_bound", "resource_in_allowlist"})


def noun_copies(resolved: ResolvedRule, registry: Registry) -> list[ResolvedRule]:
    """One copy per tool taking the argument the rule's unresolved noun and its facet name
    together, each targeted at its tool; [] when the rule is no such rule or nothing
    answers."""
    rule = resolved.rule
    facet = rule.params.get("facet")
    noun = (rule.target or "").strip()
    if rule.operator not in _BOUND or not isinstance(facet, str) or not facet:
        return []
    if resolved.target.status != "unresolved" or not noun or noun == "*":
        return []
    if len(noun.split()) > 2 or not noun.replace(" ", "").replace("-", "").isalpha():
        return []
    combined = f"{noun} {facet}"
    over_every = rule.model_copy(
        update={"target": "*", "params": {**rule.params, "facet": combined}}
    )
    copies = spread(over_every, registry)
    # the argument was named by words, not a tool: enforced only as sure as any spread rule
    return [resolved.model_copy(update={"rule": c, "target": exact(str(c.target))}) for c in copies]
