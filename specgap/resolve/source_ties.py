"""A near tie of source tools decided by the value the rule says they give.

"take the new_slot_id from this chat's search results" names its source by a verb that
several read tools share (`F2` finds a jumper, `F5` lists loads, `F6` reads a booking): a near
tie, which the resolver never guesses. But the rule grounds a slot id, and of the tied tools
only `F5` says it gives one ("Lists loads ...: slot_id, kind, ..."): a value no tool's output
holds cannot come from it. When exactly one tool of the tie names the value's identifier in
its description (an identifier, `slot_id` or `slotId`, whose words `key_words` finds the
facet's own, or those past a leading word that only says which one, "new", "old"), the tie is
decided for that tool; a tie in which none or several do stays ambiguous with its note.
"""

from __future__ import annotations

import re

from specgap.ir import CandidateRule, Resolution
from specgap.operators.evidence import key_words
from specgap.operators.prose import DETERMINERS
from specgap.registry import Registry
from specgap.resolve.evidence import near_tie

# words that say which of two values of one kind is meant, not what kind it is
_WHICH = frozenset(
    {"new", "old", "current", "original", "chosen", "selected", "target", "replacement", "other"}
)
# an identifier as tools spell one: snake_case or camelCase, two words at least
_IDENT = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]*)+\b")


def _keys(facet: str) -> frozenset[str]:
    """The facet as `key_words` compares identifiers, and past a word that only says which
    one ("new slot id": `newslotid`, `slotid`); none for a facet of one word."""
    words = DETERMINERS.sub("", " ".join(facet.split())).replace("_", " ").split()
    forms = [words, words[1:]] if len(words) > 2 and words[0].casefold() in _WHICH else [words]
    return frozenset(key_words(" ".join(f)) for f in forms if len(f) > 1)


def by_output(registry: Registry, rule: CandidateRule, res: Resolution) -> Resolution:
    """`res`, or its tie decided for the one tied tool whose description names the value the
    rule grounds."""
    if res.status != "ambiguous" or not res.candidates:
        return res
    facet = rule.params.get("facet")
    if not isinstance(facet, str) or not facet.strip():
        return res
    keys = _keys(facet)
    if not keys:
        return res
    naming = [
        c
        for c in near_tie(res)
        if (tool := registry.by_id.get(c.tool_id)) is not None
        and any(key_words(i) in keys for i in _IDENT.findall(tool.description))
    ]
    if len(naming) != 1:
        return res
    chosen = naming[0]
    rest = tuple(c for c in res.candidates if c is not chosen)
    return res.model_copy(update={"status": "resolved", "candidates": (chosen, *rest)})
