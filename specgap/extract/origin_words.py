"""The words the readings of where a value comes from share (`origin_forms`,
`origin_uses`): a value's noun phrase, its determiners, a source (a person, a tool, a noun),
and the sources a phrase names with a person told by any noun ("as the skipper wrote them").
"""

from __future__ import annotations

from typing import Any

from specgap.extract.origins import _TOOL, _src, _told, origin
from specgap.extract.value_people import PERSON

_WORD = r"[A-Za-z][\w'-]*"
_NOT_NOUN = r"(?!(?:the|a|an|any|no|every|each|only|to|for|on|with|in|into|from|by|that|which)\b)"
_NP = rf"(?P<np>{_NOT_NOUN}{_WORD}(?:\s+{_NOT_NOUN}{_WORD}){{0,3}}?)"
_DET = r"(?:(?:the|a|an|any|every|each|all)\s+)?"
_SOURCE = rf"(?P<src>(?:the\s+|a\s+|an\s+|their\s+)?(?:{PERSON}|{_TOOL}|[a-z]+(?:\s+[a-z]+)?))"
_HAS = r"(?:has\s+|have\s+|had\s+)?(?:explicitly\s+|actually\s+|already\s+|personally\s+)?"
_USED = r"(?:used|passed|entered|sent|supplied|submitted|filled\s+in|given\s+to\s+(?:a|any)\s+tool)"
_IT = r"(?:\s+(?:it|them|one|this|that))?"
_END = r"\s*(?:[.;!?]|$)"
_OWNERS = frozenset({"their", "his", "her", "its", "the", "a", "an", "my", "your"})


def told_source(src: str, verb: str) -> dict[str, Any] | None:
    """The sources a phrase names; a person named by any noun who told the value."""
    source = origin(_src(src))
    if source is None and _told(src, verb):
        return {"from_user": True, "from_tools": []}
    if source is None and verb.casefold() in _WROTE and _told(src, "gave"):
        return {"from_user": True, "from_tools": []}  # "as the skipper wrote them"
    return source


_WROTE = frozenset({"wrote", "written", "spelled", "spelt", "said", "typed", "entered"})
