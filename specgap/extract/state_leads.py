"""Bullets under a lead that states a condition: the lead says when, each bullet what.

    When a stay is cancelled:
    - do not add grooming
    - do not extend it

Each bullet is read as "<lead>, <bullet>" ("When a stay is cancelled, do not add grooming"),
so the condition the lead states is the bullet's: a ban becomes a `state_condition` when the
condition binds, and is kept `review_only` with the condition otherwise (`guard`), never the
unconditional ban the bullet alone would say. A lead opens with a condition word (if, when,
once, while, whenever, in case, for <state> <nouns>) and ends with a colon, on the line
just above the list (other bullets of the same list in between).
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.conditional_rules import guard
from specgap.extract.grammar import Condition, parse
from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.grammar_rules import candidate, choose
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["condition_led"]

_BULLET = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)])\s+")
_LEAD = re.compile(
    r"^\s*(?:#+\s*)?(?:\*\*|__)?(?P<lead>(?:if|when|whenever|once|while|in\s+case|should|"
    r"for)\s[^:]{3,100}?)(?:\*\*|__)?\s*:\s*(?:\*\*|__)?\s*$",
    re.I,
)


def _lead(sentence: Sentence) -> str | None:
    """The condition lead of the bullet list the sentence is an item of, or None."""
    if sentence.subject is not None or not sentence.offsets:
        return None
    start = sentence.offsets[0]
    text = sentence.artifact.text
    line_start = text.rfind("\n", 0, start) + 1
    if not _BULLET.match(text[line_start : start + 3]):
        return None
    for line in reversed(text[max(0, line_start - 2000) : line_start].split("\n")[:-1]):
        if _BULLET.match(line):
            continue
        m = _LEAD.match(line)
        return " ".join(m["lead"].split()) if m is not None else None
    return None


def condition_led(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The bullet's rules under its lead's condition (module docstring); unchanged for any
    other sentence."""
    lead = _lead(sentence)
    if lead is None:
        return rules, diagnostics
    said = _BULLET.sub("", sentence.clean).strip().rstrip(".;")
    if not said:
        return rules, diagnostics
    if parse(said).condition is not None:
        return rules, diagnostics  # "- If you are able to V, ...": its own condition
    joint = ": " if lead.casefold().startswith("for ") else ", "
    clause = parse(f"{lead}{joint}{said[0].lower()}{said[1:]}")
    if not clause.negated and clause.modality != "only":
        return rules, diagnostics  # what to do then: an obligation, no ban to condition
    if clause.condition is None:
        # "For faulty meters:" with a state word the grammar does not know: the lead is a
        # condition all the same, kept unbound (the tools' states may bind it later)
        clause = replace(clause, condition=Condition("if", lead, 0, len(lead)))
    if not rules:
        answer = choose(clause)
        if not isinstance(answer, list) or not answer:
            return rules, diagnostics
        found = [candidate(sentence, e) for e in answer]
    else:
        found = guard(sentence, clause, rules)
    notes = [d for d in diagnostics if d.code not in {"rule-not-compiled", "condition-not-bound"}]
    notes += [condition_diagnostic(sentence, r, clause.condition) for r in found if r.condition]
    return found, list({d.message: d for d in notes}.values())
