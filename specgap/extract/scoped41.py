"""A section whose lines hold only in a case a line of its own states (forty-first session):

    ## Lot 5. The last hour before a sale
    Condition: from one hour before the sale opens until its last lot is sold.
    No commission bid is changed or withdrawn.
    A new commission bid is placed only once the clerk has reviewed it.

A labelled line under a heading ("Condition:", "Applies when:", "Scope:", "In force:", "Only
when:") states no rule of its own: it confines every rule of the lines after it, up to the next
heading, to its case. Each of those rules keeps the case as its condition, so none is read
wider than the section says: a ban under it is no ban at other times. The case is kept as
written; when the rule has a condition of its own, both are kept. A condition the compiler
cannot bind keeps the rule `review_only`, with a note that says so (`condition_diagnostic`).

Only a prompt's sections are read this way (a tool's description has no headings), and only a
line that opens with one of the labels and a colon after a heading.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from specgap.extract.grammar_notes import held_also
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["case_line", "cased"]

_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]", re.M)
_CASE = re.compile(
    r"^[ \t]*(?:[*_]{1,2})?(?:conditions?|applies(?:\s+only)?(?:\s+(?:when|while|if))?|"
    r"applicable(?:\s+(?:when|while|if))?|in\s+force|scope|valid(?:\s+(?:when|while|only))?|"
    r"only\s+(?:when|while|if))(?:[*_]{1,2})?[ \t]*:(?:[*_]{1,2})?[ \t]*(?P<case>\S.*?)[ \t]*$",
    re.I | re.M,
)


Read = tuple[Sentence, list[CandidateRule], list[Diagnostic]]


def cased(read: Iterable[Read]) -> Iterator[Read]:
    """Each sentence's rules held in its section's case (`held`); a case line itself gives
    nothing: its case is carried by the lines after it."""
    for sentence, found, notes in read:
        if case_line(sentence):
            yield sentence, [], []
        else:
            yield sentence, *held(sentence, found, notes)


def case_line(sentence: Sentence) -> bool:
    """Whether the sentence is a section's case line ("Condition: ..."): no rule of its own."""
    if sentence.subject is not None:
        return False
    text = sentence.artifact.text
    start = text.rfind("\n", 0, sentence.offsets[0]) + 1
    end = text.find("\n", start)
    m = _CASE.match(text[start : end if end >= 0 else len(text)])
    return m is not None and _under_heading(text, start)


def held(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence's rules, each held only in its section's case when the section states
    one (module docstring); as they are otherwise."""
    case = _case_of(sentence)
    if case is None or not rules:
        return rules, notes
    return held_also(sentence, rules, notes, case)


def _case_of(sentence: Sentence) -> str | None:
    """The case the sentence's section states on a line above it, or None."""
    if sentence.subject is not None:
        return None
    text = sentence.artifact.text
    line = text.rfind("\n", 0, sentence.offsets[0]) + 1
    starts = [h.start() for h in _HEADING.finditer(text, 0, line)]
    if not starts:
        return None
    after = text.find("\n", starts[-1])
    if after < 0 or after >= line:
        return None
    m = _CASE.search(text, after + 1, line)
    return m["case"].rstrip(" .;") if m is not None else None


def _under_heading(text: str, line: int) -> bool:
    return any(True for _ in _HEADING.finditer(text, 0, line))
