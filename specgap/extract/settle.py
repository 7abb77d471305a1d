"""The last word on a sentence's bans and counts, whichever reader read them: no reading may
be stronger (or weaker) than the sentence.

- "Snapshot deletion is strictly forbidden for production volumes": what follows
  "forbidden" is the case the ban holds in; a ban read without it gets it as its condition
  (reviewed, with a `condition-not-bound` note), never the flat ban;
- "Outside vendors cannot be added by the assistant": the agent named as the doer of a
  passive ban is no condition on the call; the ban is the agent's, whole;
- "Couples may move their date once free of charge": a count of free acts forbids none (more
  cost a fee): the count is kept for review with the words that say so, never enforced;
- "A payment is refunded no more than once", in a tool's description: a count of acts on each
  payment, the thing the sentence's subject names (`per`), never of every act of the chat;
- "1 to 4 names, or up to 10 when the trip is guided": a bound read on the word after its
  number when that word opens a clause ("when", "if", "unless") names no value of the call:
  it is no reading of the sentence and is dropped (the count beside it is read whole).
"""

from __future__ import annotations

import re

from specgap.extract.noun_counts import FREE
from specgap.extract.pattern_base import TALK_NOUNS, singular
from specgap.extract.plain_bans import forbidden_tail
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule

_BY_AGENT = re.compile(r"^\s*by\s+(?:you|us|the\s+(?:assistant|agent|bot|ai|model))\s*$", re.I)


def settle(sentence: Sentence, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The sentence's rules, each no stronger and no weaker than it (module docstring)."""
    free = FREE.search(sentence.clean)
    if free is not None:  # kept for review with what it says, never enforced
        rules = [
            r.model_copy(update={"condition": r.condition or free[0]})
            if r.operator == "max_calls"
            else r
            for r in rules
        ]
    tail = forbidden_tail(sentence.clean) if sentence.subject is None else None
    # (in a tool's description: a prompt's counts get their entity from `count24`/`clause3`)
    each = _EACH.match(sentence.clean) if sentence.artifact.kind == "tools" else None
    per = singular((each["noun"] or each["it"]).casefold()) if each is not None else None
    if per is not None and per not in _SPANS:  # "A payment is refunded no more than once"
        rules = [
            r.model_copy(update={"params": {**r.params, "per": per}})
            if r.operator == "max_calls" and "per" not in r.params
            else r
            for r in rules
        ]
    return [_settled(r, tail) for r in rules if str(r.params.get("facet", "")) not in _CLAUSE]


# "A payment is refunded no more than once", "each booking gets charged twice at most": a count
# of acts on each such thing, never of every act in the chat (which would be stronger)
_EACH = re.compile(
    r"^\W*(?:(?:a|an|each|every|any|no|one)\s+(?P<noun>[a-z]+)\s+(?:is|gets|can\s+be|may\s+be|"
    r"will\s+be)\s+[a-z]+ed\b"
    # (as a respelling says it: "Never refund a payment twice")
    r"|never\s+[a-z]+\s+(?:a|an|any|the\s+same)\s+(?P<it>[a-z]+)\s+(?:twice|more\s+than))",
    re.I,
)
# a span of the talk or of the time it runs in, counted per chat already
_SPANS = TALK_NOUNS | {"day", "week", "visit", "tour", "journey", "meeting", "match",
                       "correspondence"}  # fmt: skip


# the words that open a clause: never the name of what a bound limits
_CLAUSE = frozenset(
    {"when", "whenever", "if", "unless", "while", "where", "once", "until", "after", "before"}
)


def _settled(rule: CandidateRule, tail: str | None) -> CandidateRule:
    if rule.operator != "deny_action" or rule.params.get("values"):
        return rule
    if rule.condition and _BY_AGENT.match(rule.condition):
        return rule.model_copy(update={"condition": None})
    if tail is not None and rule.condition is None:
        return rule.model_copy(update={"condition": tail})
    return rule
