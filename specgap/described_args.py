"""An argument named by what its description says it is.

A parameter's description usually opens with a noun phrase saying what the value is:
`vessel_type` described "Class of boat that will occupy the slip." holds a *boat class*.
Prose naming that thing ("only the following boat classes may be rented") restricts that
argument although no word of its name is said. `described_as` binds a phrase to the one
argument whose description's leading noun phrase says exactly the phrase's words (in any
order, inflection and `of` aside): "boat class" is "Class of boat" and "the boat class to
rent", never "the card or voucher to credit" for "credits" (a word said later in a
description, after the head noun phrase, names nothing), and never one of two arguments
described alike (a tie is no binding).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from specgap.registry import Tool
from specgap.resolve.text import FILLER, split, stem

# where a description's leading noun phrase ends: a relative, a purpose, a verb, a comma
_LEAD_END = re.compile(
    r"[.,;:(\[—–]|\s-\s|\b(?:that|which|who|whose|to|for|used|when|where|if|as|is|are|will|"
    r"must|should|can|may|in|on|at|from|by|with|e\.g|i\.e)\b|\s[a-z]{3,}ed\b",
    re.I,
)


def leading_words(description: str) -> frozenset[str]:
    """The stems of the noun phrase a description opens with ("Class of boat that ..." ->
    {class, boat}), without articles and `of`."""
    said = " ".join(description.split())
    cut = _LEAD_END.search(said, 1)
    lead = said[: cut.start()] if cut else said
    return _content(lead)


def _content(phrase: str) -> frozenset[str]:
    return frozenset(stem(w) for w in split(phrase) if w not in FILLER and w not in _GLUE)


_GLUE = frozenset({"of", "the", "a", "an"})


def described_as(tool: Tool, phrase: str) -> str | None:
    """The one argument of `tool` whose description opens with the phrase's words, or None
    (none, or several)."""
    wanted = _content(phrase)
    props = tool.schema.get("properties")
    if not wanted or not isinstance(props, Mapping):
        return None
    found = [
        str(name)
        for name, spec in props.items()
        if name in tool.arg_names and leading_words(_description(spec)) == wanted
    ]
    return found[0] if len(found) == 1 else None


def _description(spec: Any) -> str:
    text = spec.get("description") if isinstance(spec, Mapping) else None
    return text if isinstance(text, str) else ""
