"""Nouns that name one thing in other words: "reschedule the visit" for
`update_appointment_time`, "cancel the reservation" for `cancel_booking`.

The table is small on purpose and general: each group holds words that services use for one
thing, whatever the domain (a visit is an appointment at a clinic, a garage or a salon; a
client is a customer). A word found through a synonym counts less than the word itself
(`SYNONYM`), so a tool that says the mention's own word always leads one that says only a
synonym of it, and two tools found alike through a synonym stay a tie. Words with a second,
unrelated sense in tool names (`order`: a purchase, or a sequence; `ticket`: a seat, or a
support case; `member`: of a club, or of a group) are left out.
"""

from __future__ import annotations

from functools import lru_cache

from specgap.resolve.text import stem

SYNONYM = 0.85  # of a word's weight, for a tool that says a synonym of it instead

_GROUPS = (
    ("appointment", "visit", "consultation"),
    ("booking", "reservation"),
    ("customer", "client"),
    ("employee", "staff", "worker"),
    ("package", "parcel", "shipment"),
    ("vehicle", "car"),
    ("invoice", "bill"),
    ("phone", "telephone"),
    ("refund", "reimbursement"),
    ("medication", "medicine", "drug"),
    ("multiple", "several", "many"),
)


def _table() -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for group in _GROUPS:
        stems = tuple(dict.fromkeys(stem(w) for w in group))
        for s in stems:
            out[s] = tuple(o for o in stems if o != s)
    return out


_TABLE = _table()


@lru_cache(maxsize=4096)
def synonyms(word: str) -> tuple[str, ...]:
    """The stems that name what the stem `word` names, in the table's order; () for a word
    the table lacks."""
    return _TABLE.get(word, ())
