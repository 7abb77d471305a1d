"""Values said as the thing acted on, with no preposition and no noun naming the argument
(fifteenth session):

- "Only violins, cellos and guitars can be rented (out)." (the values the passive's subject)
- "Only rent out a violin, a cello or a guitar.", "We only rent violins and cellos."
- "Pianos and drums are never rented out.", "Never rent out pianos or drums." (a ban)
- "Only book foot or car decks.", "Never book freight or cabin decks." (the values before
  the noun they are kinds of, sixteenth session)

The action is the verb's (the resolver maps `rent` to the tool that rents, or reports it). The
argument is the one whose schema lists every value (its `enum`, or its description's list:
`by_values` in `specgap.argfit`), the values spelt as the schema spells them ("violins" for
`violin`). When no argument, or several, list them all, the compiler says so at the
sentence and nothing is enforced: the words may be kinds of the thing acted on rather than
values of an argument, and the argument is never guessed.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.english import verb_lemma
from specgap.extract.grammar_emit import NOT_ACTIONS, Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.pattern_base import ANY_TOOL, CALL_VERBS, lemma
from specgap.extract.value_phrases import stated_values

# one word, after an article (atomic: "a b, a b, ..." never backtracks)
_ITEM = r"(?>(?:(?:a|an|the)\s+(?=[A-Za-z]))?[A-Za-z][\w-]*)"
_LIST = rf"(?P<list>{_ITEM}(?:\s*,\s*{_ITEM})*\s*,?\s+(?:and|or)\s+{_ITEM})"
_PARTICLE = r"(?:\s+(?:out|in|up|off|over|away))?"
_END = r"\s*[.!;]?\s*$"

_ONLY_PASSIVE = re.compile(
    rf"^\W*only\s+{_LIST}\s+(?:can|may|shall|will|are\s+to|is\s+to|are|is)\s+(?:be\s+)?"
    rf"(?P<verb>[a-z]+){_PARTICLE}{_END}",
    re.I,
)
# ... the values may stand before the noun they are kinds of ("only book foot or car decks")
_HEAD = r"(?:\s+(?P<head>[a-z][\w-]*))?"
_ONLY_ACTIVE = re.compile(
    rf"^\W*(?:(?:you|we|staff|agents)\s+)?(?:(?:may|can|should|must|will)\s+)?(?:only\s+"
    rf"(?P<verb>[a-z]+){_PARTICLE}|(?P<verb2>[a-z]+){_PARTICLE}\s+only)\s+{_LIST}{_HEAD}{_END}",
    re.I,
)
_NEVER_PASSIVE = re.compile(
    rf"^\W*{_LIST}\s+(?:are|is|(?:must|may|can|shall|will)\s*(?:not|never)\s+be|cannot\s+be|"
    rf"can't\s+be|are\s+not|is\s+not)\s+(?:never\s+|not\s+)?(?P<verb>[a-z]+){_PARTICLE}"
    rf"(?:\s*,?\s*(?:ever|at\s+all|under\s+any\s+circumstances))?{_END}",
    re.I,
)
_NEVER_ACTIVE = re.compile(
    rf"^\W*(?:(?:you|we|staff|agents)\s+)?(?:never|do\s+not|don't)\s+(?P<verb>[a-z]+){_PARTICLE}\s+"
    rf"{_LIST}{_HEAD}{_END}",
    re.I,
)
# the separators of a coordinated list: "a, b or c", "a, b, and c", "a and/or b"
LISTED = re.compile(r"\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and|and/or)\s+")
_NEGATION = re.compile(r"\b(?:never|not|cannot|can't)\b", re.I)


# "Cash is not accepted", "We never take amex or diners", "Post is not used", "Motorboats are
# not available", "... are not for hire": values said with
# a verb of using them, which names no tool; the tool is the one whose schema lists them
# (`specgap.values15_bind`, reviewed: the verb said nothing of it)
_USE_VERBS = (
    r"(?P<verb>accept|accepted|take|taken|use|used|offer|offered|support|supported|available|"
    r"for\s+(?:hire|rent|sale))"
)
_ONE = r"(?P<one>(?>[A-Za-z][\w-]*)(?:\s+(?![a-z]+ed\b|is\b|are\b)[a-z][\w-]*)?)"
_ANY_MORE = rf"(?:\s+(?:here|anymore|any\s+more|at\s+all))?{_END}"
_NOT_USED = re.compile(
    rf"^\W*(?:the\s+)?(?:{_LIST}|{_ONE})\s+(?:is|are)\s+(?:not|never|no\s+longer)\s+{_USE_VERBS}"
    rf"{_ANY_MORE}",
    re.I,
)
_WE_DO_NOT_USE = re.compile(
    rf"^\W*we\s+(?:do\s+not|don't|never|no\s+longer)\s+{_USE_VERBS}\s+(?:{_LIST}|{_ONE})"
    + _ANY_MORE,
    re.I,
)


_USING = re.compile(r"^(?:accept|take|use|offer|support)", re.I)


def unused_values(text: str) -> list[Emit]:
    """The ban of values no tool's verb names, said as not accepted or not used (above)."""
    text = " ".join(text.split())
    m = _NOT_USED.match(text) or _WE_DO_NOT_USE.match(text)
    if m is None:
        return []
    values = _values(m["list"]) if m["list"] else [m["one"]]
    if not values or any(v.casefold() in _NOT_VALUE_WORDS for v in values):
        return []
    if any(len(v.split()) > 1 for v in values) and (
        not _USING.match(m["verb"]) or stated_values(text)
    ):
        # "Free shipping is not available", "Deluxe grooming is not offered": a kind of the
        # act (`value_phrases`), not one value of two words
        return []
    # (the verb may name a tool, `accept_garment`; else the values find it)
    return [Emit("deny_action", lemma(m["verb"]), {"values": values, "by_values": True}, 0.6)]


