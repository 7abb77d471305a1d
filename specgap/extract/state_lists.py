"""A list of noun phrases, each naming the same entity in a state: "cancelled bookings,
attended bookings and bookings on hold must never be moved". Each phrase is read as
`phrase_state` reads one; when every one binds, about the same entity (and field, when
named), the list is one condition holding any of their values. A list any phrase of which
does not bind is not read (the rule is never read as a ban on every such entity).
"""

from __future__ import annotations

import re

from specgap.extract.grammar_conditions import Condition
from specgap.extract.state_positions import phrase_state

__all__ = ["listed_states"]

_ITEMS = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+(?=(?:[a-z]+\s+)?[a-z]+s\b)", re.I)


def listed_states(subject: str, at: int) -> tuple[Condition, str] | None:
    """The one condition of a list of stated noun phrases, and the entity's noun as said
    (`bookings`); None unless the subject is such a list of two or more."""
    parts: list[tuple[str, int]] = []
    start = 0
    for m in _ITEMS.finditer(subject):
        parts.append((subject[start : m.start()], start))
        start = m.end()
    parts.append((subject[start:], start))
    if len(parts) < 2 or any(not p.strip() for p, _ in parts):
        return None
    found = [phrase_state(p, at + where, kinds=False) for p, where in parts]
    if any(c is None or not c.bound or c.negated for c in found):
        return None
    bound = [c for c in found if c is not None]
    entities = {c.entity for c in bound}
    fields = {c.field for c in bound} - {None}
    if len(entities) != 1 or None in entities or len(fields) > 1:
        return None
    values = tuple(dict.fromkeys(v for c in bound for v in c.values))
    head = re.findall(r"[A-Za-z][\w-]*", parts[0][0])
    noun = head[-1].casefold() if head else str(bound[0].entity)
    if bound[0].entity and not noun.startswith(bound[0].entity[:3]):
        noun = str(bound[0].entity)
    text = " ".join(subject.split())
    entity = bound[0].entity
    field = next(iter(fields), None)
    return Condition("if", text, at, at + len(subject), entity, field, values), noun
