"""A permission with its exception said after "but not" (sixteenth session): "Day-pass
members can book desks but not meeting rooms", "You may refund cash, but never card
payments", "Guests can borrow books, not laptops".

The first part allows; only the part after "not"/"never" restricts. The sentence is read again
as that part alone, with the subject and verb it shares ("Day-pass members cannot book meeting
rooms"), which the readers compile (a state of the subject, a ban of values, a ban of the
act); an exception that is only a prepositional phrase keeps the allowed part's object ("You
can charge fares in eur, but not in nok": "You cannot charge fares in nok"). Before, such a
sentence was an obligation to do the allowed part ("an obligation to `book desks`"), or
nothing at all. Kept only when that reading gives a rule. A passive ("items can be added but
not removed") is another shape, read where it is (`one_way`, `state_ellipsis`).
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import when_none

_CONTRAST = re.compile(
    r"^\W*(?P<subj>(?:[A-Za-z][\w'-]*\s+){0,6}?)(?P<modal>can|may|are\s+allowed\s+to|is\s+allowed"
    r"\s+to|are\s+free\s+to)\s+(?P<verb>(?!(?:be|have|get)\b)[a-z]+(?:\s+(?:out|up|in|off|back))?)"
    r"\s+(?P<a>[^,;.]+?)"
    r"\s*(?:,\s*(?:but\s+)?|\s+but\s+)(?:not|never)\s+(?P<b>[^,;.]+?)\s*[.!]?\s*$",
    re.I,
)


_PREPOSITION = re.compile(
    r"^(?:in|by|with|to|for|on|at|from|via|through|over|during|into|onto)\b|\s+(?:in|by|with|"
    r"to|for|on|at|from|via|through|over|during|into|onto)\b",
    re.I,
)


def respelt(text: str) -> str | None:
    """ "<subject> cannot <verb> <what follows 'not'>", or None."""
    m = _CONTRAST.match(" ".join(text.split()))
    if m is None or not m["b"].strip():
        return None
    subject = m["subj"].strip() or "You"
    banned = m["b"].strip()
    if _PREPOSITION.match(banned):  # "charge fares in eur, but not in nok": fares in nok
        banned = f"{_PREPOSITION.split(m['a'].strip(), maxsplit=1)[0].strip()} {banned}".strip()
    return f"{subject} cannot {m['verb']} {banned}."


# The sentence read as its exception (module docstring) when the first reading gave no rule.
reread = when_none(respelt)
