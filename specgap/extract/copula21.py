"""A value's rule said with another verb than "must be" (issue 11), spelt "must be" so that
the bound and allowlist readers read it:

- an obligation of being before a value: "has to be", "have to be", "needs to be", "need to
  be", "is to be", "are to be" ("The severity has to be one of `minor` or `major`", "the
  start hour has to be between 0 and 4"): "must be" (never before a participle: "are to be
  offered" is an act, its readers' business);
- a range a value runs over: "X runs from 1 to 4", "X goes from 1 to 4": "X must be between
  1 and 4", and "X lasts from 30 minutes to 240 minutes": "X is between 30 and 240 minutes"
  ("ranges from" is left to its own reader, which tells a tie between tools apart);
- an argument's id with its range and no verb ("`minutes` from 5 to 20", "Hold length:
  `hours` of 1 to 72"): "`minutes` must be between 5 and 20";
- an act that needs a value from a list ("Waiving a fee needs a reason from this set: a,
  b"): "When waiving a fee, the reason must be one of a, b" (`act_leads23` then reads the
  lead as the rule's act);
- the holders of a field's values, listed ("Members with status `frozen` or `closed`
  cannot book"): "Members whose status is `frozen` or `closed` ...";
- a value that is a number of a unit between two numbers: "A reading is a whole number of
  cubic metres between 0 and 999999": "A reading must be between 0 and 999999".

A value that "comes from this list only: `a`, `b`" must be one of them, and so must one that
"takes one of three codes: a, b or c".

A value said of "a tool call" or "any tool" ("The account number in a tool call must be one
that `account_lookup` returned") is said of every call that takes it, as a value's rule is
without those words: they are dropped, so that no tool is looked for in "tool".

A lead that sets an argument ("With wheelchair_lift set to true, request no more than two
buses") is the rule's condition: "If wheelchair_lift is true, ...", so that it is kept (and
bound, or the rule reviewed), never dropped into a flat bound.

Each respelling is read by the extractor's reading of a whole sentence and kept only when
that reads a rule (`reading.read_sentence`); the rules keep the sentence's own words.
"""

from __future__ import annotations

import re

__all__ = ["respelt"]

# before a value, never before a participle ("members are to be offered a letter" is an act
# to do, read, or noted, by the obligation readers)
_OBLIGED = re.compile(
    r"\b(?:(?:has|have|needs?)\s+to|(?:is|are)\s+to)\s+be\b(?!\s+(?!between\b|even\b|open\b|often\b)(?:[a-z]+(?:ed|en)|done|made|"
    r"sent|given|shown|told|kept|paid|held|set|put|read|run|met|sold|brought|bought|left|"
    r"taken|seen|known)\b)",
    re.I,
)
_NUMBER = r"-?\d[\d,]*(?:\.\d+)?"
# "X ranges from A to B" has its own reader (which tells a tie between tools apart); "runs"
# and "goes" have none
_RUNS = re.compile(
    r"\b(?:(?P<v>runs|run|goes|go)\s+from|(?P<l>lasts|last)\s+from)\s*"
    r"(?P<lo>" + _NUMBER + r")(?:\s+[a-z]+)?\s+(?:to|through|and)\s+(?P<hi>" + _NUMBER + r")\b",
    re.I,
)
_IS_NUMBER = re.compile(
    r"\b(?:is|are)\s+(?:an?\s+)?(?:whole\s+|positive\s+|non-negative\s+)?(?:number|integer|"
    r"amount|count|value)s?(?:\s+of\s+(?:[a-z]+\s+){0,2}?[a-z]+)?\s+(?=(?:between|from)\s+"
    + _NUMBER
    + r")",
    re.I,
)


# what says a range is how things tend to go, not a rule ("Freezes usually last 2 to 12 weeks")
_HEDGED = re.compile(
    r"\b(?:usually|typically|often|normally|generally|mostly|tend\s+to|may|might|can)\s+$", re.I
)


