"""A value that is a person's own words (thirty-eighth session): "Put guests into `guest_names`
exactly as the student spells them", "`dietary_notes` carries the student's own words; do not
tidy them into a label". The argument named by its id takes what the person said, as it was
said: the same rule as "`guest_names` must be given by the student", which the source readers
read (`arg_grounded` from the user).

`respelt` says the sentence so, when it names one argument by its id and the person by a
word the readers know as one; None for any other sentence (a value the agent writes "as the
student would", with a modal of its own, is left alone).
"""

from __future__ import annotations

import re

from specgap.extract.people import PERSON

__all__ = ["respelt"]

_ARG = re.compile(r"`?\b(?P<arg>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b`?")
_AS_SAID = re.compile(
    r"\b(?:exactly\s+|just\s+)?as\s+(?:the\s+|their\s+)?(?P<who>" + PERSON + r")\s+(?:types?|"
    r"spells?|writes?|says?|gives?|words?|enters?|states?)\s+(?:it|them)\b",
    re.I,
)
_OWN_WORDS = re.compile(
    r"\b(?:carries|carry|holds?|keeps?|takes?|gets?|is|are)\s+(?:the\s+|their\s+)?"
    r"(?P<who>" + PERSON + r")(?:'s|s')\s+own\s+(?:words|wording|spelling)\b",
    re.I,
)
_HEDGED = re.compile(r"\b(?:would|might|could|may|if|when)\b", re.I)


def respelt(text: str) -> str | None:
    """ "`<arg>` must be given by the <person>." (module docstring), else None."""
    said = _AS_SAID.search(text) or _OWN_WORDS.search(text)
    ids = {m["arg"] for m in _ARG.finditer(text)}
    if said is None or len(ids) != 1 or _HEDGED.search(text[: said.end()]):
        return None
    lead = re.match(r"^\W*", text)
    return f"{lead[0] if lead else ''}{ids.pop()} must be given by the {said['who'].casefold()}."
