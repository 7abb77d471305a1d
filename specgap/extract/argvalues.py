"""Values of one argument of an action, stated in the imperative: "only reserve cars of class
'economy' or 'compact'", "do not search for cars in class 'luxury'", "only ship with the
carrier 'parcelco'".

The values are quoted and follow a noun naming the argument (`class`, `classes`, `carrier`)
after a preposition; `only` allows just those values (`resource_in_allowlist`), a ban denies
them (`deny_action` with `values`). The argument is resolved against the action's tool at
compile time (`unknown-argument` when no parameter answers to it). A state word (`status`,
`stage`) names the state of the existing entity acted on, not an argument: "only cancel
bookings with status 'reserved'" is a `state_condition` on the booking.
"""

from __future__ import annotations

import re

from specgap.extract.agent_params import opens_a_tool_id
from specgap.extract.grammar import Clause
from specgap.extract.grammar_conditions import STATE_FIELDS
from specgap.extract.grammar_rules import NOT_ACTIONS, Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.pattern_base import ANY_TOOL, QUOTED, singular
from specgap.operators.prose import STATE_WORD, ticked_tools

_ITEM = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\")"
_LIST = _ITEM + r"(?:\s*(?:,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+)" + _ITEM + r")*"
_NAMED = re.compile(
    r"\b(?:of|in|with|from|for|to|using|via|at)\s+(?:the\s+|a\s+|an\s+)?"
    # a determiner is never the argument: "to a `fragile` parcel" qualifies the parcel
    r"(?P<facet>(?!(?:a|an|the|any|some|this|that|these|those|each|every|its|their)\b)[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)\s+(?:values?\s+|either\s+|one\s+of\s+)?(?P<list>" + _LIST + r")",
    re.I,
)

# "assigned to the 'billing' or 'network' team": the values before the noun naming the argument
_BEFORE_NOUN = re.compile(
    r"\b(?:of|in|with|from|for|to|using|via|at|by)\s+(?:the\s+|a\s+|an\s+)?(?:either\s+)?"
    r"(?P<list>" + _LIST + r")\s+(?P<facet>(?!(?:and|or|to|of|for|in|on|at|by|with|from|only|"
    r"if|when|unless|before|after)\b)[a-z][\w-]*)\b",
    re.I,
)


def _singular(word: str) -> str:
    return word if word.endswith(("us", "ss", "is")) else singular(word)


def argument_values(clause: Clause, text: str) -> list[Emit]:
    """The allowlist (`only`) or the ban on values (a negation) the sentence states."""
    if chosen := _chosen(clause, text):  # "do not choose overnight delivery"
        return chosen
    if clause.action is None or clause.verb not in IMPERATIVE_VERBS or clause.verb in NOT_ACTIONS:
        return []
    allow = clause.modality == "only" and not clause.negated
    # "set the urgency to one of: low, high": the only values, said by "one of"
    allow = allow or (not clause.negated and _ONE_OF.search(text) is not None)
    # "set the haulier to 'a' or 'b'": alternatives are the only values (allow_forms)
    allow = allow or (not clause.negated and clause.imperative and _SET_OR.search(text) is not None)
    if not allow and not clause.negated:
        return []
    if clause.condition is not None:
        return []  # "only ... if ...": the values hold under a condition, left to the grammar
    words = clause.object.split()
    adjective = len(words) >= 2 and re.fullmatch(STATE_WORD, words[0]) and len(words[0]) > 4
    if adjective and not clause.passive:  # a passive subject's state: the state patterns
        # "never cancel approved requests", "only refund unpaid bookings": the state of the
        # entity acted on, said by an adjective before it
        side = "allowed" if allow else "denied"
        params = {"entity": singular(words[-1]), side: [words[0]]}
        action = f"{clause.verb} {' '.join(words[1:])}"
        return [Emit("state_condition", action, params, 0.7)]
    start = clause.action_span[0] if clause.action_span else 0
    m = _NAMED.search(text, start) or _BEFORE_NOUN.search(text, start)
    if m is None:
        return (
            _set_to(clause, text, allow)
            or _named_bare(clause, text, allow)
            or _with_bare(clause, text, allow)
            or _by_values(clause, text, allow)
        )
    words = m["facet"].casefold().split()
    values = [a or b or c for a, b, c in QUOTED.findall(m["list"])]
    if not values:
        return []
    action = clause.action
    named = [t for t in ticked_tools(text[m.end() :]) if t not in values]
    if clause.tool is None and len(named) == 1:  # "... with carrier 'a' via `ship_order`"
        action = named[0]
    if words[-1] in STATE_FIELDS and clause.object:
        # "only cancel bookings with status 'reserved'": the state of the entity acted on
        entity = singular(clause.object.split()[-1])
        side = "allowed" if allow else "denied"
        params = {"entity": entity, "field": words[-1], side: values}
        return [Emit("state_condition", action, params, 0.7)]
    facet = " ".join([*words[:-1], _singular(words[-1])])
    if allow:
        return [Emit("resource_in_allowlist", action, {"facet": facet, "allowed": values}, 0.7)]
    return [Emit("deny_action", action, {"facet": facet, "values": values}, 0.7)]