def _ranged(m: re.Match[str]) -> str:
    """ "must be between A and B" for "runs from A to B", "is between A and B" for "lasts from
    A to B"; the words as they are when a hedge says the range is only usual."""
    if _HEDGED.search(m.string, 0, m.start()):
        return m[0]
    return f"{'is' if m['l'] else 'must be'} between {m['lo']} and {m['hi']}"


# "`minutes` from 5 to 20", "Hold length: `minutes` of 5 to 20": an argument named by its id
# with its range and no verb, alone or after a label
_VERBLESS = re.compile(
    r"^(?P<lead>(?P<pre>\W*)(?:(?P<label>[A-Za-z][\w' -]{0,40}?)\s*:\s*)?)(?:(?P<arg>`[a-z][\w.]*`|"
    r"[a-z][a-z0-9]*"
    r"(?:_[a-z0-9]+)+)|(?<=:\s)(?P<word>[a-z][a-z0-9]*))"
    r"\s+(?:(?:of|from)\s+(?P<lo>"
    + _NUMBER
    + r")\s+(?:to|through|-|\u2013)\s+(?P<hi>"
    + _NUMBER
    + r")|between\s+(?P<lo2>"
    + _NUMBER
    + r")\s+and\s+(?P<hi2>"
    + _NUMBER
    + r"))\b",
    re.I,
)


# "With wheelchair_lift set to true, ...": the condition the rule after the comma holds under
_SET_TO = re.compile(
    r"^(?P<lead>\W*)(?:with|having)\s+(?P<x>`?[A-Za-z][\w.]*`?(?:\s+[a-z]+){0,2}?)\s+set\s+"
    r"(?:to\s+|as\s+)?(?P<v>`?[\w.-]+`?)\s*,",
    re.I,
)


# "the account number in a tool call must be ...", "Sample ids given to any tool shall ...":
# every call that takes the value, which is what a rule on the value says without it
_ANY_CALL = re.compile(
    r"\s+(?:in|for|of|on|given\s+to|passed\s+to|sent\s+to|used\s+in)\s+(?:a|an|any|every|each)\s+"
    r"(?:tool\s+call|tool)\b",
    re.I,
)


# "Add-ons come from this list only: `a`, `b`": the values a value may take, listed after
_FROM_LIST = re.compile(
    r"\b(?:comes?|are\s+(?:chosen|taken|picked)|is\s+(?:chosen|taken|picked))\s+(?:only\s+)?from\s+"
    r"(?:this|the\s+following|the|our)\s+list(?:\s+only)?\s*:\s*(?=[`'\"])",
    re.I,
)


# "reason takes one of three codes: a, b or c", "tier takes only the values a or b": the
# values the argument may take, listed after (an argument's own verb, `take`)
_TAKES = re.compile(
    r"(?<=[\w`])\s+(?:takes|accepts)\s+(?:only\s+)?(?:one\s+of\s+(?:(?:the|these|two|three|four|"
    r"five|six|\d)\s+)?(?:codes|values|options|settings)|the\s+(?:codes|values|options)|"
    r"(?:codes|values))\s*:?\s+(?=[`'\"]?[a-z0-9][\w-]*[`'\"]?\s*(?:,|\bor\b|\band\b))",
    re.I,
)


# "Members with status `frozen` or `closed` cannot book": the holders of a field's values
_WITH_VALUES = re.compile(
    r"^(?P<lead>\W*(?:(?:all|any|no)\s+)?)(?P<np>[A-Za-z][a-z]+s)\s+with\s+(?:an?\s+|the\s+)?"
    r"(?P<field>[a-z][a-z_]*(?:\s+[a-z][a-z_]*)?)\s+"
    r"(?P<vals>`[^`\s]+`(?:\s*(?:,\s*(?:or\s+|and\s+)?|or\s+|and\s+)`[^`\s]+`)+)"
    r"(?=\s+(?:cannot|can't|may|must|should|shall|can|are|will|won't)\b)",
    re.I,
)


