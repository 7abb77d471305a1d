"""A restriction added after "and" (thirty-seventh session): "Extras may be added with `add_extra`,
and only to a visit whose status is booked", "Refunds go out with `refund`, and only for a
booking cancelled here".

The readers read a restriction that follows its act ("may be added with `add_extra` only to a
visit whose status is booked"). A restriction led by ", and only" and a preposition says the
same of the act before it: the sentence is said without ", and". Nothing else is changed; an
"and only" that opens a clause of its own ("..., and only the owner may pay") is left alone.
"""

from __future__ import annotations

import re

__all__ = ["respelt"]

_AND_ONLY = re.compile(
    r",\s+and\s+(?=only\s+(?:to|on|for|in|at|with|from|against|about)\s+(?:a|an|the|one|"
    r"bookings?|visits?|orders?|its|their|any)\b)",
    re.I,
)


def respelt(text: str) -> str | None:
    """The sentence without the ", and" before its restriction (module docstring), or None."""
    said = _AND_ONLY.sub(" ", text, count=1)
    return said if said != text else None
