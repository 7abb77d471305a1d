"""Bounds said with the verbs and nouns people use for them (seventeenth session): "A hire lasts
4 hours at most", "The hire period cannot be longer than 4 hours", "4 hours is the maximum
hire", "The longest hire is 4 hours", "Any hire beyond 4 hours must be refused", "No boat
goes out for more than 4 hours", "Nobody may take a boat out for longer than 4 hours", "Boats
carry six passengers or fewer", "Deposits start at 50 EUR", "Minimum deposit 50 EUR"; and
a count whose "only" opens the sentence: "Only text a customer once per hire".

Each says what "<the thing> must not exceed <N unit>" (or "must be at least") says, which
the bound readers read (`amounts`): the bound on the argument the unit and the noun name,
of the tool whose act the noun names. `respelt` says it so; nothing else is changed, and
it is read so only when the sentence as written gave no rule.
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import when_none
from specgap.operators.prose import singular

# an amount or a count: "$50", "4", "six" (`per_act18` says its bounds with it too)
AMOUNT_NUM = (
    r"(?:[$€£]\s?)?\d[\d,]*(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve"
)
_AMOUNT = r"(?P<n>" + AMOUNT_NUM + r")(?:\s*(?P<unit>%|[A-Za-z€$£]+))?"
_NP = r"(?P<np>(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*?)"
_DET = r"^\W*(?:(?:a|an|the|any|each|every|one)\s+)?"
# the words that say how long or how much of the thing, not what the thing is
_MEASURE = re.compile(r"\s+(?:period|length|duration|time|size|amount|total|value)$", re.I)
_MORE = r"(?:longer|more|greater|larger|higher|heavier|bigger)"
_LESS = r"(?:shorter|less|fewer|smaller|lower|lighter)"
# "cannot be", "may not be", "is never": what the thing may not be
_NOT_BE = (
    r"\s+(?:cannot|can't|may\s+not|must\s+not|mustn't|should\s+not|shall\s+not|will\s+not|"
    r"is\s+never|are\s+never|can\s+never|may\s+never|must\s+never)\s+(?:be\s+)?"
)
_END = r"\s*[.;!]?\s*$"

_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.I), side)
    for pattern, side in (
        # "A hire lasts 4 hours at most", "A hire runs for up to 4 hours"
        (_DET + _NP + r"\s+(?:lasts?|runs?|takes?)\s+(?:for\s+)?(?:at\s+most\s+|up\s+to\s+|no\s+"
         r"more\s+than\s+)" + _AMOUNT + _END, "max"),
        (_DET + _NP + r"\s+(?:lasts?|runs?|takes?)\s+(?:for\s+)?" + _AMOUNT
         + r"\s+at\s+(?:the\s+)?most" + _END, "max"),
        # "The hire period cannot be longer than 4 hours"
        (_DET + _NP + _NOT_BE + _MORE + r"\s+than\s+" + _AMOUNT + _END, "max"),
        (_DET + _NP + _NOT_BE + _LESS + r"\s+than\s+" + _AMOUNT + _END, "min"),
        # "4 hours is the maximum hire", "50 EUR is the minimum deposit"
        (r"^\W*" + _AMOUNT + r"\s+is\s+the\s+(?P<side>maximum|max|longest|most|largest|highest|"
         r"minimum|min|shortest|least|smallest|lowest)\s+(?:for\s+(?:a|an|the|any|each)\s+)?"
         + _NP + _END, "side"),
        # "The longest hire is 4 hours", "The maximum refund is 40 EUR"
        (r"^\W*the\s+(?P<side>maximum|max|longest|largest|highest|biggest|minimum|min|shortest|"
         r"smallest|lowest)\s+" + _NP + r"\s+(?:is|allowed\s+is|we\s+allow\s+is)\s+" + _AMOUNT
         + _END, "side"),
        # "Any hire beyond 4 hours must be refused", "Hires over 4 hours are refused"
        (_DET + _NP + r"\s+(?:beyond|over|above|exceeding|of\s+more\s+than|longer\s+than|more\s+"
         r"than)\s+" + _AMOUNT + r"\s+(?:must\s+be|is|are|will\s+be|should\s+be)\s+(?:refused|"
         r"declined|rejected|turned\s+down)" + _END, "max"),
        # "No boat goes out for more than 4 hours"
        (r"^\W*no\s+" + _NP + r"\s+(?:goes|go|stays?|runs?|lasts?)\s+(?:out\s+)?(?:for\s+)?"
         + _MORE + r"\s+than\s+" + _AMOUNT + _END, "max"),
        # "Nobody may take a boat out for longer than 4 hours"
        (r"^\W*(?:nobody|no\s+one|no\s+[a-z]+)\s+(?:may|can|should|shall|is\s+allowed\s+to)\s+"
         r"(?:take|keep|have|hold|use)\s+(?:a|an|the|any)\s+" + _NP + r"\s+(?:out\s+)?(?:for\s+)?"
         + _MORE + r"\s+than\s+" + _AMOUNT + _END, "max"),
        # "Boats carry six passengers or fewer", "A kayak holds 2 people at most"
        (_DET + _NP + r"\s+(?P<verb>carr(?:y|ies)|holds?|takes?|seats?|fits?)\s+" + _AMOUNT
         + r"\s+(?:or\s+(?:fewer|less)|at\s+(?:the\s+)?most)" + _END, "carry"),
        # "Deposits start at 50 EUR", "Deposits start from 50 EUR"
        (_DET + _NP + r"\s+(?:starts?|begins?)\s+(?:at|from)\s+" + _AMOUNT + _END, "min"),
        # "Minimum deposit 50 EUR", "Max refund 40 EUR" (no colon: `keyed` reads the colon's)
        (r"^\W*(?P<side>minimum|min\.?|maximum|max\.?)\s+" + _NP + r"\s+" + _AMOUNT
         + _END, "side"),
    )
)  # fmt: skip
_LOW = re.compile(r"^(?:minimum|min\.?|shortest|least|smallest|lowest)$", re.I)


# "Only text a customer once per hire", "Only send one text per hire": the "only" is the
# count's ("Text a customer only once per hire")
_ONLY_COUNT = re.compile(
    r"^\W*only\s+(?P<pre>[a-z][\w' -]*?)\s+(?P<n>once|twice|one|two|three|\d+\s+times)\s+"
    r"(?P<post>(?:[a-z]+\s+)?(?:per|a|each|every|in\s+(?:a|one))\b.*)$",
    re.I | re.S,
)


def respelt(text: str) -> str | None:
    """The sentence as "<the thing> must not exceed <N unit>" (or "must be at least" /
    "must not carry more than"), or None when it is none of the forms above."""
    said = " ".join(text.split())
    count = _ONLY_COUNT.match(said)
    if count is not None:
        pre = count["pre"]
        return f"{pre[0].upper()}{pre[1:]} only {count['n']} {count['post']}"
    for form, side in _FORMS:
        m = form.match(said)
        if m is None:
            continue
        words = _MEASURE.sub("", m["np"]).casefold().split()
        np = " ".join([*words[:-1], singular(words[-1])])
        amount = m["n"] + (f" {m['unit']}" if m["unit"] else "")
        if side == "side":
            side = "min" if _LOW.match(m["side"]) else "max"
        if side == "carry":
            return f"A {np} must not carry more than {amount}."
        if side == "min":
            return f"The {np} must be at least {amount}."
        return f"A {np} must not exceed {amount}."
    return None


# The sentence read as the bound it states (module docstring) when the first reading gave no
# rule.
reread = when_none(respelt)
