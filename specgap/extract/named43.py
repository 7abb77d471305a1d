"""Names a prompt gives its tools (forty-third session).

A prompt written in a house style often gives each tool a name of its own, and its id once,
in brackets beside it: a field guide's species account ("### Grey Heron
(findHirerUsingGET)"), a menu's dish ("- **Sharing platter** (`order_platter`)"), a cast
list. Its other lines then say the name, not the id: "The heron is always the first bird of
a chat", "whatever the kingfisher brings back". The resolver knows a tool by the words of
its id and description, and a code name shares none of them.

A name is given by a line that is a heading, a list item or a bold label: the name (one to
four words, the first capitalised), then a tool id alone in brackets. It is a code name when
no word of it is a form of a word of the tool's id (a name that shares one, "Bookings
(book_boat)", "Cancellations (cancel_booking)", names the act by its own words, and the resolver
finds it as it is). Every other sentence of the prompt that says the name, maybe
after "the" ("the Grey Heron", "the kingfisher"), or only its last word when that is the last
word of no other name ("the heron"), is read with the tool's id in its place, ticked
("`findHirerUsingGET`"); its offsets stay those of the name's words, so every quote is a span
of the file. A name said twice for two tools names neither. A name in the possessive ("the
heron's record") is left as it is: it names what the call returned, and a second id in the
sentence would change how its clauses are read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from specgap.extract.answers import Part, compose_parts
from specgap.extract.segments import Sentence
from specgap.resolve.text import STOPWORDS, split_name, stem

__all__ = ["given_names", "given_tool", "gives_names", "named"]

_GIVEN = re.compile(
    r"(?m)^[ \t]*(?:#{1,6}[ \t]+|[-*+][ \t]+|\d{1,3}[.)][ \t]+)?(?:\*\*|__)?"
    r"(?P<name>[A-Z][A-Za-z'-]*(?:[ \t]+[A-Za-z][A-Za-z'-]*){0,3})(?:\*\*|__)?[ \t]*"
    r"\([ \t]*`?(?P<id>[A-Za-z_][\w.:-]*\w)(?:\(\))?`?[ \t]*\)[ \t]*(?:\*\*|__)?:?[ \t]*$"
)


def given_tool(line: str) -> str | None:
    """The tool id a line gives a name ("Mute Swan (bookBoatUsingPOST)"), or None."""
    m = _GIVEN.match(line.strip())
    return m["id"] if m is not None else None


def gives_names(text: str) -> bool:
    """Whether a line of the text may give a tool a name (the prompt is then read whole, so
    that every section sees the names: `whole_prompt`)."""
    return _GIVEN.search(text) is not None


def given_names(text: str, tools: frozenset[str]) -> dict[str, str]:
    """Each code name the text gives a tool (module docstring), casefolded, and the tool's id
    as the text spells it; a name's last word too, when no other name ends with it."""
    found: dict[str, set[str]] = {}
    for m in _GIVEN.finditer(text):
        tool, name = m["id"], " ".join(m["name"].split())
        if tool not in tools:
            continue
        own = [w.casefold() for w in split_name(tool)]
        words = [w.casefold() for w in name.split()]
        if any(_akin(w, o) for w in words for o in own) or all(w in STOPWORDS for w in words):
            continue  # "Bookings (book_boat)", "Cancellations (cancel_booking)": its own words
        found.setdefault(" ".join(words), set()).add(tool)
    names = {name: next(iter(ids)) for name, ids in found.items() if len(ids) == 1}
    lasts: dict[str, set[str]] = {}
    for name, ids in found.items():
        last = name.split()[-1]
        if " " in name and last not in STOPWORDS and len(last) > 2:
            lasts.setdefault(last, set()).update(ids)
    for last, ids in lasts.items():
        if len(ids) == 1 and last not in found:
            names[last] = next(iter(ids))
    return names


def _akin(word: str, other: str) -> bool:
    """Whether two words are one word's forms: the same stem, or (both of four letters or
    more) the same first four ("cancellations" and "cancel")."""
    if stem(word) == stem(other):
        return True
    return len(word) >= 4 and len(other) >= 4 and word[:4] == other[:4]


def named(sentences: Iterable[Sentence], names: dict[str, str]) -> Iterator[Sentence]:
    """The sentences, each that says a tool's code name read with the tool's id in its place
    (module docstring)."""
    if not names:
        yield from sentences
        return
    said = re.compile(
        r"\b(?:the\s+)?(?P<name>"
        + "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in sorted(names, key=len)[::-1])
        + r")\b(?!(?:\*\*|__)?\s*\(|['\u2019]s\b)",  # (not where it is given, nor possessive)
        re.I,
    )
    for sentence in sentences:
        parts: list[Part] = []
        at = 0
        for m in said.finditer(sentence.text):
            tool = names[" ".join(m["name"].casefold().split())]
            parts += [(at, m.start()), f"`{tool}`"] if m.start() > at else [f"`{tool}`"]
            at = m.end()
        if not parts:
            yield sentence
            continue
        if at < len(sentence.text):
            parts.append((at, len(sentence.text)))
        yield compose_parts(sentence, parts, sentence.asked)
