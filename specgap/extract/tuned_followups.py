"""A count kept up to date after an event is a follow-up, not an ordering.

"After a pass is issued, the pass counter must be incremented", "once a seat is booked,
the free seat count must be decreased by one", "after each refund, increase the refunds
total": the event is one of the things that move the count, and the sentence says what
must follow it. It does not say that the count may move only after that event: the same
count goes down when a pass is returned, is corrected by hand, and so on. Reading such a
sentence as `require_before(<adjust the count>, before=<the event>)` would block every
other adjustment, a rule stronger than the sentence; so no ordering is read (the
sentence keeps its obligation note: no operator requires a later call).

Only a plain "after / once / as soon as" is so read: "the counter may *only* be
incremented after X" states the order itself, and is read as one.
"""

from __future__ import annotations

import re

__all__ = ["adjusts_a_count"]

# verbs that only ever move a number up or down
_COUNTING = frozenset({"increment", "decrement", "bump", "tally"})
# verbs that move a number when their object is one
_MOVING = frozenset(
    {"increase", "decrease", "reduce", "raise", "lower", "deduct", "recalculate", "recount"}
)
_COUNTS = frozenset(
    {"count", "counter", "counts", "total", "totals", "number", "value", "quantity",
     "tally", "balance", "stock", "inventory", "level", "usage", "seats", "slots",
     "capacity", "remaining", "available", "sum", "score", "points", "credits"}
)  # fmt: skip


def adjusts_a_count(action: str | None, conj: str, main: str) -> bool:
    """Whether an "after <event>" reading whose main clause is `main` and main action is
    `action` is a count kept up to date (module doc): a counting verb, or a moving verb on
    a count noun; never when "only" or a ban says the order itself."""
    if action is None or conj not in {"after", "once", "as soon as"}:
        return False
    if re.search(r"\b(?:only|never|not|no)\b|n't\b", main, re.I):
        return False
    words = [w.casefold() for w in re.findall(r"[A-Za-z][\w-]*", action)]
    if not words:
        return False
    verb, rest = words[0], words[1:]
    if verb in _COUNTING:
        return True
    parts = {p for w in rest for p in re.split(r"[_-]", w)}
    return verb in _MOVING and bool(parts & _COUNTS)
