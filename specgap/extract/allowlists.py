"""Closed lists of an argument's values said in other words than "the accepted X are ...":

- "use only the following carriers: 'a', 'b'" (an imperative with `only` over a list);
- "only the following carriers may be used: 'a', 'b'", "only these X are accepted: ...";
- "the carrier must be one of the following: 'a', 'b'", "X must be either 'a' or 'b'";
- "the carrier can be 'a' or 'b'", "X may only be 'a' or 'b'";
- "the only carriers you may use are 'a' and 'b'" (the noun phrase before a relative).

`closed_list` returns (the noun phrase naming the argument, the values), or nothing. The
values are quoted or code spans (a list given as bullets under an introducing sentence is
joined to it first, see `listed_items`). A list called typical or an example, a list of
tools, or a single value is no allowlist; a list of values of an action's object after a
preposition ("only ship with carrier 'a'") is read by `argvalues`.
"""

from __future__ import annotations

import re

from specgap.operators.prose import QUOTED, STATE_WORD, singular

_ITEM = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\")"
_ITEMS = (
    r"(?P<list>" + _ITEM + r"(?:\s*(?:,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+)" + _ITEM + r")+)"
)
_LIST = _ITEMS + r"\s*[.;]?\s*$"
# a label's noun phrase: no verb ("the valid types are: ..." is an enumeration, read apart)
_LABEL = (
    r"(?P<np>[A-Za-z][\w-]*(?:\s+(?!(?:are|is|include|includes|must|should|can|may|will)\b)"
    r"[A-Za-z][\w-]*){0,3}?)"
)
_QUALIFIED = r"(?:accepted|allowed|valid|permitted|supported|acceptable|permissible)"
_NP = r"(?P<np>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}?)"
_USED = (
    r"(?:used|accepted|allowed|permitted|valid|supported|passed|chosen|selected|acceptable|"
    r"possible)"
)
_FORMS: tuple[re.Pattern[str], ...] = (
    # "use only the following carriers: ...", "pick only these carriers: ..."
    re.compile(
        r"^\W*(?:you\s+(?:must|should|may|can)\s+)?(?:use|choose|pick|select|pass|accept|allow)"
        r"\s+only\s+(?:the\s+|these\s+|those\s+)?(?:following\s+)?" + _NP + r"\s*:?\s*" + _LIST,
        re.I,
    ),
    # "only the following carriers may be used: ...", "only these carriers are valid: ..."
    re.compile(
        r"^\W*only\s+(?:the\s+following|these|the)\s+" + _NP + r"\s+(?:are|is|may\s+be|can\s+be|"
        r"will\s+be)\s+" + _USED + r"\s*:?\s*" + _LIST,
        re.I,
    ),
    # "the only carriers you may use are ...", "the only carriers allowed are ..."
    re.compile(
        r"^\W*the\s+only\s+" + _NP + r"\s+(?:(?:that\s+)?(?:you|the\s+agent|we)\s+(?:may|can|"
        r"are\s+allowed\s+to)\s+(?:use|pass|choose|pick|select)|(?:that\s+(?:are|may\s+be)\s+)?"
        + _USED
        + r")\s+(?:are|is)\s*:?\s*"
        + _LIST,
        re.I,
    ),
    # "the carrier must be one of the following: ...", "... can be 'a' or 'b'"
    re.compile(
        r"^\W*(?:the\s+|each\s+|every\s+|any\s+|a\s+|an\s+)?" + _NP + r"\s+(?P<modal>must|should|"
        r"shall|can|may|has\s+to|have\s+to)\s+(?:only\s+|always\s+)?be\s+(?:only\s+)?(?:either\s+|"
        r"one\s+of\s*(?:the\s+following\s*(?:values\s*)?)?:?\s*)?" + _LIST,
        re.I,
    ),
)
_FORMS += (
    # "allowed carriers: ...", "accepted values for the carrier: ..."
    re.compile(
        r"^\W*(?:the\s+)?(?:only\s+)?" + _QUALIFIED + r"\s+(?:values\s+(?:for|of)\s+(?:the\s+)?)?"
        + _LABEL + r"\s*:\s*" + _LIST,
        re.I,
    ),
    # "only 'a' or 'b' may be used as the carrier"
    re.compile(
        r"^\W*only\s+" + _ITEMS + r"\s+(?:may|can|should|must|are\s+to|is\s+to)\s+be\s+"
        r"(?:used|passed|given|chosen|selected|set)\s+(?:as|for)\s+(?:the\s+|an?\s+)?" + _NP
        + r"\s*[.;]?\s*$",
        re.I,
    ),
    # "set the carrier to 'a' or 'b' only", "the carrier field accepts only 'a' and 'b'"
    re.compile(
        r"^\W*(?:set|use)\s+(?:the\s+)?" + _NP + r"\s+(?:to|as)\s+(?:only\s+" + _ITEMS
        + r"|" + _ITEMS.replace("?P<list>", "?P<list2>") + r"\s+only)\s*[.;]?\s*$",
        re.I,
    ),
    re.compile(
        r"^\W*(?:the\s+)?" + _NP + r"\s+(?:field\s+|argument\s+|parameter\s+)?(?:accepts|takes|"
        r"allows)\s+only\s+" + _LIST,
        re.I,
    ),
)  # fmt: skip
# values written as bare words, read only where the frame itself says "these are the only
# values": "one of"/"either", a label with a colon, "only a and b X are offered"
_BARE = r"(?:" + _ITEM + r"|(?>[A-Za-z0-9](?:[\w.:/+-]*[\w/+-])?))"
_BARES = (
    r"(?P<list>"
    + _BARE
    + r"(?:\s*,\s*(?:(?:and|or)\s+)?"
    + _BARE
    + r"|\s+(?:and|or)\s+"
    + _BARE
    + r")+)"
)
_BARE_END = r"\s*[.;]?\s*$"
_BARE_FORMS: tuple[re.Pattern[str], ...] = (
    # "the priority must be one of low, normal or high", "X has to be either a or b"
    re.compile(
        r"^\W*(?:the\s+|each\s+|every\s+|any\s+|a\s+|an\s+)?" + _NP + r"\s+(?:must|should|"
        r"shall|has\s+to|have\s+to|can\s+only|may\s+only)\s+(?:only\s+|always\s+)?be\s+"
        r"(?:only\s+)?(?:either|one\s+of(?:\s+the\s+following(?:\s+values)?)?)\s*:?\s*"
        + _BARES
        + _BARE_END,
        re.I,
    ),
    # "allowed regions: eu-west, us-east", "valid priorities: low, high"
    re.compile(
        r"^\W*(?:the\s+)?(?:only\s+)?"
        + _QUALIFIED
        + r"\s+(?:values\s+(?:for|of)\s+(?:the\s+)?)?"
        + _LABEL
        + r"\s*:\s*"
        + _BARES
        + _BARE_END,
        re.I,
    ),
    # "valid urgency values are low, normal and high", "the accepted zones are a and b"
    re.compile(
        r"^\W*(?:the\s+)?(?:only\s+)?"
        + _QUALIFIED
        + r"\s+(?:values\s+(?:for|of)\s+(?:the\s+)?)?"
        + _LABEL
        + r"\s+(?:are|is)\s*:?\s*"
        + _BARES
        + _BARE_END,
        re.I,
    ),
    # "urgency: one of low, normal, high"
    re.compile(
        r"^\W*(?:the\s+)?" + _LABEL + r"\s*:\s*(?:only\s+)?one\s+of\s*:?\s*" + _BARES + _BARE_END,
        re.I,
    ),
    # "room types allowed: single, double"
    re.compile(
        r"^\W*(?:the\s+)?" + _LABEL + r"\s+" + _QUALIFIED + r"\s*:\s*" + _BARES + _BARE_END, re.I
    ),
    # "the urgency field accepts only low, normal and high"
    re.compile(
        r"^\W*(?:the\s+)?" + _NP + r"\s+(?:field\s+|argument\s+|parameter\s+)?(?:accepts|takes|"
        r"allows)\s+only\s+" + _BARES + _BARE_END,
        re.I,
    ),
    # "only the values low and high are accepted for urgency"
    re.compile(
        r"^\W*only\s+(?:the\s+)?(?:values?\s+)?" + _BARES + r"\s+(?:are|is|may\s+be|can\s+be)\s+"
        r"(?:accepted|allowed|valid|permitted|supported|used)\s+(?:for|as)\s+(?:the\s+|an?\s+)?"
        + _NP
        + _BARE_END,
        re.I,
    ),
    # "the shipping should be standard or express only"
    re.compile(
        r"^\W*(?:the\s+|each\s+|every\s+|any\s+|a\s+|an\s+)?" + _NP + r"\s+(?:must|should|"
        r"shall|has\s+to|have\s+to|can|may)\s+be\s+" + _BARES + r"\s+only" + _BARE_END,
        re.I,
    ),
    # "only standard and express shipping are offered"
    re.compile(
        r"^\W*only\s+" + _BARES + r"\s+(?P<np>[a-z][\w-]*)\s+(?:is|are|may\s+be|can\s+be|will\s+be)"
        r"\s+(?:offered|available|supported|allowed|accepted|permitted|used|possible)" + _BARE_END,
        re.I,
    ),
)
_ENUMERATION = 2  # "the valid X are ...", as bare words only (quoted: `enumeration`)
# words that are never one of the values: the list is a sentence, not values
_NOT_VALUES = frozenset(
    {"a", "an", "the", "any", "all", "some", "not", "no", "other", "others", "more", "less",
     "it", "they", "this", "that", "these", "those", "be", "is", "are", "etc", "so", "on"}
)  # fmt: skip


