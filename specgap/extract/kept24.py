"""A range said first and an argument kept to it after (twenty-fourth session): "groups are
2 to 8 players, so keep `players` inside that", "refunds run from 5 to 300; keep `amount`
within those limits".

The range is said of the things ("2 to 8 players") and the argument is named only in the
clause that points back to it ("keep `players` inside that"); neither part reads as a bound
alone. Said again as "`players` must be between 2 and 8.", which the bound readers read (and
bind to the tools that take the argument). Only an argument in backticks or written as an
identifier is read; a back-reference with no range before it gives nothing.
"""

from __future__ import annotations

import re

__all__ = ["respelt"]

_NUMBER = r"[$€£]?\s?\d[\d,]*(?:\.\d+)?"
_RANGE = re.compile(
    rf"\b(?:from\s+|between\s+)?(?P<a>{_NUMBER})\s*(?:to|-|–|and)\s*(?P<b>{_NUMBER})\b", re.I
)
_KEEP = re.compile(
    r"\b(?:keep|hold|stay)\s+(?P<arg>`[A-Za-z_][\w.]*`|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|"
    r"(?-i:[a-z]+(?:[A-Z][a-z0-9]+)+))\s+(?:inside|within|in)\s+(?:that|this|it|those|these|"
    r"th(?:at|is|ose|ese)\s+(?:range|limits?|bounds?))\b",
    re.I,
)


def respelt(text: str) -> str | None:
    """ "`arg` must be between A and B." for a range said before "keep `arg` inside that",
    else None."""
    keep = _KEEP.search(text)
    if keep is None:
        return None
    ranges = list(_RANGE.finditer(text, 0, keep.start()))
    if not ranges:
        return None
    last = ranges[-1]
    arg = keep["arg"].strip("`")
    return f"`{arg}` must be between {last['a']} and {last['b']}."
