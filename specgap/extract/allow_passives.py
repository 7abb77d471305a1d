"""Values after a preposition in the shapes the grammar may misread or not read as a clause
of its own (the readers of `allow_preps`, on their own parse of the sentence):

- a passive, its subject the thing acted on: "crates must not be shipped to KP" (a ban),
  "crates can only be shipped to DE" (an allowlist), "invoices are always settled in EUR"
  (one value the call must pass); a subject that is people ("buyers are ...") is none;
- an action's noun declared prohibited: "shipping to KP or IR is prohibited", "shipments to
  KP are not allowed" (a ban of the values, the action named by its noun);
- a tool's own description: "Only ships to DE, FR or NL.", "Use only with hauliers TruckCo
  or RailCo.", "Never use for shipments to KP." (the rule is the described tool's).

Plain words are never banned (they may be states: "... in arrears"), a place no noun names
is no banned value ("never cancel bookings in Paris"), and a relative clause of state ("an
account that is in arrears") reads nothing here.
"""

from __future__ import annotations

import re

from specgap.extract.allow_preps import (
    _CODE,
    _EXCEPT,
    _NOT_VALUES,
    _OPEN,
    _PEOPLE,
    _PREP,
    _RELATIVE_STATE,
    _acts,
    _head,
    _tail,
    _unquoted,
    _weak_ban,
    noun_singular,
)
from specgap.extract.grammar_rules import Emit

# "crates must not be shipped to KP", "invoices are always settled in EUR", "crates can only
# be shipped to DE": a passive the grammar may misread, its subject the thing acted on
_PASSIVE = re.compile(
    r"^\W*(?:all\s+|any\s+)?(?P<subj>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:(?:must|should|may|"
    r"can|shall|will)\s+)?(?:(?P<neg>not|never)\s+)?(?:(?P<only>only)\s+)?(?:be|are|is)\s+"
    r"(?:(?P<always>always)\s+)?(?:(?P<only2>only)\s+)?(?P<verb>[a-z]+(?:ed|en))\b",
    re.I,
)
# "shipping to KP or IR is prohibited", "shipments to KP are not allowed"
_BANNED = re.compile(
    r"^(?P<said>\W*(?:all\s+|any\s+)?(?P<subj>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:"
    + _PREP
    + r")\s[^.;]*?)\s+(?:is|are)\s+(?:strictly\s+)?(?:prohibited|forbidden|banned|not\s+"
    r"(?:allowed|permitted|possible|supported|offered))\s*[.;!]?\s*$",
    re.I,
)


def passive_values(text: str) -> list[Emit]:
    """The allowlist, ban or one value of a passive (module docstring)."""
    from specgap.extract.pattern_base import lemma

    m = _PASSIVE.match(text)
    if m is None:
        return []
    subject = m["subj"].casefold().split()
    if subject[0] in _NOT_VALUES | {"you", "we", "they", "it", "he", "she"} or _PEOPLE.fullmatch(
        subject[-1]
    ):
        return []
    allow = bool(m["only"] or m["only2"]) and not m["neg"]
    ban = bool(m["neg"]) and not (m["only"] or m["only2"])
    told = bool(m["always"]) and not (allow or ban)  # "are always settled in EUR"
    if not (allow or ban or told):
        return []
    return _emitted(
        text, m.end(), f"{lemma(m['verb'].casefold())} {' '.join(subject)}", allow or told, told
    )


def banned_values(text: str) -> list[Emit]:
    """The ban of the values an action's noun is declared prohibited with."""
    m = _BANNED.match(text)
    if m is None or not _acts(m["subj"].casefold().split()[-1]):
        return []
    subject = m["subj"].casefold().split()
    action = " ".join([*subject[:-1], noun_singular(subject[-1])])
    return _emitted(
        m["said"], len(m["subj"]) + (len(m["said"]) - len(m["said"].lstrip())), action, False, False
    )


def _emitted(text: str, start: int, action: str, allow: bool, told: bool) -> list[Emit]:
    """The allowlist (or ban) of the values after a preposition in `text[start:]`."""
    found = _tail(text, start)
    if found is None or _OPEN.search(text[start:]):
        return []
    prep, np, values = found
    if _EXCEPT.search(f"{prep} {np}"):
        return []
    plain = not all(_CODE.match(v) for v in values)
    if plain and (told or len(values) < 2 or not allow):
        return []
    if _RELATIVE_STATE.search(text) or _weak_ban(allow, np, values):
        return []
    facet = _head(np)
    params: dict[str, object] = {"facet": facet, "by_prep": prep.casefold()}
    params["allowed" if allow else "values"] = [_unquoted(v) for v in values]
    if plain and facet:
        params["schema_values"] = True
        del params["by_prep"]
    elif plain:
        params.update({"by_values": True, "words_by_prep": True})
    elif not facet:
        params["by_values"] = True
    operator = "resource_in_allowlist" if allow else "deny_action"
    return [Emit(operator, action, params, 0.7)]


# a tool's description about the tool itself: "Only ships to ...", "Use only with ...",
# "Never use for shipments to ...", "Can only be called for ..."
_OWN = re.compile(
    r"^\W*(?:(?P<only>only\s+[a-z]+s\b|[a-z]+s\s+only\b|use\s+(?:it\s+|this\s+(?:tool|function)\s+)?"
    r"only\b|only\s+use\b|(?:it\s+|this\s+(?:tool|function)\s+)?(?:can|may)\s+only\s+be\s+"
    r"(?:used|called)\b|[a-z]+(?:\s+[a-z]+)?\s+(?:can|may)\s+only\s+be\s+[a-z]+(?:ed|en)\b)|"
    r"(?P<never>never\s+(?:use|call)\b|do\s+not\s+(?:use|call)\b))",
    re.I,
)


def own_prep_values(text: str) -> list[Emit]:
    """In a tool's description, the values its call may (or may not) pass said after a
    preposition ("Only ships to DE, FR or NL."): the rule is the described tool's."""
    m = _OWN.match(text)
    if m is None:
        return []
    found = _tail(text, m.end())
    if found is None or _OPEN.search(text):
        return []
    prep, np, values = found
    if _EXCEPT.search(f"{prep} {np}") or not all(_CODE.match(v) for v in values):
        return []  # plain words: maybe kinds of what it acts on
    facet = _head(np)
    params: dict[str, object] = {"facet": facet, "by_prep": prep.casefold()}
    params["allowed" if m["only"] else "values"] = [_unquoted(v) for v in values]
    if not facet:
        params["by_values"] = True
    operator = "resource_in_allowlist" if m["only"] else "deny_action"
    return [Emit(operator, None, params, 0.7)]
