"""A rule said for a kind of person or thing named up front (forty-eighth session): "For a
renter under 25, call `t` before booking a car", "For riders under 18, let `check_consent`
come before the booking", "For members without a card, never take a payment".

The lead says whom the rule is for; a reader that reads the rest of the sentence (an
ordering, a confirmation, a count) and not its lead gives a rule over every call, which is
stronger than the sentence. So a rule read from a sentence that opens with "For (a|an|any|
each|every) X" and a qualifier (under, over, below, above, aged, younger, older, who, whose,
that, without, with, not) keeps that lead as its condition when it has none and its
parameters say nothing of the qualifier: the compiler keeps it `review_only` with a
`condition-not-bound` note, as any condition it cannot bind. A rule that binds the lead (a
state, an argument's bound that holds the qualifier's figure) is left as read.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["kept_lead"]

_LEAD = re.compile(
    r"^[^\w`]*(?P<lead>for\s+(?:(?:a|an|any|each|every|all)\s+)?[a-z][\w-]*\s+"
    r"(?P<q>(?:under|over|below|above|aged|younger|older|who|whose|that|without|with|not)\b"
    r"[^,;:]*?))\s*[,;:]\s+\S",
    re.I,
)
_FIGURE = re.compile(r"\d+(?:\.\d+)?")


def _said_in(rule: CandidateRule, qualifier: str) -> bool:
    """Whether the rule's parameters hold the qualifier: one of its figures or words."""
    params = repr(sorted(rule.params.items())).casefold()
    figures = _FIGURE.findall(qualifier)
    if figures:
        return any(re.search(rf"(?<![\d.]){re.escape(f)}(?:\.0)?(?![\d])", params) for f in figures)
    return any(w in params for w in re.findall(r"[a-z_]{4,}", qualifier.casefold()))


def kept_lead(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules, each one that says nothing of the sentence's lead qualifier given it as
    its condition, with the note that says so (module docstring)."""
    if not rules or sentence.subject is not None:
        return rules, diagnostics
    m = _LEAD.match(sentence.clean)
    if m is None:
        return rules, diagnostics
    lead = " ".join(m["lead"].split())
    out: list[CandidateRule] = []
    notes = list(diagnostics)
    for rule in rules:
        if (
            rule.condition is None
            and rule.operator != "state_condition"
            and not _said_in(rule, m["q"])
        ):
            rule = rule.model_copy(update={"condition": lead})
            notes.append(condition_diagnostic(sentence, rule))
        out.append(rule)
    return out, notes