# words a "not accepted" sentence opens on that are no value ("this is not accepted")
_NOT_VALUE_WORDS = frozenset(
    {"this", "that", "it", "these", "those", "which", "what", "such", "anything", "nothing",
     "everything", "something", "payment", "payments", "tool", "tools", "request", "requests"}
)  # fmt: skip


def object_values(text: str) -> list[Emit]:
    """The allowlist or ban of values said as the thing acted on (module docstring)."""
    text = " ".join(text.split())
    for pattern, operator in (
        (_ONLY_PASSIVE, "resource_in_allowlist"),
        (_ONLY_ACTIVE, "resource_in_allowlist"),
        (_NEVER_ACTIVE, "deny_action"),
        (_NEVER_PASSIVE, "deny_action"),
    ):
        m = pattern.match(text)
        if m is None:
            continue
        if pattern is _NEVER_PASSIVE and not _NEGATION.search(text[m.end("list") :]):
            return []  # "pianos and drums are rented out": no ban
        verb = _verb(m.groupdict().get("verb") or m.groupdict().get("verb2") or "")
        values = _values(m["list"])
        if verb is None or len(values) < 2:
            return []
        key = "allowed" if operator == "resource_in_allowlist" else "values"
        return [Emit(operator, verb, {key: values, "by_values": True}, 0.7)]
    return []


def _verb(word: str) -> str | None:
    word = word.casefold()
    verb = lemma(word) if lemma(word) in IMPERATIVE_VERBS else verb_lemma(word) or word
    if verb not in IMPERATIVE_VERBS or verb in NOT_ACTIONS | CALL_VERBS | {"be", "have"}:
        return None
    return verb


def _values(listed: str) -> list[str]:
    items = LISTED.split(listed.strip())
    return [re.sub(r"^(?:a|an|the)\s+", "", i, flags=re.I) for i in items if i]


# "60 minutes long", "3 nights": a number and the unit every value of the list is in
_MEASURED = re.compile(
    r"^(?P<n>\d+(?:\.\d+)?)\s+(?P<unit>[a-z]+)(?:\s+(?:long|in\s+length|each|apiece))?$", re.I
)
_NUMBER_ONLY = re.compile(r"\d+(?:\.\d+)?")


def measured_values(emit: Emit) -> Emit:
    """A list of values whose last one carries the unit of them all ("30, 45 or 60 minutes
    long") as the numbers of the argument the unit names (`minutes`), not as words of the
    noun before them ("lessons can only be ...": no `lesson_id` is 30)."""
    key = {"resource_in_allowlist": "allowed", "deny_action": "values"}.get(emit.operator)
    values = emit.params.get(key or "")
    if key is None or not isinstance(values, list) or len(values) < 2:
        return emit
    last = _MEASURED.match(str(values[-1]).strip())
    if last is None or not all(_NUMBER_ONLY.fullmatch(str(v).strip()) for v in values[:-1]):
        return emit
    unit = last["unit"].casefold()
    facet = unit if unit.endswith("s") else f"{unit}s"
    numbers = [*(str(v).strip() for v in values[:-1]), last["n"]]
    params = {k: v for k, v in emit.params.items() if k not in {"by_values", "by_means"}}
    return replace(emit, target=ANY_TOOL, params={**params, key: numbers, "facet": facet})


_STATED_LENGTHS = re.compile(
    r"^\W*(?:the\s+|a\s+|an\s+|all\s+|our\s+)?(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:are|is|"
    r"last|lasts|run|runs|take|takes)\s+(?:either\s+)?(?P<list>\d+(?:\.\d+)?(?:\s*,\s*\d+(?:\.\d+)?)*"
    r"\s*,?\s+(?:or|and)\s+\d+(?:\.\d+)?)\s+(?P<unit>[a-z]+)(?:\s+(?:long|in\s+length))?\s*[.!]?\s*$",
    re.I,
)


def stated_lengths(text: str) -> list[Emit]:
    """ "Lessons are 30, 45 or 60 minutes long": the values of the argument the unit names,
    stated as what exists rather than required, so kept for review with that condition."""
    m = _STATED_LENGTHS.match(" ".join(text.split()))
    if m is None:
        return []
    numbers = LISTED.split(m["list"].strip())
    unit = m["unit"].casefold()
    facet = unit if unit.endswith("s") else f"{unit}s"
    condition = "stated as what exists, not as the only values allowed"
    params = {"facet": facet, "allowed": [n for n in numbers if n]}
    return [Emit("resource_in_allowlist", ANY_TOOL, params, 0.7, condition)]
