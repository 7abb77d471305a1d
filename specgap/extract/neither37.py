"""Acts withheld from people, said with "neither ... nor" or two "no"s (thirty-seventh session):
"Drivers whose account is suspended get neither a remote start nor a replacement card",
"Members on probation receive no refund and no credit".

The readers read a person who "may not get" the acts a sentence lists ("... may not get a remote
start or a replacement card"). People (or things) a state or a kind singles out, said to get
or receive neither of two acts, no act and no other, or one act ("get no booking"), are said
so. Nothing else is changed;
a subject nothing singles out ("the unit gets neither power nor data") is left alone.
"""

from __future__ import annotations

import re

__all__ = ["respelt"]

_GETS = r"(?:gets?|receives?|(?:is|are)\s+(?:given|offered|allowed))"
_NEITHER = re.compile(
    rf"^(?P<subj>\W*[A-Za-z][^;:]*?)\s+{_GETS}\s+neither\s+(?P<a>[^;:]+?)\s+nor\s+"
    r"(?P<b>[^;:.]+?)(?P<end>\s*[.;!]?\s*)$",
    re.I,
)
# the subject is the people (or things) a state or a kind singles out: "Drivers whose account
# is suspended", "Members on probation", "Guests under 16"
_WHOSE = re.compile(r"\s(?:whose|who|which|that|on|in|under|over|with|without)\s", re.I)
_TWO_NOS = re.compile(
    rf"^(?P<subj>\W*[A-Za-z][^;:]*?)\s+{_GETS}\s+no\s+(?P<a>[^;:,]+?)\s*(?:,\s*)?(?:and|or|,)\s+"
    r"no\s+(?P<b>[^;:.]+?)(?P<end>\s*[.;!]?\s*)$",
    re.I,
)
# one act withheld (fifty-first session): "Paddlers whose account is lapsed get no booking"
_ONE_NO = re.compile(
    rf"^(?P<subj>\W*[A-Za-z][^;:]*?)\s+{_GETS}\s+no\s+(?P<a>[A-Za-z][^;:,.]*?)"
    r"(?P<end>\s*[.;!]?\s*)$",
    re.I,
)


def respelt(text: str) -> str | None:
    """ "<people> may not get A or B" (module docstring), or None."""
    m = _NEITHER.match(text) or _TWO_NOS.match(text)
    one = _ONE_NO.match(text) if m is None else None
    if one is not None and _WHOSE.search(one["subj"]):
        return f"{' '.join(one['subj'].split())} may not get {one['a']}{one['end']}"
    if m is None or not _WHOSE.search(m["subj"]):
        return None
    subject = " ".join(m["subj"].split())  # ("F reads V" is "F is   V" in a clean text)
    return f"{subject} may not get {m['a']} or {m['b']}{m['end']}"
