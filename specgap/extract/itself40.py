"""A tool banned by a pronoun after the clause that names it (fortieth session):
"`override_capacity` is the manager's alone; the assistant never runs it", "`trips.Override` is
the skipper's: the desk does not use it."

The readers read a ban that names its tool ("Never call `override_capacity`"). A sentence of
two clauses, the first naming exactly one tool id and the second only a ban of calling "it"
(its subject, a negation, a verb of calling, "it"), is said so: "Never call <id>." The first
clause says whose the tool is, which binds the agent to nothing more. Any other second clause
("never runs it twice", "never runs it without ...") is left alone.
"""

from __future__ import annotations

import re

from specgap.extract.pattern_base import ANY_ID

__all__ = ["respelt"]

_ANY_ID = re.compile(rf"`?(?:{ANY_ID})`?")
_BANNED_IT = re.compile(
    r"^(?P<first>[^;:]+?)\s*(?:[;:]|,\s*(?:and|so|but)\s|\s[-\u2013\u2014]\s)\s*"
    r"(?:(?:the\s+)?[A-Za-z]+\s+)?(?:never|(?:does|do|must|should|shall|will|may|can)\s+(?:not|never)|"
    r"doesn't|don't|won't|can't|cannot)\s+(?:call|use|run|invoke|touch|trigger|execute)(?:s|es)?\s+"
    r"it\s*[.!]?\s*$",
    re.I,
)


def respelt(text: str) -> str | None:
    """ "Never call <id>." for a tool named in a first clause and banned as "it" in the
    second (module docstring), else None."""
    m = _BANNED_IT.match(text.strip())
    if m is None:
        return None
    ids = {i.strip("`") for i in _ANY_ID.findall(m["first"])}
    if len(ids) != 1:
        return None
    return f"Never call {ids.pop()}."
