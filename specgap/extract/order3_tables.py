"""A table's prerequisite column headed by the step's own verb and "first": "Read first",
"Look up first", "Fetch first", "First check" (`order_tables` reads the rows). The verbs
are those of reading or checking something, which is what comes first; a column headed by
a verb of changing ("Update first") or by "first" alone says no order here."""

from __future__ import annotations

import re

FIRST_HEADER = (
    r"(?:(?:read|get|fetch|load|look\s+up|check|inspect|verify|query|open|pull|retrieve|call|run)"
    r"\s+(?:it\s+|this\s+)?first|first\s+(?:read|get|fetch|look\s+up|check|inspect|verify|call|run))"
)

# "`set_mode` with `force: true`", "close_case when it is escalated": an action cell that
# says more than its tool; the order holds only then
_QUALIFIED = re.compile(
    r"^\W*[A-Za-z][\w.-]*(?:\(\))?`?\s+(?P<q>(?:with|when|where|if|for|on)\s+\S.*?)\s*$", re.I
)


def qualifier(cell: str) -> str | None:
    """What an action cell says beyond its tool ("with `force: true`"), kept as the rule's
    condition (so the rule is reviewed unless the compiler binds it); None for a bare tool."""
    m = _QUALIFIED.match(cell)
    return m["q"] if m is not None else None
