"""Values the agent must find in a source before acting on them: "You must search the
catalogue to find the plugins you can install", "look through the directory to find the
rooms that you may book", "use the catalogue to find ...", "the plugins you can install are
listed in the catalogue", "find the rooms you may book in the directory".

A search of a named source whose purpose is to find the things the agent may then act on
says where those things come from: the argument that names them in the action's call
(`plugin_name` of `install_plugin`) must come from the source's output, not from the user
and not from the agent's own knowledge (`arg_grounded`, `from_user` false). The things are
named by a noun ("plugins"); the argument is the one the compiler binds to that noun's
name or id on the action's tool, so a noun no argument names binds to nothing and the
reading is dropped there (never a rule on another argument).

Not read: a search whose purpose names no action of the agent ("search the catalogue to
find out whether ..."), a source that is a person ("ask the member to find ..."), and a
purpose with a condition or more clauses after it (the reading would drop them).
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.origins import origin
from specgap.extract.pattern_base import singular

__all__ = ["found_in"]

_SRC = r"(?P<src>(?:the|your|our)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
_NP = (
    r"(?:the\s+|any\s+|which\s+)?(?P<np>(?!(?:that|which)\b)[a-z][\w-]*"
    r"(?:\s+(?!(?:that|which|you)\b)[a-z][\w-]*)?)"
)
# "(that) you can install"
_YOU_CAN = (
    r"(?:(?:that|which)\s+)?(?:you|the\s+agent|the\s+assistant)\s+(?:can|may|could|"
    r"are\s+allowed\s+to|are\s+able\s+to)\s+(?P<verb>[a-z]+)"
)
_END = r"\s*[.!]?\s*$"
_FOUND = (
    # "you must search the catalogue to find the plugins (that) you can install"
    re.compile(
        r"^\W*(?:(?:you|the\s+agent|the\s+assistant)\s+(?:must|should|need\s+to|have\s+to|"
        r"are\s+(?:required|expected)\s+to)\s+|(?:always|first)\s*,?\s+)?(?:always\s+|first\s+)?"
        r"(?:search|consult|check|browse|query|look\s+(?:through|in|up)|scan|use)\s+"
        rf"{_SRC}\s+(?:in\s+order\s+)?to\s+(?:find|locate|discover|identify|see)\s+{_NP}\s+"
        rf"{_YOU_CAN}{_END}",
        re.I,
    ),
    # "the plugins (that) you can install are listed in the catalogue"
    re.compile(
        rf"^\W*{_NP}\s+{_YOU_CAN}\s+(?:are|is)\s+(?:only\s+)?(?:those\s+)?(?:listed|found|shown|"
        rf"kept|given)\s+(?:only\s+)?(?:in|on|by)\s+{_SRC}{_END}",
        re.I,
    ),
    # "find the plugins you can install in the catalogue"
    re.compile(
        r"^\W*(?:(?:you\s+)?(?:must|should)\s+)?(?:always\s+)?(?:find|look\s+up|locate)\s+"
        rf"{_NP}\s+{_YOU_CAN}\s+(?:in|on|from|through)\s+{_SRC}{_END}",
        re.I,
    ),
)
# a noun that names no thing a call acts on
_NOT_THINGS = frozenset(
    {"information", "answer", "answers", "details", "way", "ways", "out", "whether", "if",
     "what", "how", "something", "anything", "help"}
)  # fmt: skip
_PEOPLE = re.compile(r"\b(?:user|customer|member|client|caller|person|people)s?\b", re.I)


def found_in(text: str) -> list[Emit]:
    """The grounding rule of a "search S to find the Xs you can V" sentence (module
    docstring), or [] when the sentence is not one (or any part of it is not read)."""
    m = next((m for p in _FOUND if (m := p.match(text.strip())) is not None), None)
    if m is None:
        return []
    verb = m["verb"].casefold()
    words = m["np"].casefold().split()
    if verb not in IMPERATIVE_VERBS or any(w in _NOT_THINGS for w in words):
        return []
    if _PEOPLE.search(m["src"]):
        return []  # a person is asked, not searched: who gives the value is another rule
    source = origin(m["src"])
    if source is None or not source.get("from_tools"):
        return []
    thing = " ".join([*words[:-1], singular(words[-1])])
    return [
        Emit(
            "arg_grounded",
            verb,
            {"facet": f"{thing} id", "from_user": False, "from_tools": source["from_tools"]},
            0.7,
        )
    ]
