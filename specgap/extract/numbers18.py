"""A bound said with the kind of number it is (eighteenth session): "Record brood_frames as a
whole number from 0 to 12", "The weight must be a positive number below 40", "Nights has to
be an integer between 1 and 14".

"a whole number", "an integer", "a value" say what kind of value the argument takes, which
its schema says already; the bound after them is what the bound readers read in "<arg> must
be from 0 to 12" (`amounts`). `respelt` says it so, and the sentence is read so only when as
written it gave no rule (`reread`).
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import when_none

_KIND = (
    r"(?:a|an)\s+(?:(?:whole|positive|non-negative|nonnegative|round)\s+)?(?:number|integer|"
    r"value|count|figure|amount)"
)
_BOUND = (
    r"(?=(?:from|between|of\s+at\s+(?:most|least)|up\s+to|no\s+(?:more|less|fewer)\s+than|"
    r"not\s+(?:more|less)\s+than|at\s+(?:most|least)|below|under|above|over)\b)"
)
# "Record brood_frames as a whole number from 0 to 12"
_AS_KIND = re.compile(
    r"^\W*(?:record|enter|set|give|pass|log|send|use|fill\s+in)\s+(?:the\s+)?"
    r"(?P<arg>[\w-]+(?:\s+[\w-]+)?)\s+as\s+" + _KIND + r"\s+" + _BOUND,
    re.I,
)
# "... must be a whole number from 0 to 12"
_BE_KIND = re.compile(
    r"\b(?P<modal>must|should|has\s+to|have\s+to|needs?\s+to|may\s+only|can\s+only)\s+be\s+"
    + _KIND
    + r"\s+"
    + _BOUND,
    re.I,
)


# "from 0 to 12": the range the readers read as "between 0 and 12" (both ends included)
_FROM_TO = re.compile(
    r"\bfrom\s+(?P<a>\d[\d,.]*)\s+(?:to|through|up\s+to)\s+(?P<b>\d[\d,.]*)\b", re.I
)


def respelt(text: str) -> str | None:
    """The sentence as "<arg> must be <bound>", or None when it says no kind of number before
    a bound."""
    m = _AS_KIND.match(text)
    said = f"{m['arg']} must be {text[m.end() :]}" if m is not None else None
    said = _BE_KIND.sub(lambda b: f"{b['modal']} be ", said or text)
    if said == text:
        return None
    return _FROM_TO.sub(lambda r: f"between {r['a']} and {r['b']}", said)


# read as "<arg> must be <bound>" when the sentence as written gave no rule
reread = when_none(respelt)
