"""A tool description's rule about the tool's own act, said with the act's noun.

In a tool's description the grammar reads a rule about the tool itself in the forms a
description uses ("Only for cancelled bookings", "Not available for completed bookings",
"Amount cannot exceed 400", "Requires the member's explicit confirmation"); it does not
read a sentence that names the tool's act by its noun ("No refunds for completed
bookings", "Refunds are only possible for cancelled bookings", "Refunds cannot exceed 400",
"Requires explicit member confirmation"). `described_spelling` spells such a sentence in
the description's own form, but only when the noun names the described tool's own verb
(a word of its id: `refundFee`, `plants.refund.issue`): a sentence about another tool's act
is left as it is.
"""

from __future__ import annotations

import re

from specgap.extract.noact_words import LEAD, NOUN, act, phrase

__all__ = ["described_spelling"]

_FOR = r"\s+(?:for|to|on)\s+(?P<np>[^.;:]+?)\s*(?P<end>[.;!]?\s*)$"
_NO_FOR = re.compile(LEAD + r"(?:no|never)\s+" + NOUN + _FOR, re.I)
_NOT_FOR = re.compile(
    LEAD + r"(?:the\s+)?" + NOUN + r"\s+(?:is|are)\s+(?:not|never)\s+(?:allowed|possible|"
    r"permitted|available)" + _FOR,
    re.I,
)
_ONLY_FOR = re.compile(
    LEAD + r"(?:the\s+)?" + NOUN + r"\s+(?:is|are)\s+only\s+(?:(?:possible|allowed|permitted|"
    r"available)\s+)?for\s+(?P<np>[^.;:]+?)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)
_EXCEED = re.compile(
    LEAD
    + r"(?:the\s+|each\s+|a\s+)?"
    + NOUN
    + r"\s+(?:may|must|can|should)?\s*(?:not|never|cannot)\s+"
    r"exceed\s+(?P<num>[$€£]?\s?\d[\d,]*(?:\.\d+)?)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)
_YES = re.compile(
    LEAD + r"requires?\s+(?:an?\s+)?(?P<how>explicit|prior|written)\s+(?P<who>[a-z]+)\s+"
    r"(?P<what>confirmation|consent|approval)\s*(?P<end>[.;!]?\s*)$",
    re.I,
)


def _own(m: re.Match[str], subject: str) -> bool:
    """The matched noun names the described tool's own verb."""
    found = phrase(m)
    words = {w.casefold() for w in re.findall(r"[A-Za-z][a-z]*", subject)}
    return found is not None and found[0] in words


def described_spelling(text: str, subject: str) -> str | None:
    """`text` spelt the way a description states its tool's own rule, or None."""
    m = _YES.match(text)
    if m is not None and act(m["who"]) is None:  # "requires explicit member confirmation"
        return f"{m['lead']}Requires the {m['who']}'s {m['how']} {m['what']}{m['end']}"
    m = _NO_FOR.match(text) or _NOT_FOR.match(text)
    if m is not None and _own(m, subject):
        return f"{m['lead']}Not available for {m['np']}{m['end']}"
    m = _ONLY_FOR.match(text)
    if m is not None and _own(m, subject):
        return f"{m['lead']}Only for {m['np']}{m['end']}"
    m = _EXCEED.match(text)
    if m is not None and _own(m, subject):
        return f"{m['lead']}Amount cannot exceed {m['num']}{m['end']}"
    return None
