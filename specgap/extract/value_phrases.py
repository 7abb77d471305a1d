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

_ITEM = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\"|[A-Za-z0-9](?:[\w.:/+-]*[\w/+-])?)"
_ITEMS = (
    r"(?P<list>" + _ITEM + r"(?:\s*,\s*(?:(?:and|or)\s+)?" + _ITEM + r"|\s+(?:and|or)\s+" + _ITEM
    + r")*)"
)  # fmt: skip
_LIMITED = re.compile(
    r"^\W*(?:the\s+)?(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)??)\s+(?:(?:options?|values?|choices?)\s+)?"
    r"(?:is|are)\s+(?:limited|restricted)\s+to\s*:?\s*" + _ITEMS + r"\s*[.;]?\s*$",
    re.I,
)
_UNAVAILABLE = re.compile(
    r"^\W*" + _ITEMS + r"\s+(?P<np>[a-z][\w-]*)\s+(?:is|are)\s+(?:not|never|no\s+longer)\s+"
    r"(?:offered|available|allowed|permitted|supported|accepted|possible)\s*[.;]?\s*$",
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
    (module docstring), over every tool taking the argument; or none."""
    m = _LIMITED.match(text)
    if m is not None:
        values = _values(m["list"])
        np = m["np"].casefold()
        if len(values) >= 2 and not _odd(values) and not is_action_noun(singular(np.split()[-1])):
            return [Emit("resource_in_allowlist", ANY_TOOL, {"facet": np, "allowed": values}, 0.7)]
        return []
    m = _UNAVAILABLE.match(text)
    if m is None:
        return []
    values = [v.casefold() for v in _values(m["list"])]
    np = m["np"].casefold()
    if _odd(values) or is_action_noun(singular(np)):
        return []
    params = {"facet": np, "values": values, "schema_values": True}
    return [Emit("deny_action", ANY_TOOL, params, 0.7)]


def _odd(values: list[str]) -> bool:
    """A word that is never a value, or a number with a unit: the list is no values."""
    return any(v.casefold() in _NOT_VALUES or " " in v for v in values) or not values
