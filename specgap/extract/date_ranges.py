"""A range of dates that restricts an argument ("boats can only be reserved for the dates
2027-06-01 to 2027-09-30", "no session may be booked outside 1 March 2027 - 30 April 2027").

specgap's bounds (`arg_within_bound`) compare numbers and no operator compares dates, so such
a sentence compiles to nothing and `date_range` gives the located gap that says so
(`bound-not-representable`), never a bound on the wrong thing nor a silent loss. A range
said without a restricting word ("the season runs from June 1 to September 30") is no rule.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Gap

_DATE = r"\d{4}-\d{2}-\d{2}|(?:\d{1,2}\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?)?(?:,?\s+\d{4})?"  # noqa: E501
_DATE_RANGE = re.compile(
    r"\b(?:(?:between|from)\s+)?(?P<a>" + _DATE + r")\s*(?:to|and|until|through|till|-|–|—)\s*"
    r"(?P<b>" + _DATE + r")\b",
    re.I,
)
_RESTRICTS = re.compile(
    r"\b(?:only|must|may\s+not|cannot|can't|never|not\s+allowed|outside|limited|restricted)\b|"
    r"^\W*no\b",
    re.I,
)


def date_range(text: str) -> Gap | None:
    """The gap of a rule that restricts an argument to a range of dates ("reservations only
    for 2027-06-01 to 2027-09-30"): specgap's bounds compare numbers, and no operator
    compares dates, so it is reported where it is said, never compiled to a bound."""
    m = _DATE_RANGE.search(text)
    if m is None or not _RESTRICTS.search(text):
        return None
    if not (re.search(r"\d", m["a"]) and re.search(r"\d", m["b"])):
        return None  # month names alone ("May to June") are seasons, read as nothing here
    return Gap(
        "bound-not-representable",
        f"the range of dates {m['a']} to {m['b']} restricts a date argument, but specgap's "
        "bounds compare numbers and no operator compares dates: nothing is enforced",
        "enforce the date range in the tool, or review it by hand",
    )


# "booked at most 14 days ahead", "up to 8 weeks in advance": how far ahead of the day, no
# argument's value (sixteenth session; read as a bound, "14 days" became 336 on a length in
# hours)
_LEAD_TIME = re.compile(
    r"\b(?:at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of|at\s+least|"
    r"no\s+(?:less|fewer)\s+than|more\s+than|less\s+than|within)\s+(?P<n>\d+|[a-z]+)\s+"
    r"(?P<unit>minutes?|hours?|days?|nights?|weeks?|months?|years?)\s+(?:ahead|in\s+advance|"
    r"beforehand|from\s+(?:now|today))\b",
    re.I,
)


def lead_time(text: str) -> tuple[str, str, Gap] | None:
    """(the number said, its unit, the gap) of a bound on how far ahead something is done:
    unless the tool takes that span in an argument of its own (`days_ahead`, `weeks`), no
    argument holds it (a date does, which no operator compares), so a bound read from it
    is dropped and the gap says why."""
    m = _LEAD_TIME.search(text)
    if m is None:
        return None
    said = " ".join(m[0].split())
    return (
        m["n"],
        m["unit"].casefold().rstrip("s"),
        Gap(
            "bound-not-representable",
            f"`{said}` bounds how far ahead the action is taken, a span between today and a date "
            "argument; specgap's bounds compare an argument's own number and no operator "
            "compares dates: nothing is enforced",
            "enforce the lead time in the tool, or review it by hand",
        ),
    )
