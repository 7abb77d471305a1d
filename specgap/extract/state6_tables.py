"""A table whose state column names the field in its header and holds only the values:

```
| action           | allowed when status is |
|------------------|------------------------|
| `cancel_booking` | reserved               |
| amend            | DRAFT, SUBMITTED       |
```

`state4_tables` reads the row as "Only call `cancel_booking` when its status is reserved."
(a header that refuses, "refused when stage is", gives "Never ..."). The header must end with
a field word and the copula ("status is", "the stage is", "state in"); the cell is then the
values, spelt as the readers list them by the resolver. A cell that already says its field
("`status` is X", "the booking is X") is read as before."""

from __future__ import annotations

import re

__all__ = ["FIELD_HEADER", "valued"]

# "allowed when status is", "permitted if the stage is", "refused while state in"
FIELD_HEADER = re.compile(
    r"\b(?:when|if|while|whenever)\s+(?:the\s+|its\s+)?`?(?P<f>[A-Za-z][\w-]*)`?\s+"
    r"(?:is|are|equals|in|=)\s*(?:one\s+of\s*)?:?\s*$",
    re.I,
)
_SAYS = re.compile(r"\b(?:is|are|equals|=|was|has)\b", re.I)
_VALUE = re.compile(r"^[`'\"]?[\w-]+[`'\"]?$")


def valued(header: str, cond: str) -> str | None:
    """The condition of a cell under a header that names the field ("allowed when status
    is" over "reserved" -> "its status is reserved"), or None when the header names none or
    the cell says more than values."""
    m = FIELD_HEADER.search(header.strip("*_` "))
    if m is None or _SAYS.search(cond):
        return None
    items = [i.strip() for i in re.split(r"\s*,\s*|\s+or\s+|\s*/\s*", cond.strip().rstrip("."))]
    items = [i for i in items if i]
    if not items or not all(_VALUE.match(i) for i in items):
        return None
    said = items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
    return f"its {m['f']} is {said}"
