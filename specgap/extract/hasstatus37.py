"""A state said as a thing having it (thirty-seventh session): "provided it still has the status
booked", "only on a visit that has the status completed", "a booking with the status paid".

The state readers read a field said as the subject of "is" ("whose status is booked", "its
status is still booked"). A thing that has, holds or carries the status, state or stage V, or
one "with the status V", is said so: "that has the status V" is "whose status is V", "it has
the status V" is "its status is V", "with the status V" is "whose status is V" (a value,
or two joined by "or"). Nothing else is changed.
"""

from __future__ import annotations

import re

__all__ = ["respelt"]

_FIELD = r"(?P<f>status|state|stage)"
_VALUE = r"(?P<v>`?[\w-]+`?(?:\s*(?:,|or|,\s*or)\s*`?[\w-]+`?)*)"
_HAS = re.compile(
    rf"\b(?P<who>that|which|it|they)\s+(?P<still>still\s+)?(?:has|have|holds?|carr(?:y|ies))\s+"
    rf"(?:the\s+)?{_FIELD}\s+(?:of\s+)?{_VALUE}",
    re.I,
)
# whose state "that has" / "it has" / "they have" says
_OWNER = {"that": "whose", "which": "whose", "it": "its", "they": "their"}
_WITH = re.compile(rf"\b(?<=[a-z] )with\s+the\s+{_FIELD}\s+{_VALUE}", re.I)


def respelt(text: str) -> str | None:
    """The sentence with its had states said as the state readers read them (module
    docstring), or None when it has none."""
    said = _HAS.sub(
        lambda m: f"{_OWNER[m['who'].casefold()]} {m['f']} is {m['still'] or ''}{m['v']}", text
    )
    said = _WITH.sub(lambda m: f"whose {m['f']} is {m['v']}", said)
    return said if said != text else None
