"""A yes required for several acts named by a list of action nouns.

"Explicit confirmation is required for all refunds, cancellations and transfers" names
three acts; the grammar reads the first one's confirmation only, so the others would run
without the yes the sentence asks for. `listed_confirmations` gives the same
`require_confirmation` for each act the list names (its verb, with the noun's modifier as
what it acts on: "membership transfers": transfer membership). Only a list whose every
item is an action noun is read ("refunds, cancellations and transfers"), never one of
things ("cards, vouchers or cash").
"""

from __future__ import annotations

import re

from specgap.extract.noact_words import act
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule

__all__ = ["listed_confirmations"]

_ITEM = r"(?:[A-Za-z][a-z-]*\s+)?[A-Za-z][a-z-]*"
_LIST = re.compile(
    r"(?:\bfor|\bbefore|\bof|\bconfirms?|\bapproves?|:)\s+(?:(?:all|any|every|each)\s+)?"
    r"(?P<items>" + _ITEM
    + r"(?:\s*,\s*(?:(?:all|any|every|each)\s+)?" + _ITEM + r")*\s*,?\s+(?:and|or)\s+"
    r"(?:(?:all|any|every|each)\s+)?" + _ITEM + r")\s*(?:[.;!]|$)",
    re.I,
)  # fmt: skip
_JOIN = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", re.I)
_QUANTIFIER = re.compile(r"^(?:all|any|every|each)\s+", re.I)


def _acts(items: str) -> list[str] | None:
    """The mention of each listed act ("membership transfers": transfer membership), or
    None when an item names no act."""
    out: list[str] = []
    for item in _JOIN.split(items.strip()):
        words = _QUANTIFIER.sub("", item.strip()).split()
        verb = act(words[-1]) if words else None
        if verb is None:
            return None
        out.append(" ".join([verb, *(w.casefold() for w in words[:-1])]))
    return out


def listed_confirmations(sentence: Sentence, rules: list[CandidateRule]) -> list[CandidateRule]:
    """`rules` with a `require_confirmation` for each act of the list a confirmation
    covers (module docstring); `rules` unchanged when the sentence lists none."""
    asked = [r for r in rules if r.operator == "require_confirmation" and r.target]
    m = _LIST.search(sentence.clean) if asked else None
    acts = _acts(m["items"]) if m is not None else None
    if not acts or len(acts) < 2:
        return rules
    said = {str(r.target).split()[0] for r in asked}
    if not said & {a.split()[0] for a in acts}:
        return rules  # the confirmation is of another act than the list's
    first = asked[0]
    have = {str(r.target) for r in rules if r.operator == "require_confirmation"}
    more = [
        first.model_copy(update={"target": a, "mentions": (a,)})
        for a in acts
        if a not in have and a.split()[0] not in said
    ]
    return [*rules, *more]
