"""A passive whose tool is named by "with `t`": the call of `t` is the action (twenty-sixth
session).

"Files are added with `attach_document` only while the application is still a `draft`",
"An application can be pulled with `withdraw_application` only while it is `submitted`":
the verb ("added", "pulled") says what the tool does in the policy's words, and may be one
no tool is named by, or one an idiom reads otherwise ("pull" is a read); the tool the
sentence names is the call. The sentence is read as "Call `t` only while the application
is still a `draft`": its pronoun ("while it is") is the subject it stands for (the article
before the quoted state is `phrasing`'s, as in any sentence).

Only a passive naming its tool in backticks after "with", "using", "via" or "through", with
a restriction after it ("only while ...", "only if ...", "only when ...", "only for ...")
is read so; anything else is left to the other readers.
"""

from __future__ import annotations

import re

__all__ = ["respelt"]

_PASSIVE = re.compile(
    r"^\W*(?P<np>(?:(?:an?|the|each|every|any)\s+)?[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+"
    r"(?:(?:can|may|must|should|will|shall)\s+(?:only\s+)?be|is|are|gets?|get)\s+(?:only\s+)?"
    r"(?P<verb>[a-z]+(?:ed|en|wn|ut|id|ld|nt))(?:\s+(?:out|up|off|back|in|over|down))?\s+"
    r"(?:with|using|via|through)\s+(?P<id>`[A-Za-z][\w.:-]*`)"
    r"(?P<rest>\s+only\s+(?:while|when|if|for|once|after|before)\b[^;]*)$",
    re.I | re.S,
)
_PRONOUN = re.compile(r"\b(?:it|they)\s+(?=(?:is|are|was|were|has|have)\b)", re.I)
_DET = re.compile(r"^(?:an?|each|every|any)\s+", re.I)


def respelt(text: str) -> str | None:
    """The sentence as a call of the tool it names after "with" (module docstring), or None."""
    m = _PASSIVE.match(text.strip())
    if m is None:
        return None
    subject = _DET.sub("", m["np"].strip())
    subject = subject if subject.casefold().startswith("the ") else f"the {subject}"
    rest = _PRONOUN.sub(f"{subject} ", m["rest"])
    return f"Call {m['id']}{rest.rstrip()}"
