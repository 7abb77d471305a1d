"""A rule over every action on an entity, by the entity's state.

"Only take action on open or paused subscriptions", "act only on tickets that are new or
triaged", "never take action on archived projects" name no tool: they hold for every tool
that changes an existing entity of that kind. Such a sentence compiles to a
`state_condition` with the target `*` and the `entity`; the compiler gives one copy per tool
acting on the entity (see `specgap.spread`).

The values are adjectives of the entity ("open or paused subscriptions") or what it is
("tickets that are new"), so they are read as its `status`; "tickets whose mood is upset"
names the field itself. `only` allows those values, a
negation denies them; a sentence with neither, or with a condition of its own ("if", "when",
"unless"), is left to the rest of the grammar.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.grammar import Clause
from specgap.extract.grammar_rules import Emit
from specgap.extract.pattern_base import ANY_TOOL, singular

_ACT = (
    r"(?:take|perform|carry\s+out)\s+(?:any\s+)?(?:actions?|operations?)\s+(?:on|against)"
    r"|act\s+(?:only\s+)?(?:on|upon)|make\s+(?:any\s+)?changes?\s+to"
)
_VALUE = r"'[^']{1,40}'|\"[^\"]{1,40}\"|[a-z][\w-]*"
_VALUES = rf"(?:{_VALUE})(?:\s*,\s*(?:{_VALUE}))*(?:\s*,?\s+(?:or|and)\s+(?:{_VALUE}))?"
_BEFORE = re.compile(
    rf"\b(?:{_ACT})\s+(?:the\s+)?(?P<values>{_VALUES})\s+(?P<entity>[a-z]{{3,}}s)\b", re.I
)
_AFTER = re.compile(
    rf"\b(?:{_ACT})\s+(?:the\s+)?(?P<entity>[a-z]{{3,}}s)\s+(?:that|which)\s+(?:are|is)\s+"
    rf"(?:in\s+(?:status\s+|state\s+)?)?(?P<values>{_VALUES})(?=\s*(?:[.;,]|$))",
    re.I,
)
_WHOSE = re.compile(
    rf"\b(?:{_ACT})\s+(?:the\s+|any\s+)?(?P<entity>[a-z]{{3,}}s)\s+whose\s+(?P<field>[a-z][\w-]*)\s+"
    rf"(?:is|are)\s+(?P<neg>not\s+)?(?:in\s+)?(?P<values>{_VALUES})(?=\s*(?:[.;,]|$))",
    re.I,
)
_CONDITION = re.compile(r"\b(?:if|when|whenever|unless|while|once|after|before)\b", re.I)
# words before a noun that are not a state: determiners, possessives, scope words
_NOT_STATE = frozenset(
    {
        "the", "a", "an", "any", "all", "each", "every", "some", "your", "their", "his", "her",
        "its", "our", "my", "own", "these", "those", "such", "same", "other", "existing",
        "specific", "individual", "relevant", "customer", "user", "this", "that", "multiple",
        "several", "many", "one", "two",
    }
)  # fmt: skip


def entity_state(text: str, clause: Clause) -> Emit | None:
    """The `state_condition` over every action on an entity the sentence states, if any."""
    allow = clause.modality == "only" and not clause.negated
    deny = clause.negated and clause.modality in {"must_not", "none"}
    if not (allow or deny) or _CONDITION.search(text):
        return None
    m = _BEFORE.search(text) or _AFTER.search(text) or _WHOSE.search(text)
    if m is None:
        return None
    values = _values(m["values"])
    if not values:
        return None
    whose = m.re is _WHOSE
    if whose and m["neg"]:
        allow = not allow  # "never act on tickets whose mood is not 'calm'": only when it is
    params: dict[str, Any] = {
        "entity": singular(m["entity"]),
        "field": m["field"].casefold() if whose else "status",
        ("allowed" if allow else "denied"): values,
    }
    return Emit("state_condition", ANY_TOOL, params, 0.7)


def _values(text: str) -> list[str]:
    items = re.split(r"\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+", text.strip())
    out = []
    for item in items:
        value = item.strip("'\" ").casefold()
        plural = value == item and value.endswith("s") and not value.endswith("ss")
        if not value or value in _NOT_STATE or plural:
            return []  # a plural word is another noun ("orders"), not a state
        out.append(value)
    return out
