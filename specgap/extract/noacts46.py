"""Acts refused by their nouns after a condition (forty-sixth session): "If account_status is
paused or closed, no booking and no payment", "When a skater is banned, there's no booking
and no refund for them", "An account_status of paused or closed means no booking and no
payment".

The readers read a ban said with a verb ("If S, never book and never pay"). After a condition
("if", "when", "while", "whenever") or as what a state "means", a main clause made only of "no
X" acts ("no booking and no payment", "no booking, no move") refuses each act: it is said
"never V" for each, V the verb the noun names (a gerund's verb, a nominalisation's:
"booking" book, "payment" pay, "cancellation" cancel; a noun that is a verb: "refund"). A
state said as "<field> of <values> means" is said as its condition ("If <field> is
<values>, ..."). A noun that names no act ("no dogs", "no glass") leaves the sentence alone.
"""

from __future__ import annotations

import re

from specgap.extract.action_nominal import act_verb
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.pattern_base import singular

__all__ = ["respelt", "verb_of"]

_NOS = r"(?P<acts>no\s+[a-z][\w-]*(?:\s*(?:,|,?\s+(?:and|or|nor))\s+no\s+[a-z][\w-]*)*)"
_TAIL = r"(?P<tail>\s+(?:for|to|on|of)\s+[^.;!?]+)?\s*[.!]?\s*$"
_AFTER_CONDITION = re.compile(
    r"^(?P<cond>\W*(?:if|when|whenever|while)\b[^,;]{3,}),\s*(?:(?:then\s+)?there(?:'s|\s+is|"
    r"\s+are|\s+will\s+be)\s+)?" + _NOS + _TAIL,
    re.I,
)
_MEANS = re.compile(
    r"^(?P<lead>\W*)(?:an?|the)\s+(?P<field>`?[a-z][\w-]*`?)\s+of\s+(?P<values>[\w-]+(?:\s*,\s*"
    r"[\w-]+)*\s+(?:or|and)\s+[\w-]+|[\w-]+)\s+means\s+" + _NOS + _TAIL,
    re.I,
)
_NO = re.compile(r"no\s+([a-z][\w-]*)", re.I)


def respelt(text: str) -> str | None:
    """The sentence with its refused acts said with their verbs (module docstring), or
    None."""
    m = _AFTER_CONDITION.match(text)
    if m is not None:
        cond = m["cond"]
    else:
        m = _MEANS.match(text)
        if m is None:
            return None
        cond = f"{m['lead']}If {m['field']} is {m['values']}"
    verbs = [verb_of(singular(noun.casefold())) for noun in _NO.findall(m["acts"])]
    if not verbs or any(v is None for v in verbs):
        return None
    return f"{cond}, " + " and ".join(f"never {v}" for v in verbs) + (m["tail"] or "") + "."


def verb_of(word: str) -> str | None:
    """The verb an act's noun (in the singular) names: an action noun's, a gerund's or a
    nominalisation's (`action_nominal.act_verb`: "booking" book, "payment" pay), or the noun
    itself when it is an action verb ("refund", "move"); None when it names no act."""
    return act_verb(word) or (word if word in IMPERATIVE_VERBS else None)
