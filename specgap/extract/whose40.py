"""A ban said of an entity by a relative clause on its state (fortieth session): "A passenger
whose account_status is suspended is neither booked nor charged", "No member whose status is
lapsed is booked".

The condition readers read a state test said as a condition of the act ("Do not book a
passenger if the passenger's account_status is suspended"). A sentence whose subject is an
entity with a "whose <field> is <value>" clause, and whose verb is a passive ban ("is not V-ed",
"is never V-ed", "is neither V-ed nor W-ed", or "No <entity> whose ... is V-ed"), is said so:
"Do not V or W a <entity> if the <entity>'s <field> is <value>". Nothing else is changed.
"""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma

__all__ = ["respelt"]

_WHOSE = re.compile(
    r"^(?P<lead>[^\w`]*)(?P<det>a|an|any|every|no)\s+(?P<n>[a-z][a-z-]*)\s+whose\s+"
    r"(?P<f>`?[A-Za-z][\w-]*`?(?:\s+[a-z]+)?)\s+(?P<cop>is|are|reads|shows|stands\s+at)\s+"
    r"(?P<v>[^,;]+?)\s+(?:is|are|gets|get)\s+"
    r"(?:neither\s+(?P<a>[a-z]+)\s+nor\s+(?P<b>[a-z]+)|(?P<neg>not|never)\s+(?P<c>[a-z]+)"
    r"(?:\s+or\s+(?P<d>[a-z]+))?|(?P<e>[a-z]+)(?:\s+or\s+(?P<g>[a-z]+))?)"
    r"(?P<rest>\s*[,;.!].*)?$",
    re.I | re.S,
)


def respelt(text: str) -> str | None:
    """ "Do not V a <entity> if the <entity>'s <field> is <value>" for a ban said of an entity
    whose state a relative clause tests (module docstring), else None."""
    m = _WHOSE.match(text.strip())
    if m is None:
        return None
    banned = m["a"] or m["neg"] or m["det"].casefold() == "no"
    if not banned:
        return None
    said = [p for p in (m["a"], m["b"], m["c"], m["d"], m["e"], m["g"]) if p]
    verbs = [verb_lemma(p.casefold()) for p in said if p.casefold().endswith(("ed", "en", "t"))]
    if not verbs or None in verbs or len(verbs) != len(said):
        return None
    noun = m["n"]
    acts = " or ".join(v for v in verbs if v)
    return (
        f"{m['lead']}Do not {acts} a {noun} if the {noun}'s {m['f']} {m['cop']} {m['v']}"
        f"{m['rest'] or '.'}"
    )
