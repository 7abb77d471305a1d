"""Arguments that must keep the value they had, and changes allowed in one direction only:

- "the number of guests cannot be changed", "the region of a server may not be modified";
- "never change the currency of an order", "do not alter the number of seats";
- "the currency stays the one of the original order", "the plan must remain the same";
- "seats can be added but not removed", "you may add items but never remove them",
  "the quota may be increased but not decreased", "cores can only be increased";
- "keep the original currency", "the currency must match the original order";
- "a reservation's room kind can't be modified", "do not lower the quantity of an order".

Each compares the argument of a call with the value read before it (from the entity's
earlier output), which no operator does: the sentence is reported at its place with
`argument-restriction-not-compiled` naming the argument, and no rule is compiled from it
(a ban of the whole update action would be stronger than the sentence, a state of the
entity would be a different rule).
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Gap

_CHANGE = r"(?:changed|modified|altered|edited|updated|switched|replaced)"
_CHANGE_VERB = (
    r"(?:change|modify|alter|edit|update|switch|replace|lower|reduce|decrease|shorten|downgrade|"
    r"increase|raise|lengthen)"
)
# "the currency of an order", "the number of guests": an argument, said with what it belongs to
_OF = (
    r"(?:the\s+|an?\s+|its\s+|their\s+)?(?P<np>(?:number|count|amount|quantity)\s+of\s+[a-z][\w-]*|"
    r"[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+of\s+(?:an?|the|any|each|every|their|its)\s+[a-z][\w-]*|"
    # "a reservation's room kind": the possessive names the entity, the rest its argument
    r"[a-z][\w-]*'s\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
)
# "once booked, ...", "after checkout, ...": when the value is fixed; the gap stays a gap
_WHEN = r"(?:(?:once|after|when)\s+[^,]{1,40},\s*)?"
_PASSIVE = re.compile(
    r"^\W*" + _WHEN + _OF + r"\s+(?:cannot|can't|can\s+not|may\s+not|must\s+not|must\s+never|"
    r"should\s+not|shall\s+not|is\s+not\s+to|are\s+not\s+to|will\s+not)\s+be\s+" + _CHANGE + r"\b",
    re.I,
)
_BANNED = re.compile(
    r"^\W*(?:(?:you|the\s+agent)\s+(?:must|should|may)\s+(?:not|never)|never|do\s+not|don't|"
    r"must\s+not)\s+(?P<verb>" + _CHANGE_VERB + r")\s+" + _OF + r"\s*(?:[.;!]|$)",
    re.I,
)
# "the currency stays the one of the original order", "the plan must remain the same"
_STAYS = re.compile(
    r"^\W*(?:the\s+|an?\s+|its\s+)?(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:(?:must|should|"
    r"shall|will|has\s+to|have\s+to)\s+)?(?:always\s+)?(?:stays?|remains?|be\s+kept|stay|remain)\s+"
    r"(?:the\s+same|unchanged|as\s+(?:it\s+)?(?:is|was)|the\s+one\s+of|identical|equal\s+to)\b",
    re.I,
)
# "seats can be added but not removed" (passive), "you may add items but never remove them"
_ONE_WAY_ACTIVE = re.compile(
    r"^\W*(?:(?:you|the\s+agent)\s+)?(?:can|may|are\s+allowed\s+to|is\s+allowed\s+to)\s+"
    r"(?P<yes>add|increase|raise|extend|upgrade|lengthen)\s+(?:the\s+|an?\s+)?(?P<np>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)\b[^.;]*?,?\s*(?:but|yet)\s+(?:not|never|cannot|can't|may\s+not|must\s+not)"
    r"\s+(?P<no>remove|decrease|lower|reduce|shorten|downgrade|delete)\b",
    re.I,
)
# "cores can only be increased", "the core count can only go up": one direction only
_ONLY_ONE_WAY = re.compile(
    r"^\W*"
    + _WHEN
    + r"(?:the\s+|an?\s+|its\s+)?(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:can|may)\s+"
    r"only\s+(?:be\s+(?P<yes>increased|raised|extended|added\s+to|lengthened|upgraded|reduced|"
    r"decreased|lowered|shortened)|(?P<went>go\s+(?:up|down)|grow|increase|decrease|rise|shrink))"
    r"\s*[.;!]?\s*$",
    re.I,
)
# "keep the original currency", "the currency must match the original order"
_ORIGINAL = re.compile(
    r"^\W*(?:always\s+)?keep\s+the\s+(?:original|same|existing|current|previous)\s+(?P<np>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)\s*[.;!]?\s*$|"
    r"^\W*(?:the\s+)?(?P<np2>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:must|should|has\s+to|shall)\s+"
    r"(?:always\s+)?(?:match|equal|be\s+the\s+same\s+as)\s+(?:that\s+of\s+|the\s+one\s+(?:of|in)\s+)?"
    r"the\s+(?:original|existing|previous|current|initial)\b",
    re.I,
)
_KEEPS = frozenset({"change", "modify", "alter", "edit", "update", "switch", "replace"})


def _past(verb: str) -> str:
    return verb + ("d" if verb.endswith("e") else "ed")


_NOT_ARGUMENTS = frozenset({"it", "this", "that", "they", "these", "those", "one", "rule"})


def fixed_argument(text: str) -> Gap | None:
    """The gap of a sentence that keeps an argument at its earlier value or allows only one
    direction of change (module docstring), or None."""
    for form in (_PASSIVE, _BANNED, _STAYS):
        m = form.match(text)
        if m is not None and m["np"].split()[0].casefold() not in _NOT_ARGUMENTS:
            what = " ".join(m["np"].split())
            verb = (m.groupdict().get("verb") or "change").casefold()
            said = "must keep the value it had" if verb in _KEEPS else f"may not be {_past(verb)}"
            return Gap(
                "argument-restriction-not-compiled",
                f"`{what}` {said}: specgap cannot compare an argument "
                "with the value read before the call",
                "enforce it in the tool, or state the allowed values or range",
            )
    m = _ORIGINAL.match(text)
    if m is not None:
        what = " ".join((m["np"] or m["np2"]).split())
        return Gap(
            "argument-restriction-not-compiled",
            f"`{what}` must keep its original value: specgap cannot compare an argument with "
            "the value read before the call",
            "enforce it in the tool, or state the allowed values",
        )
    m = _ONLY_ONE_WAY.match(text)
    if m is not None and m["np"].split()[0].casefold() not in _NOT_ARGUMENTS:
        what = " ".join(m["np"].split())
        way = " ".join((m["yes"] or m["went"]).split())
        return Gap(
            "argument-restriction-not-compiled",
            f"`{what}` may only {'be ' if m['yes'] else ''}{way}: specgap cannot compare an "
            "argument with the value it had before the call",
            "state an allowed range, or enforce it in the tool",
        )
    m = _ONE_WAY_ACTIVE.match(text)
    if m is not None:
        what = " ".join(m["np"].split())
        return Gap(
            "argument-restriction-not-compiled",
            f"`{what}`: {m['yes']} is allowed but not {m['no']}; specgap cannot compare an "
            "argument with the value it had before the call",
            "state an allowed range or list of values, or enforce it in the tool",
        )
    return None
