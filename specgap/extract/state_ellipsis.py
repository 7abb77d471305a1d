"""A ban said by ellipsis after a permission: the verb or the subject of the banned part is
left out and is the permission's.

- "rides that are active may be paused or ended, but never refunded": the same subject,
  another verb -> "rides that are active must not be refunded";
- "ended rides can be refunded but disputed rides cannot": the same verb, another subject
  -> "disputed rides cannot be refunded".

The banned part is spelt out in full and read by the rule grammar like any sentence; the
permission restricts nothing and is not read as a rule.
"""

from __future__ import annotations

import re

from specgap.extract.grammar import parse
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import choose

__all__ = ["elided_bans"]

_VERBS = r"[a-z]+(?:\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+)[a-z]+)*"
_OTHER_VERB = re.compile(
    r"^\W*(?P<subj>[A-Za-z][^,;:]*?)\s+(?:can|may|could|must|should)\s+(?:also\s+)?be\s+" + _VERBS
    + r"(?:\s*,?\s+but|\s*,)\s+(?:must\s+|may\s+|should\s+)?(?P<neg>not|never)\s+(?:be\s+)?"
    r"(?P<banned>" + _VERBS + r")\s*[.!]?\s*$",
    re.I,
)  # fmt: skip
_OTHER_SUBJECT = re.compile(
    r"^\W*(?P<s1>[A-Za-z][^,;:]*?)\s+(?:can|may|could)\s+be\s+(?P<verb>[a-z]+)"
    r"(?:\s*,?\s+(?:but|whereas|while)|\s*;(?:\s*(?:but|however,?))?)\s+"
    r"(?P<s2>[A-Za-z][^,;:]*?)\s+(?P<neg>cannot|can't|can\s+not|may\s+not|must\s+not|must\s+never)"
    r"\s*[.!]?\s*$",
    re.I,
)
_HEAD = re.compile(
    r"^\W*(?:(?:an?|the|any|all)\s+)?(?:[a-z][\w-]*\s+)*?(?P<n>[a-z][\w-]*)"
    r"(?=\s+(?:that|which|who|whose|in|with|on|under)\b|\s*$)",
    re.I,
)
_SPLIT = re.compile(r"\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+")


def elided_bans(text: str) -> list[Emit]:
    """The rules of the banned part of such a sentence (module docstring), [] for any
    other sentence."""
    said: list[str] = []
    m = _OTHER_VERB.match(text)
    if m is not None:
        said = [f"{m['subj']} must not be {v}." for v in _SPLIT.split(m["banned"]) if v]
    m2 = _OTHER_SUBJECT.match(text) if not said else None
    if m2 is not None:
        other = m2["s2"]
        one = re.match(r"^(?P<det>(?:an?|the|any)\s+)?(?P<adj>.+?)\s+ones?$", other, re.I)
        head = _HEAD.match(m2["s1"])
        if one is not None and head is not None:  # "a closed one": the first subject's noun
            other = f"{one['det'] or ''}{one['adj']} {head['n']}"
        said = [f"{other} {m2['neg']} be {m2['verb']}."]
    out: list[Emit] = []
    for sentence in said:
        clause = parse(sentence)
        if not clause.negated or clause.condition is None:
            return []  # a ban with no state of its own: the whole sentence is not this shape
        answer = choose(clause)
        if not isinstance(answer, list):
            return []
        out.extend(answer)
    return out
