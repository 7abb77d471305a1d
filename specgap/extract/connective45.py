"""A rule opened by a word that only links it to the line before (forty-fifth session): "Then
only an appointment whose status is booked is cancelled", "And nothing is ever posted to a
folio for them", "Also, no refund goes above £50".

The readers read a rule from its first word ("Only ...", "Nothing ...", "No ..."). A leading
"then", "and", "also", "so", "but", "next", "further", "moreover", "furthermore", "likewise",
"similarly" or "in addition" that is followed by such an opening (a restriction, a negation,
a determiner, a modal subject) links the rule to the sentence before and says nothing of it:
the sentence is read without it. A connective followed by a verb ("Then call `t`") orders a
step after the one before, and is left to the readers of orderings.
"""

from __future__ import annotations

import re

__all__ = ["respelt"]

_LINKED = re.compile(
    r"^(?P<lead>\W*)(?:then|and|also|so|but|next|further|moreover|furthermore|likewise|"
    r"similarly|in\s+addition)\s*,?\s+(?=(?:only|no|not|never|nothing|nobody|none|neither|a|an|"
    r"the|any|every|each|all|its|their|your)\b)(?P<rest>\S)",
    re.I,
)


def respelt(text: str) -> str | None:
    """The sentence without a linking word before its rule (module docstring), or None."""
    m = _LINKED.match(text)
    if m is None:
        return None
    rest = text[m.start("rest") :]
    return f"{m['lead']}{rest[:1].upper()}{rest[1:]}"
