"""More shapes of where a value must come from (see `origins`): the sources said by the step
that gets the value ("get the member id either from the member or by calling
`find_member`", "if the guest does not know their booking id, look it up with
`get_booking`"), the conversation as the source ("never use a slot id you have not seen in
this conversation", "any id you pass must have appeared earlier in the conversation"), a
value the person did not give ("a boat id the member did not mention must not be used"),
and a check that the value has its source ("make sure the slip id matches one returned by
`get_slip`", read as the obligation it states).

Each compiles as the `origins` readings do: `arg_grounded` with the value as a facet over
every tool taking it (or the call the sentence scopes it to, `value_scopes`). The
conversation holds what the user said and what the tools returned: both are sources. A
value named only as "an id" or "any id" names no one argument: the rule holds over every
identifier of every call (no facet), as "never make up ids" does.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.grammar_emit import Emit
from specgap.extract.origin_lists import only_listed
from specgap.extract.origins import origin, said_origins, value_of
from specgap.extract.pattern_base import ANY_TOOL, singular, split_words
from specgap.extract.value_people import PERSON

_WORD = r"[A-Za-z][\w'-]*"
_NP = rf"(?P<np>{_WORD}(?:\s+{_WORD}){{0,3}}?)"
_DET = r"(?:(?:the|a|an|any|every|each|all|their|his|her)\s+)?"
_BAN = (
    r"(?:never|do\s+not|don't|must\s+not|should\s+not|shall\s+not|may\s+not|cannot|can't|"
    r"(?:it\s+is\s+|it's\s+)?(?:forbidden|prohibited|not\s+allowed|not\s+permitted)\s+to|"
    r"(?:you|the\s+agent)\s+(?:are|is|'re)\s+(?:not\s+allowed|not\s+permitted|forbidden)\s+to)"
)
_CLAUSE_WORD = r"(?:when|whenever|before|while|if|unless|until|after|once|prior\s+to)\b"
_SRC = rf"(?P<src>[^.;:!?]+?)\s*(?:[.;!?]|$|,?\s+(?={_CLAUSE_WORD}))"
_GETS = (
    r"(?:(?:look\s+(?:it|them)\s+up|find\s+(?:it|them)|get\s+(?:it|them)|fetch\s+(?:it|them)|"
    r"retrieve\s+(?:it|them))\s+(?:with|in|using|via|from|through|by\s+calling)|use|call)"
)
# "if the guest does not know their booking id, look it up with `get_booking`"
_UNKNOWN = re.compile(
    rf"^\W*(?:if|when|whenever)\s+(?:the\s+|a\s+)?(?:{PERSON})\s+(?:does\s*not|doesn't|cannot|"
    r"can't|do\s*not|don't|is\s+unable\s+to)\s+(?:know|have|remember|recall|find)\s+"
    rf"{_DET}{_NP}\s*,\s*(?:(?:you\s+)?(?:must|should|can|may)\s+)?(?:then\s+)?{_GETS}\s+"
    rf"{_SRC}",
    re.I,
)
# "get the member id either from the member or by calling `find_member`"
_GET = re.compile(
    r"^\W*(?:(?:you\s+)?(?:must|should|shall|need\s+to|have\s+to)\s+)?(?:always\s+|only\s+|"
    r"first\s+)*(?:get|obtain|take|fetch|retrieve|source)\s+" + _DET + _NP + r"\s+(?:only\s+)?"
    r"(?:either\s+)?(?:from|via|by\s+calling|by\s+using|using|with)\s+" + _SRC,
    re.I,
)
# "never use a slot id you have not seen in this conversation"
_UNSEEN = re.compile(
    rf"^\W*{_BAN}\s+(?:use|pass|send|enter|supply)\s+{_DET}{_NP}\s+(?:that\s+|which\s+)?"
    r"(?:you\s+)?(?:have\s+not|haven't|did\s+not|didn't)\s+(?:seen|read|received|been\s+given|"
    r"found|come\s+across)\s+(?:in|during|earlier\s+in)\s+(?:this|the|the\s+current)\s+"
    r"(?:conversation|chat|session|dialogue)\b",
    re.I,
)
# "any id you pass to a tool must have appeared earlier in the conversation"
_APPEARED = re.compile(
    rf"^\W*{_DET}{_NP}\s+(?:(?:that\s+|which\s+)?you\s+(?:pass|send|use|give)\s+(?:to\s+"
    r"(?:a|any|the)\s+(?:tool|function|call)\s+)?)?(?:must|should|shall|has\s+to|have\s+to)\s+"
    r"(?:already\s+)?have\s+(?:already\s+)?(?:appeared|been\s+(?:seen|mentioned|shown|given)|come\s+up)"
    r"\s+(?:earlier\s+|before\s+|already\s+)?in\s+(?:this|the|the\s+current)\s+(?:conversation|chat|"
    r"session|dialogue)\b",
    re.I,
)
# "a boat id that the member did not mention must not be used"
_NOT_GIVEN = re.compile(
    rf"^\W*{_DET}{_NP}\s+(?:that\s+|which\s+)?(?:the\s+)?{PERSON}\s+(?:did\s+not|didn't|has\s+not|"
    r"hasn't)\s+(?:mention|give|provide|state|name|supply|type|confirm)\s+(?:must|should|shall|may|"
    r"can)\s*(?:not|never|n't)\s+be\s+(?:used|passed|sent|entered|submitted)\b",
    re.I,
)
# "never issue a ticket with a sailing id that `search_sailings` did not return"
_WITH_UNGIVEN = re.compile(
    rf"^\W*{_BAN}\s+(?P<verb>[a-z]+)\s+(?P<obj>(?:(?:a|an|the|any)\s+)?[a-z]+(?:\s+[a-z]+)?|"
    r"`?[A-Za-z_][\w]*`?)\s+(?:with|using|for|to)\s+" + _DET + _NP + r"\s+(?:that|which)\s+"
    r"(?P<src>(?:the\s+|a\s+)?[a-z]+|`?(?-i:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)`?)\s+(?:did\s+not|"
    r"didn't|has\s+not|hasn't|have\s+not|haven't)\s+(?:return|list|give|provide|produce|show|"
    r"offer|mention|state|name)\b",
    re.I,
)
# "never refill a prescription the owner has not named": the thing acted on, by its id
_OBJ_UNGIVEN = re.compile(
    rf"^\W*{_BAN}\s+(?P<verb>[a-z]+)\s+(?:a|an|the|any)\s+(?P<thing>[a-z]+)\s+(?:that\s+|which\s+)?"
    r"(?P<src>(?:the\s+|a\s+)?[a-z]+(?:\s+[a-z]+)?|`?(?-i:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)`?)"
    r"\s+(?:did\s+not|didn't|has\s+not|hasn't|have\s+not|haven't)\s+(?:named|name|mentioned|mention|"
    r"given|give|asked\s+for|ask\s+for|chosen|choose|requested|request|returned|return|listed|list|"
    r"picked|pick|identified|identify)\b",
    re.I,
)
# "only unlock a tool when the knowledge base mentions it", "only refill a prescription if
# `list_prescriptions` returned it": the thing acted on must be one the source gave
_ONLY_IF_GIVEN = re.compile(
    r"^\W*(?:(?:you\s+)?(?:may|can|should|must)\s+)?only\s+(?P<verb>[a-z]+)\s+(?:a|an|the|any)\s+"
    r"(?P<thing>[a-z]+)\s+(?:when|if|once|after)\s+(?P<src>(?:the\s+)?[a-z]+(?:\s+[a-z]+)?|"
    r"`?(?-i:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)`?)\s+(?:has\s+|have\s+)?(?:explicitly\s+|"
    r"actually\s+|already\s+)?(?:mentions|mentioned|lists|listed|returns|returned|shows|showed|"
    r"shown|offers|offered|names|named|gives|gave|given|includes|included|contains|contained|"
    r"asked\s+for|asks\s+for|requested|requests|chose|chooses|picked|picks)\s+(?:it|one|them)\b",
    re.I,
)
# "do not book a visit for a pet id you have not looked up": any tool's output
_UNLOOKED = re.compile(
    rf"^\W*{_BAN}\s+(?P<verb>[a-z]+)\s+(?P<obj>(?:(?:a|an|the|any)\s+)?[a-z]+(?:\s+[a-z]+)?|"
    r"`?[A-Za-z_][\w]*`?)\s+(?:with|using|for|to|on)\s+" + _DET + _NP + r"\s+(?:that\s+|which\s+)?"
    r"you\s+(?:did\s+not|didn't|have\s+not|haven't)\s+(?:looked\s+up|look\s+up|retrieved|retrieve|"
    r"fetched|fetch|found|find|read|verified|verify|checked|check)\b",
    re.I,
)
# "verify the pet id against `get_pet`": the value must be in that tool's output
_AGAINST = re.compile(
    r"^\W*(?:(?:you\s+)?(?:must|should)\s+)?(?:always\s+)?(?:verify|check|validate|confirm|match|"
    r"cross-check)\s+" + _DET + _NP + r"\s+against\s+" + _SRC,
    re.I,
)
# "`issue_ticket` only accepts sailing ids returned by `search_sailings`"
_ACCEPTS = re.compile(
    r"^\W*`?(?P<tool>(?-i:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+)))`?"
    r"(?:\(\))?\s+(?:must\s+|should\s+|may\s+|can\s+)?only\s+(?:accepts?|takes?|receives?|gets?)\s+"
    + _DET
    + _NP
    + r"\s+(?:that\s+(?:were|are|was|is)\s+)?(?:returned|listed|given|provided|produced|"
    r"found|stated|named)\s+(?:by|in|from)\s+" + _SRC,
    re.I,
)
# "the frame number is under the saddle; have the rider read it to you": the value said
# first, then the person who tells "it"
_SAID_FIRST = re.compile(
    rf"^\W*(?:the\s+|a\s+|an\s+|their\s+)?{_NP}\s+(?:is|are|was|were|can|may|must|should|"
    r"has|have|will|appears?|sits?)\b",
    re.I,
)
_TELLS_IT = re.compile(
    rf"\b(?:have|let|get|ask)\s+(?:the\s+|a\s+|each\s+)?(?:{PERSON}|[a-z]+)\s+(?:to\s+)?(?:read|tell|"
    r"give|spell|say|provide|confirm|dictate|type)\s+(?:it|them)\b",
    re.I,
)
# "make sure the slip id matches one returned by T", "ensure the member id came from T"
_CHECKED = re.compile(
    r"^(?P<lead>\W*(?:[^,;.]{1,60},\s*)?)(?:(?:you\s+)?(?:must|should)\s+)?(?:always\s+)?"
    r"(?:make\s+sure|ensure|check|verify|confirm|double-check)\s+(?:that\s+)?(?P<rest>.+)$",
    re.I,
)
_STATED = re.compile(
    r"\b(?:(?P<be>is|are|was|were)\s+(?=one\b|ones\b|the\s+one|among\b|returned\b|listed\b|given\b|"
    r"provided\b|taken\b|obtained\b)|(?P<match>matches|match)\b|(?P<came>came|comes|come)\s+from\b)",
    re.I,
)
_THINGS = frozenset(
    split_words(
        "search lookup query tool function api system database record records catalogue catalog "
        "inventory directory list result results output outputs it this that which"
    )
)
# verbs that make a new thing: what they act on has no id before the call
_CREATES = frozenset(
    split_words(
        "book create add open make schedule start register file submit place issue arrange "
        "set draft write send log record"
    )
)
_CONVERSATION = {"from_user": True, "from_tools": [ANY_TOOL]}
_BARE_IDS = frozenset({"id", "identifier", "value", "ids", "identifiers", "values"})


def more_origins(text: str) -> list[Emit]:
    """The `arg_grounded` rules of the shapes in the module docstring; [] for any other."""
    listed = only_listed(text)  # "only edit the fields returned by `get_editable_fields`"
    if listed:
        return listed
    thing = _OBJ_UNGIVEN.search(text) or _ONLY_IF_GIVEN.search(text)
    if thing is not None and thing["verb"].casefold() in _CREATES:
        thing = None  # "only book a visit if the owner asked for it": a new thing, no id yet
    if thing is not None:  # "never refill a prescription the owner has not named"
        source = _sources("told", thing["src"])
        if source is not None:
            action = f"{thing['verb'].casefold()} {thing['thing'].casefold()}"
            # the thing by its own noun: the argument naming it (`prescription_id`,
            # `agent_tool_name`) carries it
            params = {"facet": f"{singular(thing['thing'])} id", **source}
            return [Emit("arg_grounded", action, params, 0.65)]
    first, told = _SAID_FIRST.search(text), _TELLS_IT.search(text)
    if first is not None and told is not None and first.end() <= told.start():
        value = value_of(first["np"])  # "..., have the rider read it to you"
        if value is not None:
            return [Emit("arg_grounded", ANY_TOOL, {"facet": value, "from_user": True}, 0.65)]
    checked = _CHECKED.search(text)
    if checked is not None:  # "make sure X matches one returned by T": X must match ...
        found = said_origins(checked["lead"] + _obliged(checked["rest"]))
        if found:
            return found
    for pattern, sources in ((_UNKNOWN, "user+"), (_GET, ""), (_UNSEEN, "talk"),
                             (_APPEARED, "talk"), (_NOT_GIVEN, "user"), (_WITH_UNGIVEN, "told"),
                             (_ACCEPTS, ""), (_UNLOOKED, "looked"), (_AGAINST, "")):  # fmt: skip
        m = pattern.search(text)
        if m is None:
            continue
        source = _sources(sources, m.groupdict().get("src"))
        if source is None:
            continue
        if sources == "talk" and _bare(m["np"]):  # "any id": every identifier of a call
            return [Emit("arg_grounded", ANY_TOOL, dict(source), 0.7)]
        value = value_of(m["np"])
        if value is None:
            continue
        target = _target(m.groupdict())
        return [Emit("arg_grounded", target, {"facet": value, **source}, 0.7)]
    return []


def _target(said: dict[str, str | None]) -> str:
    """The tool the sentence names, or the action its verb and object say, else every tool."""
    if said.get("tool"):
        return str(said["tool"])
    verb, obj = said.get("verb"), said.get("obj")
    if not verb or not obj:
        return ANY_TOOL
    tool = re.fullmatch(r"`?([A-Za-z][\w]*_[\w]+)`?", obj.strip())
    if tool is not None:  # "never call `issue_ticket` with ...": the tool itself
        return tool[1]
    words = [w for w in obj.casefold().split() if w not in {"a", "an", "the", "any"}]
    return " ".join([verb.casefold(), *words])


def _sources(kind: str, src: str | None) -> dict[str, Any] | None:
    if kind == "talk":
        return dict(_CONVERSATION)
    if kind == "user":
        return {"from_user": True, "from_tools": []}
    if kind == "looked":  # "a pet id you have not looked up": what a tool returned
        return {"from_user": False, "from_tools": [ANY_TOOL]}
    if kind == "told":  # "that the passenger did not give": a person, or a tool said by id
        said = origin(src or "")
        if said is not None:
            return said
        words = (src or "").split()
        noun = words[-1].casefold() if words else ""
        return {"from_user": True, "from_tools": []} if noun and noun not in _THINGS else None
    said = origin(src or "")
    if said is None:
        return None
    if kind == "user+":  # "if the guest does not know it, look it up": the guest's, else T's
        return {**said, "from_user": True}
    return said


def _bare(np: str) -> bool:
    words = [w.casefold() for w in np.split()]
    return bool(words) and all(w in _BARE_IDS for w in words)


def _obliged(clause: str) -> str:
    """The checked clause as an obligation: its first `is` / `matches` / `came from` made
    `must be` / `must match` / `must come from`."""
    m = _STATED.search(clause)
    if m is None:
        return clause
    said = "must be" if m["be"] else "must match" if m["match"] else "must come from"
    return clause[: m.start()] + said + clause[m.end() :]


# "3. Use the member id it returns to reserve the boat": the tool the step before named
_IT_GAVE = re.compile(
    r"^\W*(?:\d+[.)]\s*)?(?:then\s+|next\s+|now\s+)?(?:(?:you\s+)?(?:must|should)\s+)?(?:always\s+|"
    r"only\s+)*(?:use|pass|take|copy)\s+(?:only\s+)?(?:the\s+|that\s+|this\s+)?" + _NP
    + r"\s+(?:that\s+|which\s+)?(?:it|the\s+(?:lookup|search|tool|call)|that\s+(?:tool|lookup|"
    r"search|call))\s+(?:returns|returned|gives|gave|finds|found|lists|listed|provides|provided)\b",
    re.I,
)  # fmt: skip
_TOOL_ID = re.compile(
    r"`?((?-i:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+)))`?"
)


def earlier_tool(text: str, before: str) -> list[Emit]:
    """ "Use the member id it returns" after a step naming `find_member`: that tool's
    output is the source (the last tool named in the text just before); [] when no tool
    was named there, or the sentence is not of that shape."""
    m = _IT_GAVE.search(text)
    named = _TOOL_ID.findall(before)
    if m is None or not named:
        return []
    value = value_of(m["np"])
    if value is None:
        return []
    params = {"facet": value, "from_user": False, "from_tools": [named[-1]]}
    return [Emit("arg_grounded", ANY_TOOL, params, 0.65)]
