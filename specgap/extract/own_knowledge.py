"""Nothing the agent says or passes is its own invention: "avoid making up information",
"never rely on your own knowledge for dosages; use the tools", "base every answer on data
the tools returned", "all information you give must come from tool results", "only share
facts that come from the tools or the member", "do not answer from memory", "you must not
speculate about prices".

Such a sentence names no one value: what must not be the agent's own is information in
general (information, data, details, facts, answers, knowledge). It compiles to
`arg_grounded` over every call with no facet (every identifier-like value a call passes
must be one the user or a tool gave; `arg_grounded` docstring); the sources are the ones
the sentence names (`origins.origin`, every part of an `or` list), else the user and any
tool's output. A source list with a part not read gives no rule (dropping a source would
be stronger than the sentence). A sentence about one kind of value ("never invent a slot
id") is read by `made_up_values`, not here; one saying where information is shown ("prices
are listed in the catalogue") obliges nothing and is not read.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.grammar_emit import Emit
from specgap.extract.origins import origin
from specgap.extract.pattern_base import ANY_TOOL

__all__ = ["own_knowledge"]

_INFO = (
    r"(?:information|info|data|details|facts|answers?|responses?|replies|knowledge|content|"
    r"anything|things|statements|claims)"
)
_BAN = (
    r"(?:never|do\s+not|don't|must\s+not|should\s+not|shall\s+not|may\s+not|cannot|can't|avoid|"
    r"refrain\s+from|(?:you|the\s+agent|the\s+assistant)\s+(?:must|should|shall|may)\s+(?:not|never))"
)
_MAKING = (
    r"(?:mak(?:e|ing)\s+up|invent(?:ing)?|fabricat(?:e|ing)|guess(?:ing)?|hallucinat(?:e|ing)|"
    r"assum(?:e|ing)|speculat(?:e|ing)|fill(?:ing)?\s+in)"
)
# "avoid making up information", "do not fill in missing information yourself"
_MADE_UP = re.compile(
    rf"^\W*{_BAN}\s+(?:ever\s+)?{_MAKING}(?:\s+(?:or|and)\s+{_MAKING})?\s+(?:(?:any|the|missing|"
    rf"new|extra|additional)\s+)*{_INFO}(?:\s+(?:yourself|on\s+your\s+own))?\s*(?:[.;!]|$)",
    re.I,
)
# "you must not speculate about prices or availability"
_SPECULATE = re.compile(
    rf"^\W*{_BAN}\s+(?:ever\s+)?(?:speculate|guess|make\s+assumptions)\s+(?:about|on|regarding|as\s+to)"
    r"\s+[^.;]+?\s*(?:[.;!]|$)",
    re.I,
)
# "never rely on your own knowledge", "do not answer from memory"
_OWN = re.compile(
    rf"^\W*{_BAN}\s+(?:rely\s+on|use|draw\s+on|answer\s+from|respond\s+from|reply\s+from|"
    r"answer\s+(?:\w+\s+){0,3}?(?:from|based\s+on|using))\s+(?:your\s+(?:own\s+)?|general\s+|prior\s+|"
    r"the\s+model's\s+(?:own\s+)?)?(?:knowledge|memory|training(?:\s+data)?|assumptions|beliefs)\b",
    re.I,
)
# "base every answer on data the tools returned, not on your own knowledge"
_BASE = re.compile(
    r"^\W*(?:(?:you\s+)?(?:must|should|shall)\s+)?(?:always\s+)?(?:base|ground)\s+(?:every|all|each|"
    rf"your|any)\s+(?:of\s+your\s+)?{_INFO}\s+(?:only\s+)?on\s+(?:the\s+)?(?:{_INFO}|what)\s+"
    r"(?:(?:that\s+)?(?:is\s+|are\s+|was\s+|were\s+)?(?:returned|provided|given|supplied)\s+by|from|"
    r"(?:the\s+)?(?P<subj>tools?|user|customer)\s+(?:return(?:s|ed)?|gave|give|provide[sd]?))"
    r"\s*(?P<src>[^.;,]*)",
    re.I,
)
# "all information you give must come from tool results"
_COME = re.compile(
    rf"^\W*(?:all\s+|any\s+|every\s+|the\s+)?{_INFO}\s+(?:(?:you|the\s+agent)\s+(?:give|gives|share|"
    r"shares|provide|provides|state|states|pass|passes)\s+)?(?:must|should|shall|has\s+to|have\s+to)\s+"
    r"(?:always\s+|only\s+)*(?:come|be\s+taken|be\s+drawn|originate)\s+(?:only\s+)?from\s+"
    r"(?P<src>[^.;]+?)(?:\s*,?\s*(?:and\s+)?(?:never|not)\s+from\s+[^.;]+?)?\s*(?:[.;!]|$)",
    re.I,
)
# "only share facts that come from the tools or the member"
_SHARE = re.compile(
    r"^\W*(?:(?:you\s+)?(?:must|should|shall|may)\s+)?(?:only\s+)?(?:share|give|provide|state|use|"
    rf"pass|report)\s+(?:only\s+)?(?:the\s+)?{_INFO}\s+(?:that\s+(?:comes?|came)\s+from|(?:that\s+(?:is|are|was|were)\s+)?"
    r"(?:provided|given|returned|supplied)\s+by|from)\s+(?P<src>[^.;]+?)\s*(?:[.;!]|$)",
    re.I,
)
_ONLY = re.compile(r"\bonly\b", re.I)
_ANYONE: dict[str, Any] = {"from_user": True, "from_tools": [ANY_TOOL]}


def own_knowledge(text: str) -> list[Emit] | None:
    """The rule of a sentence saying no information is the agent's own (module docstring);
    None for any other sentence, [] for one whose sources are not all read."""
    if _MADE_UP.search(text) or _SPECULATE.search(text) or _OWN.search(text):
        return [Emit("arg_grounded", ANY_TOOL, dict(_ANYONE), 0.7)]
    base = _BASE.search(text)
    if base is not None:
        said = f"{base['subj'] or ''} {base['src']}".strip()
        source = origin(said) if said else None
        return [Emit("arg_grounded", ANY_TOOL, source, 0.7)] if source else []
    m = _COME.search(text) or _SHARE.search(text)
    if m is None or (m.re is _SHARE and not _ONLY.search(m[0])):
        return None  # "share the facts from the tools": a step, no restriction
    # "provided by the member or returned by the tools": each source, its verb dropped
    source = origin(_AGAIN.sub(" or ", m["src"]))
    return [Emit("arg_grounded", ANY_TOOL, source, 0.7)] if source else []


_AGAIN = re.compile(
    r"\s+(?:or|and)\s+(?:(?:that\s+)?(?:is|are|was|were)\s+)?(?:returned|provided|given|supplied)\s+by\s+",
    re.I,
)
