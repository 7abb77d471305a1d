"""A count put after its act as an aside (thirty-seventh session): "Text messages are sent only
to the mobile on record, three in a conversation at most", "a text goes to the account's own
number only, three at most per conversation", "Email only the address on record, two emails
per chat at most, and ...".

The readers read a count said as a sentence of its own ("Send at most three texts per
conversation"). An aside between commas (or at the end) that is a number, an optional noun,
a scope ("per conversation", "in a chat", "a day") and "at most" (before or after the scope)
counts the act of its sentence: the sentence is read without the aside, and the aside as that
sentence: "Send at most N <things>" when the things are sent (the aside's noun, or the
subject of the sentence), else "At most N <things> per <scope>". The rules of both are the
sentence's. Nothing else is changed.
"""

from __future__ import annotations

import re

from specgap.extract.pattern_base import sending

__all__ = ["parts"]

_N = r"(?P<n>one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3})"
_NOUN = r"(?:\s+(?P<noun>(?!per\b|in\b|at\b|a\b|each\b)[a-z]+))?"
_SCOPE = (
    # (a conversation's or a time's: "2 tickets in one call", "6 guests per booking" bound an
    # argument of one call, and are read with their act as written)
    r"(?P<scope>(?:per|in\s+(?:a|one|the|each|any)|a|each)\s+(?:conversation|chat|session|"
    r"day|week|month))"
)
_END = r"(?=\s*(?:[.,;]|$))"
# ", at most three per conversation", ", three in a conversation at most", ", three at most per
# chat", ", two emails per chat at most"
_ASIDES = (
    re.compile(rf",\s+(?:at\s+most|no\s+more\s+than|up\s+to)\s+{_N}{_NOUN}\s+{_SCOPE}{_END}", re.I),
    re.compile(rf",\s+{_N}{_NOUN}\s+at\s+most\s+{_SCOPE}{_END}", re.I),
    re.compile(rf",\s+{_N}{_NOUN}\s+{_SCOPE}\s+at\s+most{_END}", re.I),
)
_SUBJECT = re.compile(
    r"^\W*(?:(?:a|an|the|any|all|each|every)\s+)?(?P<np>[a-z]+(?:\s+[a-z]+)?)\s+"
    r"(?:is|are|goes|go)\b",
    re.I,
)


def parts(text: str) -> tuple[str, str] | None:
    """The sentence without its count aside, and the aside as a count sentence (module
    docstring); None for a sentence with no such aside."""
    m = next((m for form in _ASIDES if (m := form.search(text)) is not None), None)
    if m is None:
        return None
    n, noun, scope = m["n"], m["noun"], m["scope"]
    if noun is None:
        subject = _SUBJECT.match(text)
        if subject is None:
            return None
        noun = subject["np"].casefold()
    words = noun.split()
    things = noun if words[-1].endswith("s") else f"{noun}s"
    per = re.sub(r"^(?:in\s+(?:a|one|the|each|any)|a|each)\s+", "per ", scope, flags=re.I)
    if sending(words[-1].casefold().rstrip("s")) is not None or sending(words[-1].casefold()):
        count = f"Send at most {n} {things} {per}."
    else:
        count = f"At most {n} {things} {per}."
    rest = (text[: m.start()] + text[m.end() :]).strip()
    return rest, count
