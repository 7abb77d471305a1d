"""A value's rule led by the act it is about: "When waiving a fee, the reason must be one of
breakdown or outage", "While extending a booking, `extra_hours` must be at most 4".

Read as written, the lead was kept as a condition no entity's field binds, and the rule was
spread over every tool taking the argument (the reason of a cancellation too), all
`review_only`. The lead names no state: it names the call the rule is about. So a rule over
an argument (`*`, a list of values, a bound, a count or a value ban) whose whole condition is
"when/while/whenever V-ing X" or "when you V X" is the rule on the act "V X", resolved by the
compiler like any verb phrase (to the tool that waives a fee, or a located note when none
does), and no longer conditional. A lead whose first word is no verb ("when pro members")
names a group, not an act, and stays the rule's condition.
"""

from __future__ import annotations

import re

from specgap.extract.english import base_verb
from specgap.extract.pattern_base import lemma
from specgap.ir import CandidateRule, Diagnostic

_ACT = re.compile(
    r"^\W*(?:when|while|whenever)\s+(?:you(?:'re|\s+are)?\s+|the\s+assistant\s+(?:is\s+)?)?"
    r"(?P<verb>[a-z]{3,})\s+(?P<obj>(?:(?:an?|the|any|each|a\s+member's|their)\s+)?[a-z]{3,}"
    r"(?:\s+[a-z]{3,})?)\s*,?\s*$",
    re.I,
)
_ON_ARGUMENTS = frozenset(
    {"resource_in_allowlist", "arg_within_bound", "arg_count_bound", "deny_action"}
)
# words after "when" (three letters or more) that are no act's verb ("when the member is ...")
_NOT_VERBS = frozenset({"the", "they", "there", "this", "that", "asked"})


def _a_verb(word: str) -> bool:
    """A gerund ("waiving") or a verb's base form ("waive"): "when pro members" names a group,
    not an act."""
    return (word.endswith("ing") and len(word) > 4) or bool(base_verb(word))


def acted(
    rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules with an act's lead read as their tool (module docstring), and without the
    notes that called that lead an unbound condition."""
    out: list[CandidateRule] = []
    moved: set[str] = set()
    for rule in rules:
        m = _ACT.match(rule.condition or "")
        said = rule.params.get("arg") or rule.params.get("facet")
        if (
            m is None
            or rule.target != "*"
            or rule.operator not in _ON_ARGUMENTS
            or not said
            or m["verb"].casefold() in _NOT_VERBS
            or not _a_verb(m["verb"].casefold())
        ):
            out.append(rule)
            continue
        verb = lemma(m["verb"].casefold())
        obj = re.sub(r"^(?:an?|the|any|each|their)\s+", "", m["obj"].casefold())
        moved.add(rule.condition or "")
        out.append(rule.model_copy(update={"target": f"{verb} {obj}", "condition": None}))
    if not moved:
        return rules, notes
    kept = [
        n
        for n in notes
        if not (n.code == "condition-not-bound" and any(repr(c) in n.message for c in moved))
    ]
    return out, kept
