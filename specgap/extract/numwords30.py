"""A range said in number words (thirtieth session): "Pauses last one to three months",
"between two and six guests", "from one to four tyres".

The bound readers read ranges in digits ("1 to 3 months"); a range in words compiled to
nothing, silently. Each range whose two ends are number words ("one" .. "twelve", as
`NUMBER_WORDS` has them) is said in digits, and the sentence is read so when that reads a
rule (`reading._read_own`). Only a pair of numbers joined by "to", "and" after "between",
or a dash is a range: "one of them", "no one" and "the one to call" say no number.
"""

from __future__ import annotations

import re

from specgap.operators.prose import NUMBER_WORDS

_WORD = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_RANGE = re.compile(
    rf"\b(?P<lead>between\s+|from\s+)?(?P<a>{_WORD})\s*(?P<join>to|and|-|\u2013)\s*"
    rf"(?P<b>{_WORD}|\d+)\b",
    re.I,
)


def respelt(text: str) -> str | None:
    """The sentence with each range of number words in digits, or None when it has none."""

    def digits(m: re.Match[str]) -> str:
        if m["join"].casefold() == "and" and not m["lead"]:
            return m[0]  # "one and two" with no "between": two numbers, no range
        b = m["b"] if m["b"].isdigit() else str(NUMBER_WORDS[m["b"].casefold()])
        return f"{m['lead'] or ''}{NUMBER_WORDS[m['a'].casefold()]} {m['join']} {b}"

    said = _RANGE.sub(digits, text)
    return None if said == text else said
