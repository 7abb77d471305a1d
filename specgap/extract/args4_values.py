"""A label over values made an allowlist by the words right after it.

"Nights of cover: 1, 2 or 3." alone may describe what exists (the readers leave a bare label
over values as a note). Followed by a sentence that closes the list, "No other lengths.",
"Nothing else.", "No others.", "Those are the only ones.", or by "and no other" in the
same sentence ("Sailings leave at 08:00, 12:30 or 17:45 and at no other time"), it says
the values are the only ones: respelled "the <label> must be one of a, b or c" and read as
the value readers read it; only its `resource_in_allowlist` rules are kept (the compiler
binds the label to an argument, or reports it).

Not read: a list with no closing words (still a note), a label that is a clause, a closing
sentence that names another noun's values ("No other ports are served": a statement about
ports, no list before it).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.noact_respell import spelt
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["closed_list", "reread"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_ITEM = r"`?[\w:.#@/-]+`?"
_ITEMS = _ITEM + r"(?:\s*,\s*" + _ITEM + r")*(?:\s*,?\s+(?:or|and)\s+" + _ITEM + r")"
_LABELLED = re.compile(
    r"^[\s\-*•>#+]*(?:\(?\d{1,2}[a-z]?[.)]\s+)?(?P<label>[A-Za-z][A-Za-z -]{1,40}?)\s*:\s*"
    r"(?P<items>" + _ITEMS + r")\s*"
    r"(?P<tail>(?:,?\s+and\s+(?:at\s+|in\s+|on\s+)?no\s+other\b[^.]*)?)\s*\.?\s*$",
    re.I,
)
# "Sailings leave at 08:00, 12:30 or 17:45 and at no other time"
_INLINE = re.compile(
    r"^\W*(?P<label>[A-Za-z][A-Za-z ]{1,40}?)\s+(?:start|starts|leave|leaves|run|runs|are|is|"
    r"begin|begins|depart|departs)\s+(?:at|on|in)?\s*(?P<items>" + _ITEMS + r")\s*,?\s+and\s+"
    r"(?:at\s+|on\s+|in\s+)?no\s+other\b[^.]*\.?\s*$",
    re.I,
)
_CLOSING = re.compile(
    r"^[\s\-*•>]*(?:no\s+other\s+[a-z]+(?:\s+[a-z]+)?|nothing\s+else|no\s+others|(?:these|those)"
    r"\s+are\s+the\s+only\s+(?:ones|values|options)|only\s+these)\s*[.!]",
    re.I,
)


def closed_list(text: str, after: str) -> str | None:
    """The list respelled as an allowlist (module docstring), or None. `after`: the words
    that follow the sentence."""
    m = _INLINE.match(text)
    if m is None:
        m = _LABELLED.match(text)
        if m is None or not (m["tail"] or _CLOSING.match(after)):
            return None
    items = re.findall(_ITEM, m["items"])
    values = [i.rstrip(".") for i in items if i.casefold().strip("`") not in {"or", "and"}]
    if len(values) < 2:
        return None
    listed = ", ".join(values[:-1]) + f" or {values[-1]}"
    return f"The {m['label'].strip().casefold()} must be one of {listed}."


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A closed list nothing was read from, read again as an allowlist (module docstring)."""
    if sentence.subject is not None or rules:
        return rules, diagnostics
    end = sentence.raw_range()[1]
    said = closed_list(sentence.clean, sentence.artifact.text[end : end + 80])
    if said is None:
        return rules, diagnostics
    found, _ = read(spelt(sentence, said))
    allowed = [r for r in found if r.operator == "resource_in_allowlist"]
    if not allowed:
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    notes = [d for d in diagnostics if d.code != "rule-not-compiled"]
    return [r.model_copy(update={"text": words}) for r in allowed], notes
