"""Tables that name the argument by its tool and name (`tool.arg`, in a code span):

    | What                                | Limit           |
    |-------------------------------------|-----------------|
    | Hold length (`hold_slip.nights`)    | 1 to 14 nights  |
    | Deposit (`take_deposit.amount`)     | ≤ 500 EUR       |

    | Setting        | Allowed values         | Applies to              |
    |----------------|------------------------|-------------------------|
    | Berth classes  | `small`, `large`       | `book_berth.berth_class`|

- `limit_row` reads a row of a table whose row names one argument as `tool.arg` and whose
  other cell is a bound ("1 to 14 nights", "1–14", "≤ 500", "at most 500", "max 500",
  "≥ 2", "at least 2"; the row comes as one sentence, "Hold length (`hold_slip.nights`):
  1 to 14 nights"), in the bound readers' words: "The nights of hold_slip must be between
  1 and 14 nights." A cell's later part after a semicolon (often a condition: "at most
  24 h on a locked bucket") is not read; a row whose bound reads otherwise is left out.
- `referenced` is the `tool.arg` a row of an allowed-values table names in another cell
  (an "applies to" column): the values are that argument's, whatever the row's label says.
"""

from __future__ import annotations

import re

from specgap.operators.prose import UNIT_WORDS

_REF = re.compile(r"`(?P<tool>[A-Za-z][\w-]*)\.(?P<arg>[A-Za-z][\w-]*)`")
_NUM = r"\d[\d,]*(?:\.\d+)?"
_UNIT = r"(?P<unit>%|[A-Za-z]+)?"
_BOUNDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^(?:between\s+|from\s+)?(?P<low>" + _NUM + r")\s*(?:[A-Za-z]+\s*)?"
                r"(?:to|–|—|-|and)\s*(?P<high>" + _NUM + r")\s*" + _UNIT + r"$", re.I), "between"),
    (re.compile(r"^(?:≤|<=|at\s+most|max(?:imum)?\.?|up\s+to|no\s+more\s+than)\s*:?\s*(?P<high>"
                + _NUM + r")\s*" + _UNIT + r"$", re.I), "max"),
    (re.compile(r"^(?:≥|>=|at\s+least|min(?:imum)?\.?|no\s+less\s+than)\s*:?\s*(?P<low>" + _NUM
                + r")\s*" + _UNIT + r"$", re.I), "min"),
)  # fmt: skip
# what may follow a bound and says it is one call's: "per export", "per request", "each time"
_PER_CALL = re.compile(r"\s+(?:per|each|a)\s+[a-z]+$", re.I)


def referenced(line: str, spans: list[tuple[int, int]], skip: tuple[int, ...]) -> str | None:
    """The `tool.arg` one cell of a table row names whole (no other cell counted), or None."""
    found = []
    for i, (a, b) in enumerate(spans):
        if i in skip:
            continue
        m = _REF.fullmatch(line[a:b].strip())
        if m is not None:
            found.append(f"{m['tool']}.{m['arg']}")
    return found[0] if len(found) == 1 else None


def bound_words(cell: str) -> str | None:
    """A limit cell in the words the bound readers take ("must be between 1 and 14 nights",
    "may not exceed 500 EUR", "must be at least 2"), or None."""
    said = " ".join(cell.replace("`", "").split(";")[0].split())
    said = _PER_CALL.sub("", said)
    for pattern, side in _BOUNDS:
        m = pattern.match(said)
        if m is None:
            continue
        unit = m["unit"] or ""
        unit = UNIT_WORDS.get(unit.casefold(), unit)
        tail = f" {unit}" if unit and unit != "%" else unit
        if side == "between":
            return f"must be between {m['low']} and {m['high']}{tail}"
        if side == "max":
            return f"may not exceed {m['high']}{tail}"
        return f"must be at least {m['low']}{tail}"
    return None


_ROW = re.compile(
    r"^\W*(?P<label>[^`:|]{0,60}?)\s*\(?\s*`(?P<tool>[A-Za-z][\w-]*)\.(?P<arg>[A-Za-z][\w-]*)`"
    r"\s*\)?\s*:?\s*(?P<bound>[^:|]+?)\s*$"
)


def limit_row(text: str) -> tuple[str, str, str] | None:
    """A table row's sentence "Label (`tool.arg`): bound" in the bound readers' words
    (module docstring), with the tool and the argument it names, or None."""
    m = _ROW.match(" ".join(text.split()))
    if m is None:
        return None
    said = bound_words(m["bound"])
    return (f"The {m['arg']} of {m['tool']} {said}.", m["tool"], m["arg"]) if said else None
