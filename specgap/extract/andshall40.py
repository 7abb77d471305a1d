"""A tool that is the subject of two duties (fortieth session): "`refund_deposit` shall take
its payment_id from `find_customer`, and shall be called once per reservation at most".

The readers read one duty of a tool said as its subject ("`refund_deposit` shall be called once
per reservation at most"); the second duty of a coordination has no subject of its own, and was
read of whatever tool the sentence named last. A sentence whose subject is a tool id, with two
modal clauses joined by "and" ("<T> shall A, and shall B"), is read as two sentences, each with
the tool as its subject; kept only when both read (`reading._read_own`).
"""

from __future__ import annotations

import re

__all__ = ["parts"]

_MODAL = r"(?i:(?:shall|must|should|will|may|can)(?:\s+not|\s+never)?)"
# (the subject is one token, told an id after the match: no repeated group to backtrack over)
_TWO = re.compile(
    r"^(?P<lead>[^\w`]*)(?P<t>`?[A-Za-z][\w.-]*`?)"
    rf"\s+(?P<m1>{_MODAL})\s+(?P<a>[^;]+?),?\s+and\s+(?P<m2>{_MODAL})\s+(?P<b>[^;]+?)\s*[.!]?\s*$"
)
_ID = re.compile(r"`?[A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)+`?|`?[a-z]+[A-Z]\w*`?")


def parts(text: str) -> tuple[str, str] | None:
    """ "<T> <modal> A." and "<T> <modal> B." for a tool subject of two modal clauses, else
    None."""
    m = _TWO.match(text)
    if m is None or _ID.fullmatch(m["t"]) is None:
        return None
    t = m["t"]
    return f"{m['lead']}{t} {m['m1']} {m['a']}.", f"{t} {m['m2']} {m['b']}."
