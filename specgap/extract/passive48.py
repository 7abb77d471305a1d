"""A call said in the passive before the act it must precede (forty-eighth session): "`t` is
run on the booking before it is cancelled", "`t` was called on a booking_id before that same
booking_id was moved or cancelled", "`t` is used for each renter before a car is booked".

The readers read the imperative ("Call `t` on a booking_id before that same booking_id is
moved"); the passive leaves them the tool as a subject they do not order, and "it" an act
they cannot place. So a sentence that gave no rule and opens with one of the agent's tools
said to be called (called, run, used, invoked, checked, read; is, are, was, were, has been)
before or prior to another act is read as that imperative, and an "it" or "they" the later
act is said of becomes the thing the call was made on ("on the booking ... before it is
cancelled": "before that same booking is cancelled"). Nothing else is changed; what the
imperative cannot read stays unread, with the sentence's own note.
"""

from __future__ import annotations

import re

from specgap.extract.agent_params import agent_tool
from specgap.extract.noact_respell import Read, read_as
from specgap.extract.pattern_base import id_named, tool_id
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["reread", "spelling"]

_PASSIVE = re.compile(
    r"^[^\w`]*"
    + tool_id("id")
    + r"\s+(?:is|are|was|were|has\s+been|had\s+been|gets|got)\s+(?:always\s+|first\s+)?"
    r"(?:called|run|used|invoked|checked|read|consulted|queried)\b(?P<rest>.*?)\s+"
    r"(?P<when>before|prior\s+to)\s+(?P<then>.+)$",
    re.I,
)
# what the call is made on: "on the booking", "for a booking_id", "against each renter"
_ON = re.compile(r"\b(?:on|for|against|with)\s+(?:the|a|an|each|every|that)\s+(?P<thing>[\w-]+)")
_IT = re.compile(r"^(?:it|they)\s+(?=(?:is|are|was|were|has|have|gets|get|got)\b)", re.I)


def spelling(text: str) -> str | None:
    """The passive call said as the imperative (module docstring), or None."""
    m = _PASSIVE.match(text)
    if m is None:
        return None
    then = m["then"]
    on = _ON.search(m["rest"])
    if _IT.match(then):
        if on is None:
            return None  # "before it is cancelled", with nothing said it could be
        then = _IT.sub(f"that same {on['thing']} ", then, count=1)
    return f"Call `{id_named(m, 'id')}`{m['rest']} {m['when']} {then}"


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read as its imperative, when it gave no rule and its tool is the
    agent's; as it was otherwise."""
    if sentence.subject is not None or rules:
        return rules, diagnostics
    m = _PASSIVE.match(sentence.clean)
    said = spelling(sentence.clean)
    if m is None or said is None or agent_tool(id_named(m, "id")) is None:
        return rules, diagnostics
    found, notes = read_as(sentence, said, read)
    return (found, notes) if found else (rules, diagnostics)
