"""A bound its sentence raises for some case: "one to four names, and a family session takes as
many as eight", "lunches: four at most, though a two-day course may have eight", "between one
and six, or up to eight when the room is double".

Compiled as the flat bound, such a rule would refuse what the sentence allows (the family
session's six names): stronger than the sentence. `raised` finds the case and its larger
figure, so that the compiler keeps the rule for review with a note that names them, and never
enforces the flat bound. A larger figure only counts when a word that opens another case
("and", "or", "but", "though", "while", "whereas", "except", "rising", "going") stands
between the bound's figure and it, and it is no measure of something else (a figure followed
by a unit, "48 hours", "20,000 lb", or one in money beside a bound that is none, "6 lessons and
no more than £300", is no count of the bound's things).
"""

from __future__ import annotations

import re

from specgap.operators.prose import SPELT, number

__all__ = ["raised"]

_FIGURE = re.compile(rf"(?P<cur>[$£€]\s*)?\b(?P<n>\d[\d,]*(?:\.\d+)?|{SPELT})\b", re.I)
# a word that opens another case of the bound
_OTHER_CASE = re.compile(
    r"(?:,\s*|\s+)(?:and|or|but|though|although|while|whereas|except|rising|going)\b", re.I
)
# what may follow the larger figure: the sentence's end, a mark, or words that say the case
_CASE_AFTER = re.compile(
    r"\s*(?:$|[.,;:)]|(?:on|for|when|if|in|with|where|at|once|provided)\b)", re.I
)


def raised(quote: str, bound: float) -> tuple[str, float] | None:
    """The words of the case the sentence raises `bound` for and the larger figure, or None."""
    figures = list(_FIGURE.finditer(quote))
    first = next((m for m in figures if number(m["n"]) == bound), None)
    if first is None:
        return None
    for m in figures:
        if m.start() <= first.end() or number(m["n"]) <= bound:
            continue
        if bool(m["cur"]) != bool(first["cur"]):
            continue  # "6 lessons and no more than £300": a sum, not a count of lessons
        between = quote[first.end() : m.start()]
        opens = list(_OTHER_CASE.finditer(between))
        if not opens or not _CASE_AFTER.match(quote, m.end()):
            continue
        case = quote[first.end() + opens[-1].start() :].strip(" ,.;")
        return " ".join(case.split()), number(m["n"])
    return None
