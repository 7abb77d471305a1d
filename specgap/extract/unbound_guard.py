"""The last guard on a sentence's rules: a condition the grammar read in the sentence is
either carried by each rule the sentence compiled to, or kept on it (so it is reviewed).

The readers after `conditional_rules.guard` (counts, confirmations, orderings, bounds read
from the sentence's other words) may build their rule from the part of the sentence around
the condition and leave the condition out: "do not renew a loan more than twice unless the
member is gold" read as a flat count of two, "confirm with the owner before cancelling if
it is within a day" as a confirmation of every cancellation. Each is stronger than the
sentence. `unbound` keeps the condition on such a rule (a `condition-not-bound` note says
so), and leaves alone a rule that carries it: a state test, a rule whose values or bound
are the condition's own words, an ordering or confirmation whose condition is its step or
the user's yes.
"""

from __future__ import annotations

import re

from specgap.extract.conditional_rules import ban_condition
from specgap.extract.grammar import Clause
from specgap.extract.user_yes import is_yes
from specgap.ir import CandidateRule
from specgap.operators import OPERATORS
from specgap.operators.prose import USER

_ORDERED = frozenset({"require_before", "require_confirmation"})
# "only after it was looked up", "before you pay": the ordering is the condition itself
_STEP = re.compile(r"^\W*(?:only\s+)?(?:after|before|once|until|till|prior\s+to|when)\b", re.I)
_YES = re.compile(
    r"\b(?:confirm\w*|yes|agree\w*|approv\w*|consent\w*|permission|go-ahead|authori[sz]\w*|"
    r"ask\w*|request\w*|explicit\w*)\b",
    re.I,
)
_WORD = re.compile(r"[\w$€£.%-]+")

# a class of the people (or accounts) a rule holds for: "gold members", "members who owe
# more than $50", "for personal accounts"; a determiner ("the", "all", "each") names no class
_WHO = r"(?:" + USER + r"|account|owner|shipper|sender|household|company|business)s?\b"
_NOT_MOD = (
    r"(?!(?:the|a|an|all|any|every|each|this|that|these|those|their|your|our|its|his|her|"
    r"my|no|some|other|such|both|either|neither|only|never|do|not|and|or)\b)"
)
_MOD = _NOT_MOD + r"[a-z][\w-]*\s+(?:" + _NOT_MOD + r"[a-z][\w-]*\s+)?"
_REL = r"\s+(?:who|that|whose|with|without|under|over|above|below|in)\b[^,.;:]*?"
_MODAL = r"(?=\s+(?:may|can|cannot|can't|must|should|shall|are|is)\b)"
_CLASS = (
    re.compile(r"\bfor\s+(?P<q>" + _MOD + _WHO + r")", re.I),
    re.compile(r"\bfor\s+(?:the\s+)?(?P<q>" + _WHO + _REL + r")(?=[,.;:]|$)", re.I),
    re.compile(r"^\W*(?P<q>" + _MOD + _WHO + r")" + _MODAL, re.I),
    re.compile(r"^\W*(?:the\s+)?(?P<q>" + _WHO + _REL + r")" + _MODAL, re.I),
)


# approval by someone other than the user ("without the branch manager's approval"): a
# confirmation asks the user, so it is no reading of it
_STAFF_APPROVAL = re.compile(
    r"\b(?:without|unless|until|except\s+with)\s+(?:(?:the|a|an|their|your)\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:manager|supervisor|administrator|admin|director|lead|head|officer|staff|team|"
    r"compliance|legal|security|finance|vet|veterinarian|doctor|pharmacist|dispatcher)(?:'s|s')?"
    r"(?:\s+(?:approval|sign-?off|authori[sz]ation|permission|consent|ok|go-ahead))?\b",
    re.I,
)


def unbound(clause: Clause, rules: list[CandidateRule], text: str = "") -> list[CandidateRule]:
    """The rules, each carrying the clause's condition or keeping it (module docstring);
    `text` is the sentence, whose class of people ("gold members may ...") is such a
    condition too."""
    cond = clause.condition
    if cond is not None and cond.kind != "otherwise":
        rules = [_kept(r, clause) for r in rules]
    staff = _STAFF_APPROVAL.search(text)
    if staff is not None:  # the user's yes is not the manager's: kept for review
        rules = [
            r.model_copy(update={"condition": " ".join(staff[0].split())})
            if r.operator == "require_confirmation" and r.condition is None
            else r
            for r in rules
        ]
    who = held_for(text)
    if who is None:
        return rules
    return [
        r.model_copy(update={"condition": "for " + who})
        if r.condition is None and _strong(r) and not _carries(r, who)
        else r
        for r in rules
    ]


def held_for(text: str) -> str | None:
    """The class of people or accounts the sentence's rule holds for, or None."""
    for pattern in _CLASS:
        found = pattern.search(text)
        if found is not None:
            return " ".join(found["q"].split())
    return None


def _kept(rule: CandidateRule, clause: Clause) -> CandidateRule:
    cond = clause.condition
    assert cond is not None
    if rule.condition is not None or not _strong(rule) or _carries(rule, cond.text):
        return rule
    kept = ban_condition(clause, cond) if rule.operator == "deny_action" else cond.text
    return rule.model_copy(update={"condition": kept})


def _strong(rule: CandidateRule) -> bool:
    """A rule the compiler enforces as it stands, whatever the sentence's condition."""
    if rule.operator == "state_condition":
        return False
    return rule.operator in _ORDERED or OPERATORS[rule.operator].guarded


def _carries(rule: CandidateRule, text: str) -> bool:
    """Whether the rule states the condition already: its values or bound are the
    condition's words, or (an ordering, a confirmation) the condition is its step or yes."""
    if rule.operator in _ORDERED:
        before = str(rule.params.get("before", ""))
        if _STEP.match(text) or (rule.operator == "require_confirmation" and _YES.search(text)):
            return True
        if before and (is_yes(before) or _overlap(before, text)):
            return True
    words = {w.casefold().strip(".$€£%") for w in _WORD.findall(text)}
    return any(_said(v, words, text) for v in _values(rule.params))


def _values(params: dict[str, object]) -> list[str]:
    out: list[str] = []
    for key in ("values", "allowed", "denied", "max", "min"):
        v = params.get(key)
        if isinstance(v, list | tuple):
            out += [str(x) for x in v]
        elif v is not None:
            out.append(str(v))
    return out


def _said(value: str, words: set[str], text: str) -> bool:
    v = value.casefold()
    if v.endswith(".0"):
        v = v[:-2]
    return v in words or (len(v) > 3 and v in text.casefold())


def _overlap(before: str, text: str) -> bool:
    """The prerequisite's words are in the condition ("only once the pet is weighed")."""
    stems = {w[:5] for w in re.findall(r"[a-z]{4,}", before.casefold().replace("_", " "))}
    return any(w[:5] in stems for w in re.findall(r"[a-z]{4,}", text.casefold()))
