"""Support, not an operator: the fragments of rule language that operators' prose patterns
(`Operator.prose`) and the extractor's own pattern table share. Plain regular-expression
text, so an operator module can state its patterns without importing the extractor."""

from __future__ import annotations

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
