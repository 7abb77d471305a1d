"""The words of `noact_respell`: the action noun of a rule said without its verb, the verb
it names (`refunds` -> refund, `rescheduling` -> reschedule), and the pieces of the forms
that find it (a sentence's lead, a noun with one modifier, what may follow it)."""

from __future__ import annotations

import re

from specgap.extract.nominals import nominal_act
from specgap.extract.pattern_base import singular
from specgap.extract.state_actions import nominal_verb
from specgap.operators.prose import inflections

LEAD = r"^(?P<lead>[\s\-*•>\d.)]*)"
WORD = r"[A-Za-z][a-z-]*"
# at most one modifier before the action noun ("fee refunds", "membership transfers")
FUNCTION = r"(?!(?:is|are|was|were|be|not|no|only|never|may|can|must)\b)"
NOUN = rf"(?:{FUNCTION}(?P<mod>{WORD})\s+)?{FUNCTION}(?P<n>{WORD})"
# what may follow the action noun in its own phrase: its object or when it is (not) done
SCOPE = (
    r"(?:(?P<prep>of|for|on|to)\s+|(?=(?:while|whenever|when|if|once|after|before|during|"
    r"unless|until|without)\b))"
)
BAR = (
    r"(?:is|are)\s+(?:strictly\s+)?(?:not|never|no\s+longer)\s+(?:allowed|permitted|possible|"
    r"accepted|available)|(?:is|are)\s+(?:always\s+)?(?:forbidden|prohibited|impossible|rejected|"
    r"refused|declined|blocked|disabled|closed)"
)
# a lead clause the rule holds under ("Should the booking be completed, a refund is ...")
UNDER = r"(?P<under>(?:if|when|once|should|after|while)\s[^,;:]+,\s*)?"

# words that stand where an action noun would and name no act
NOT_ACTS = frozenset(
    {"one", "more", "other", "need", "exception", "exceptions", "matter", "way", "case", "time",
     "longer", "action", "actions", "reason", "problem", "issue", "such"}
)  # fmt: skip


def act(noun: str) -> str | None:
    """The verb an action noun names (`refunds` -> refund, `rescheduling` -> reschedule),
    or None for a noun that names no act."""
    word = noun.casefold()
    if word in NOT_ACTS:
        return None
    return nominal_verb(word) or nominal_act(singular(word))


def phrase(m: re.Match[str]) -> tuple[str, str] | None:
    """(verb, modifier) of the matched action noun: "fee refunds" -> (refund, fee); a
    modifier that is itself the act ("refund requests") is no reading."""
    verb = act(m["n"])
    if verb is None:
        return None
    mod = (m["mod"] or "").casefold()
    if mod in {"the", "a", "an", "any", "all", "no", "such", "new", "further", "additional"}:
        mod = ""
    if verb in LIGHT_VERBS and mod and (done := act(mod)) is not None:
        return done, ""  # "refund processing", "cancellation requests": the refund
    return verb, mod


LIGHT_VERBS = frozenset({"process", "handle", "request", "submit", "perform", "initiate"})


def rest_of(m: re.Match[str]) -> str:
    """What follows the action noun, with an `of` (its object) dropped, and the `to` of a
    change ("changes to orders that ...": change orders that ...)."""
    rest = m["rest"].strip()
    prep = (m.groupdict().get("prep") or "").casefold()
    if prep == "to" and act(m["n"]) in CHANGES:
        return rest
    return rest if prep in {"", "of"} else f"{prep} {rest}"


CHANGES = frozenset({"change", "modify", "update", "edit", "amend", "alter", "adjust"})


def participle(verb: str) -> str | None:
    """The past participle of `verb` (`pay` -> paid), or None when the tables have none."""
    found = inflections(verb, "VBN")
    return found[0] if found else None


DET = frozenset({"the", "a", "an", "any", "all", "each", "every", "no", "such", "this", "that"})
