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

import re
from typing import Any

from specgap.ir import CandidateRule, ResolvedRule
from specgap.registry import Registry
from specgap.resolve.text import words
from specgap.spread import exact, spread

_VERBS = frozenset(
    {"book", "make", "create", "add", "place", "issue", "give", "take", "charge", "pay", "send",
     "set", "schedule", "reserve", "order", "buy", "sell", "rent", "hire", "open", "file"}
)  # fmt: skip
_BOUND = frozenset({"arg_within_bound", "resource_in_allowlist"})


# words a misreading can leave where the bound's noun belongs: none names an argument
_NOT_NOUNS = frozenset(
    {"is", "are", "was", "were", "be", "been", "it", "this", "that", "they", "these", "those",
     "there", "which", "what"}
)  # fmt: skip


def misread_noun(target: str | None) -> bool:
    """Whether a rule's target is a word no noun phrase ends in ("is" of "the fee is ...")."""
    said = (target or "").split()
    return bool(said) and said[-1].casefold() in _NOT_NOUNS


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
    said = noun.split()
    if len(said) == 2 and said[0].casefold() in _VERBS:  # "book stay": the stay booked
        noun = said[1]
    # "<noun> <measure>" ("exposure minutes"); for a bound, the noun alone ("the deposit
    # should not exceed $100": a `deposit` argument)
    phrases = [f"{noun} {facet}", *([noun] if rule.operator == "arg_within_bound" else [])]
    copies = []
    for phrase in phrases:
        params = {**rule.params, "facet": phrase}
        copies = spread(rule.model_copy(update={"target": "*", "params": params}), registry)
        if copies:
            break
    # the argument was named by words, not a tool: enforced only as sure as any spread rule
    return [resolved.model_copy(update={"rule": c, "target": exact(str(c.target))}) for c in copies]


# "the word_count of a quote", "the `amount` of any refund": an argument's name, then the
# thing that holds it
_OF_HOLDER = re.compile(
    r"^`?(?P<arg>[a-z][a-z0-9]*(?:_[a-z0-9]+)*|[a-z]+(?:[A-Z][a-z0-9]+)+)`?\s+of\s+"
    r"(?:a|an|the|each|every|any|one|this|that)\s+(?P<holder>[a-z]+(?:\s+[a-z]+)?)$"
)


def of_holder(rule: CandidateRule, registry: Registry) -> CandidateRule:
    """A rule whose facet is "<argument> of <a thing>" ("the word_count of a quote shall be
    at most 60,000") as a rule on that argument, held by the thing (`held_by` then keeps the
    tools whose names say it); unchanged when the first word names no tool's argument, or
    a holder is set already."""
    facet = rule.params.get("facet")
    m = _OF_HOLDER.match(facet) if isinstance(facet, str) and "holder" not in rule.params else None
    if m is None or not any(m["arg"] in tool.all_arg_names for tool in registry.tools):
        return rule
    params = {**rule.params, "facet": m["arg"], "holder": m["holder"]}
    return rule.model_copy(update={"params": params})


def held_by(
    rule_copies: list[CandidateRule], holder: object, registry: Registry | None = None
) -> list[CandidateRule]:
    """The copies of a bound on what an entity holds ("grooming may take up to 90 minutes")
    whose tools' names say the holder's noun (`book_grooming`, not `schedule_walk`) or lead
    with the verb it is the act of (`extend_stay` for "extensions"), else whose descriptions
    open with that verb ("a booking holds 1 to 6 items": `collection`, "Book a collection
    ...", not `price_list`, "Price a list of items"); all of them when no tool's name or
    description does ("each reservation holds at most 5 guests": every tool taking
    `guests`). The `holder` parameter is dropped from each copy."""
    out = [c.model_copy(update={"params": _without_holder(c.params)}) for c in rule_copies]
    said = words(str(holder))[-1:] if isinstance(holder, str) and holder else []
    if not said:
        return out
    named = [c for c in out if said[0] in words(str(c.target))]
    if named:
        return named
    # "extensions are limited to 7 nights": the tools whose verb is the noun's
    from specgap.resolve.verbs import action_noun

    noun = str(holder).split()[-1].casefold()  # the word as said: "booking", not `book`
    verb = action_noun(said[0], set()) or action_noun(noun, set())
    lead = words(verb)[0] if verb else None
    named = [c for c in out if lead and lead in words(str(c.target))]
    if not named and lead and registry is not None:
        named = [c for c in out if _opens_with(registry, str(c.target), lead)]
    return named or out


def _opens_with(registry: Registry, tool_id: str, verb: str) -> bool:
    """Whether the tool's description opens with the verb ("Book a bulky waste collection")."""
    tool = registry.by_id.get(tool_id)
    said = words(tool.description)[:1] if tool is not None else []
    return bool(said) and said[0] == verb


def _without_holder(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in params.items() if k != "holder"}


# the measure words a bound's facet ends in when the noun before them names the thing
# measured ("appointments hours", "tip percent", "vouchers amount")
_MEASURES = frozenset(
    {"amount", "percent", "hours", "minutes", "days", "nights", "weeks", "months", "seconds",
     "kgs", "kg", "grams", "miles", "kilometres", "kilometers", "gb", "mb", "tb"}
)  # fmt: skip


def named_tool_copies(rule: CandidateRule, registry: Registry) -> list[CandidateRule]:
    """A bound over every tool on "<noun> <measure>" that no argument answers to ("tips may
    not exceed 20%": `tip percent`), put on the one writing tool whose id says the noun
    (`set_tip_rate`), with the measure as its facet: the argument is then found by its unit
    (`specgap.argfit`), or the rule is kept for review with an `unknown-argument` note.
    [] when no single writing tool's id says the noun."""
    facet = rule.params.get("facet")
    if rule.operator != "arg_within_bound" or rule.target != "*" or not isinstance(facet, str):
        return []
    said = facet.casefold().split()
    if len(said) < 2 or said[-1] not in _MEASURES:
        return []
    nouns = {w for part in said[:-1] for w in words(part)}
    from specgap.argfit import reads_only

    named = [
        t
        for t in registry.tools
        if not t.hook and not reads_only(t) and nouns & set(words(t.id.rsplit(".", 1)[-1]))
    ]
    if len(named) != 1:
        return []
    params = {k: v for k, v in rule.params.items() if k not in {"holder", "set_by_call"}}
    params["facet"] = said[-1]
    update = {"target": named[0].id, "params": params, "grounding": "partial"}
    return [rule.model_copy(update=update)]
