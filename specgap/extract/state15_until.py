"""A state rule with a trailing "until" that says when the state ends (fifteenth session):
"Students whose account is suspended cannot book, move or rent anything until the office
lifts the suspension", "Frozen members can't book until the freeze is lifted".

The "until" clause restates the state's end: the rule holds while the student is suspended,
which is what the state test checks. Read with the "until" clause, the sentence gave bans
under a condition no field binds ("until the office lifts the suspension"), reviewed, and
the state was lost. The sentence is read again without the clause, and that reading is kept
only when every rule of it is a state test: a ban whose only condition is the "until" is
never read without it (that would be stronger than the sentence).
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import Read, read_as
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

_UNTIL = re.compile(
    r"\s*,?\s+(?:until|till|unless\s+and\s+until)\s+(?P<event>[^,;]+?)\s*[.!]?\s*$", re.I
)
_UNTIL_SAID = re.compile(r"(?:^|,\s*)(?:until|till)\s", re.I)
# an event that is a call or a time is an ordering or a window, not the state's end
_NOT_AN_END = re.compile(r"`|\b[a-z]+_[a-z]+\b|[a-z][A-Z]|\d|\b(?:called|run|returned)\b")


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read without its trailing "until" clause (module docstring), or as it
    was read."""
    if sentence.subject is not None or not rules:
        return rules, diagnostics
    if not all(_UNTIL_SAID.search(r.condition or "") for r in rules):
        return rules, diagnostics
    m = _UNTIL.search(sentence.clean)
    if m is None or _NOT_AN_END.search(m["event"]):
        return rules, diagnostics
    found, notes = read_as(
        sentence, sentence.clean[: m.start()].rstrip(" ,") + ".", read, "state_condition"
    )
    return (found, notes) if found else (rules, diagnostics)
