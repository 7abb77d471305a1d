"""A state of the thing a call uses, said with "be used to" (fifteenth session): "A pass that
is frozen cannot be used to book a lane", "Expired vouchers may not be used for payments",
"Suspended cards can't be used to check out a tool".

The action is the one after "to"/"for", the thing used its argument's entity, and the state
its forbidden value: the sentence is read again as "do not book a lane with a frozen pass",
which the state readers compile (a `state_condition` bound to the argument naming the
entity, or reviewed with a note when no argument names it). Kept only when that reading is a
state test.
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import when_none
from specgap.extract.order_events import gerund_verb

_NEG = (
    r"(?:cannot|can't|can\s+not|may\s+not|must\s+not|mustn't|shall\s+not|should\s+not|"
    r"is\s+not\s+to|are\s+not\s+to)"
)
_W = r"[a-z][\w-]*"
_RELATIVE = re.compile(
    rf"^\W*(?:an?|the|any)\s+(?P<np>{_W}(?:\s+{_W})?)\s+(?:that|which)\s+(?:is|are|has\s+been|"
    rf"have\s+been)\s+(?P<state>{_W})\s+{_NEG}\s+be\s+used\s+(?:to|for)\s+(?P<act>[^.;]+?)\s*[.!]?$",
    re.I,
)
_FRONT = re.compile(
    rf"^\W*(?:an?\s+|the\s+|any\s+)?(?P<state>{_W})\s+(?P<np>{_W}(?:\s+{_W})?)\s+{_NEG}\s+be\s+"
    rf"used\s+(?:to|for)\s+(?P<act>[^.;]+?)\s*[.!]?$",
    re.I,
)


def respelt(text: str) -> str | None:
    """ "Do not <act> with a <state> <thing>", or None."""
    said = " ".join(text.split())
    m = _RELATIVE.match(said) or _FRONT.match(said)
    if m is None:
        return None
    act = m["act"].strip()
    first, _, rest = act.partition(" ")
    if first.casefold().endswith("ing"):  # "for booking lanes": book lanes
        act = f"{gerund_verb(first.casefold())} {rest}".strip()
    return f"Do not {act} with a {m['state']} {m['np']}."


# The sentence read as a state of what the call uses (module docstring) when the first reading gave
# no rule.
reread = when_none(respelt, only="state_condition")
