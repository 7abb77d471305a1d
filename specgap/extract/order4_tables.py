"""A table column that says whether the user must confirm the row's action, headed by who
confirms: "Requester must confirm", "Confirmed by the member", "Caller confirms", "Guest
OK?". A yes cell ("yes", "required", "always", a tick) is `require_confirmation(<action>)`,
under the action cell's qualifier ("`set_mode` with `force: true`") when it has one; a no
cell or an empty one states nothing. A column headed by someone who speaks for someone else
("Manager must confirm") is a review, not the user's yes: not read here. (`confirm_tables`
reads a table whose confirmation column names nobody, "Confirmation?", taken whole.)"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.grammar_emit import Emit
from specgap.extract.order4_shapes import ID
from specgap.extract.people import PERSONISH
from specgap.operators.prose import USER

_WHO = r"(?:the\s+|a\s+|an\s+)?(?:" + USER + r"|" + PERSONISH + r")s?"
_HEADER = re.compile(
    r"^\W*(?:" + _WHO + r"\s+(?:must|has\s+to|should|needs?\s+to|to)\s+(?:confirm|agree|approve)"
    r"|(?:confirmed|approved|agreed)\s+by\s+" + _WHO + r"|" + _WHO + r"\s+(?:confirms?|"
    r"agrees?|confirmation|consent|yes|ok|okay|go-ahead)|(?:confirm|confirmation)\s+(?:with|"
    r"from|by)\s+" + _WHO + r")\W*$",
    re.I,
)
_LEADING_ID = re.compile(r"^[\s`*]*(?P<id>" + ID + r")(?![\w.-])")
_YES = frozenset({"yes", "y", "required", "always", "✓", "✔", "x", "true", "mandatory", "must"})


def row_confirmations(header: list[str], row: list[str]) -> list[Emit]:
    """`require_confirmation` of one row of a table whose header names the user confirming
    (module docstring); [] for any other table or row."""
    from specgap.extract.order3_tables import qualifier
    from specgap.extract.order_tables import row_action

    if len(row) != len(header):
        return []
    asks = [i for i, h in enumerate(header) if _HEADER.match(h.strip("*_` "))]
    if len(asks) != 1:
        return []
    cell = row[asks[0]].strip("*_` .").casefold()
    if cell not in _YES:
        return []
    act = next((i for i in range(len(header)) if i != asks[0]), None)
    if act is None:
        return []
    named = _LEADING_ID.match(row[act])  # "`set_mode` with `force: true`": its tool
    then = named["id"] if named is not None else row_action(row[act])
    if then is None:
        return []
    emit = Emit("require_confirmation", then, {}, 0.7)
    only = qualifier(row[act])
    return [replace(emit, condition=only) if only else emit]
