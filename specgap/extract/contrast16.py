"""A permission with its exception said after "but not" (sixteenth session): "Day-pass
members can book desks but not meeting rooms", "You may refund cash, but never card
payments", "Guests can borrow books, not laptops", "You can pause a pass, but you can't cancel it".

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
from specgap.extract.restrictors import one_way

# who may do it and the permission: "Day-pass members can", "You may", "Guests are allowed to"
_SUBJECT = r"^\W*(?P<subj>(?:[A-Za-z][\w'-]*\s+){0,6}?)"
_MAY = r"(?:can|may|are\s+allowed\s+to|is\s+allowed\s+to|are\s+free\s+to)"
_NOT_BE = r"(?!(?:be|have|get)\b)"  # a passive is another shape (module docstring)
_CONTRAST = re.compile(
    rf"{_SUBJECT}{_MAY}\s+(?P<verb>{_NOT_BE}[a-z]+(?:\s+(?:out|up|in|off|back))?)\s+(?P<a>[^,;.]+?)"
    r"\s*(?:,\s*(?:but\s+)?|\s+but\s+)(?:not|never)\s+(?P<b>[^,;.]+?)\s*[.!]?\s*$",
    re.I,
)
_PREPOSITIONS = r"(?:in|by|with|to|for|on|at|from|via|through|over|during|into|onto)\b"
_PREPOSITION = re.compile(rf"(?:^|\s+){_PREPOSITIONS}", re.I)
# "you can pause a pass, but you can't cancel it": another verb, on the same thing
_OTHER_VERB = re.compile(
    rf"{_SUBJECT}{_MAY}\s+{_NOT_BE}(?P<v1>[a-z]+)\s+(?P<a>[^,;.]+?)\s*,?\s+but\s+(?:(?:you|we|they|"
    r"the\s+agent|the\s+assistant)\s+)?(?:can't|cannot|can\s+not|may\s+not|must\s+not|never|not)"
    r"\s+(?P<verb>[a-z]+)\s+(?:it|them|one|those|these|that)\s*[.!]?\s*$",
    re.I,
)
# a change allowed one way and refused the other: the argument's earlier value is compared,
# which no operator does (`restrictors.one_way` reports it)
_ONE_WAY = [
    {"add", "remove"}, {"add", "delete"}, {"increase", "decrease"}, {"raise", "lower"},
    {"extend", "shorten"}, {"upgrade", "downgrade"}, {"add", "drop"},
]  # fmt: skip


def respelt(text: str) -> str | None:
    """ "<subject> cannot <verb> <what follows 'not'>", or None."""
    said = " ".join(text.split())
    if one_way(said) is not None:  # "items may be added but never removed": a gap of its own
        return None
    other = _OTHER_VERB.match(said)
    if other is not None and {other["v1"].casefold(), other["verb"].casefold()} in _ONE_WAY:
        return None  # "you may add items but never remove them": a change one way (a gap)
    if other is not None:  # the pronoun is what the allowed part acts on
        subject = other["subj"].strip() or "You"
        return f"{subject} cannot {other['verb']} {other['a'].strip()}."
    m = _CONTRAST.match(said)
    if m is None or not m["b"].strip():
        return None
    subject = m["subj"].strip() or "You"
    banned = m["b"].strip()
    if _PREPOSITION.match(banned):  # "charge fares in eur, but not in nok": fares in nok
        banned = f"{_PREPOSITION.split(m['a'].strip(), maxsplit=1)[0].strip()} {banned}".strip()
    return f"{subject} cannot {m['verb']} {banned}."


# The sentence read as its exception (module docstring) when the first reading gave no rule.
reread = when_none(respelt)
