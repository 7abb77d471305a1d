"""A rule said as what happens, in the present passive (twenty-seventh session): "An
appointment whose status is `completed` is not moved", "Only an appointment that is `booked`
is cancelled", "No deposit is taken on a move that is `cancelled`".

Acceptance scenarios, minutes and house rules state what the desk does, not what it may do:
the passive without a modal is the rule, said as a fact. The grammar reads the modal form
("... cannot be moved", "only ... can be cancelled", "no deposit can be taken ..."), so the
sentence is read again in that form when it gave no rule as written. A participle that is no
act ("is not required", "is not allowed", "is not known") is left as it is, and so is a
sentence with a modal of its own.
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import when_none

__all__ = ["reread", "respelt"]

# participles that state no act on the subject: a duty, a permission, a fact
_NO_ACT = frozenset(
    {
        "required", "needed", "allowed", "permitted", "expected", "recommended", "advised",
        "encouraged", "obliged", "supposed", "meant", "intended", "designed", "included",
        "involved", "concerned", "affected", "known", "based", "located", "related", "listed",
        "shown", "given", "called", "named", "done", "finished", "set", "found", "seen",
    }
)  # fmt: skip
_MODAL = re.compile(r"\b(?:can|cannot|can't|may|must|should|shall|will|won't|might)\b", re.I)
_PP = r"(?P<pp>[a-z]+(?:ed|en|wn|ut|id|ld|nt|ght))"
# "X is not V-ed", "X are never V-ed": the ban
_NOT = re.compile(rf"\b(?P<be>is|are)\s+(?P<neg>not|never)\s+(?:ever\s+)?{_PP}\b", re.I)
# "Only X is V-ed", "No N is V-ed ...": the subject says it, the verb is the act
_ONLY = re.compile(rf"^(?P<lead>\W*(?:only|no)\s[^,;:]*)\s(?P<be>is|are)\s+{_PP}\b", re.I)


def respelt(text: str) -> str | None:
    """The sentence with its present passive said with a modal (module docstring), or None."""
    if _MODAL.search(text):
        return None
    m = _NOT.search(text)
    if m is not None and m["pp"].casefold() not in _NO_ACT:
        said = "cannot" if m["neg"].casefold() == "not" else "can never"
        return f"{text[: m.start()]}{said} be {m['pp']}{text[m.end() :]}"
    m = _ONLY.match(text)
    if m is not None and m["pp"].casefold() not in _NO_ACT:
        return f"{m['lead']} can be {m['pp']}{text[m.end() :]}"
    return None


reread = when_none(respelt)
