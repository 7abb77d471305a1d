"""A person's yes said with a verb (twenty-fourth session): "never cancel a booking without
the customer saying yes", "nothing gets cancelled without them saying yes to it".

The readers know a confirmation said as a noun ("without the customer's confirmation",
"without their yes") or as "confirming"; "without X saying yes" read as a ban under a
condition that binds to nothing, so the rule was kept for review as a ban, not as the
confirmation the sentence asks for. It is said again with the noun, and "nothing gets
V-ed" (what nothing may undergo) as "never V anything", which the readers read.
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma

__all__ = ["respelt"]

_POSSESSIVE = {"them": "their", "him": "his", "her": "her", "you": "your", "us": "our"}
_SAYING_YES = re.compile(
    r"\bwithout\s+(?P<who>them|him|her|us|(?:the|a|an)\s+[a-z]+)\s+(?:(?:first|explicitly|"
    r"clearly)\s+)?(?:saying|giving)\s+(?:(?:a|an|their|his|her|the)\s+)?(?:clear\s+|explicit\s+|"
    r"proper\s+)?(?:yes|ok(?:ay)?|go-ahead)\b(?:\s+(?:to|for)\s+(?:it|that|this|them))?",
    re.I,
)
_NOTHING_GETS = re.compile(
    r"^(?P<lead>\W*)nothing\s+(?:gets|is|will\s+be|may\s+be|can\s+be)\s+(?P<verb>[a-z]+ed)\b",
    re.I,
)


def respelt(text: str) -> str | None:
    """The sentence with "without X's confirmation" for "without X saying yes" (and "never V
    anything" for "nothing gets V-ed" in it), else None."""
    said = _SAYING_YES.sub(_confirmation, text, count=1)
    if said == text:
        return None
    lead = _NOTHING_GETS.match(said)
    verb = verb_lemma(lead["verb"]) if lead is not None else None
    if lead is not None and verb is not None:
        said = f"{lead['lead']}never {verb} anything{said[lead.end() :]}"
    return said


def _confirmation(m: re.Match[str]) -> str:
    who = m["who"]
    owner = _POSSESSIVE.get(who.casefold(), f"{who}'s")
    return f"without {owner} confirmation"