# "never set the status to closed", "only set the priority to low or normal": the argument
# set is the noun after the verb, its values (quoted or bare words) follow `to`
_BARE = r"(?:" + _ITEM + r"|(?>[A-Za-z0-9](?:[\w.:/+-]*[\w/+-])?))"
_ONE_OF = re.compile(r"\b(?:set|change|switch|update|put)\b[^.;]*\bto\s+one\s+of\b", re.I)
_SET_OR = re.compile(
    r"^\W*(?:always\s+)?(?:set|change|switch|put)\b[^.;]*?\bto\s+[^.;,]+?(?:,\s*[^.;,]+?)*,?"
    r"\s+or\s+[^.;\s]+\s*[.;]?\s*$",
    re.I,
)
_SET_TO = re.compile(
    r"\b(?:set|change|switch|update|put)\s+(?:the\s+|its\s+|their\s+|a\s+|an\s+)?"
    r"(?P<facet>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:to|as)\s+(?:one\s+of\s*:?\s*)?(?P<list>"
    + _BARE
    + r"(?:\s*,\s*(?:or\s+)?"
    + _BARE
    + r"|\s+or\s+"
    + _BARE
    + r")*)\s*(?:only\s*)?[.;!]?\s*$",
    re.I,
)
_NOT_VALUES = frozenset(
    {"a", "an", "the", "any", "all", "it", "them", "that", "this", "something", "anything",
     "nothing", "none", "null", "zero", "empty", "blank", "another", "other", "whatever", "or",
     "and", "not", "only"}
)  # fmt: skip


def _set_to(clause: Clause, text: str, allow: bool) -> list[Emit]:
    """ "Never set the status to closed": a ban (or with `only`, the allowlist) of the values
    the set argument takes; the argument set is never the state of an entity acted on."""
    m = _SET_TO.search(text)
    if m is None or clause.verb not in {"set", "change", "switch", "update", "put"}:
        return []
    split = re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", m["list"])
    values = [v[1:-1] if v[:1] in "`'\"" else v for v in split]
    facet_words = m["facet"].casefold().split()
    if any(v.casefold() in _NOT_VALUES for v in values) or facet_words[0] in _NOT_VALUES:
        return []
    if facet_words[-1] in {"value", "values", "it", "them"}:
        return []
    facet = " ".join(facet_words)
    # "set the urgency to ...": the value passed for that argument, by whichever tool takes
    # it (a tool named for the verb, `set_urgency`, still takes the argument)
    action = ANY_TOOL if clause.verb == "set" else clause.action
    # a value set is passed by a call that writes it, never by a search filtering on it
    said: dict[str, object] = {"set_by_call": True} if action == ANY_TOOL else {}
    if allow:
        params = {"facet": facet, "allowed": values, **said}
        return [Emit("resource_in_allowlist", action, params, 0.7)]
    return [Emit("deny_action", action, {"facet": facet, "values": values, **said}, 0.7)]


# "do not choose overnight delivery": a bare word before the noun naming the argument; read
# only as a value the argument's schema lists (`schema_values`, checked by `specgap.argfit`)
_CHOSEN = re.compile(
    r"^\W*(?:(?:you|the\s+agent)\s+(?:must|should|may)\s+(?:not|never)|never|do\s+not|don't|"
    r"must\s+not)\s+(?:ever\s+)?(?:choose|select|pick|offer|use|book|order|suggest)\s+"
    r"(?:the\s+|an?\s+)?(?P<v>[a-z][\w-]*)\s+(?P<facet>[a-z][\w-]*)\s*[.;!]?\s*$",
    re.I,
)


