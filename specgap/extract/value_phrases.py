"""Values of an argument said without an action verb:

- "shipping options are limited to standard and express": the only values (an allowlist
  on every tool taking the argument);
- "overnight shipping is not available", "express and overnight shipping are not offered":
  banned values, said as words before the noun naming the argument.

Words before a noun are as often adjectives as values ("same-day delivery", "free
shipping"), so a ban read that way carries `schema_values`: the compiler keeps it only
where the argument's schema lists every word as a value (`specgap.argfit`) and otherwise
says why nothing was compiled. A list after "limited to" is a list of values whatever the
schema says, and is checked against its `enum` when there is one.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit
from specgap.extract.pattern_base import ANY_TOOL, is_action_noun, singular

_ITEM = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\"|(?>[A-Za-z0-9](?:[\w.:/+-]*[\w/+-])?))"
_ITEMS = (
    r"(?P<list>" + _ITEM + r"(?:\s*,\s*(?:(?:and|or)\s+)?" + _ITEM + r"|\s+(?:and|or)\s+" + _ITEM
    + r")*)"
)  # fmt: skip
# a qualifier after the values: the rule holds under it only (kept as its condition)
_TAIL = (
    r"(?:\s*,?\s+(?P<tail>(?:on|during|for|in|unless|except|when|whenever|if|after|before|while|"
    r"to|from)\b[^.;]*?))?\s*[.;]?\s*$"
)
_LIMITED = re.compile(
    r"^\W*(?:the\s+)?(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)??)\s+(?:(?:options?|values?|choices?)\s+)?"
    r"(?:is|are)\s+(?:limited|restricted)\s+to\s*:?\s*" + _ITEMS + _TAIL,
    re.I,
)
_UNAVAILABLE = re.compile(
    r"^\W*" + _ITEMS + r"\s+(?P<np>[a-z][\w-]*)\s+(?:is|are)\s+(?:not|never|no\s+longer)\s+"
    r"(?:offered|available|allowed|permitted|supported|accepted|possible)" + _TAIL,
    re.I,
)
_SPLIT = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+")
_NOT_VALUES = frozenset(
    {"a", "an", "the", "any", "all", "some", "no", "not", "other", "more", "it", "this", "that",
     "these", "those", "such", "same", "only", "each", "every"}
)  # fmt: skip


def _values(listed: str) -> list[str]:
    return [v[1:-1] if v[:1] in "`'\"" else v for v in _SPLIT.split(listed.strip())]


def stated_values(text: str) -> list[Emit]:
    """The allowlist or the ban of values the sentence states without a verb of its own
    (module docstring), over every tool taking the argument; or none. A condition clause
    before it ("during sales, ...") or a qualifier after it ("... on weekends") is kept as
    the rule's condition: reviewed, never the rule without it."""
    from specgap.extract.noun_bounds import unbound_lead
    from specgap.extract.value_lists import listed_values

    lead = unbound_lead(text)
    condition = lead[1] if lead is not None else None
    said_alone = lead[0] if lead is not None else text
    emits = _stated(said_alone) or listed_values(said_alone)
    conditions = [c for c in (condition, *(e.condition for e in emits)) if c]
    if not conditions:
        return emits
    said = "; ".join(conditions)
    return [Emit(e.operator, e.target, e.params, e.confidence, said) for e in emits]


def _stated(text: str) -> list[Emit]:
    m = _LIMITED.match(text)
    if m is not None:
        values = _values(m["list"])
        np = m["np"].casefold()
        if len(values) >= 2 and not _odd(values) and not is_action_noun(singular(np.split()[-1])):
            params = {"facet": np, "allowed": values, "set_by_call": True}
            return [Emit("resource_in_allowlist", ANY_TOOL, params, 0.7, _tail(m))]
        return []
    m = _UNAVAILABLE.match(text)
    if m is None:
        return []
    values = [v.casefold() for v in _values(m["list"])]
    np = m["np"].casefold()
    if _odd(values) or is_action_noun(singular(np)):
        return []
    params = {"facet": np, "values": values, "schema_values": True, "set_by_call": True}
    return [Emit("deny_action", ANY_TOOL, params, 0.7, _tail(m))]


def _tail(m: re.Match[str]) -> str | None:
    return " ".join(m["tail"].split()) if m["tail"] else None


def _odd(values: list[str]) -> bool:
    """A word that is never a value, or a number with a unit: the list is no values."""
    return any(v.casefold() in _NOT_VALUES or " " in v for v in values) or not values
