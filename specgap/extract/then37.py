"""A step, then an act under its own restriction (thirty-seventh session): "Open the booking with
`get_booking`, then move that same booking only while its status is reserved or paid".

The readers read the order of "X, then Y" and, in one clause, a state or a condition of the
clause's act; here the restriction after "only" is the later act's, and read in one clause
it falls on the first act's tool. The sentence is read as two, the order and the later act's
restriction: "Open the booking with `get_booking` before moving it." and "Move the booking
only while ..." (the first one's "it" says the later call is about the same booking), each
rule with the sentence's own words. Nothing else is changed.
"""

from __future__ import annotations

import re

from specgap.extract.order_words import gerund_of

__all__ = ["parts"]

_THEN = re.compile(
    r"^(?P<a>\W*[A-Za-z][^;,]*?\b(?:with|using|via|through|by\s+calling)\s+`?[A-Za-z][\w.:-]*`?"
    r"(?:\(\))?[^;,]*?),\s+(?:and\s+)?then\s+(?P<v>[a-z]+)\s+(?P<obj>[^;,]+?)\s+"
    r"(?P<r>only\s+(?:while|when|if|once|as\s+long\s+as|provided)\b[^;]*?)(?P<end>\s*[.!]?\s*)$",
    re.I,
)


def parts(text: str) -> tuple[str, str] | None:
    """ "<step> before V-ing it." and "V <obj> only ..." (module docstring), each read as a
    sentence of its own; None for any other sentence."""
    m = _THEN.match(text)
    if m is None:
        return None
    doing = gerund_of(m["v"].casefold())
    if doing is None:
        return None
    # the order keeps "the same" (its first clause's "it"); the restriction is the act's own
    obj = re.sub(r"^(?:that|this|the)\s+(?:very\s+)?same\s+", "the ", m["obj"], flags=re.I)
    lead = re.match(r"^\W*", m["a"])
    verb = m["v"][0].upper() + m["v"][1:]
    return f"{m['a']} before {doing} it.", f"{lead.group() if lead else ''}{verb} {obj} {m['r']}."