def _chosen(clause: Clause, text: str) -> list[Emit]:
    """ "Do not choose overnight delivery": a ban of one value of the argument the noun
    names, kept only when the schema lists that value (else a located note at compile)."""
    m = _CHOSEN.search(text)
    if m is None or not clause.negated:
        return []
    value, facet = m["v"].casefold(), m["facet"].casefold()
    if value in _NOT_VALUES or facet in _NOT_VALUES:
        return []
    if opens_a_tool_id(f"{clause.verb} {value} {facet}"):
        return []  # "never book a telephone line" with `book_telephone_line`: that tool
    params = {"facet": facet, "values": [value], "schema_values": True, "set_by_call": True}
    return [Emit("deny_action", ANY_TOOL, params, 0.7)]  # the verb names no tool of its own


# "only launch servers in zone north-1 or south-2": a noun naming the argument, then its
# values as bare words to the end of the sentence
_NAMED_BARE = re.compile(
    r"\b(?:of|in|with|from|for|to|using|via|at)\s+(?:the\s+)?(?P<facet>(?!(?:a|an|the|any|some|"
    r"this|that|these|those|each|every|its|their)\b)[a-z][\w-]*)\s+(?P<list>" + _BARE
    + r"(?:\s*,\s*(?:or\s+|and\s+)?" + _BARE + r"|\s+(?:or|and)\s+" + _BARE + r")*)\s*[.;!]?\s*$",
    re.I,
)  # fmt: skip


def _named_bare(clause: Clause, text: str, allow: bool) -> list[Emit]:
    """ "Only launch servers in zone north-1 or south-2": bare values after the noun naming
    the argument; one value only when it reads as an identifier (`north-1`), never a state."""
    start = clause.action_span[1] if clause.action_span else 0
    m = _NAMED_BARE.search(text, start)
    action = clause.action
    if m is None and clause.action_span and " of " in clause.object:
        # "only book cabins of grade a or b": the object took the argument's noun and values
        m = _NAMED_BARE.search(text, clause.action_span[0])
        action = f"{clause.verb} {clause.object.split(' of ')[0]}"
    if m is None or action is None:
        return []
    split = re.split(r"\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+", m["list"])
    values = [v[1:-1] if v[:1] in "`'\"" else v for v in split]
    facet = m["facet"].casefold()
    if (
        facet in STATE_FIELDS
        or facet in _NOT_VALUES
        or any(v.casefold() in _NOT_VALUES for v in values)
    ):
        return []
    if len(values) == 1 and not re.search(r"[\d_-]", values[0]):
        return []  # "with urgency high": a word, maybe an adjective; `_with_bare` reads it
    operator, key = ("resource_in_allowlist", "allowed") if allow else ("deny_action", "values")
    return [Emit(operator, action, {"facet": _singular(facet), key: values}, 0.7)]


# "never open tickets with high urgency", "only open tickets with low or normal urgency"
_WITH_BARE = re.compile(
    r"\bwith\s+(?:an?\s+|the\s+)?(?P<list>[a-z][\w-]*(?:\s*,\s*(?:or\s+)?[a-z][\w-]*|\s+or\s+"
    r"[a-z][\w-]*)*)\s+(?P<facet>[a-z][\w-]*)\s*[.;!]?\s*$",
    re.I,
)


