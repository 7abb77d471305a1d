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
