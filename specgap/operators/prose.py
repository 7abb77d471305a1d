"""Support, not an operator: the fragments of rule language that operators' prose patterns
(`Operator.prose`) and the extractor's own pattern table share. Plain regular-expression
text, so an operator module can state its patterns without importing the extractor."""

from __future__ import annotations

import re

STOP = r"(?=\s*(?:[.;:!?](?=\s|$)|$))"
"""The end of a clause: a sentence stop or the end of the text."""
END = r"(?=\s*(?:[.;:!?](?=\s|$)|,|\bso\b|\bto\s+(?:make|ensure|avoid)\b|$))"
"""The end of a clause, also at a comma or a purpose ("so", "to make sure")."""
CALL_WORDS = "call|use|run|invoke|execute|perform|do|trigger"
_WORDS = "zero one two three four five six seven eight nine ten eleven twelve"
NUMBER_WORDS = {word: n for n, word in enumerate(_WORDS.split(" "))}
NUMBER = r"(?P<n>\d[\d,]*(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + r")"
"""A number in digits or words, as the group `n` (read it with `number`)."""


def number(raw: str) -> float:
    """The value of a `NUMBER` match: `12`, `1,000`, `2.5`, `three`."""
    raw = raw.casefold()
    return float(NUMBER_WORDS[raw]) if raw in NUMBER_WORDS else float(raw.replace(",", ""))


TICKED = re.compile(r"`([^`\n]+)`")
QUOTED = re.compile(r"`([^`\n]+)`|'([^'\n]+)'|\"([^\"\n]+)\"")
_TOOLISH = re.compile(r"^[A-Za-z_][\w\-]*(?:[./:][\w\-]+)*$")


def is_toolish(token: str) -> bool:
    """`sql.execute`, `scan_for_secrets`, `PutItem` read as tools; `private`, `ACL` do not."""
    if not _TOOLISH.match(token):
        return False
    return any(c in token for c in "._/:") or bool(re.search(r"[a-z][A-Z]", token))


def quoted_values(text: str) -> list[str]:
    """The quoted values of a text (`x`, 'x', "x"), tool-looking ones left out."""
    found = [a or b or c for a, b, c in QUOTED.findall(text)]
    return [v for v in found if not is_toolish(v)]


TIME_UNITS = {
    "ms": 0.001, "millisecond": 0.001, "milliseconds": 0.001,
    "s": 1.0, "sec": 1.0, "secs": 1.0, "second": 1.0, "seconds": 1.0,
    "min": 60.0, "mins": 60.0, "minute": 60.0, "minutes": 60.0,
}  # fmt: skip
"""Seconds per time unit, as rules write them."""