def _with_bare(clause: Clause, text: str, allow: bool) -> list[Emit]:
    """ "Never open tickets with high urgency": bare words before the noun naming the
    argument, kept only where the argument's schema lists them (`schema_values`)."""
    m = _WITH_BARE.search(text)
    if m is None or clause.action is None:
        return []
    values = [v.casefold() for v in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", m["list"])]
    facet = m["facet"].casefold()
    if any(v in _NOT_VALUES for v in values) or facet in _NOT_VALUES:
        return []
    key, operator = ("allowed", "resource_in_allowlist") if allow else ("values", "deny_action")
    params = {"facet": facet, key: values, "schema_values": True}
    return [Emit(operator, clause.action, params, 0.7)]


# "apply the fixed timestamp '2025-01-01T00:00:00Z'", "always use the default currency 'EUR'"
_FIXED = re.compile(
    r"\b(?:apply|use|set|pass)\s+(?:the\s+|a\s+)?(?:fixed|same|constant|default|following)\s+"
    r"(?P<facet>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*:?\s+(?:value\s+|of\s+)?(?P<list>" + _LIST + r")",
    re.I,
)
# "new accounts are created with a status of 'pending'": the value the creating call passes
_CREATED_WITH = re.compile(
    r"^\W*(?:(?:all|every|each|any)\s+)?(?:new(?:ly\s+created)?\s+)?(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
    r"\s+(?:are|is|must\s+be|should\s+be|shall\s+be)\s+(?:always\s+)?(?:initiali[sz]ed|created|"
    r"registered|opened)\s+with\s+(?:an?\s+|the\s+)?(?P<facet>[a-z][\w-]*)\s+(?:of\s+|set\s+to\s+)?"
    r"(?P<list>" + _ITEM + r")",
    re.I,
)


def fixed_values(text: str) -> list[Emit]:
    """The one value an argument takes: wherever it appears (a fixed value), or in the call
    that creates the entity ("new accounts are created with a status of 'pending'")."""
    created = _CREATED_WITH.search(text)
    if created is not None:
        values = [a or b or c for a, b, c in QUOTED.findall(created["list"])]
        entity = " ".join(_singular(w) for w in created["np"].casefold().split())
        params = {"facet": created["facet"].casefold(), "allowed": values}
        return [Emit("resource_in_allowlist", f"create {entity}", params, 0.7)]
    fixed = _FIXED.search(text)
    if fixed is None:
        return []
    values = [a or b or c for a, b, c in QUOTED.findall(fixed["list"])]
    facet = " ".join(w.casefold() for w in fixed["facet"].split())
    if len(values) != 1 or facet.split()[-1] in {"value", "values", "format", "pattern"}:
        return []
    return [Emit("resource_in_allowlist", ANY_TOOL, {"facet": facet, "allowed": values}, 0.7)]


# "only send notices by email or sms": values with no noun naming their argument; the one
# argument of the tool whose schema lists them all is theirs (`by_values`, `specgap.argfit`)
# (a value of two words, "room charge"; one value alone when the sentence says "only": "only
# collect bikes by van")
_TWO = _BARE + r"(?:\s+(?!(?:only|first|instead|please|and|or|nor)\b)" + _BARE + r")?"
_BY_VALUES = re.compile(
    r"\b(?P<prep>by|via|with|through|using|over|as|for)\s+(?:the\s+)?(?P<list>" + _TWO
    + r"(?:\s*,\s*(?:or\s+|and\s+)?" + _TWO + r"|\s+(?:or|and)\s+" + _TWO + r")*)"
    r"(?:\s+only)?\s*[.;!]?\s*$",
    re.I,
)  # fmt: skip


_ARTICLE = re.compile(r"(?:a|an|the|any|some|one|their|its)\s", re.I)  # "by a pharmacist": who


def _by_values(clause: Clause, text: str, allow: bool) -> list[Emit]:
    """ "Only send notices by email or sms": the values of the argument whose schema lists
    every one of them (its `enum` or its description), at compile time; nothing when no one
    argument does."""
    start = clause.action_span[1] if clause.action_span else 0
    m = _BY_VALUES.search(text, start)
    if m is None or clause.action is None:
        return []
    split = re.split(r"\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+", m["list"])
    values = [v[1:-1] if v[:1] in "`'\"" else v for v in split]
    means = m["prep"].casefold() in {"by", "via", "through", "using", "over"}
    # one value alone only as the way it is done ("only collect bikes by van")
    if any(v.casefold() in _NOT_VALUES for v in values) or len(values) < (
        1 if allow and means else 2
    ):
        return []
    # "by 1, 3 or 7 days": numbers, the last with their unit (`allow15_objects.measured_values`)
    measured = len(values) > 1 and all(v.isdigit() for v in values[:-1])
    measured = measured and re.fullmatch(r"\d+\s+[a-z]+", values[-1]) is not None
    said_as = [v for v in values if " " in v and not (measured and v is values[-1])]
    if any(not means or v[:1].isdigit() or _ARTICLE.match(v) for v in said_as):
        return []  # "for 15 nights or more": a measure, not two values; two words are a means
    if any(v.casefold() in {"more", "less", "fewer", "longer", "shorter"} for v in values):
        return []
    key, operator = ("allowed", "resource_in_allowlist") if allow else ("values", "deny_action")
    params: dict[str, object] = {"facet": "", key: values, "by_values": True}
    if means:
        params["by_means"] = True  # the way it is done: the tool's `channel`, `method`
    return [Emit(operator, clause.action, params, 0.7)]