def bare_list(text: str) -> tuple[str, tuple[str, ...]]:
    """(the argument's noun phrase, its only values) of a list of bare words in a frame that
    says they are the only values (`_BARE_FORMS`), or ("", ()); the compiler checks the
    values against the argument's `enum` when the schema has one (`specgap.argfit`)."""
    for n, form in enumerate(_BARE_FORMS):
        m = form.search(text)
        if m is None:
            continue
        if n == _ENUMERATION and QUOTED.search(m["list"]):
            return "", ()  # "the valid X are 'a', 'b'": the grammar's enumeration reads it
        if _opened(text[: m.start("list")]):
            return "", ()
        np = _SAYS_ARGUMENT.sub("", " ".join(m["np"].split()))
        words = np.casefold().split()
        if not words or words[-1] in _NOT_ARGUMENTS or words[0] in _NOT_ARGUMENTS:
            return "", ()
        split = re.split(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", m["list"])
        values = tuple(v[1:-1] if v[:1] in "`'\"" else v for v in split)
        if len(values) < 2 or any(v.casefold() in _NOT_VALUES for v in values):
            return "", ()
        if singular(words[-1]) in _STATES or all(_STATE.fullmatch(v) for v in values):
            return "", ()  # "the status must be one of open or closed": the entity's state
        if re.search(r"\beither\s*:?\s*$", text[: m.start("list")], re.I) and not re.fullmatch(
            r"\S+\s+or\s+\S+", m["list"]
        ):
            return "", ()  # "either a or b": two values, not a description in adjectives
        return np, values
    from specgap.extract.allow_forms import more_lists
    from specgap.extract.labelled_values import labelled_list
    from specgap.extract.values3_lists import subject_list

    labelled = labelled_list(text)  # "seating areas allowed: terrace, main room, bar"
    found = labelled if labelled[1] else more_lists(text)  # "... one of the X (a, b)"
    return found if found[1] else subject_list(text)  # "the berth must be North or Old Quay"


_QUALIFIED_NP = re.compile(
    r"^(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:for|of|on|per)\s+(?:(?:a|an|the|each|every|any)"
    r"\s+)?(?P<y>[a-z][\w-]*)$",
    re.I,
)


def head_first(np: str) -> str:
    """ "the vessel type for a slip" -> "slip vessel type": the noun after the preposition is
    the entity the argument belongs to, written before it as argument names are
    (`slip` tools' `vessel_type`, a deposit's `amount`)."""
    m = _QUALIFIED_NP.match(np.strip())
    return f"{m['y']} {m['x']}" if m else np


_SAYS_ARGUMENT = re.compile(r"\s+(?:values?|field|argument|parameter)$", re.I)

# words that say a list is not the only allowed values
_OPEN = re.compile(
    r"\b(?:typical|typically|usual|usually|standard|common|commonly|example|examples|e\.g|"
    r"such\s+as|like|preferably|preferred|recommended|default|some|among\s+others|include|"
    r"includes|including|etc)\b",
    re.I,
)
# words that call a list the usual one, not an open one, where the frame closes it ("must be
# one of the standard carriers: ...", "use only the default ...")
_USUAL = re.compile(r"\b(?:standard|default|preferred|recommended|usual|common)\b", re.I)
_CLOSED = re.compile(r"\b(?:only|one\s+of|must|allowed|permitted|valid|accepted)\b", re.I)


def _opened(said: str) -> bool:
    """Whether the words before a list call it open (module docstring of `_OPEN`)."""
    m = _OPEN.search(said)
    if m is None:
        return False
    if _USUAL.fullmatch(m[0]) and _CLOSED.search(said):
        return _OPEN.search(_USUAL.sub(" ", said)) is not None  # another open word?
    return True


_NOT_ARGUMENTS = frozenset(
    {"tool", "tools", "function", "functions", "action", "actions", "api", "apis", "it", "they",
     "this", "that", "these", "those", "value", "values", "option", "options", "one", "ones",
     "answer", "answers", "reply", "replies", "response", "responses"}
)  # fmt: skip


_STATES = frozenset({"status", "state", "stage", "phase", "condition"})
_STATE = re.compile(STATE_WORD, re.I)


def argument_noun(np: str) -> str:
    """The argument a list's noun phrase names: `carrier values` -> `carrier`."""
    return _SAYS_ARGUMENT.sub("", np)


def closed_list(text: str) -> tuple[str, tuple[str, ...]]:
    """(the argument's noun phrase, its only values), or ("", ()) (module docstring)."""
    quoted = _quoted_list(text)
    return quoted if quoted[1] else bare_list(text)


def _quoted_list(text: str) -> tuple[str, tuple[str, ...]]:
    for form in _FORMS:
        m = form.search(text)
        if m is None:
            continue
        if _opened(text[: m.start("list")]):  # values may say "example" ('a@example.org')
            return "", ()
        np = _SAYS_ARGUMENT.sub("", " ".join(m["np"].split()))  # "carrier values": the carrier
        np = head_first(np)  # "the type for a slip": the slip's type
        words = np.casefold().split()
        if not words or words[-1] in _NOT_ARGUMENTS or words[0] in _NOT_ARGUMENTS:
            return "", ()
        listed = m["list"] or m.groupdict().get("list2") or ""
        values = tuple(a or b or c for a, b, c in QUOTED.findall(listed))
        said = (m.groupdict().get("modal") or "").casefold()
        stated = singular(words[-1]) in _STATES or all(_STATE.fullmatch(v) for v in values)
        if said in {"can", "may"} and (stated or len(words) > 2):
            return "", ()  # "an order can be 'open' or 'closed'": what it may be, its state
        if len(values) < 2:
            return "", ()
        return np, values
    return "", ()


_ANNOUNCED = re.compile(
    r"^\W*(?:(?:use|choose|pick|select|pass|accept|allow)\s+only\s+(?:the\s+following|these)\s+"
    r"(?P<a>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)|only\s+(?:the\s+following|these)\s+(?P<b>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2}?)\s+(?:are|is|may\s+be|can\s+be)\s+" + _USED
    + r"|(?:the\s+)?(?P<c>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:must|should|has\s+to)\s+be\s+"
    r"one\s+of\s+the\s+following)"
    r"\s*[:.]?\s*",
    re.I,
)  # fmt: skip


def announced_without_values(text: str) -> str | None:
    """The argument a sentence announces the only values of ("use only the following
    carriers:") when no value could be read from it (nothing quoted, items that say more
    than one value): what the empty allowlist would have restricted."""
    m = _ANNOUNCED.match(text)
    if m is None or QUOTED.search(text[m.end() :]):
        return None
    return m["a"] or m["b"] or m["c"]


def values_listed(text: str) -> tuple[str, tuple[str, ...]]:
    """The only values of an argument a sentence lists, in any of the forms above or as
    an enumeration ("the accepted X are ..."): (the argument's noun phrase, the values)."""
    from specgap.extract.grammar_words import enumeration

    listed_of, listed = closed_list(text)
    if any(_COMPARES.search(v) for v in listed):
        return "", ()  # "nights between 1 and 14": a range of numbers, no list (`compare19`)
    if listed:
        return said_argument(_unqualified(listed_of)), listed
    listed_of, listed = enumeration(text)
    if any(_COMPARES.search(v) for v in listed):
        return "", ()
    # "valid carrier values are ...": the carrier; "the type for a slip": the slip's type
    return said_argument(_unqualified(head_first(argument_noun(listed_of)))), listed


# a value that compares a number: the words of a bound, never one of a list's values
_COMPARES = re.compile(
    r"\b(?:between|from|over|under|above|below|at\s+(?:most|least)|up\s+to|than)\s+"
    r"(?:[$€£]\s?)?\d",
    re.I,
)


def said_argument(np: str) -> str:
    """The argument's words as the resolver reads them: a label written as an identifier
    (`allowed_currencies`, `permittedRegions`) is its words, without the word saying the
    values are the only ones, and a plural head noun is singular ("currencies": the
    `currency` argument takes one value at a time)."""
    from specgap.extract.allow_labels import argument_words

    return argument_words(np)


_QUALIFIER = re.compile(r"^(?:the\s+)?(?:only\s+)?" + _QUALIFIED + r"\s+(?=\S)", re.I)


def _unqualified(np: str) -> str:
    """ "supported carriers" -> "carriers": the word that says the values are the only
    ones is no word of the argument's name."""
    return _QUALIFIER.sub("", np)


_POINTING = frozenset({"these", "those", "following", "such", "the"})


def points_to_list(values: tuple[str, ...]) -> bool:
    """ "Only these carriers may be used: ...": the words read as a state point to a list."""
    return bool(set(values) & _POINTING)
