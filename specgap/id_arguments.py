"""A thing's identifier said as "<thing> id" bound to the argument that identifies it, whatever
identifier word the argument's name uses.

Prose names the value a call carries for a thing by the thing's noun and an identifier word
("the crate id", "the locker number", "a kiln name"); the tool may identify that thing by
another identifier word (`crate_code`, `locker_ref`) or behind a qualifier
(`storage_locker_number`, `agent_tool_name`). The argument resolver weighs every word of the
phrase, so the identifier word the tool does not use outweighs the noun and nothing is
found. Here the identifier word is read for what it is, one of a closed set
(`id`, `identifier`, `number`, `no`, `code`, `key`, `ref`, `name`), and the phrase names:

- the argument whose name ends with such a word and says every word of the thing's noun;
- only when exactly one argument of the tool does (two are a tie: nothing is bound).

Nothing here makes a rule stronger than its sentence: it binds only a phrase that already
names an identifier, to the only argument that carries that thing's identifier.
"""

from __future__ import annotations

import re

from specgap.irbase import Selector
from specgap.registry import Tool
from specgap.resolve.text import words

__all__ = ["identifier_argument"]

_ID_WORDS = frozenset({"id", "ids", "identifier", "identifiers", "number", "no", "code", "key",
                       "ref", "reference", "name"})  # fmt: skip
_PHRASE = re.compile(r"^\s*(?:the\s+|a\s+|an\s+)?(?P<noun>[A-Za-z][\w\s-]*?)\s+(?P<id>\w+)\s*$")


def identifier_argument(tool: Tool, phrase: str) -> Selector | None:
    """The selector of the one argument of `tool` that carries the identifier `phrase`
    names ("<thing> id"), or None (module docstring)."""
    m = _PHRASE.match(phrase)
    if m is None or m["id"].casefold() not in _ID_WORDS:
        return None
    noun = set(words(m["noun"]))
    if not noun or noun & {words(w)[0] for w in _ID_WORDS}:
        return None  # "the id number": no thing named
    ids = {words(w)[0] for w in _ID_WORDS}
    found = [
        arg
        for arg in tool.arg_names
        if (said := words(arg)) and said[-1] in ids and noun <= set(said[:-1])
    ]
    if len(found) != 1:
        return None
    return tool.facets.get(found[0]) or Selector(arg=found[0])
