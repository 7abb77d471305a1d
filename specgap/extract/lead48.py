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

The same holds for a value's second source said after "or" that a reading of the first
alone drops: "email quotes only to an address the customer gave, or one already on their
record" read as "from the customer" alone would refuse the address on record. Such a rule
(`arg_grounded` from the user, no tool named) keeps the alternative as its condition, for
review, with its note.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["kept_alternative", "kept_lead"]

_LEAD = re.compile(
    r"^[^\w`]*(?P<lead>for\s+(?:(?:a|an|any|each|every|all)\s+)?[a-z][\w-]*\s+"
    r"(?P<q>(?:under|over|below|above|aged|younger|older|who|whose|that|without|with|not)\b"
    r"[^,;:]*?))\s*[,;:]\s+\S",
    re.I,
)
# a second source after "or": "or one already on their record", "or the one on file"
_ALTERNATIVE = re.compile(
    r"\bor\s+(?:(?:the|an?|any)\s+)?(?:one|[a-z]+)\s+(?:(?:already|previously)\s+)?"
    r"(?:on|in|from)\s+(?:the|their|his|her|its|our)\s+(?:record|file|account|profile|system)s?\b",
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
    m = _LEAD.match(sentence.clean) if rules and sentence.subject is None else None
    if m is None:
        return rules, diagnostics
    return _kept(
        sentence,
        rules,
        diagnostics,
        " ".join(m["lead"].split()),
        lambda r: r.operator != "state_condition" and not _said_in(r, m["q"]),
    )


def kept_alternative(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules, a value's source read from the user alone kept under the second source the
    sentence gives it after "or" (module docstring)."""
    alternative = _ALTERNATIVE.search(sentence.clean) if rules else None
    if alternative is None:
        return rules, diagnostics
    return _kept(
        sentence,
        rules,
        diagnostics,
        " ".join(alternative[0].split()),
        lambda r: (
            r.operator == "arg_grounded"
            and r.params.get("from_user") is True
            and not r.params.get("from_tools")
        ),
    )


def _kept(
    sentence: Sentence,
    rules: list[CandidateRule],
    diagnostics: list[Diagnostic],
    condition: str,
    drops_it: Callable[[CandidateRule], bool],
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules, each one with no condition that `drops_it` given `condition`, and a
    `condition-not-bound` note for each."""
    out: list[CandidateRule] = []
    notes = list(diagnostics)
    for rule in rules:
        if rule.condition is None and drops_it(rule):
            rule = rule.model_copy(update={"condition": condition})
            notes.append(condition_diagnostic(sentence, rule))
        out.append(rule)
    return out, notes
