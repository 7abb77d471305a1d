"""A list whose lead-in says its items go to somebody for review first (thirty-fifth session):
"The assistant prepares each of these and makes the call only after the manager has reviewed
it:" over "- Refunds above £40.", "- Every funeral tribute.", "- Cancelling a wedding order."

Each item names an act (a noun phrase, a gerund, or an imperative) and says nothing of a
review: the lead-in says it for all of them, as `framed17` reads a ban frame over its
bullets. The lead-in is the line before the list that ends with a colon and speaks of a
review (reviewed, approved, signed off, referred, escalated, authorised), or, with no such
line, the heading over the list ("## Referred to the Shop Manager", "## Needs approval").
`framed` says the item with the review it needs: "Refunds above £40: a reviewer's sign-off
first." (a noun phrase or a gerund), "Issue a refund only after a reviewer's sign-off." (an
imperative), and the readers read that; an item that says its own rule (a modal, a
negation, a review) is read as it stands.
"""

from __future__ import annotations

import re

from specgap.extract.english import base_verb
from specgap.extract.plain_bans import list_intro
from specgap.extract.segments import Sentence

__all__ = ["framed"]

_REVIEW = (
    r"\b(?:review(?:ed|s|ing)?|approv(?:e|ed|es|al|ing)|sign(?:ed|s)?[- ]?off|referr?(?:ed|al|s)?|"
    r"escalat(?:e|ed|es|ion)|authori[sz](?:e|ed|es|ation))\b"
)
_REVIEW_LINE = re.compile(_REVIEW, re.I)
# a heading that is the frame itself: "Referred to the manager", "Needs approval"
_REVIEW_HEADING = re.compile(
    r"^\W*(?:\d+[.)]?\s+)?(?:referred|escalated|needs?\s+(?:approval|review|sign[- ]?off)|"
    r"requires?\s+(?:approval|review|sign[- ]?off)|for\s+(?:approval|review)|"
    r"(?:subject\s+to|after)\s+(?:approval|review))\b",
    re.I,
)
# an item that says its own rule
_OWN_RULE = re.compile(
    r"\b(?:must|may|should|shall|can|cannot|can't|never|not|no|only|always|need|needs|"
    r"requires?)\b|" + _REVIEW,
    re.I,
)
_FIRST = re.compile(r"^\W*(?P<v>[A-Za-z]+)\b")


def framed(sentence: Sentence) -> str | None:
    """The item said with the review its lead-in gives it (module docstring), or None."""
    if sentence.subject is not None:
        return None
    intro = list_intro(sentence)
    if intro is None:
        return None
    line, is_heading = intro
    frame = _REVIEW_HEADING if is_heading else _REVIEW_LINE
    if frame.search(line) is None:
        return None
    item = sentence.clean.strip().rstrip(".;").strip()
    if not item or _OWN_RULE.search(item):
        return None
    first = _FIRST.match(item)
    if first is not None and base_verb(first["v"].casefold()):
        return f"{item} only after a reviewer's sign-off."
    return f"{item}: a reviewer's sign-off first."
