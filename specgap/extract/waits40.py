"""Acts said to wait for a step (fortieth session): "`get_booking`, `move_booking` and `refund`
wait until `verify` has returned", "opening, moving or cancelling a booking and charging a card
all wait until `verify` has come back".

The readers read an order said as a ban until the step ("Do not call `a` or `b` until `verify`
has returned"). A sentence whose subject is a list of the agent's acts, each a tool id or a
gerund with its object, and whose verb is "wait(s) until / till", is said so: the ids called,
each gerund as its verb ("Do not open, move or cancel a booking and charge a card until ...").
A subject that is a person ("the desk waits until ...") or anything else is left alone.
"""

from __future__ import annotations

import re

from specgap.extract.order_events import gerund_verb
from specgap.extract.pattern_base import ANY_ID

__all__ = ["respelt"]

_WAITS = re.compile(
    r"^(?P<lead>[^\w`]*)(?P<acts>.+?)\s+(?:(?:all|each|both|every\s+one)\s+)?"
    r"(?:(?:must|shall|should|will)\s+|ha(?:ve|s)\s+to\s+)?waits?\s+(?P<rest>(?:until|till)\s+.+)$",
    re.I | re.S,
)
_ITEM_BREAK = re.compile(r"\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+", re.I)
_ANY_ID = re.compile(ANY_ID)


def respelt(text: str) -> str | None:
    """ "Do not call <ids> until <step>" or "Do not <acts> until <step>" for acts said to wait
    for a step (module docstring), else None."""
    m = _WAITS.match(text)
    if m is None:
        return None
    acts = m["acts"]
    items = [i for i in _ITEM_BREAK.split(acts) if i]
    if all(_ANY_ID.fullmatch(i.strip("`")) for i in items):
        return f"{m['lead']}Do not call {acts} until{m['rest'][m['rest'].find(' ') :]}"
    if not all(i.split()[0].casefold().endswith("ing") for i in items):
        return None
    said = re.sub(
        r"(?:(?<=^)|(?<=,\s)|(?<=\bor\s)|(?<=\band\s))(?P<g>[A-Za-z]+ing)\b",
        lambda g: gerund_verb(g["g"].casefold()),
        acts,
    )
    return f"{m['lead']}Do not {said} until{m['rest'][m['rest'].find(' ') :]}"
