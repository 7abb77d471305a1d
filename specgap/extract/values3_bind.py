"""The tools a value rule over every call is about, when its noun phrase names the tool
first and the argument last, and no argument answers to the whole phrase:

- "the waiver reason", "the glaze category", "reminder texts' template": the leading
  words are words of a tool's id (`waive_fee`, `submit_glaze_order`, `send_reminder_text`;
  a noun made from a verb, "waiver", "payment", counts as its verb), the rest names one
  of that tool's arguments (`reason`, `category`, `template`);
- "the reason passed to `drop_berth`", "the amount for pay_dues": a tool named by its id;
- "pickup" (is possible at A or B only): the argument named for the act and a place
  (`pickup_branch`, `pickup_point`).

`owner_copies` gives one copy of the rule per such tool, on that argument; [] otherwise (the
rule then stays an `unknown-argument`, as before). Run by the compiler only where no tool's
argument answers to the whole phrase. Never a guess: the rest of the phrase must say every
word of the argument's name, and a quantifier ("a single payment") is no word of either.
"""

from __future__ import annotations

import re

from specgap.extract.pattern_base import ANY_TOOL
from specgap.ir import CandidateRule
from specgap.registry import Registry, Tool

_OPERATORS = frozenset({"resource_in_allowlist", "arg_within_bound"})
_QUANTIFIERS = frozenset({"a", "an", "the", "single", "each", "every", "any", "one", "per"})
_E_MAIL = re.compile(r"\be-mail", re.I)
# "the reason passed to drop_berth", "the amount for pay_dues"
_FOR_TOOL = re.compile(
    r"^(?P<arg>.+?)\s+(?:passed\s+to|given\s+to|sent\s+to|for|of|in|on)\s+`?(?P<tool>[\w.-]+)`?$",
    re.I,
)


def owner_copies(rule: CandidateRule, registry: Registry) -> list[CandidateRule]:
    """One copy per tool the facet's leading words name, on the argument the rest names
    (module docstring); [] when the facet is no such phrase."""
    facet = _E_MAIL.sub("email", str(rule.params.get("facet") or "")).strip()
    if rule.operator not in _OPERATORS or rule.target != ANY_TOOL or not facet:
        return []
    named = _FOR_TOOL.match(facet)
    if named is not None:
        tool = registry.by_id.get(named["tool"])
        if tool is not None:
            arg = _argument(tool, named["arg"].split())
            return [_copy(rule, tool, arg, named["arg"])] if arg else []

    said = [w for w in facet.split() if w.casefold() not in _QUANTIFIERS]
    if len(said) == 1 and rule.operator == "resource_in_allowlist":
        return _placed(rule, registry, said[0])  # "pickup is possible at A or B only"
    if len(said) < 2:
        return []
    out = []
    for tool in registry.tools:
        if tool.hook:
            continue
        lead = _leading(tool, said)
        if lead == 0:
            continue
        arg = _argument(tool, said[lead:])
        if arg is not None:
            out.append(_copy(rule, tool, arg, " ".join(said[lead:])))
    return out


def _copy(rule: CandidateRule, tool: Tool, arg: str, said_as: str) -> CandidateRule:
    params = {k: v for k, v in rule.params.items() if k != "set_by_call"}
    params.update({"facet": arg, "said_as": said_as})
    return rule.model_copy(update={"target": tool.id, "params": params})


def _leading(tool: Tool, said: list[str]) -> int:
    """How many leading words of the phrase are words of the tool's id (an action noun as
    its verb), leaving at least one word for the argument."""
    from specgap.resolve import words

    own = set(words(tool.id))
    n = 0
    while n < len(said) - 1 and set(_stems(said[n])) & own:
        n += 1
    return n


def _stems(word: str) -> list[str]:
    from specgap.extract.allow_actions import verb_of
    from specgap.extract.english import base_verb
    from specgap.resolve import words

    out = list(words(word))
    verb = verb_of(word.casefold())
    said = word.casefold()
    if verb is None and said.endswith("er") and base_verb(said[:-1]):
        verb = said[:-1]  # "waiver": `waive`
    return out + (list(words(verb)) if verb else [])


def _argument(tool: Tool, rest: list[str]) -> str | None:
    """The one argument of the tool whose name says every word of the rest and no more
    than one word besides."""
    from specgap.resolve import words

    wanted = set(words(" ".join(rest)))
    if not wanted:
        return None
    named = [
        a for a in tool.arg_names if wanted <= set(words(a)) and len(set(words(a)) - wanted) <= 1
    ]
    exact = [a for a in named if set(words(a)) == wanted]
    named = exact or named
    return named[0] if len(named) == 1 else None


# nouns of a place an act happens at: "pickup" names `pickup_branch`, "drop-off" `dropoff_site`
_PLACES = frozenset(
    {"branch", "location", "site", "point", "station", "store", "desk", "dock", "office",
     "gate", "venue", "room", "counter", "depot", "pier", "berth", "shop"}
)  # fmt: skip


def _placed(rule: CandidateRule, registry: Registry, noun: str) -> list[CandidateRule]:
    """One copy per tool with one argument named for the noun and a place ("pickup":
    `pickup_branch`): where the act the noun names happens."""
    from specgap.resolve import words

    said = words(noun.replace("-", ""))
    out = []
    for tool in registry.tools:
        named = [
            a
            for a in tool.arg_names
            if len(parts := a.replace("-", "_").split("_")) == 2
            and words(parts[0]) == said
            and parts[1].casefold() in _PLACES
        ]
        if not tool.hook and len(named) == 1:
            out.append(_copy(rule, tool, named[0], noun))
    return out
