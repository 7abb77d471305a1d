"""What a tool is for, said in its description: "Use this to get the current timestamp for
logging verification records". The value the tool gets (`timestamp`) is where another
action's argument comes from: `arg_grounded` on that action (`log verification records`,
resolved to its tool), for the argument the value names, from the described tool.

Only for a value the tool *gets* (get, obtain, fetch, retrieve, look up) for an action
named by a gerund ("for logging ...", "when creating ..."); a purpose that names no other
action ("use this to get the time") states nothing here.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_rules import NOT_ACTIONS, Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS, object_at
from specgap.extract.pattern_base import lemma
from specgap.extract.segments import Sentence
from specgap.extract.sources import facets_of

_PURPOSE = re.compile(
    r"^\W*(?:use|call)\s+(?:this|it)(?:\s+(?:tool|function|method|endpoint))?\s+to\s+(?:get|"
    r"obtain|fetch|retrieve|look\s+up)\s+(?:the\s+|a\s+|an\s+)?(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)"
    r"{0,3}?)\s+(?:for|when|while|before)\s+(?P<g>[a-z]+ing)\b",
    re.I,
)


def tool_purpose(sentence: Sentence) -> list[Emit]:
    """`arg_grounded` from the described tool on the action its value is for (module
    docstring); [] otherwise."""
    if sentence.subject is None:
        return []
    m = _PURPOSE.match(sentence.clean)
    if m is None:
        return []
    verb = lemma(m["g"].casefold())
    if verb not in IMPERATIVE_VERBS or verb in NOT_ACTIONS:
        return []
    obj, _ = object_at(sentence.clean, m.end("g"))
    if not obj:
        return []
    source = {"from_user": False, "from_tools": [sentence.subject]}
    return [
        Emit("arg_grounded", f"{verb} {obj}", {"facet": facet, **source}, 0.7)
        for facet in facets_of(m["np"])
    ]
