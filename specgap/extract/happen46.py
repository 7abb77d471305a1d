"""An act said to happen only in some case (forty-sixth session): "Moves happen only while the
booking's status is reserved or paid", "A cancellation goes ahead only if the guest agrees",
"Refunds take place only for cancelled bookings".

The readers read an act named by its noun when the sentence allows or forbids it ("Moves are
allowed only while ..."). An act that "happens", "takes place", "goes ahead", "proceeds",
"occurs" or "goes through" only in a case is the same rule: the verb is said "is allowed"
("are allowed" after a plural). The subject must be an act's noun ("moves", "cancellation",
"bookings": `noacts46.verb_of`), so that "The session happens only on Fridays" (a fact of a
thing) is left alone.
"""

from __future__ import annotations

import re

from specgap.extract.noacts46 import verb_of
from specgap.extract.pattern_base import singular

__all__ = ["respelt"]

_EVENT = (
    r"(?P<verb>happens?|takes?\s+place|goes\s+ahead|go\s+ahead|proceeds?|occurs?|goes\s+through|"
    r"go\s+through)"
)
_ONLY = re.compile(
    r"^(?P<lead>\W*)(?P<det>(?:(?:a|an|the|any|each|every)\s+)?)(?P<np>(?:[a-z][\w-]*\s+){0,2}?"
    r"(?P<noun>[a-z][\w-]*))\s+" + _EVENT + r"(?=\s+only\b)",
    re.I,
)


def respelt(text: str) -> str | None:
    """The sentence with its act's "happens" said "is allowed" (module docstring), or None."""
    m = _ONLY.match(text)
    if m is None or verb_of(singular(m["noun"].casefold())) is None:
        return None
    plural = m["noun"].casefold() != singular(m["noun"].casefold())
    verb = "are allowed" if plural and not m["det"] else "is allowed"
    return f"{m['lead']}{m['det']}{m['np']} {verb}{text[m.end() :]}"
