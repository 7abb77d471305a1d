"""Orderings said as a requirement: "cancelling a booking requires getting the booking
first", "refunds require a prior cancellation", "storing a sample requires that it has been
registered", "shipping requires `verify_sample` first", "verifying the sample must precede
shipping it"; the user's yes a requirement names ("refunds require the customer's explicit
confirmation") is a confirmation. An order only recommended keeps that as its condition."""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.clause_steps import recommended
from specgap.extract.grammar_emit import Emit
from specgap.extract.oblig_nominal import nominal_prerequisites, without_novelty
from specgap.extract.order_events import event_action, object_of, said_action
from specgap.extract.temporal_parts import (
    BARE_ID,
    CALL_LEAD,
    CALL_TAIL,
    PRECEDES,
    REQUIRES,
    REQUIRES_THAT,
    REQUIRES_TOOL,
    REQUIRES_YES,
    split_events,
    with_object,
)


def requires(text: str) -> Emit | None:
    """`Cancelling a booking requires getting the booking first`, `refunds require a prior
    cancellation`: the second action comes before the first; only recommended ("usually
    requires"): kept as the condition, so the rule is reviewed."""
    rest, soft = recommended(text)
    emit = requires_plain(rest)
    return replace(emit, condition=emit.condition or soft) if emit and soft else emit


def requires_plain(text: str) -> Emit | None:
    yes = REQUIRES_YES.match(text.strip())
    if yes is not None:  # "refunds require the customer's explicit confirmation"
        said = said_action(f"{yes['a']} is done")
        return Emit("require_confirmation", said, {}, 0.7) if said is not None else None
    m = REQUIRES.match(text.strip()) or REQUIRES_THAT.match(text.strip())
    m = m or REQUIRES_TOOL.match(text.strip())
    if m is None:
        # "a credit check is required for every loan": said again as "loans require ..."
        nominal = (requires_plain(t) for t in nominal_prerequisites(text))
        return _precedes(text) or next((e for e in nominal if e is not None), None)
    then = said_action(f"{without_novelty(m['a'])} is done")  # "every new loan": a loan
    # "requires verifying it or registering it": the object named before; any of them
    events, any_one = split_events(re.sub(r"\b(?:it|them)\b", object_of(then), m["b"]))
    found = [event_action(e) or _bare_id(e) for e in events]
    firsts = [f for f in dict.fromkeys(found) if f is not None and f != then]
    if then is None or not firsts or len(firsts) < len(events) or (len(events) > 1 and not any_one):
        return None
    return Emit("require_before", then, {"before": firsts if len(firsts) > 1 else firsts[0]}, 0.7)


def _precedes(text: str) -> Emit | None:
    """`Verifying the sample must precede shipping it`: the first action comes first."""
    m = PRECEDES.match(text.strip())
    if m is None or re.match(r"^\W*(?:this|that|these|those|such)\b", m["b"], re.I):
        return None  # "this check must precede ...": what it points back to (`this_check`)
    first = said_action(f"{m['b']} is done") or event_action(m["b"])
    then = event_action(with_object(re.sub(r"\b(?:it|them)\b", object_of(first), m["a"]), first))
    if first is None or then is None or then == first:
        return None
    return Emit("require_before", then, {"before": first}, 0.7)


_BARE_ID = re.compile(rf"^{CALL_LEAD}(?P<id>{BARE_ID}){CALL_TAIL}(?:\s+first)?$")


def _bare_id(event: str) -> str | None:
    """A tool id said as the event with no backquotes ("a prior getBooking call")."""
    m = _BARE_ID.match(event.strip(" .`"))
    return m["id"] if m is not None else None
