"""A check the sentence before describes, required before an action: "Kayaks may be hired
only when the kayak is dry. This check is required before each kayak hire."

The second sentence names its prerequisite by pointing back ("this check", "that
verification", "such a lookup"); what is checked is the thing the sentence before tests (its
condition's entity, or else the object of its action). Read as
`require_before(<action>, before=<check the thing>)`, where the action is what the sentence
names after `before` / `prior to` ("each kayak hire": the nominal action the resolver maps).
Which tool checks the thing is inferred, so the rule is reviewed (`grounding: inferred`).

Nothing is read when the sentence before names nothing to check, when the pointer names a
yes ("this confirmation" is the user's, see `user_yes`), or when no action follows.
"""

from __future__ import annotations

import re

from specgap.extract.grammar import parse
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.order_events import event_action
from specgap.extract.segments import Sentence
from specgap.extract.source_rules import preceding
from specgap.ir import CandidateRule

__all__ = ["pointed_check", "this_check"]

_POINTED = re.compile(
    r"^\W*(?:this|that|these|those|the\s+same|such\s+an?|such)\s+(?:[a-z]+\s+)?(?P<noun>check|"
    r"checks|verification|validation|lookup|look-up|inspection)\s+(?:is|are|must\s+be|should\s+be|"
    r"has\s+to\s+be|needs\s+to\s+be)\s+(?:always\s+)?(?:required|needed|mandatory|necessary|done|"
    r"performed|made|run|carried\s+out)\s+(?:prior\s+to|before)\s+(?:each|every|any|all|the|a|an)?"
    r"\s*(?P<act>[a-z][^.;:]*?)\s*[.!]?\s*$",
    re.I,
)
# "this check must precede every hire", "perform this check before each hire"
_POINTED_MORE = re.compile(
    r"^\W*(?:(?:always\s+)?(?:perform|do|run|make|carry\s+out|complete)\s+)?(?:this|that|these|"
    r"those|the\s+same|such\s+an?|such)\s+(?:[a-z]+\s+)?(?P<noun>check|checks|verification|"
    r"validation|lookup|look-up|inspection)\s+(?:(?:must|should|has\s+to|needs\s+to)\s+(?:always\s+)?"
    r"precede|(?:always\s+)?(?:precedes|comes\s+before|goes\s+before)|(?:prior\s+to|before))\s+"
    r"(?:each|every|any|all|the|a|an)?\s*(?P<act>[a-z][^.;:]*?)\s*[.!]?\s*$",
    re.I,
)
_LAST_SENTENCE = re.compile(r"(?:^|[.!?]\s+)(?P<s>[^.!?]+[.!?]?)\s*$")


def pointed_check(text: str, before: str) -> list[Emit]:
    """The inferred ordering of `text` (module docstring), `before` the text just before it."""
    m = _POINTED.match(text) or _POINTED_MORE.match(text)
    if m is None:
        return []
    last = _LAST_SENTENCE.search(before.strip())
    if last is None:
        return []
    said = parse(last["s"].strip())
    cond = said.condition
    thing = cond.entity if cond is not None and cond.entity else said.object
    if not thing:
        thing = _gated_thing(last["s"], cond.text if cond is not None else "")
    if not thing:
        return []
    act = " ".join(m["act"].split())
    act = event_action(act) or act  # "admitting a dog", "each admission": the action said
    return [Emit("require_before", act, {"before": f"check {thing}"}, 0.6)]


# "Booking a kennel is permitted only when ...": an action said by a gerund subject
_GATED = re.compile(
    r"^\W*(?P<verb>[A-Za-z]+ing)\s+(?:(?:a|an|the|any|each|every)\s+)?(?P<obj>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2}?)\s+(?:is|are)\s+(?:only\s+|solely\s+)?(?:permitted|allowed|"
    r"possible|authori[sz]ed)\b",
    re.I,
)
# `free_slots`, `used_slots`: the fields a condition tests, by their last word
_FIELD = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


def _gated_thing(said: str, condition: str) -> str:
    """What a check of a gated action's condition checks, when the sentence says the action
    by a gerund subject ("Booking a kennel is permitted solely when free_spaces exceeds
    zero"): the action's object and the last words of the fields the condition tests
    (`kennel spaces`), for the resolver; "" when the sentence has no such subject."""
    m = _GATED.match(said)
    if m is None:
        return ""
    fields = dict.fromkeys(f.rsplit("_", 1)[1] for f in _FIELD.findall(condition))
    return " ".join([*m["obj"].split(), *[f for f in fields if f not in m["obj"].split()]])


def this_check(sentence: Sentence) -> list[CandidateRule]:
    """`pointed_check`'s rules of a prompt sentence, reviewed (the checking tool is inferred)."""
    if sentence.subject is not None:
        return []
    return [
        candidate(sentence, e).model_copy(update={"grounding": "inferred"})
        for e in pointed_check(sentence.clean, preceding(sentence))
    ]
