"""An action restricted to the values a named list holds: "only edit the fields returned by
`get_editable_fields`", "you are only allowed to open lockers which are called
"free_lockers"", "you may only book rooms listed in the room list".

The values of the action's argument that the noun names (the fields, the lockers) must come
from the output of the tool that gives the list: a tool named by its id, or a list named by
its own name ("free_lockers", "the free lockers list"), which the compiler binds to the tool
whose name says it. The rule is `arg_grounded` with `from_user` false: the user naming a
value does not put it on the list. The phrase patterns read such a sentence as a ban of the
action "unless <the relative clause>", which no state test decides; this reading replaces
it (`specgap.extract.sources.value_sources` drops the ban the source rule states).

Not read: a list said by a state ("only edit fields that are empty": a state of the record,
not a list), a source that is a person ("fields the member named", read by `origins`), and
a restriction with more words after the list (a condition the reading would drop).
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.pattern_base import ANY_TOOL, singular

__all__ = ["only_listed"]

_ONLY = (
    r"(?:(?:you|the\s+agent|the\s+assistant)\s+(?:are|is)\s+only\s+(?:allowed|permitted)\s+to"
    r"|(?:(?:you|the\s+agent|the\s+assistant)\s+)?(?:may|can|must|should)\s+only"
    r"|only)"
)
_LISTED = (
    r"(?:returned\s+by|given\s+by|listed\s+(?:in|on|by)|found\s+in|included\s+in|contained\s+in"
    r"|(?:that\s+|which\s+)?appear\s+in|(?:that\s+|which\s+)?(?:are|is)\s+(?:called|named|in|on|"
    r"listed\s+(?:in|on|by)|returned\s+by|given\s+by|included\s+in|part\s+of)|called|named|in|"
    r"on|from)"
)
_RESTRICTED = re.compile(
    rf"^\W*{_ONLY}\s+(?P<verb>[a-z]+)\s+(?:(?:the|specific|those|these|any)\s+)*"
    r"(?P<np>[a-z][\w-]*(?:\s+(?!(?:that|which|listed|returned|given|found|included|contained|"
    r"appear|are|is|called|named|in|on|from)\b)[a-z][\w-]*)?)\s+"
    rf"(?:(?:that|which)\s+)?{_LISTED}\s+(?:the\s+)?(?P<src>`[a-z][\w.]*`(?:\(\))?"
    r"|\"[a-z][a-z0-9]*(?:_[a-z0-9]+)+\"|'[a-z][a-z0-9]*(?:_[a-z0-9]+)+'"
    r"|[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?:\(\))?|(?P<named>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})\s+list)"
    r"(?:\s+(?:list|output|results?))?\s*[.!]?\s*$",
    re.I,
)
# words that name a state or a person, not a thing on a list
_NOT_THINGS = frozenset({"information", "details", "data", "way", "ways", "time", "times"})


def only_listed(text: str) -> list[Emit]:
    """The source rule of "only V the Xs (which are) in/called/returned by L" (module
    docstring), or [] when the sentence is not one."""
    m = _RESTRICTED.match(text.strip())
    if m is None:
        return []
    verb = m["verb"].casefold()
    words = m["np"].casefold().split()
    if verb not in IMPERATIVE_VERBS or any(w in _NOT_THINGS for w in words):
        return []
    src = m["named"] or m["src"].strip("`'\"").removesuffix("()")
    # a list named by its own name ("free_lockers"): the tool whose name says it
    source = src if "_" not in src or _is_tool_id(src) else src.replace("_", " ")
    thing = " ".join([*words[:-1], singular(words[-1])])
    return [
        Emit(
            "arg_grounded",
            ANY_TOOL,
            {"facet": thing, "from_user": False, "from_tools": [source], "holder": verb},
            0.7,
        )
    ]


_VERB_FIRST = re.compile(r"^(?:get|list|search|find|fetch|read|lookup|query|show|check)_", re.I)


def _is_tool_id(name: str) -> bool:
    """A snake name that reads as a tool's (`get_free_lockers`), not a list's."""
    return _VERB_FIRST.match(name) is not None
