"""The values an act's argument takes, said as what to give each act (thirty-first session):
"Give each refund one of these reasons: `illness`, `duplicate_charge`, `weather`." or "Give
every cancellation one of these reasons: ...".

Read as written, "give" is the verb and "refund one of these" its object: an obligation to
call a tool no one names. The line says the refund's `reason` is one of the values listed, so
it is said the way the allowlist readers read it: "Only refund with the reason `illness`,
`duplicate_charge` or `weather`." The act is the one its noun names (`act_of`: "cancellation"
is "cancel"); a noun that names no act ("give each customer one of these codes") is left as
it stands.
"""

from __future__ import annotations

import re

from specgap.extract.noun_counts import act_of

_GIVE = re.compile(
    r"^\W*(?:always\s+)?(?:give|assign|attach|use|pick|choose|record)\s+(?:each|every|any|a|the)\s+"
    r"(?P<act>[a-z][\w-]*)\s+(?:one\s+of\s+(?:these|the\s+following)|one\s+of\s+the)\s+"
    r"(?P<noun>[a-z][\w-]*?)s?\s*(?::|\u2014|-)\s*(?P<values>[^.;]+?)\s*\.?\s*$",
    re.I,
)


def respelt(text: str) -> str | None:
    """ "Only <act> with the <noun> <values>" for "Give each <act> one of these <noun>s:
    <values>", or None (module docstring)."""
    m = _GIVE.match(text)
    if m is None:
        return None
    act = act_of(m["act"])
    if act is None:
        return None
    values = [
        v.strip() for v in re.split(r",\s*(?:or\s+|and\s+)?|\s+or\s+", m["values"]) if v.strip()
    ]
    if len(values) < 2:
        return None
    listed = ", ".join(values[:-1]) + f" or {values[-1]}"
    return f"Only {act} with the {m['noun'].casefold()} {listed}."
