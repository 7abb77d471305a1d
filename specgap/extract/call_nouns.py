"""The things one tool call acts on one of, read from the agent's tools: a count of them is a
count of calls.

"Students may enroll in at most 5 courses per term" counts courses; `enroll_student` takes one
`section_id`, and a tool is named `drop_course`: each call enrolls in one course, so five
courses are five calls (`max_calls`), not a bound on an argument named "courses" (which no
tool has). A noun is one per call when a tool's name holds it after its verb
(`drop_course`: course) or a tool takes one of it by a string id (`section_id`: section);
never when some tool takes it as a number or a list (`seats: integer`, `items: array`), or
names it and takes a count (`buyTickets(quantity: integer)`): "at most 4 seats" is then how
many in one call.

The build sets the nouns for the agent under way (`tool_nouns`), as it sets the tool verbs
(`specgap.extract.grammar_words.tool_verbs`); outside a build there are none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from specgap.extract.context import variable
from specgap.extract.english import lemmas
from specgap.operators.prose import singular
from specgap.resolve.text import own_part

_NOUNS: ContextVar[frozenset[str]] = variable("specgap_tool_nouns", frozenset())
_WORDS = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")
_ID_WORDS = frozenset({"id", "ids", "number", "code", "ref", "reference", "key", "uuid"})
_MANY_TYPES = frozenset({"integer", "number", "array"})
_COUNT_WORDS = frozenset({"quantity", "qty", "count", "number", "num", "pieces", "units"})


def _words(name: str) -> list[str]:
    last = own_part(name)
    return [w.casefold() for w in _WORDS.findall(last)]


def nouns_of_tools(tools: Iterable[Any]) -> frozenset[str]:
    """The nouns one call of the agent's tools acts on one of (module docstring). `tools`
    are registry tools: an `id` and a JSON `schema` with `properties`."""
    one: set[str] = set()
    many: set[str] = set()
    for tool in tools:
        named = _words(str(getattr(tool, "id", "")))
        schema = getattr(tool, "schema", None) or {}
        properties = schema.get("properties", {}) if isinstance(schema, dict) else {}
        properties = properties if isinstance(properties, dict) else {}
        own = {f for w in named[1:] for f in _forms(w)}
        counted = any(_counts(own, str(n), p) for n, p in properties.items())
        (many if counted else one).update(f for w in named[1:] if len(w) > 2 for f in _forms(w))
        for name, spec in properties.items():
            words = _words(str(name))
            kind = spec.get("type") if isinstance(spec, dict) else None
            # a type may be a list (`["string", "null"]`) and, in a bad schema, anything
            kinds = {k for k in (kind if isinstance(kind, list) else [kind]) if isinstance(k, str)}
            if kinds & _MANY_TYPES:
                many.update(f for w in words for f in _forms(w))
            elif "string" in kinds and len(words) > 1 and words[-1] in _ID_WORDS:
                one.update(f for w in words[:-1] if len(w) > 2 for f in _forms(w))
    return frozenset(one - many)


def _counts(own: set[str], name: str, spec: Any) -> bool:
    """A number argument that counts the tool's own noun (`buyTickets(quantity)`,
    `ticket_count`): the noun comes many to a call. A count named for something else
    (`guest_count` of `place_hold`) is not the holds'."""
    words = set(_words(name))
    return (
        bool(words & _COUNT_WORDS)
        and words <= _COUNT_WORDS | own | {"of"}
        and isinstance(spec, dict)
        and spec.get("type") in {"integer", "number"}
    )


def one_per_call(noun: str) -> bool:
    """Each call of the build's tools acts on one `noun` (module docstring)."""
    known = _NOUNS.get()
    return bool(known) and not known.isdisjoint(_forms(noun.casefold()))


def _forms(word: str) -> set[str]:
    """`courses` -> course (the lexicon's lemma; `singular` alone gives `cours`)."""
    return {word, singular(word), *lemmas(word).get("NOUN", ())}


def current_tool_nouns() -> frozenset[str]:
    """The nouns of the build under way (`tool_nouns`): part of what a reading depends on."""
    return _NOUNS.get()


@contextmanager
def tool_nouns(nouns: frozenset[str]) -> Iterator[None]:
    """Within the block, `one_per_call` answers from `nouns`."""
    token = _NOUNS.set(nouns)
    try:
        yield
    finally:
        _NOUNS.reset(token)
