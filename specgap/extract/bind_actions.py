"""A value named by the action it is for: "the cancellation reason", "the refund amount", "the
booking date", "the shipment weight".

An argument rule said over every tool ("the cancellation reason must come from the owner")
names its argument with an action noun first. When no argument answers to the whole phrase,
the noun names the tools instead: each tool whose id says the noun's verb (`cancelVisit`
for "cancellation", `ship-order` for "shipment") and one of whose arguments the rest of the
phrase resolves to (`cancelReason`, `reason`: `specgap.resolve.arguments`, a tie is no
argument) gets a copy of the rule on that argument. No such tool: nothing (the rule stays
over every call, as before). The allowlists have their own reader (`allow_actions`); this
one serves `arg_grounded` and `arg_within_bound`.
"""

from __future__ import annotations

from specgap.ir import CandidateRule
from specgap.registry import Registry

_OPERATORS = frozenset({"arg_grounded", "arg_within_bound"})


def verb_facet_copies(
    rule: CandidateRule,
    registry: Registry,
    sources: set[str] = frozenset(),  # type: ignore[assignment]
) -> list[CandidateRule]:
    """One copy per tool the facet's leading action noun names, on the argument the rest of
    the facet resolves to (module docstring); [] when the facet is no such phrase."""
    from specgap.extract.allow_actions import verb_of
    from specgap.resolve.arguments import resolve_argument
    from specgap.resolve.text import words
    from specgap.resolve.verbs import action_noun

    facet = str(rule.params.get("facet") or "").casefold().split()
    if rule.operator not in _OPERATORS or rule.target != "*" or len(facet) not in (2, 3):
        return []
    verb = verb_of(facet[0]) or action_noun(facet[0], set())
    if verb is None:
        return []
    rest = " ".join(facet[1:])
    out = []
    for tool in registry.tools:
        if tool.hook or tool.id in sources or not set(words(verb)) <= set(words(tool.id)):
            continue
        match = resolve_argument(tool, rest)
        if match.status != "resolved" or match.selector is None or match.selector.extract:
            continue
        params = {k: v for k, v in rule.params.items() if k not in {"set_by_call", "holder"}}
        params["facet"] = match.selector.arg
        out.append(rule.model_copy(update={"target": tool.id, "params": params}))
    return out
