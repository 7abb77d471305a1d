"""Bounds stated in one clause of a sentence that says more: each clause joined by ";",
", and" or ", but" is read on its own, and a clause that only says the comparison reuses
the action of the clause before it.

- "discounts may not exceed 15%, and they can only be applied once per order": the bound
  of the first clause (the count of the second is read by the grammar);
- "refunds are at most $200; exchanges are free": the first clause's bound;
- "the agent can issue refunds, but never more than $200": "never issue refunds of more
  than $200" (the elided action is the first clause's).

Only bounds are read here (`amounts.amount_bounds` on each clause); the caller adds them to
a sentence that had none.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit

_JOINS = re.compile(r"\s*;\s*|,\s+(?:and|but|while|whereas)\s+(?:also\s+)?", re.I)
# "but never more than $200": a comparison with no action of its own
_ELIDED = re.compile(
    r"^(?:never|not|no|though\s+never|only)\s+(?P<rest>(?:(?:more|less|fewer|greater|higher|"
    r"larger|longer)\s+than|over|above|under|below|up\s+to|at\s+most|beyond)\b.*)$",
    re.I,
)
# the action of the clause before: "the agent can issue refunds", "you may apply discounts"
_ACTION = re.compile(
    r"^\W*(?:(?:the\s+)?(?:agents?|assistant)|you|we|staff)\s+(?:can|may|should|must|will|are\s+"
    r"allowed\s+to|are\s+able\s+to)\s+(?:also\s+)?(?P<verb>[a-z]+)\s+(?P<obj>(?:(?:a|an|the|any)\s+)?"
    r"[a-z][\w-]*)\s*$",
    re.I,
)


def clause_bounds(text: str) -> list[Emit]:
    """The bounds the sentence's clauses state, each read on its own (module docstring);
    [] for a sentence of one clause."""
    from specgap.extract.amounts import amount_bounds

    parts = [p.strip(" .") for p in _JOINS.split(text) if p.strip(" .")]
    if len(parts) < 2:
        return []
    out: list[Emit] = []
    for before, part in zip(["", *parts], parts, strict=False):
        found = amount_bounds(part + ".")
        elided = _ELIDED.match(part)
        action = _ACTION.match(before) if elided is not None else None
        if not found and elided is not None and action is not None:
            found = amount_bounds(f"Never {action['verb']} {action['obj']} of {elided['rest']}.")
        out.extend(found)
    return out
