"""A sentence that tells what happened is no rule (twenty-fourth session): "the agent ran
`list_technicians` after assigning, not before", "two `charge_card` calls went out in the
same turn", "What happened: an agent pasted the register into `send_sms`".

An incident log or a lesson learned tells its story before its rule. Read as rules, the
story's words gave orders that are the rule's opposite ("ran X after assigning" is an
ordering of X after the assignment, the mistake the lesson forbids) or bans of what went
wrong. A sentence is a telling when its subject ("the agent", "we", "two calls") is followed
by a verb in the simple past and nothing in it states a rule: no modal ("must", "never",
"only", ...), no present-tense verb of its own ("A booking cancelled by the member gets a
refund" has "gets": "cancelled" is a participle there), or when it is led by a label that
says so ("What happened:", "What went wrong:"). A verb whose past is its present
("put", "read", "set") says no tense and is no telling.

Nor is a question a rule (thirty-third session): "Which function goes first?", "What must be
read before `open_repair`?", "First step?" ask what the rule is; the answer says it. A
sentence that opens with an interrogative word or an auxiliary and ends with its question
mark, or a fragment of four words or fewer that ends with one, states none (`asks`). A
question read with its answer is a statement by then (`answers`), and is not one of these.
"""

from __future__ import annotations

import re
from functools import lru_cache

from specgap.extract.english import lemmas

__all__ = ["asks", "told"]

_QUESTION = re.compile(
    r"^\W*(?:(?:what|which|when|where|who|whom|whose|why|how|can|could|may|might|must|should|"
    r"shall|will|would|do|does|did|is|are|was|were|has|have|had|am)\b[^?]*|"
    r"(?:[\w'-]+\s+){0,3}[\w'-]+)\?\W*$",
    re.I,
)


def asks(text: str) -> bool:
    """Whether the sentence is a question, which states no rule (module docstring)."""
    return "?" in text and _QUESTION.match(text) is not None


# (only a label that can lead nothing but a story: "Incident:" or "Background:" may lead a
# rule about incidents, "Incident: open a ticket with `t`")
_LABEL = re.compile(r"^\W*what\s+(?:happened|went\s+wrong)\s*[:\u2013\u2014-]\s+", re.I)
# the subject of a telling, and the word after it (its verb, when it is in the past)
_SUBJECT = re.compile(
    r"^\W*(?:(?:we|they|i|he|she|someone|somebody|nobody|staff)|(?:the|an?|one|two|three|"
    r"several|some|our|that|this)\s+(?:[\w'`.-]+\s+){0,2}?[\w'`.-]+)\s+(?P<verb>[a-z]+)\b",
    re.I,
)
# what states a rule: a modal, a limit, a present-tense verb the sentence asserts
_RULE_WORD = re.compile(
    r"\b(?:must|should|shall|may|might|can|cannot|can't|could|will|won't|would|never|always|"
    r"only|don't|doesn't|do\s+not|does\s+not|has\s+to|have\s+to|needs?|is|are|am|gets|goes|"
    r"stays|remains|requires?|allowed|forbidden|prohibited|required|at\s+(?:most|least)|no\s+"
    r"more\s+than|up\s+to|max(?:imum)?|min(?:imum)?)\b",
    re.I,
)


@lru_cache(maxsize=4096)
def _simple_past(word: str) -> bool:
    """Whether `word` is a verb's simple past and not also its present (`ran`, `pasted`;
    not `put`)."""
    from lemminflect import getInflection  # type: ignore[import-untyped]  # (loaded when used)

    for lemma in lemmas(word.casefold()).get("VERB", ()):
        past = getInflection(lemma, "VBD")
        if word.casefold() in past and word.casefold() not in getInflection(lemma, "VBP"):
            return True
    return False


def told(text: str) -> bool:
    """Whether the sentence tells what happened instead of stating a rule (module doc)."""
    if _LABEL.match(text):
        return True
    m = _SUBJECT.match(text)
    if m is None or not _simple_past(m["verb"]):
        return False
    return _RULE_WORD.search(text) is None
