"""What an `only` or `must not` rule restricts, when no operator states it: the part of the
note that names the restriction, so the reader sees which words were not compiled and why.

- "Only the passenger may cancel their booking.": who may act ("the passenger"); no operator
  checks who acts, a call has no author but the agent;
- "You must only issue vouchers to passengers who have a cancelled crossing.", "You may only
  move a booking to a crossing on the same day.": what follows the action ("to passengers
  who have a cancelled crossing") could not be read as the values of an argument, the state
  of an entity a tool reads, or where a value comes from;
- "Vouchers must not be combined.": the verb (`combine`) is none of the tools' actions, so
  the ban names no call.

The words are kept as written; nothing is compiled from them (a rule that guessed would be
stronger than the sentence).
"""

from __future__ import annotations

import re

from specgap.extract.grammar import Clause
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.pattern_base import USER

__all__ = ["limit_detail"]

_WHO_ONLY = re.compile(
    r"^\W*only\s+(?P<who>(?:the\s+|a\s+|an\s+)?(?:[a-z]+\s+){0,2}?(?:"
    + USER
    + r"|[a-z]+(?:ers|ors|ists|ants|ents|ians|ees))s?)\s+"
    r"(?:may|can|is\s+allowed\s+to|are\s+allowed\s+to)\s+(?:[a-z]+)\b",
    re.I,
)
_MODAL = re.compile(r"\b(?:must|may|can|cannot|should|shall|not|never|only)\b", re.I)
_REST_MAX = 12  # words of a restriction quoted in the note


def limit_detail(text: str, clause: Clause) -> str | None:
    """The restriction an `only` / `must not` clause states and why it is not compiled
    (module doc), or None when the sentence says none of these."""
    if clause.modality not in {"only", "must_not"} or clause.action is None:
        return None
    if clause.modality == "only" and (m := _WHO_ONLY.match(text)) is not None:
        who = " ".join(m["who"].split())
        return (
            f"it says who may `{clause.action}` (only {who}), and no operator checks who acts: "
            "every call is the agent's"
        )
    verb = (clause.verb or "").casefold()
    if clause.modality == "must_not" and verb and verb not in IMPERATIVE_VERBS:
        return f"`{verb}` is none of the tools' actions, so the rule names no call"
    if clause.action_span is None:
        return None
    rest = text[clause.action_span[1] :].strip(" .!;:,")
    words = rest.split()
    if not words or clause.modality != "only" or _MODAL.search(rest):
        return None
    said = " ".join(words[:_REST_MAX]) + (" ..." if len(words) > _REST_MAX else "")
    return (
        f"the restriction `{said}` could not be read as the values of an argument, the state "
        "of an entity a tool reads, or where a value comes from"
    )