# "Waiving a fee needs a reason from this set: a, b": the act, then the values its argument
# may take
_NEEDS_FROM = re.compile(
    r"^(?P<lead>\W*)(?P<act>[A-Za-z][a-z]+ing\s+(?:(?:an?|the|any)\s+)?[a-z]+(?:\s+[a-z]+)?)\s+"
    r"(?:needs|requires|takes|must\s+have|must\s+carry)\s+(?:an?|the|one)\s+(?P<arg>[a-z][a-z_]*)\s+"
    r"(?:from|out\s+of|in)\s+(?:this|the\s+following|these|the)\s+(?:set|list|values?|options?)"
    r"\s*:\s*(?=\S)",
    re.I,
)


# the words of a label that measure, not name, what the range is of ("Booking length")
_MEASURES = frozenset(
    {"length", "size", "count", "duration", "time", "amount", "limit", "limits", "range",
     "window", "number", "total", "value", "span", "cap"}
)  # fmt: skip


def _verbless(m: re.Match[str]) -> str:
    """ "Booking length: `hours` of 1 to 72" -> "The `hours` of a booking must be between 1
    and 72": the label's noun (its measure word dropped) holds the argument, so that the
    bound goes to the booking's tools, not to every tool taking `hours`."""
    arg = m["word"] or m["arg"]
    rng = f"must be between {m['lo'] or m['lo2']} and {m['hi'] or m['hi2']}"
    label = (m["label"] or "").casefold().split()
    held = [w for w in label if w not in _MEASURES]
    if held and len(held) <= 2 and all(w.isalpha() for w in held):
        lead = m["pre"][: len(m["pre"]) - len(m["pre"].lstrip())]  # its indentation only
        return f"{lead}The {arg} of a {' '.join(held)} {rng}"
    return f"{m['lead']}{arg} {rng}"


# "party_size is at least 2 and at most 12": an argument's id, the subject, with a bound said
# with "is" (never an id after a preposition: "booked with `t` is up to 3 days")
_ARG_IS = re.compile(
    r"^(?P<lead>\W*(?:the\s+)?)(?P<arg>`[a-z][\w.]*`|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\s+(?:is|are)\s+"
    r"(?=(?:always\s+)?"
    r"(?:at\s+(?:least|most)|no\s+(?:more|less|fewer)\s+than|between|from\s+-?\d|up\s+to)\b)",
)
# "Set places anywhere from 1 to 4", "keep `nights` between 1 and 14": a value set in a range
_SET_RANGE = re.compile(
    r"^(?P<lead>\W*)(?:set|keep|choose|pick|put)\s+(?P<arg>`[a-z][\w.]*`|[a-z][a-z0-9_]*)\s+"
    r"(?:(?:anywhere|somewhere)\s+)?(?:from|between)\s+(?P<lo>"
    + _NUMBER
    + r")\s+(?:to|and|through)\s+"
    r"(?P<hi>" + _NUMBER + r")\b",
    re.I,
)


def respelt(text: str) -> str | None:
    """The sentence with its value's verb spelt "must be" (module docstring), or None when
    it has none of these shapes."""
    said = _SET_TO.sub(lambda m: f"{m['lead']}If {m['x']} is {m['v']},", text)
    said = _OBLIGED.sub("must be", said)
    said = _ANY_CALL.sub(lambda m: " " * len(m[0]), said)  # same length: mentions stay put
    # "X lasts from A to B hours": "X is between A and B hours", a length as it is said
    said = _RUNS.sub(_ranged, said)
    said = _IS_NUMBER.sub("must be ", said)
    said = _FROM_LIST.sub("must be one of ", said)
    said = _TAKES.sub(" must be one of ", said)
    said = _VERBLESS.sub(_verbless, said)
    said = _ARG_IS.sub(lambda m: f"{m['lead']}{m['arg']} must be ", said)
    said = _SET_RANGE.sub(
        lambda m: f"{m['lead']}{m['arg']} must be between {m['lo']} and {m['hi']}", said
    )
    said = _NEEDS_FROM.sub(
        lambda m: (
            f"{m['lead']}When {m['act'][0].lower()}{m['act'][1:]}, the {m['arg']} must be one of "
        ),
        said,
    )
    said = _WITH_VALUES.sub(
        lambda m: f"{m['lead']}{m['np']} whose {m['field']} is {m['vals']}", said
    )
    return said if said != text else None
