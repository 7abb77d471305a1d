"""An obligation followed by what may happen only after it, in one sentence: "Always confirm
the tenant's identity; only then can you renew the lease.", "Pull the invoice - only after
that may you issue a credit.", "Look up the parcel; once it is found, reroute it."

The first part obliges a step (which no operator requires); the second says what comes
after it. Said again in the shapes `temporal` reads: "renew the lease only after confirming
the tenant's identity" (only then / only after that: the order alone), "after looking up
the parcel, reroute it" (once found / once done: the order, and the duty to do it next,
which `temporal` reports). The step must be an action said as an imperative (after "you
must", "always", "please", "first"); a negation or a condition in it, or a later part that
is no clause, gives nothing.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import NOT_ACTIONS
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.order_words import gerund_of
from specgap.extract.pattern_base import lemma

__all__ = ["then_orders"]

_WHO = r"(?:you|we|the\s+agent|agents?|staff)"
_MODAL = r"(?:may|can|could|should|must|shall|will|are\s+(?:you\s+)?allowed\s+to)"
_BREAK = r"\s*(?:;|:|\s[-\u2013\u2014]+|,\s*and)\s*(?:and\s+)?"
_ONLY_THEN = re.compile(
    rf"^\W*(?P<x>[a-z][^;:]*?){_BREAK}only\s+(?:then|after\s+(?:that|this)|once\s+(?:that|this)\s+"
    rf"(?:is|has\s+been)\s+(?:done|complete|completed))\s*,?\s+(?:{_MODAL}\s+{_WHO}\s+|{_WHO}\s+"
    rf"{_MODAL}\s+)?(?P<y>[a-z][^;]*?)\s*[.!]?\s*$",
    re.I,
)
_ONCE = re.compile(
    rf"^\W*(?P<x>[a-z][^;:]*?){_BREAK}(?:once|when|after)\s+(?:found|done|complete|completed|"
    r"(?:it|that|this|they)\s+(?:is|are|has\s+been|have\s+been)\s+(?:found|done|complete|"
    r"completed|retrieved|located))\s*,\s*(?:you\s+(?:must|should|can|may)\s+)?(?P<y>[a-z][^;]*?)"
    r"\s*[.!]?\s*$",
    re.I,
)
# what opens the obliged step: "you must", "always", "please", "first"
_LEAD = re.compile(
    rf"^(?:{_WHO}\s+(?:must|should|shall|have\s+to|has\s+to|need\s+to|needs\s+to)\s+|always\s+|"
    r"please\s+|first\s*,?\s+|make\s+sure\s+(?:to|you)\s+)+",
    re.I,
)
_NOT_STEP = re.compile(r"\b(?:not|never|no|if|unless|when|whether)\b", re.I)


def then_orders(text: str) -> list[str]:
    """The sentence in the shapes `temporal` reads (module docstring), or []."""
    text = " ".join(text.split())
    if (m := _ONLY_THEN.match(text)) is not None:
        doing = _gerund(m["x"])
        return [f"{_named(m['y'], doing)} only after {doing}"] if doing else []
    if (m := _ONCE.match(text)) is not None:
        doing = _gerund(m["x"])
        return [f"After {doing}, {_named(m['y'], doing)}"] if doing else []
    return []


_THING = re.compile(
    r"^[a-z]+(?:\s+(?:up|out|in|back|down))?\s+"
    r"(?P<np>(?:the|a|an|their|its|this)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)$",
    re.I,
)


def _named(later: str, doing: str) -> str:
    """The later step with its pronoun read as the thing the step acted on ("renew it"
    after "fetching the lease": "renew the lease"); as said otherwise."""
    thing = _THING.match(doing)
    if thing is None:
        return later
    return re.sub(r"\b(?:it|them)\b", thing["np"], later, count=1, flags=re.I)


def _gerund(step: str) -> str | None:
    """ "You must always confirm the identity" -> "confirming the identity"; None for a
    step that is no plain imperative."""
    said = _LEAD.sub("", step.strip()).strip()
    if not said or _NOT_STEP.search(said):
        return None
    verb, _, rest = said.partition(" ")
    if lemma(verb.casefold()) not in IMPERATIVE_VERBS or lemma(verb.casefold()) in NOT_ACTIONS:
        return None  # "ask the member; only then ...": talk, not a call (`user_yes` reads it)
    doing = gerund_of(verb.casefold())
    return f"{doing} {rest}".strip() if doing else None
