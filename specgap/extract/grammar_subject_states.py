"""States said of a rule's subject, or of the one an action is for, rather than in an
if-clause: "only pending requests can be approved", "only accounts with a status of
'enabled' may ...", "returns are only possible for delivered orders", "cancelling an event is
only allowed for postponed events", "passes may be issued only to active members". Each is
read into a bound `Condition` (the rule grammar's, see `grammar_conditions`).
"""

from __future__ import annotations

import re

from specgap.extract.grammar_conditions import ITEM_ALT, Condition
from specgap.extract.pattern_base import QUOTED, lemma, singular
from specgap.operators.prose import STATE_WORD

_HAVING = re.compile(
    r"^\W*only\s+(?P<entity>[a-z][\w-]*?)s?\s+(?:with|having|that\s+have|whose|in|on|at)\s+"
    r"(?:an?\s+|the\s+)?(?P<field>[a-z][\w-]*)\s+(?:(?:of|is|=)\s+)?(?P<values>" + ITEM_ALT + r")",
    re.I,
)


_ADJECTIVE = re.compile(
    r"^\W*only\s+(?P<values>" + STATE_WORD + r"(?:\s*(?:,|or|and)\s*" + STATE_WORD + r")*)\s+"
    r"(?P<entity>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:can|may|should|must|are|is|will)\b",
    re.I,
)


def state_subject(text: str) -> tuple[Condition, int] | None:
    """`Only pending requests can be approved`: the allowed state of the subject (a
    participle or a word naming a state), and where the subject starts (the rest of the
    sentence is read as "requests can be approved")."""
    m = _ADJECTIVE.match(text)
    if m is None:
        return None
    values = tuple(v for v in re.split(r"\s*(?:,|\bor\b|\band\b)\s*", m["values"]) if v)
    entity = singular(m["entity"].split()[-1])
    cond = Condition("only_if", " ".join(m[0].split()), 0, m.end(), entity, None,
                     tuple(v.casefold() for v in values))  # fmt: skip
    return cond, m.start("entity")


_FOR_STATE = re.compile(
    r"^\W*(?:the\s+)?(?:(?P<ger>[a-z]+ing)\s+(?:an?\s+|the\s+|any\s+)?(?P<gobj>[a-z]+)|"
    r"(?:(?P<mod>[a-z]+)\s+)?(?P<noun>[a-z]+))\s+(?:is|are|can\s+be|may\s+be)\s+"
    r"(?:only\s+)?(?:possible|"
    r"allowed|permitted|available|done|made|accepted)\s+(?P<only>only\s+)?(?:for|on|to|with)\s+"
    r"(?:the\s+|an?\s+)?(?P<values>" + STATE_WORD + r"(?:\s*(?:,|or|and)\s*" + STATE_WORD
    + r")*)\s+(?P<entity>[a-z][\w-]*)\b",
    re.I,
)  # fmt: skip


def action_for_state(text: str) -> tuple[str, str, Condition, tuple[int, int]] | None:
    """`Returns are only possible for delivered orders`: the action noun (`return`), what it
    acts on (the entity `order`, or the noun's modifier: `desk bookings ... for active
    members` books a desk), the state the entity must be in, and where the action is said."""
    m = _FOR_STATE.match(text)
    if m is None or not re.search(r"\bonly\b", m[0], re.I):
        return None
    values = tuple(v.casefold() for v in re.split(r"\s*(?:,|\bor\b|\band\b)\s*", m["values"]) if v)
    entity = singular(m["entity"])
    cond = Condition("only_if", " ".join(m[0].split()), m.start("values"), m.end(), entity, None,
                     values)  # fmt: skip
    if m["ger"]:  # "extending a charter is only possible for ...": the verb and its object
        return lemma(m["ger"].casefold()), singular(m["gobj"].casefold()), cond, m.span("ger")
    mod = m["mod"] if m["mod"] and m["mod"].casefold() not in _QUANTIFIERS else None
    acted = singular(mod.casefold()) if mod else entity
    return singular(m["noun"]), acted, cond, m.span("mod" if mod else "noun")


_QUANTIFIERS = frozenset({"all", "any", "such", "these", "those", "some", "other", "each", "every"})


_ONLY_FOR = re.compile(
    r"^\s*only\s+(?:to|for|on|with)\s+(?:the\s+|an?\s+)?(?:(?P<values>" + STATE_WORD
    + r"(?:\s*(?:,|or|and)\s*" + STATE_WORD + r")*)\s+(?P<entity>[a-z][\w-]*)\b"
    r"|(?P<entity2>[a-z][\w-]*)\s+(?:in|with)\s+(?:the\s+|an?\s+)?(?:(?:status|state)\s+)?"
    r"(?P<quoted>" + ITEM_ALT + r"))",
    re.I,
)  # fmt: skip


def state_for_object(main: str, at: int) -> Condition | None:
    """After a passive verb, "... may be issued only to active members", "... only for
    members in 'active' status": the state the receiving entity must be in."""
    m = _ONLY_FOR.match(main[at:])
    if m is None:
        return None
    if m["values"]:
        values = tuple(v.casefold() for v in re.split(r"\s*(?:,|\bor\b|\band\b)\s*", m["values"]))
        entity, field = singular(m["entity"].casefold()), None
    else:
        values = tuple(a or b or c for a, b, c in QUOTED.findall(m["quoted"]))
        entity, field = singular(m["entity2"].casefold()), "status"
    values = tuple(v for v in values if v)
    if not values:
        return None
    text = " ".join(m[0].split())
    return Condition("only_if", text, at + m.start(), at + m.end(), entity, field, values)


def having_state(main: str) -> Condition | None:
    """`Only accounts with a status of 'enabled' ... may X`: the allowed state of X's entity."""
    m = _HAVING.match(main)
    if m is None:
        return None
    values = tuple(a or b or c for a, b, c in QUOTED.findall(m["values"]))
    if not values:
        return None
    return Condition(
        "only_if", " ".join(m[0].split()), m.start(), m.end(), singular(m["entity"]),
        m["field"].casefold(), values,
    )  # fmt: skip
