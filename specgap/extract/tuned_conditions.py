"""A condition that goes on after ", and": "only V when A, and B".

"Only hand out a voucher when the guest asks for one, and the rate card lists a voucher
for the stay", "only reopen a ticket if the customer replies, and the ticket is less than
a week old": after the comma, "and" joins a second clause of the *condition* (a statement:
a subject and its verb, no modal, no imperative), not a second main clause ("..., and log
it", "..., and it must be logged", "..., and never refund it"). Cutting the condition at
the comma would keep only its first half, and the rule would be lifted more often than the
sentence says; `continues` tells the condition reader to read on. A second clause that is
a bound state ("..., and the member's tier is 'gold'") ends the first condition: it is a
`state_condition` of its own (`specgap.extract.state_more`).
"""

from __future__ import annotations

import re

__all__ = ["continues", "on_after_and"]

# "the rate card (explicitly) lists", "their plan has", "the ticket is", "it was": a
# subject (a determiner and up to four words, or a pronoun) and a finite verb, no modal
_STATEMENT = re.compile(
    r"^\s*(?:(?:the|a|an|its|their|his|her|your|our|this|that|these|those)\s+"
    r"(?:[A-Za-z][\w'-]*\s+){0,4}?|(?:it|they|he|she|there)\s+)"
    r"(?:\w+ly\s+)?(?P<verb>is|are|was|were|has|have|had|does|do|did|[a-z]{2,}s)\b",
    re.I,
)
_MODAL = re.compile(
    r"^(?:must|should|shall|can|cannot|can't|may|might|will|won't|would|need|needs|has\s+to|"
    r"have\s+to)\b",
    re.I,
)
_BANNED = re.compile(r"\b(?:never|do\s+not|don't)\b", re.I)


def continues(rest: str) -> bool:
    """Whether `rest`, the text after ", and" that follows a condition, is a further clause
    of that condition: a statement with a subject and a finite verb (module doc)."""
    m = _STATEMENT.match(rest)
    if m is None or _MODAL.match(m["verb"]):
        return False
    clause = re.split(r"[.;!?](?:\s|$)", rest, maxsplit=1)[0]
    # "the slip is free, and the agent must confirm it": a main clause with a modal
    return not _BANNED.search(clause) and not re.search(
        r"\b(?:must|should|shall|may|will|cannot|can't)\s+(?:be\s+)?[a-z]+", clause, re.I
    )


_STOP = re.compile(r"[;]|,\s*(?:and|but|so|never|not|nor)\b|[.!?](?=\s|$)")
_AND = re.compile(r",\s*and\s+", re.I)


def on_after_and(after: str, stop: re.Match[str] | None) -> re.Match[str] | None:
    """Where a trailing condition (`after` is the text past its opening word) ends, given
    the first `stop` the condition reader found: past every ", and <statement>" that
    `continues` it; `stop` itself otherwise."""
    while stop is not None:
        joined = _AND.match(after, stop.start())
        if joined is None or not continues(after[joined.end() :]):
            return stop
        if _binds(after[joined.end() :]):
            return stop  # "..., and the member's tier is 'gold'": a state rule of its own
        stop = _STOP.search(after, joined.end())
    return stop


def _binds(rest: str) -> bool:
    """Whether the clause `rest` is a state test that binds (an entity's field and its
    values): `specgap.extract.state_more` reads it as a `state_condition` of its own, so
    the first condition ends before it."""
    from specgap.extract.grammar_conditions import read_condition  # it imports this module

    clause = re.split(r"[.;!?](?:\s|$)", rest, maxsplit=1)[0]
    cond, _, _ = read_condition(f"if {clause}")
    return cond is not None and cond.bound
