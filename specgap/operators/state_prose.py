"""The prose of `state_condition`: the phrase patterns that read a state a call needs
("an order can only be cancelled if its status is pending", "the order must be in 'pending'
status", "check the booking is 'reserved' before cancelling it") into its parameters. The
rule grammar (`specgap.extract.grammar_conditions`) reads the same sentences more generally;
these patterns are the operator's own, listed in its `prose`.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.operators.base import Found, Prose
from specgap.operators.prose import (
    DETERMINERS,
    QUOTED,
    STATE_WORD,
    STOP,
    Said,
    lemma,
    singular,
    targets_in,
    ticked_tools,
)

__all__ = ["PROSE"]

_CANNOT = r"(?:cannot|can't|can\s+not|may\s+not|must\s+not|should\s+not|shall\s+not)"
_ENTITY = r"(?:(?:an?|the|each|every|any)\s+)?(?P<entity>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)"
_VERB = r"(?P<verb>[a-z]+(?:ed|en|wn|ne|nt))"
_VERB2 = _VERB.replace("verb", "verb2")
_COND = r"(?P<cond>[^,;]+?)(?=\s*(?:[,;]|[.!?](?=\s|$)|$))"
_STATE = re.compile(
    r"^(?:(?P<det>its|their|the\s+[\w-]+'s|the)\s+)?(?:(?P<field>[\w-]+)\s+)?(?:is|are|was|has\s+been|"
    r"have\s+been|equals?|is\s+set\s+to)\s+(?:still\s+|already\s+|currently\s+|in\s+)?"
    r"(?P<values>.+?)(?:\s+(?:status|state))?$",
    re.I,
)


def _values_of(text: str) -> list[str]:
    # a quoted state is a value however tool-like it looks (`in_stock`, `on_hold`)
    quoted = [a or b or c for a, b, c in QUOTED.findall(text)]
    if quoted:
        return quoted
    items = re.split(r"\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+", text.strip(" .,"))
    items = [DETERMINERS.sub("", i).strip() for i in items]
    return [i for i in items if i and len(i.split()) <= 3]


_FIELDS = frozenset(
    {"status", "state", "stage", "phase", "tier", "type", "level", "plan", "membership",
     "category", "kind", "role"}
)  # fmt: skip


def _state(text: str, entity: str = "") -> tuple[str | None, list[str]] | None:
    """`its status is 'pending'` -> ("status", ["pending"]); `it is delivered` -> (None, ...).
    `the boat is sailing` in a rule about charters is the state of another entity, not a
    field of the charter: None (the rule grammar reads it, and the resolver binds it)."""
    m = _STATE.match(text.strip())
    if m is None:
        return None
    field = m["field"]
    own = singular(entity.split()[-1].casefold()) if entity.split() else ""
    if field and (field.casefold() in {"it", "they", "this", "that"} or singular(field) == own):
        field = None  # "... if the order is pending": the entity itself
    if field and m["det"] in {None, "the", "The"} and field.casefold() not in _FIELDS:
        return None
    values = _values_of(m["values"])
    return (field, values) if values else None


def _state_match(
    s: Said, entity: str, verb: str, field: str | None, values: list[str], allowed: bool
) -> Found:
    head = singular(entity.split()[-1])
    ticked = ticked_tools(s.clean)
    action = f"{lemma(verb)} {head}" if verb else None
    targets = tuple(ticked[:1]) or ((s.subject,) if s.subject else (action,) if action else ())
    params: dict[str, Any] = {"entity": head, ("allowed" if allowed else "denied"): values}
    if field:
        params["field"] = field
    return Found(None, params, {}, 0.8, targets=targets)


def _only_if(s: Said, m: re.Match[str]) -> Found | None:
    found = _state(m["cond"], m["entity"])
    if found is None:
        return None
    verb = m["verb"] or m["verb2"]
    return _state_match(s, m["entity"], verb, found[0], found[1], allowed=True)


def _cannot_if(s: Said, m: re.Match[str]) -> Found | None:
    found = _state(m["cond"], m["entity"])
    if found is None:
        return None
    return _state_match(s, m["entity"], m["verb"], found[0], found[1], allowed=False)


def _if_cannot(s: Said, m: re.Match[str]) -> Found | None:
    said = m["values"].strip()
    negated = re.match(r"not\s+(?:yet\s+)?", said, re.I)  # "if it is not confirmed": only if
    values = _values_of(said[negated.end() :] if negated else said)
    if not values:
        return None
    return _state_match(s, m["entity"], m["verb"], None, values, allowed=negated is not None)


def _kind_cannot(s: Said, m: re.Match[str]) -> Found | None:
    value = m["values"].strip()
    if value.casefold().split()[0] in {"you", "we", "they", "it", "there", "these", "those"}:
        return None
    words = value.split()
    if {w.casefold() for w in words} & _PREPOSITIONS:
        return None  # "fines on lost loans": a noun and its qualifier, read by the grammar
    items = [i for i in re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", value) if i]
    if len(items) > 1 and all(re.fullmatch(STATE_WORD, i, re.I) for i in items):
        # "cancelled and attended bookings": every state listed, never the first alone
        states = [i.casefold() for i in items]
        return _state_match(s, m["entity"], m["verb"], None, states, allowed=False)
    if len(items) > 1:
        # "attended or no-show bookings": a list of one-word values, each kept; any other
        # list is not read here (the first alone would be weaker than the sentence)
        if not all(len(i.split()) == 1 for i in items):
            return None
        states = [i.casefold() for i in items]
        return _state_match(s, m["entity"], m["verb"], None, states, allowed=False)
    if len(words) > 1 and re.fullmatch(STATE_WORD, words[0], re.I):
        value = words[0]  # "cancelled leave requests": the state, then the entity's words
    return _state_match(s, m["entity"], m["verb"], None, [value], allowed=False)


_PREPOSITIONS = frozenset({"on", "of", "for", "in", "to", "from", "with", "at", "by", "under"})


def _only_kind(s: Said, m: re.Match[str]) -> Found | None:
    values = _values_of(m["values"])
    if not values or {str(v).casefold() for v in values} & {"these", "those", "following"}:
        return None  # "only these carriers may be used: ...": a list follows, not a state
    return _state_match(s, m["entity"], m["verb"], None, values, allowed=True)


def _status_must(s: Said, m: re.Match[str]) -> Found | None:
    values = _values_of(re.split(r"\s+(?:when|if|before|while|for|unless)\b", m["values"])[0])
    entity = _said_entity(s, m["entity"])
    if not values or entity is None:
        return None
    field = m["field"].casefold()
    return _state_match(s, entity, "", field, values, allowed=not m["neg"])


def _said_entity(s: Said, entity: str) -> str | None:
    """The entity a state is said of; "The status must be X before `extend_reservation`"
    says none (the regex took the article), so it is what the one tool named acts on, the
    last word of its id (`reservation`: its `reservation_id` finds it); None when no tool
    is named."""
    if entity.casefold() not in {"the", "its", "their", "a", "an", "this", "that"}:
        return entity
    ticked = ticked_tools(s.clean) or ([s.subject] if s.subject else [])
    if len(ticked) != 1:
        return None
    words = re.findall(r"[A-Z]?[a-z]+", ticked[0].split(".")[-1])
    return words[-1].casefold() if len(words) > 1 else None


def _must_be_in(s: Said, m: re.Match[str]) -> Found | None:
    """`The order must be in 'pending' status`: the state the action's entity is in."""
    values = _values_of(m["values"])
    if not values:
        return None
    return _state_match(s, m["entity"], "", m["field"].casefold(), values, allowed=not m["neg"])


