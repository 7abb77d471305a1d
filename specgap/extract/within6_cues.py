"""Bounds that read like a rule but carry none of the first cues: each gets a located
`rule-not-compiled` note when no reader turned it into a policy ("no silent losses").

`rulelike`'s bound cue reads "max 3", "more than 3", "limit of 3"; these are bounds too:

- a negated comparative of measure: "waits no longer than 20 minutes", "never deeper than
  15 %", "not heavier than 30 kg";
- a limit named as such, with words between: "the weight limit per parcel is 30 kg", "the
  cap for a stay is 14 nights";
- a word of limit before a number in words: "exceeding thirty kilograms", "capped at one
  hour", "in excess of fifteen per cent";
- an amount "at the most / at the least / at the latest": "£200 at the most", "14 nights
  or fewer", "the minimum stay is two nights" (added after probe set B was measured);
- a range something is kept or stays within: "must stay within 2 to 8 degrees", "keep the
  temperature between 2 and 8".

Not cues: a comparative with no negation ("walks often last longer than 30 minutes"), a
number in words with no word of limit before it ("two guides lead each walk"), and anything
in a tool's description (its own sentences describe the tool).
"""

from __future__ import annotations

import re

__all__ = ["within6_cue"]

_NUMBER_WORD = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
    r"thirty|forty|fifty|sixty|ninety|a\s+hundred)"
)
_AMOUNT = r"(?:[$€£]\s?)?(?:\d[\d,]*(?:\.\d+)?|" + _NUMBER_WORD + r"\b)"
_UNIT = r"(?:\s?(?:%|[a-z]+\b))?"
_COMPARATIVE = (
    r"(?:longer|shorter|heavier|lighter|deeper|shallower|higher|lower|larger|smaller|bigger|"
    r"wider|narrower|later|earlier|greater|warmer|hotter|colder|cooler|further|farther)"
)
_CUES = tuple(
    re.compile(pattern, re.I)
    for pattern in (
        r"\b(?:no|not|never|n't)\s+(?:[a-z]+\s+){0,2}?"
        + _COMPARATIVE
        + r"\s+than\s+"
        + _AMOUNT
        + _UNIT,
        r"\b(?:limit|cap|ceiling|maximum|minimum|quota|allowance)\s+(?:(?:per|for|on)\s+"
        r"(?:an?\s+|each\s+|every\s+|one\s+)?[a-z]+\s+)?(?:is|are|of|=|:)\s+" + _AMOUNT + _UNIT,
        r"\b(?:exceeding|in\s+excess\s+of|capped\s+at|limited\s+to|at\s+most|at\s+least|"
        r"no\s+more\s+than|no\s+less\s+than|no\s+fewer\s+than)\s+"
        + _NUMBER_WORD
        + r"\s+(?:%|[a-z]+\b)",
        _AMOUNT + _UNIT + r"\s+at\s+the\s+(?:most|least|latest|earliest)\b",
        _AMOUNT + _UNIT + r"\s+or\s+(?:fewer|less|more|under|below|over|above)\b",
        r"\b(?:minimum|maximum)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:is|are)\s+" + _AMOUNT + _UNIT,
        r"\b(?:stay|remain|be\s+kept|keep\s+(?:the\s+|a\s+|an\s+)?[a-z]+(?:\s+[a-z]+)?)\s+"
        r"(?:within|between)\s+"
        + _AMOUNT
        + r"[\w,.]*\s*(?:[a-z%°]+\s*)?(?:and|to|-|–)\s*"
        + _AMOUNT
        + _UNIT,
    )
)


def within6_cue(text: str, *, described: bool = False) -> tuple[str, str] | None:
    """("bound", its words) when `text` states a bound in one of the module's forms."""
    if described:
        return None
    for cue in _CUES:
        found = cue.search(text)
        if found is not None:
            return "bound", " ".join(found[0].split()).casefold()
    return None
