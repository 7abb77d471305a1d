"""A state defined once by a word and used by that word in a rule elsewhere:

    A booking is live while its status reads reserved or paid.
    Only a live booking is moved.

`expand_states` finds the definitions of an artifact (a thing, `is` / `counts as`, one
word for the state, then `while` / `when` / `if` / `as long as` and its field said with
`its` or `their` and its values) and, in every other sentence of the artifact that uses the
word of that thing, writes the field and its values where the word is: "a live booking"
becomes "a booking whose status is reserved or paid", "unless it is live" becomes "unless
its status is reserved or paid". The readers of states then read the field and the values
the tools list, instead of comparing a word ("live") that no output holds. The written words
sit where the word was, so the rule cites its own sentence. A word defined twice with other
values, and the sentence of the definition itself, are left as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from specgap.extract.segments import Sentence

__all__ = ["expand_states", "state_definitions"]

_WORD = r"[A-Za-z][\w-]*"
_VALUE = r"`?[A-Za-z0-9][\w-]*`?"
_DEFINED = re.compile(
    r"^\W*(?:(?:an?|the|each|every|any)\s+)?(?P<thing>" + _WORD + r"(?:\s+" + _WORD + r")?)\s+"
    r"(?:is|are|counts?\s+as|is\s+called|are\s+called|is\s+considered)\s+(?P<state>[a-z][\w-]*)"
    r"\s+(?:while|when|whenever|if|as\s+long\s+as|so\s+long\s+as)\s+(?P<whose>its|their)\s+"
    r"(?P<field>" + _WORD + r"(?:\s+" + _WORD + r")?)\s+(?:is|are|reads?|shows?|says?|equals?)"
    r"\s+(?:(?:either|one\s+of)\s+)?(?P<list>" + _VALUE + r"(?:\s*,\s*" + _VALUE
    + r")*(?:\s*,?\s+(?:or|and)\s+" + _VALUE + r")?)\s*[.;]?\s*$",
    re.I,
)  # fmt: skip
_SPLIT = re.compile(r"\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+")
# words a state is never: a definition with one of them says something else
_NOT_STATES = frozenset(
    {"not", "no", "only", "always", "never", "also", "still", "then", "a", "an", "the", "to",
     "done", "required", "needed", "allowed", "free", "charged", "sent", "called"}
)  # fmt: skip


@dataclass(frozen=True)
class StateTerm:
    """`state` said of a `thing` (its singular as written) means `field` is one of `values`."""

    thing: str
    state: str
    field: str
    values: tuple[str, ...]

    def said(self) -> str:
        listed = list(self.values)
        return listed[0] if len(listed) == 1 else f"{', '.join(listed[:-1])} or {listed[-1]}"


def state_definitions(sentences: Iterable[Sentence]) -> list[StateTerm]:
    """The states defined once (or always alike) in the sentences, in a stable order."""
    found: dict[tuple[str, str], StateTerm] = {}
    clashing: set[tuple[str, str]] = set()
    for s in sentences:
        if s.subject is not None:
            continue
        m = _DEFINED.match(s.clean.strip())
        if m is None or m["state"].casefold() in _NOT_STATES:
            continue
        thing = m["thing"].casefold()
        if m["whose"].casefold() == "their" and thing.endswith("s"):
            thing = thing[:-1]
        values = tuple(v.strip("`") for v in _SPLIT.split(m["list"].strip()) if v.strip("`"))
        field = "_".join(m["field"].casefold().split())
        state = m["state"].casefold()
        if not values or state in {v.casefold() for v in values} or state == field:
            continue
        term = StateTerm(thing, state, field, values)
        key = (thing, state)
        if key in found and found[key] != term:
            clashing.add(key)
        found[key] = term
    return [t for k, t in sorted(found.items()) if k not in clashing]


def expand_states(pending: list[Sentence]) -> list[Sentence]:
    """The sentences, each use of a defined state in another sentence of the same artifact
    written as its field and values (module docstring)."""
    out: list[Sentence] = []
    by_artifact: dict[int, list[StateTerm]] = {}
    for s in pending:
        key = id(s.artifact)
        if key not in by_artifact:
            by_artifact[key] = state_definitions(x for x in pending if x.artifact is s.artifact)
        terms = by_artifact[key]
        out.append(_written(s, terms) if terms and s.subject is None else s)
    return out


def _uses(term: StateTerm) -> re.Pattern[str]:
    thing, state = re.escape(term.thing), re.escape(term.state)
    return re.compile(
        # "a live booking", "live bookings"
        r"\b(?P<adj>" + state + r")\s+(?P<noun>" + thing + r"(?:s|es)?)\b"
        # "it is live", "the booking is still live", "they are live"
        r"|\b(?P<who>it|they|(?:the|this|that|each|every)\s+" + thing + r")\s+"
        r"(?P<be>is|are|remains|remain|stays|stay)\s+(?:still\s+)?" + state + r"\b",
        re.I,
    )


def _written(s: Sentence, terms: list[StateTerm]) -> Sentence:
    if _DEFINED.match(s.clean.strip()):
        return s  # a definition itself
    for term in terms:
        field = term.field.replace("_", " ")
        at = 0
        while (m := _uses(term).search(s.text, at)) is not None:
            if m["adj"] is not None:
                said = f"{m['noun']} whose {field} is {term.said()}"
            else:
                who = m["who"]
                low = who.casefold()
                owner = {"it": "its", "they": "their"}.get(low, f"{who}'s")
                if who[:1].isupper():
                    owner = owner[:1].upper() + owner[1:]
                said = f"{owner} {field} {'are' if low == 'they' else 'is'} {term.said()}"
            s = s.replaced(m.start(), m.end(), said)
            at = m.start() + len(said)
    return s
