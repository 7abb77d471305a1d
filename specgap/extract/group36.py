"""A rule labelled with the group of people it is for (thirty-sixth session): "First-time
donors: age_years from 17 to 65.", "Returning renters: at most two bikes per hire.", "Junior
members - no bookings after 8pm."

A label of people narrower than everyone (a plural noun of people with a word before it that
picks some of them) says for whom the rule holds: read without the label, the rule would hold
for everyone, which is stronger than the line. The line is read without its label and every
rule it gives keeps "only for <group>" as its condition, so it stays `review_only` with a
`condition-not-bound` note (the compiler binds no such condition to a call's arguments). A label
of everyone ("All donors:", "Every customer:"), of one word ("Donors:"), or of things
("Platelet appointments:", "Session search:") is no group and is left to the other readers.
"""

from __future__ import annotations

import re

from specgap.extract.pattern_base import singular
from specgap.extract.people import PERSONISH, is_person

__all__ = ["group_label"]

_LABEL = re.compile(
    r"^(?P<lead>\W*)(?P<group>(?P<mods>(?:[A-Za-z][\w'-]*\s+){1,2})(?P<noun>[A-Za-z][\w-]*s))"
    r"\s*(?::|\s[-\u2013\u2014])\s+(?=\S)",
)
# words that take in everyone, or point at a group named before
_EVERYONE = frozenset(
    [
        "all",
        "every",
        "each",
        "any",
        "the",
        "our",
        "your",
        "their",
        "these",
        "those",
        "such",
        "other",
        "both",
        # a preposition: the label says what the rule is about, not for whom
        "for",
        "to",
        "with",
        "from",
        "about",
        "on",
        "in",
        "of",
        "by",
    ]
)
# a plural noun of people by its ending, one who does ("donors", "renters", "applicants"),
# never a thing spelled like one ("vouchers", "trailers")
_DOERS = re.compile(PERSONISH, re.I)


def group_label(text: str) -> tuple[int, str] | None:
    """Where the rule after a label of a group of people starts, and the group as said
    (lower-cased); None when the text opens with no such label."""
    m = _LABEL.match(text)
    if m is None:
        return None
    mods = m["mods"].split()
    if mods[0].casefold() in _EVERYONE:
        return None
    noun = m["noun"]
    people = is_person(noun.casefold()) or is_person(singular(noun.casefold()))
    if not people and not _DOERS.fullmatch(noun):
        return None
    return m.end(), m["group"].casefold()
