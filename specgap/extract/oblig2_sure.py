"""A step made sure of, then what may follow only after it: "Make sure the passenger has
been identified; only then may you change their booking.", "Ensure that you have fetched the
crossing - only after that can a booking be moved.", "Be sure the booking was looked up;
once that is done, cancel it."

"Make sure" is no call; what it asks to be made sure of is a step done ("the passenger has
been identified": identify the passenger). The sentence is said again with that step as the
imperative ("Identify the passenger; only then may you change their booking"), which
`oblig_then` reads (the order alone: the step itself is obliged, which no operator
requires). A state made sure of ("make sure the booking is open"), a negated step ("has not
been"), or a sentence with no "only then" part gives nothing here.
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma
from specgap.extract.oblig_then import then_orders

__all__ = ["made_sure"]

_SURE = (
    r"(?:(?:you\s+)?(?:must\s+|should\s+|always\s+)*(?:make\s+sure|ensure|be\s+sure|"
    r"make\s+certain))"
)
# "make sure the passenger has been identified", "ensure that the booking was looked up"
_DONE_TO = re.compile(
    rf"^\W*{_SURE}\s+(?:that\s+)?(?P<np>(?:the|a|an|their|its|this)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)"
    r"\s+(?:(?:has|have|had)\s+(?:already\s+)?been|was|were)\s+(?:already\s+)?(?:properly\s+|correctly\s+|"
    r"successfully\s+)?(?P<v>[a-z]+(?:ed|en|ght|wn|ne))(?P<p>\s+(?:up|out|back|down))?\b(?P<rest>.*)$",
    re.I,
)
# "make sure you have fetched the crossing"
_YOU_DID = re.compile(
    rf"^\W*{_SURE}\s+(?:that\s+)?(?:you|we|the\s+agent)\s+(?:have|has|'ve)\s+(?:already\s+)?"
    r"(?P<v>[a-z]+(?:ed|en|ght|wn|ne))\b(?P<rest>.*)$",
    re.I,
)


def made_sure(text: str) -> list[str]:
    """`text` with its made-sure step said as an imperative, in the shapes `oblig_then`
    reads (module doc); [] otherwise."""
    text = " ".join(text.split())
    said = None
    if (m := _DONE_TO.match(text)) is not None:
        verb = verb_lemma(m["v"].casefold())
        if verb is not None and not m["rest"].lstrip().startswith(("not", "never")):
            said = f"{verb.capitalize()}{m['p'] or ''} {m['np']}{m['rest']}"
    elif (m := _YOU_DID.match(text)) is not None:
        verb = verb_lemma(m["v"].casefold())
        if verb is not None:
            said = f"{verb.capitalize()}{m['rest']}"
    return then_orders(said) if said else []
