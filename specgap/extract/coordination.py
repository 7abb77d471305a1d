"""Coordinated objects of one verb: "extract the intents and sentiments", "get the order,
the invoice and the receipt". Each object makes an action of its own (`extract intents`,
`extract sentiments`), done together: what comes after requires each of them, and each of
them requires what came before. A coordinated word that is itself an action verb starts a
clause of its own ("get the booking and cancel it") and is not an object.
"""

from __future__ import annotations

import re

from specgap.extract.grammar import parse
from specgap.extract.grammar_words import IMPERATIVE_VERBS, NOT_OBJECT, object_at

_NEXT = re.compile(
    r"^(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|and/or)\s+)(?:the\s+|their\s+|its\s+|his\s+|"
    r"her\s+|a\s+|an\s+|any\s+)?(?=[A-Za-z])",
)
_NOT_NOUNS = NOT_OBJECT | frozenset(
    {"it", "them", "this", "that", "then", "you", "we", "they", "so", "also", "please"}
)


def actions_of(text: str) -> list[str]:
    """The actions a clause names: its verb with each coordinated object, in order."""
    clause = parse(text)
    if clause.action is None or clause.action_span is None or clause.verb is None:
        return []
    out = [clause.action]
    at = clause.action_span[1]
    while (m := _NEXT.match(text[at:])) is not None:
        start = at + m.end()
        obj, end = object_at(text, start - 1)
        first = obj.split()[0] if obj else ""
        if not obj or first in IMPERATIVE_VERBS or first in _NOT_NOUNS:
            break
        out.append(f"{clause.verb} {obj}")
        at = end
    return out


_VERB_LIST = r"[a-z]+(?:\s*,\s*[a-z]+)*\s*,?\s+(?:and|or|and/or|nor)\s+"
_BEFORE_VERB = re.compile(r"(?P<verbs>" + _VERB_LIST + r")$", re.I)
_AFTER_VERB = re.compile(
    r"^(?P<verbs>(?:\s*,\s*[a-z]+)*\s*,?\s+(?:and|or|and/or|nor)\s+[a-z]+)\b", re.I
)


def verb_actions(text: str) -> list[str]:
    """The actions of coordinated verbs sharing one object: "never cancel or refund a
    booking" -> `cancel booking`, `refund booking`; the clause's own action alone when its
    verb is not coordinated."""
    clause = parse(text)
    if clause.action is None or clause.action_span is None or clause.verb is None:
        return []
    start = clause.action_span[0]
    verbs: list[str] = []
    before = _BEFORE_VERB.search(text[:start])
    if before is not None and clause.object:
        verbs = re.findall(r"[a-z]+", before["verbs"].casefold())
    obj = clause.object
    after = _AFTER_VERB.match(text[start + len(clause.verb) :]) if not obj else None
    if after is not None:  # "never cancel, refund or update a booking"
        verbs = re.findall(r"[a-z]+", after["verbs"].casefold())
        obj = object_at(text, start + len(clause.verb) + after.end())[0]
    verbs = [v for v in verbs if v not in {"and", "or", "nor"}]
    if not verbs or not obj or not all(v in IMPERATIVE_VERBS for v in verbs):
        return [clause.action]
    return list(dict.fromkeys([*(f"{v} {obj}" for v in verbs), f"{clause.verb} {obj}"]))
