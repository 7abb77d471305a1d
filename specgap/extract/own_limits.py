"""A bound a tool's own description states with no argument named: "Use only for refunds
up to $200.", "Only for amounts up to $200.", "Refund an order (max $200).", "Accepts
amounts up to $200.", "Limited to $200 per call.", "Amounts above $200 are rejected.",
"Do not use for more than $200."

The tool is the described one; the argument is the one the unit names (`amount` for money,
`percent`, `nights`), found at compile time by its name or description (two candidates are
a tie, reported, never a guess). One comparison per sentence; a sentence with a condition
("unless ...", "for members") or a rate ("per day") is left to its note.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit

_AMOUNT = (
    r"(?P<amt>[$€£]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?)(?![\d,.]*\d)(?!:\d)\s*"
    r"(?P<unit>%|percent|dollars?|euros?|usd|eur|gbp|nights?|days?|hours?|minutes?|weeks?|"
    r"guests?|people|persons?|seats?|items?|units?|kg|gb|mb)?(?![\w-])"
)
_MOST = re.compile(
    r"\b(?:up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|max(?:imum)?\.?|limited\s+to|"
    r"capped\s+at)\s+(?:of\s+)?" + _AMOUNT,
    re.I,
)
_BEYOND = re.compile(r"\b(?:more\s+than|above|over|exceeding|greater\s+than)\s+" + _AMOUNT, re.I)
# what makes "more than $200" a limit: it is refused
_REFUSED = re.compile(
    r"\b(?:not|never|rejected|refused|declined|cannot|can't|won't|disallowed|forbidden|"
    r"prohibited|fail|fails|error)\b",
    re.I,
)
_CONDITION = re.compile(
    r"\b(?:if|unless|when|whenever|except|without|per\s+(?!call\b|request\b|refund\b|use\b)"
    r"[a-z]+|each\s+(?:day|night|week|month)|members?|customers?|of\s+the\s+(?:order|total|price))\b",
    re.I,
)
_MONEY = re.compile(r"^[$€£]|^(?:dollars?|euros?|usd|eur|gbp)$", re.I)


def own_limit(text: str) -> list[Emit]:
    """The bound the sentence states on the described tool's argument its unit names, or
    [] (module docstring)."""
    if _CONDITION.search(text):
        return []
    most, beyond = list(_MOST.finditer(text)), list(_BEYOND.finditer(text))
    if len(most) + len(beyond) != 1:
        return []
    m = most[0] if most else beyond[0]
    if beyond and not _REFUSED.search(text):
        return []  # "refunds of more than $200 are common": no limit said
    facet = _facet(m["amt"], m["unit"] or "")
    if not facet:
        return []
    return [Emit("arg_within_bound", None, {"facet": facet, "max": _number(m["amt"])}, 0.7)]


def _facet(amount: str, unit: str) -> str:
    unit = unit.casefold()
    if _MONEY.search(amount) or _MONEY.search(unit):
        return "amount"
    if unit in {"%", "percent"}:
        return "percent"
    if not unit:
        return ""
    return unit if unit.endswith("s") or unit in {"people", "kg", "gb", "mb"} else unit + "s"


def _number(text: str) -> int | float:
    value = float(text.strip().lstrip("$€£ ").replace(",", ""))
    return int(value) if value.is_integer() else value
