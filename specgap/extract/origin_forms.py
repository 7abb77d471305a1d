"""More shapes of "where a value must come from", each read from its grammar:

- use allowed on a condition that is the value's source: "a hull number may only be used if
  the skipper stated it", "no berth code may be used unless `list_berths` returned it",
  "never enter a hull number the skipper has not given": the source, nothing else;
- spelling or copying "exactly as" a source gave it: "crew names have to be spelled exactly
  as the skipper wrote them", "copy the berth code exactly as `list_berths` shows it";
- an action said by its noun and its recipient value: "the credit must be issued to the
  member id returned by `find_member`", "a refund may only go to a card the member named":
  the value the action's argument takes, on that action;
- collecting values for each of several things before an action: "collect the hull number
  and length of every boat before assigning a berth": the values come from the person, on
  the action (`value_scopes.scoped` reads "before ...").

Each emits `arg_grounded` with the value as a facet (`specgap.spread` binds it to the
argument it names, or keeps the rule over every call, reviewed, with a located note). The
source is read by `origins.origin` (every part of an `or` list); a source not read gives no
rule: a rule dropping a source would be stronger than the sentence. A sentence that says
where a value is shown ("berth codes are printed on the invoice") obliges nothing and is not
read.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.grammar_emit import Emit
from specgap.extract.origins import _GAVE, _TOOL, _src, _told, origin, value_of
from specgap.extract.pattern_base import ANY_TOOL, is_action_noun, lemma, singular
from specgap.extract.value_people import PERSON

__all__ = ["collected_for_each", "origin_forms"]

_WORD = r"[A-Za-z][\w'-]*"
_NP = rf"(?P<np>(?!(?:the|a|an|any|no|every|each|only)\b){_WORD}(?:\s+{_WORD}){{0,3}}?)"
_DET = r"(?:(?:the|a|an|any|every|each|all)\s+)?"
_SOURCE = rf"(?P<src>(?:the\s+|a\s+|an\s+|their\s+)?(?:{PERSON}|{_TOOL}|[a-z]+(?:\s+[a-z]+)?))"
_HAS = r"(?:has\s+|have\s+|had\s+)?(?:explicitly\s+|actually\s+|already\s+|personally\s+)?"
_USED = r"(?:used|passed|entered|sent|supplied|submitted|filled\s+in|given\s+to\s+(?:a|any)\s+tool)"
_IT = r"(?:\s+(?:it|them|one|this|that))?"
_END = r"\s*(?:[.;!?]|$)"
# "a hull number may only be used if the skipper stated it"
_ONLY_IF = re.compile(
    rf"^\W*{_DET}{_NP}\s+(?:may|can|should|must|shall)\s+only\s+be\s+{_USED}\s+(?:if|when|once|"
    rf"after)\s+{_SOURCE}\s+{_HAS}(?P<verb>{_GAVE}){_IT}(?:\s+(?:in|during)\s+the\s+"
    rf"(?:conversation|chat|call))?{_END}",
    re.I,
)
# "no berth code may be used unless `list_berths` returned it"
_NO_UNLESS = re.compile(
    rf"^\W*no\s+{_NP}\s+(?:may|can|should|shall|is\s+to|are\s+to)\s+be\s+{_USED}\s+(?:unless|until)"
    rf"\s+{_SOURCE}\s+{_HAS}(?P<verb>{_GAVE}){_IT}{_END}",
    re.I,
)
# "never enter a hull number the skipper has not given", "do not use any berth code that
# `list_berths` did not return"
_NOT_GIVEN = re.compile(
    r"^\W*(?:(?:you|the\s+agent)\s+(?:must|should|shall|may)\s+(?:not|never)|never|do\s+not|"
    r"don't|must\s+not)\s+(?:use|enter|pass|send|supply|submit|fill\s+in|put\s+in|type\s+in)\s+"
    rf"{_DET}{_NP}\s+(?:that\s+|which\s+)?{_SOURCE}\s+(?:has|have|had|did|does|do)\s*(?:not|n't)\s+"
    rf"(?:explicitly\s+|actually\s+|yet\s+)?(?P<verb>give|given|state|stated|provide|provided|"
    rf"return|returned|list|listed|name|named|confirm|confirmed|supply|supplied|mention|mentioned|"
    rf"share|shared){_IT}(?:\s+yet)?{_END}",
    re.I,
)
# "crew names have to be spelled exactly as the skipper wrote them"
_EXACTLY_AS = re.compile(
    rf"^\W*{_DET}{_NP}\s+(?:must|should|shall|has\s+to|have\s+to|needs?\s+to|are\s+to|is\s+to)\s+"
    r"(?:always\s+)?be\s+(?:spelled|spelt|entered|written|typed|copied|used|passed|given|sent|"
    rf"recorded|kept)\s+(?:exactly|verbatim|precisely|word\s+for\s+word)\s+as\s+{_SOURCE}\s+{_HAS}"
    rf"(?P<verb>gave|given|wrote|written|spelled|spelt|typed|said|stated|provided|returned|"
    rf"returns|listed|lists|shows|showed|shown|named|entered){_IT}{_END}",
    re.I,
)
# "the credit must be issued to the member id returned by T", "a refund may only go to a
# card the member named"
_ISSUED_TO = re.compile(
    r"^\W*(?:the\s+|a\s+|an\s+|any\s+|every\s+|each\s+|all\s+)?(?P<act>[a-z]+)\s+(?:must|should|"
    r"shall|may\s+only|can\s+only|has\s+to|have\s+to)\s+(?:only\s+|always\s+)?(?:be\s+)?"
    r"(?P<how>issued|sent|paid|credited|refunded|made|returned|transferred|delivered|go|goes)\s+"
    r"(?:only\s+)?(?:back\s+)?(?:to|into|onto|on)\s+(?:the\s+|a\s+|an\s+)?"
    rf"(?P<np>{_WORD}(?:\s+{_WORD}){{0,2}}?)\s+(?:"
    rf"(?:that\s+|which\s+)?(?:(?:was|were|is|are|has\s+been)\s+)?(?P<verb>{_GAVE})\s+(?:by|in|"
    rf"from)\s+(?P<src>[^.;:!?,]+?)|(?:that\s+|which\s+)?{_SOURCE.replace('src', 'src2')}\s+"
    rf"{_HAS}(?P<verb2>{_GAVE}){_IT})\s*(?:[.;!?]|$)",
    re.I,
)
# the verb of an action said by its issuing ("the credit must be issued"): issue credit
_HOW = {"issued": "issue", "sent": "send", "paid": "pay", "credited": "credit",
        "transferred": "transfer", "delivered": "deliver"}  # fmt: skip
# "collect the hull number and length of every boat before assigning a berth"
_DATUM = r"(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*"
_COLLECT_EACH = re.compile(
    r"^\W*(?:(?:you|the\s+agent|we)\s+(?:must|should|shall|need\s+to|have\s+to)\s+)?(?:always\s+)?"
    r"(?:first\s+)?(?:collect|gather|get|obtain|take\s+down|note\s+down|write\s+down|record|"
    rf"request|ask\s+for)\s+(?:(?:the|their|a|an)\s+)?(?P<values>{_DATUM}(?:(?:\s*,\s*(?:and\s+)?|"
    rf"\s+and\s+)(?:(?:the|their|a|an)\s+)?{_DATUM}){{0,4}}?)\s+(?:of|for)\s+(?:each|every|all|any)"
    r"\s+(?:of\s+the\s+)?(?P<per>[a-z]+)\s+(?:before|prior\s+to|when|while)\s+"
    # "before adding it": the action on the thing each value belongs to
    r"(?:(?P<verb>[a-z]+ing)\s+(?P<it>it|them|one)\s*(?:[.;!?]|$))?",
    re.I,
)
_QUALIFIERS = frozenset({"full", "complete", "exact", "correct", "current", "legal", "official"})
_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.I)
_LEAD_DET = re.compile(r"^(?:the|their|a|an)\s+", re.I)


def origin_forms(text: str) -> list[Emit]:
    """The `arg_grounded` rules of the shapes in the module docstring; [] for any other
    sentence."""
    for pattern in (_ONLY_IF, _NO_UNLESS, _NOT_GIVEN, _EXACTLY_AS):
        m = pattern.search(text)
        if m is None:
            continue
        value, source = value_of(m["np"]), _source(m["src"], m["verb"])
        if value is None or source is None:
            return []
        return [Emit("arg_grounded", ANY_TOOL, {"facet": value, **source}, 0.7)]
    return _issued(text) or _collected(text)


def _source(src: str, verb: str) -> dict[str, Any] | None:
    """The sources a phrase names; a person named by any noun who told the value."""
    source = origin(_src(src))
    if source is None and _told(src, verb):
        return {"from_user": True, "from_tools": []}
    if source is None and verb.casefold() in _WROTE and _told(src, "gave"):
        return {"from_user": True, "from_tools": []}  # "as the skipper wrote them"
    return source


_WROTE = frozenset({"wrote", "written", "spelled", "spelt", "said", "typed", "entered"})


def _issued(text: str) -> list[Emit]:
    """ "The credit must be issued to the member id returned by T": the value on the action
    the noun names (an action noun, or the verb of issuing and its object)."""
    m = _ISSUED_TO.search(text)
    if m is None:
        return []
    value = value_of(m["np"])
    src, verb = (m["src"], m["verb"]) if m["src"] else (m["src2"], m["verb2"])
    source = _source(src, verb)
    if value is None or source is None:
        return []
    act, how = m["act"].casefold(), m["how"].casefold()
    if is_action_noun(act):  # "a refund": the resolver maps the action noun
        target = act
    elif how in _HOW:
        target = f"{_HOW[how]} {singular(act)}"
    else:
        return []  # "the letter must go to ...": no action said
    return [Emit("arg_grounded", target, {"facet": value, **source}, 0.65)]


def _collected(text: str) -> list[Emit]:
    """ "Collect the hull number and length of every boat before assigning a berth": each
    value comes from the person; the action is the scope `value_scopes.scoped` reads."""
    m = _COLLECT_EACH.search(text)
    if m is None:
        return []
    per = singular(m["per"].casefold())
    out = []
    for part in _SPLIT.split(m["values"].strip()):
        words = _LEAD_DET.sub("", part.strip()).casefold().split()
        words = [w for w in words if w not in _QUALIFIERS]  # "full names": the names
        value = value_of(" ".join(words)) if words else None
        if value is None:
            return []  # "collect the fee of every booking": no datum the person tells
        # "names for every passenger": the passenger's names
        out.append(value if value.startswith(per) else f"{per} {value}")
    params: dict[str, Any] = {"from_user": True, "from_tools": []}
    # "before adding it": add the boat (the scope names the action in words otherwise)
    target = f"{lemma(m['verb'].casefold())} {per}" if m["verb"] else ANY_TOOL
    return [Emit("arg_grounded", target, {"facet": v, **params}, 0.65) for v in out]


def collected_for_each(text: str) -> list[Emit] | None:
    """The rules of "collect the X and Y of every boat before adding it", whose action is
    said with a pronoun (no scope to read); None for any other sentence."""
    emits = _collected(text)
    return emits if emits and emits[0].target != ANY_TOOL else None