def _check_before(s: Said, m: re.Match[str]) -> Found | None:
    values = _values_of(m["values"])
    found = targets_in(s, m["action"])
    if not values or found is None:
        return None
    field = m["field"].casefold() if m["field"] else None
    match = _state_match(s, m["entity"], "", field, values, allowed=True)
    return Found(None, match.params, {}, 0.75, targets=found)


def _check_first(s: Said, m: re.Match[str]) -> Found | None:
    """ "Before paying a claim, make sure it is approved": the action's object (what a
    pronoun stands for) is in that state."""
    values = _values_of(m["values"])
    found = targets_in(s, m["action"])
    if not values or found is None:
        return None
    entity = m["entity"]
    field = m["field"].casefold() if m["field"] else None
    if entity.casefold() in _FIELDS and field is None:  # "check that its status is ..."
        entity, field = m["obj"], entity.casefold()
    if entity.casefold() in {"it", "they", "this", "that"}:
        entity = m["obj"]
    match = _state_match(s, entity, "", field, values, allowed=True)
    return Found(None, match.params, {}, 0.75, targets=found)


PROSE = (
    Prose(
        "can-only-be-done-if",
        r"^"
        + _ENTITY
        + r"\s+(?:can|may|should|could)\s+(?:only\s+be\s+"
        + _VERB
        + r"|be\s+"
        + _VERB2
        + r"\s+only)\s+(?:if|when|while|once)\s+"
        + _COND,
        build=_only_if,
    ),
    Prose(
        "cannot-be-done-if",
        r"^"
        + _ENTITY
        + r"\s+"
        + _CANNOT
        + r"\s+be\s+"
        + _VERB
        + r"\s+(?:if|when|while|once|after)\s+"
        + _COND,
        build=_cannot_if,
    ),
    Prose(
        "if-state-it-cannot",
        r"^if\s+(?:the|an?|its|their)\s+(?P<entity>[\w-]+(?:\s+[\w-]+)?)\s+(?:is|are|was|has\s+been|"
        r"have\s+been)\s+(?:already\s+)?(?P<values>[^,]+?),\s*(?:then\s+)?(?:it|they|the\s+[\w-]+)\s+"
        + _CANNOT
        + r"\s+be\s+"
        + _VERB,
        build=_if_cannot,
    ),
    Prose(
        "kind-of-entity-cannot",
        r"^(?:(?:the|all|any)\s+)?(?P<values>(?:[A-Za-z][\w-]*\s+){1,3}?)(?P<entity>[A-Za-z][\w-]*s)\s+"
        + _CANNOT
        + r"\s+be\s+"
        + _VERB
        + STOP,
        build=_kind_cannot,
    ),
    Prose(
        "only-kind-of-entity-can",
        r"^only\s+(?P<values>(?:[`'\"]?(?>[\w-]+)[`'\"]?(?:\s*,\s*|\s+or\s+|\s+and\s+)?){1,4}?)\s+"
        r"(?P<entity>[A-Za-z][\w-]*s)\s+(?:can|may)\s+be\s+" + _VERB,
        build=_only_kind,
    ),
    Prose(
        "status-must-be",
        r"(?:^|:\s*)(?:(?:the|its|their)\s+)?(?P<entity>[A-Za-z][\w-]*?)(?:'s)?\s+(?P<field>status|state|"
        r"stage|phase)\s+(?P<modal>must|should|has\s+to|needs\s+to)\s+(?P<neg>not\s+)?be\s+"
        r"(?P<values>[^,;.]+)",
        build=_status_must,
    ),
    Prose(
        "must-be-in-status",
        r"(?:^|:\s*)(?:(?:the|its|their)\s+)?(?P<entity>[A-Za-z][\w-]*?)\s+(?P<modal>must|should|has\s+"
        r"to|needs\s+to)\s+(?P<neg>not\s+)?be\s+in\s+(?:the\s+|an?\s+)?(?P<values>(?:`[^`]+`|'[^']+'|"
        r"\"[^\"]+\")(?:\s*(?:,|or|and)\s*(?:`[^`]+`|'[^']+'|\"[^\"]+\"))*)\s+(?P<field>status|state|"
        r"stage|phase)\b",
        build=_must_be_in,
    ),
    Prose(
        "check-state-before",
        r"\b(?:check|verify|make\s+sure|ensure|confirm)\s+(?:that\s+)?(?:(?:the|its|their)\s+)?"
        r"(?P<entity>[a-z][\w-]*?)(?:'s)?\s+(?:(?P<field>status|state)\s+)?(?:is|are)\s+"
        r"(?P<values>[^,;.]+?)\s+before\s+(?P<action>[^,;]+?)" + STOP,
        build=_check_before,
    ),
    Prose(
        "before-action-check-state",
        r"^\W*before\s+(?P<action>[a-z]+ing\s+(?:an?\s+|the\s+|any\s+)?(?P<obj>[a-z][\w-]*))\s*,"
        r"\s*(?:always\s+|first\s+)?(?:check|verify|make\s+sure|ensure|confirm)\s+(?:that\s+)?"
        r"(?:(?:the|its|their)\s+)?(?P<entity>[a-z][\w-]*?)(?:'s)?\s+(?:(?P<field>status|state)\s+)?"
        r"(?:is|are)\s+(?P<values>[^,;.]+?)\s*[.!]?\s*$",
        build=_check_first,
    ),
)
