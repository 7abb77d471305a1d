"""Words of the state a condition tests: which words name a state (`STATE_WORDS`, with
irregular and two-word participles), which name a person's state (`PERSONAL`), which are
no state after "if" (`NOT_BARE`), a perfect tense read as the state it leaves (`perfect`),
and a field named with unquoted values ("on the basic tier": `field_values`). Used by the
condition grammar (`grammar_conditions`) and the readings of states elsewhere.
"""

from __future__ import annotations

import re

from specgap.extract.english import CLOSED_CLASS, lemmas
from specgap.extract.pattern_base import split_words
from specgap.operators.prose import STATE_WORD, USER, inflections

__all__ = [
    "NOT_BARE",
    "PART_OF",
    "PERSONAL",
    "STATE_FIELDS",
    "STATE_WORDS",
    "field_values",
    "perfect",
    "present_state",
]

STATE_FIELDS = frozenset(
    split_words("status state stage phase tier type level plan membership category kind role")
)

# a word (or phrase) naming a state: a participle, a known state word, an irregular
# participle or a state said in two words
STATE_WORDS = (
    r"(?:" + STATE_WORD + r"|paid|sent|held|lost|sold|done|complete|final|void|late|ready|"
    r"online|offline|on[\s_-]+hold|in[\s_-]+progress|in[\s_-]+transit|past[\s_-]+due|no[_-]show|"
    r"under\s+(?:repair|maintenance|review|investigation|construction)|"
    r"out\s+of\s+(?:service|stock|order)|in\s+(?:use|stock|service|repair|review)|"
    r"(?:checked|signed|logged|opted)[\s_-]+(?:in|out))"  # `checked-out`, `checked_in` too
)
_STATE = re.compile(STATE_WORDS, re.I)
_PERFECT_NOT = re.compile(r"\b(has|have|had)(?:\s+not|n't)\s+(?:yet\s+)?been\b", re.I)
_PERFECT = re.compile(
    r"\b(has|have|had)\s+(?P<adv>(?:already|just|not|not\s+yet)\s+)?(?P<p>(?!been\b)[a-z]+(?:ed|en))\b",
    re.I,
)
_CONTRACTED = re.compile(r"\b(is|are|was|were)n't\b", re.I)


PART_OF = re.compile(
    r"^(?:(?:any|some|all|none|one|each|either|every)\s+)?(?:(?:part|portion|piece|segment|"
    r"leg|item)s?\s+)?of\b|^(?:any|some|every|each)\s+(?:part|portion|piece|segment)s?\b",
    re.I,
)


# states of a person (the user), never of the things a rule acts on
PERSONAL = re.compile(
    r"\b(?:verified|authenticated|identified|registered|logged|signed|confirmed|sure|unsure|"
    r"eligible|authori[sz]ed|present|available)\b",
    re.I,
)


def perfect(words: str) -> str:
    """A perfect tense read as the state it leaves: "has not been dispatched" -> "has been
    not dispatched", "has shipped" -> "has been shipped", "isn't" -> "is not"."""
    words = _CONTRACTED.sub(r"\1 not", words)
    words = _PERFECT_NOT.sub(r"\1 been not", words)

    def _state(m: re.Match[str]) -> str:
        neg = "not " if m["adv"] and m["adv"].casefold().startswith("not") else ""
        return f"{m[1]} been {neg}{m['p']}"

    return _PERFECT.sub(_state, words)


# participles after "if"/"when" that say who acts or what is needed, not an entity's state
NOT_BARE = frozenset(
    split_words(
        "needed required requested asked allowed permitted approved authorized authorised "
        "confirmed verified instructed told prompted specified provided given available "
        "applicable appropriate possible necessary warranted justified supported unsure unclear "
        "used mentioned stated listed named advised desired wanted expected unlocked"
    )
)


_LIST = r"[a-z][\w-]*(?:\s*(?:,|or|and)\s*[a-z][\w-]*)*"
_FIELD_VALUES = (
    re.compile(  # "in status pending or packed", "in the status of draft"
        r"^(?:in|on|at|with|under|having)\s+(?:an?\s+|the\s+)?(?P<f>[a-z]+(?:_[a-z]+)*)\s+(?:of\s+)?"
        r"(?P<v>" + _LIST + r")\s*$",
        re.I,
    ),
    re.compile(  # "on the basic tier", "with a gold membership"
        r"^(?:in|on|at|with|under|having)\s+(?:an?\s+|the\s+)?(?P<v>" + _LIST + r")\s+"
        r"(?P<f>[a-z]+)\s*$",
        re.I,
    ),
)


def field_values(qualifier: str) -> tuple[str, tuple[str, ...]] | None:
    """An unquoted state named with its field: "on the basic tier", "in status pending or
    packed", "with a gold membership", "with account_status paused or closed" -> (field,
    values); None unless the field is a word naming a state (`status`, `tier`, ...), or an
    id whose last word is one (`account_status`)."""
    for pattern in _FIELD_VALUES:
        m = pattern.match(" ".join(qualifier.split()))
        # (a field's id whose last word names a state: "with account_status paused")
        if m is None or m["f"].casefold().rpartition("_")[2] not in STATE_FIELDS:
            continue
        said = re.split(r"\s*(?:,|\bor\b|\band\b)\s*", m["v"])
        values = tuple(v.casefold() for v in said if v)
        if values and not set(values) & STATE_FIELDS:
            return m["f"].casefold(), values
    return None


_PRESENT = re.compile(
    r"^(?P<subj>(?:(?:the|its|their|this|that|these|those|an?)\s+)?[a-z][\w-]*)\s+"
    r"(?P<v>[a-z]+)$",
    re.I,
)
_PEOPLE = re.compile(
    r"(?:you|we|i|he|she|someone|somebody|anyone|manager|supervisor|admin|administrator|agent|"
    r"staff|owner|visitor|team|lead|person|people|" + USER + r"s?)",
    re.I,
)
# verbs of a person's act or word, never a state a thing is left in ("until the guide agrees")
_NOT_EVENTS = frozenset(
    split_words(
        "be have do can may must will shall should would could need agree ask say tell want "
        "decide accept confirm consent approve request reply respond answer choose prefer "
        "insist call write speak complain object mention"
    )
)


def present_state(words: str) -> str | None:
    """An event said in the present simple, read as the state it leaves: "it expires" ->
    "it is expired", "the parcel ships" -> "the parcel is shipped" (after "until", "once",
    "after"). None for anything else, and for a person's act ("until the member pays" is
    something the member does, not a state of what the rule acts on)."""
    m = _PRESENT.match(" ".join(words.strip(" .,;").split()))
    if m is None:
        return None
    head, word = m["subj"].split()[-1].casefold(), m["v"].casefold()
    if _PEOPLE.fullmatch(head) or word in CLOSED_CLASS or word.endswith("ed"):
        return None  # a past tense ("unless the fares changed") is an event, no present state
    verbs = lemmas(word).get("VERB", ())
    if not verbs or verbs[0] in _NOT_EVENTS:
        return None
    participle = inflections(verbs[0], "VBN")
    if not participle:
        return None
    return f"{m['subj']} {'are' if head in {'they', 'these', 'those'} else 'is'} {participle[0]}"
