"""A ban said of an entity by a relative clause on its state (fortieth session): "A passenger
whose account_status is suspended is neither booked nor charged", "No member whose status is
lapsed is booked".

The condition readers read a state test said as a condition of the act ("Do not book a
passenger if the passenger's account_status is suspended"). A sentence whose subject is an
entity with a "whose <field> is <value>" clause, and whose verb is a passive ban ("is not V-ed",
"is never V-ed", "is neither V-ed nor W-ed", or "No <entity> whose ... is V-ed"), is said so:
"Do not V or W a <entity> if the <entity>'s <field> is <value>". The state said with "with"
and a field named as the tools name it ("A player with account_status suspended or banned is
neither booked nor charged", forty-fifth session) is the same relative clause. Nothing else is
changed.
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


# "a player with account_status suspended or banned": a field spelled as an identifier
# (`account_status`, `accountStatus`) and its values, said with "with"
_WITH = re.compile(
    r"^(?P<head>[^\w`]*(?i:a|an|any|every|no)\s+[a-z][a-z-]*)\s+with\s+(?:(?:an?|the|its|their)\s+)?"
    r"(?P<f>`?[a-z]+(?:_[a-z0-9]+)+`?|`?[a-z]+(?:[A-Z][a-z0-9]+)+`?)\s+(?:of\s+)?"
    r"(?=[`\w-]+(?:\s*,\s*[`\w-]+)*\s+(?:or|and)\s+[`\w-]+\s+(?:is|are)\s)",
)


def respelt(text: str) -> str | None:
    """ "Do not V a <entity> if the <entity>'s <field> is <value>" for a ban said of an entity
    whose state a relative clause tests (module docstring), else None."""
    text = text.strip()
    with_state = _WITH.match(text)
    if with_state is not None:  # "a X with f v1 or v2 is ...": "a X whose f is v1 or v2 is ..."
        text = f"{with_state['head']} whose {with_state['f']} is {text[with_state.end() :]}"
    m = _WHOSE.match(text)
    if m is None:
        return None
    rest = m["rest"] or ""
    more = re.match(r"\s*,\s*([a-z]+s)\b", rest)
    if more is not None and verb_lemma(more[1]) is not None:
        return None  # "... is registered, leaves a bid or pays": acts this shape cannot list
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
