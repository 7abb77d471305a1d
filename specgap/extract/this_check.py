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
_LAST_SENTENCE = re.compile(r"(?:^|[.!?]\s+)(?P<s>[^.!?]+[.!?]?)\s*$")


def pointed_check(text: str, before: str) -> list[Emit]:
    """The inferred ordering of `text` (module docstring), `before` the text just before it."""
    m = _POINTED.match(text)
    if m is None:
        return []
    last = _LAST_SENTENCE.search(before.strip())
    if last is None:
        return []
    said = parse(last["s"].strip())
    cond = said.condition
    thing = cond.entity if cond is not None and cond.entity else said.object
    if not thing:
        return []
    act = " ".join(m["act"].split())
    return [Emit("require_before", act, {"before": f"check {thing}"}, 0.6)]


def this_check(sentence: Sentence) -> list[CandidateRule]:
    """`pointed_check`'s rules of a prompt sentence, reviewed (the checking tool is inferred)."""
    if sentence.subject is not None:
        return []
    return [
        candidate(sentence, e).model_copy(update={"grounding": "inferred"})
        for e in pointed_check(sentence.clean, preceding(sentence))
    ]
