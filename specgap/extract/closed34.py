"""A list closed by what follows it (thirty-fourth session): "Texts use the templates
confirmation, rescheduled and on_way, nothing else", "The fee goes to card or voucher, no
other way".

The list's readers know "only" said before it ("Texts use only the templates ..."); said
after it as "nothing else", "no other(s)", "no other <noun>" or "only those", the readers
saw no restriction. The sentence is said again with "only" after its verb and without the
closing words, and read so; a sentence that already says "only", or whose words before the
close hold no list (two items at least), is left as it is.
"""

from __future__ import annotations

import re

__all__ = ["predicates", "respelt"]

_CLOSED = re.compile(
    r"^(?P<head>\W*(?:[A-Za-z`][\w`'-]*\s+){1,4}?(?:use|uses|take|takes|accept|accepts|allow|"
    r"allows|go\s+to|goes\s+to|get|gets|are|is)\s+)(?P<rest>.+?)\s*[,;\u2013\u2014-]?\s*(?:and\s+)?"
    r"(?:nothing\s+else|none\s+else|no\s+others?|no\s+other\s+[a-z]+|only\s+those|not\s+others?)"
    r"\s*[.!]?\s*$",
    re.I | re.S,
)
_LISTED = re.compile(r",|\s(?:or|and)\s", re.I)


def respelt(text: str) -> str | None:
    """The sentence with "only" before its closed list, or None."""
    if re.search(r"\bonly\b", text, re.I) is not None and not re.search(
        r"\bonly\s+those\s*[.!]?\s*$", text, re.I
    ):
        return None
    m = _CLOSED.match(text)
    if m is None or _LISTED.search(m["rest"]) is None:
        return None
    return f"{m['head']}only {m['rest'].rstrip(' ,;')}."


# "emails use only the templates a, b and c, and go to the account's own address": two
# predicates of one subject
_TWO_PREDICATES = re.compile(
    r"^(?P<subj>\W*(?:(?:the|all|our|any)\s+)?[a-z][\w-]*s)\s+(?P<v1>[a-z]+)\s+(?P<o1>[^;]+?),\s+"
    r"and\s+(?:(?:also|then)\s+)?(?P<v2>[a-z]+)\s+(?P<o2>[^;]+)$",
    re.I | re.S,
)


def predicates(text: str) -> str | None:
    """A plural subject's two predicates joined by ", and" said as two clauses, each with the
    subject ("emails use only X; emails go to Y"), so each is read on its own; None unless
    both verbs are verbs in the plural's form (no "-s": "use", "go")."""
    from specgap.extract.english import lemmas

    m = _TWO_PREDICATES.match(text)
    if m is None:
        return None
    verbs = (m["v1"].casefold(), m["v2"].casefold())
    if not all(v in lemmas(v).get("VERB", ()) for v in verbs):
        return None
    return f"{m['subj']} {m['v1']} {m['o1']}; {m['subj'].strip()} {m['v2']} {m['o2']}"
