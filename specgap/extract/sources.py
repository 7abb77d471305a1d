"""Values that must come from a named source: "only use tool names discovered in the
knowledge base", "the workflow IDs returned by `create_workflow` must be used", "provide the
exact plate number as listed in the booking", "if you need the current time, always use the
`get_time` tool".

Such a sentence names a value (the facet: `tool names`, `workflow IDs`) and where it comes
from: the user (`from_user`), a tool named by its id (`from_tools: [id]`), or tool outputs in
general ("the knowledge base", "the system", "the database": `from_tools: ["*"]`). It
compiles to `arg_grounded` over every tool taking such an argument (target `*` and the
facet; `specgap.spread` gives one copy per tool whose argument names say every word of the
facet, the source tools left out); a facet spelled as argument names (`(group_ids,
asset_ids)`) is checked under that name wherever it appears. A sentence that names the value
but no source it can read ("do not guess tool names") is left to the rest of the grammar.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from specgap.extract.grammar import IMPERATIVE_VERBS, Clause
from specgap.extract.grammar_rules import Emit
from specgap.extract.made_up_values import made_up_values
from specgap.extract.named_params import labelled, named_params, spelled_out
from specgap.extract.needed_values import needed_values
from specgap.extract.origin_forms import collected_for_each, origin_forms
from specgap.extract.origins import origin, said_origins
from specgap.extract.origins_more import earlier_tool, more_origins
from specgap.extract.own_knowledge import own_knowledge
from specgap.extract.pattern_base import (
    ANY_TOOL,
    IN_TALK,
    NEGATED_USE,
    USER,
    is_action_noun,
    singular,
    split_words,
)
from specgap.extract.procedures import verb_of
from specgap.extract.value_scopes import scoped

_GOT = (
    r"(?:discovered|found|specified|listed|given|returned|generated|provided|defined|"
    r"mentioned|named|shown|stated|retrieved|obtained|supplied|produced|issued|offered|"
    r"proposed|suggested|presented|displayed|quoted)"
)
_NP = (
    r"(?P<np>(?!(?:as|in|on|at|to|from|by|for|with|it|them|this|that|these|those|must|should|"
    r"shall|may|might|can|could|will|would)\b)"
    r"[A-Za-z][\w-]*(?:\s+(?:and\s+|or\s+)?[A-Za-z][\w-]*){0,4}?)"
)
_PAREN = r"(?:\s*\((?P<ids>[^)]*)\))?"
_SOURCE = r"(?P<src>[^.;:,]+)"
# "only use X discovered in S", "provide the exact X as specified in S", "use the X from S"
_USE = re.compile(
    r"\b(?:use|provide|pass|enter|utili[sz]e|supply|take|copy|accept)\s+(?:only\s+)?(?:the\s+|an?\s+)?"
    + _NP
    + _PAREN
    + r"\s+(?:(?:that|which)\s+(?:are|were|is|was|have\s+been|has\s+been)\s+(?:[\w-]+\s+){0,3}?"
    r"|as\s+|exactly\s+as\s+)?(?:(?:\w+ly\s+)?"
    + _GOT
    + r"(?:\s+and\s+"
    + _GOT
    + r")?\s+(?:in|by|from|through|via|"
    r"within)|from)\s+" + _SOURCE,
    re.I,
)
# "X generated and returned by S must be used"
_PASSIVE = re.compile(
    r"\b(?:the\s+)?" + _NP + _PAREN + r"\s+" + _GOT + r"(?:\s+and\s+" + _GOT + r")?\s+(?:in|by|"
    r"from|through|via)\s+" + _SOURCE + r"\s+(?:must|should|shall|have\s+to|has\s+to|are\s+to|"
    r"is\s+to)\s+be\s+used\b",
    re.I,
)
# "device ids must come from list_devices", "the amount must be taken from the invoice"
_COME_FROM = re.compile(
    r"^\W*(?:the\s+|all\s+|any\s+|every\s+|each\s+)?"
    + _NP
    + _PAREN
    + r"\s+(?:must|should|shall|have\s+to|has\s+to)"
    r"\s+(?:always\s+|only\s+)?(?:(?:have\s+)?come(?:\s+back)?|be\s+taken|be\s+obtained|be\s+copied|"
    r"be\s+read|originate)"
    r"\s+(?:only\s+)?from\s+" + _SOURCE,
    re.I,
)
# "pass the e-mail address the customer gave", "use only the card that the user named"
_GAVE = re.compile(
    r"\b(?:use|pass|enter|supply|send|provide|give|fill\s+in)\s+(?:only\s+)?(?:the\s+|an?\s+)?"
    r"(?P<np>(?:(?!(?:to|for|with|from|in|on|of|at|by|into|as|that|which)\b)[A-Za-z][\w-]*\s+)"
    r"{0,3}?[A-Za-z][\w-]*)"
    r"\s+(?:that\s+|which\s+)?(?:the\s+|their\s+)?(?P<src>"
    + USER
    + r")s?\s+(?:has\s+|had\s+)?(?:explicitly\s+|actually\s+)?(?:gave|given|provided|named|"
    r"stated|supplied|specified|shared|entered|typed|mentioned|confirmed)\b",
    re.I,
)
# "if you need X, (always) use the T tool"
_NEED = re.compile(
    r"\b(?:if|when|whenever)\s+(?:you\s+)?(?:need|require|want)\s+(?:the\s+|an?\s+)?" + _NP
    + r"\s*,\s*(?:you\s+(?:must|should)\s+)?(?:always\s+)?(?:use|call)\s+(?:the\s+)?"
    r"(?P<src>`?[A-Za-z_][\w.]*`?(?:\(\))?)",
    re.I,
)  # fmt: skip
# "whenever the current time is required, use the appropriate tool": the tool that gets it
_NEEDED = re.compile(
    r"\b(?:if|when|whenever)\s+(?:the\s+|an?\s+)?" + _NP + r"\s+(?:is|are)\s+(?:required|needed)"
    r"\s*,\s*(?:you\s+(?:must|should)\s+)?(?:always\s+)?(?:use|call|utili[sz]e)\s+(?:the\s+)?"
    r"(?:(?P<src>`?[A-Za-z_][\w.]*`?(?:\(\))?)\s*$|(?:appropriate|right|correct|relevant|proper)\s+"
    r"(?:tool|function))",
    re.I,
)
_LEAD_VERB = (
    r"^\W*(?:(?:you|the\s+agent|we)\s+(?:must|should|shall|may|can)\s+)?(?:only\s+|always\s+)?"
    r"(?P<verb>[a-z]+)\s+(?:only\s+)?(?:the\s+|an?\s+|any\s+)?"
)
# "only book class ids listed by `search_classes`": the sentence's own verb, any action
_VERB_GOT = re.compile(
    _LEAD_VERB
    + _NP
    + _PAREN
    + r"\s+(?:(?:(?:that|which)\s+(?:are|were|is|was|have\s+been|has\s+been)\s+)?"
    + _GOT
    + r"|(?:that|which)\s+(?:appear|appeared|appears|show\s+up|showed\s+up|shows\s+up))"
    + r"\s+(?:in|by|from|through|via|within|among)\s+"
    + _SOURCE,
    re.I,
)
# "pass only class ids that `search_classes` returned": the source as the subject
_SOURCE_GAVE = re.compile(
    _LEAD_VERB
    + _NP
    + _PAREN
    + r"\s+(?:that|which)\s+(?:the\s+)?(?P<src>`?[A-Za-z_][\w.]*`?(?:\(\))?|(?:[a-z]+\s+)?"
    r"(?:search|lookup|tool|function|system|database|knowledge\s*base))\s+(?:has\s+|have\s+)?"
    r"(?:returned|listed|gave|produced|found|showed|shown|reported|provided)\b",
    re.I,
)
# "the class id must be one returned by `search_classes`"
_ONE_GOT = re.compile(
    r"^\W*(?:the\s+|all\s+|any\s+|every\s+|each\s+)?"
    + _NP
    + _PAREN
    + r"\s+(?:must|should|shall|has\s+to|have\s+to)\s+(?:always\s+)?(?:be|match)\s+(?:one|ones|"
    r"one\s+of\s+(?:those|the\s+ones)|among\s+(?:those|the\s+ones)|the\s+(?:one|value|ones))\s+"
    r"(?:that\s+(?:was|were)\s+)?" + _GOT + r"\s+(?:in|by|from|through|via)\s+" + _SOURCE,
    re.I,
)
# "the slot has to be one the session search returned", "... one that `t` listed"
_ONE_SAID = re.compile(
    r"^\W*(?:the\s+|all\s+|any\s+|every\s+|each\s+)?"
    + _NP
    + _PAREN
    + r"\s+(?:must|should|shall|has\s+to|have\s+to)\s+(?:always\s+)?(?:be|match)\s+(?:one|ones|"
    r"the\s+(?:one|value|ones))\s+(?:that\s+|which\s+)?(?:the\s+|a\s+)?(?P<src>`[^`\s]+`|"
    r"[A-Za-z]\w*(?:[_.-]\w+)+(?:\(\))?|(?-i:[a-z]+(?:[A-Z][a-z0-9]+)+)|(?!(?:that|this|those|these|its|their|same)\s)"
    r"[a-z]+\s+(?:search|lookup|look-up|query))\s+(?:has\s+|have\s+)?(?:returned|"
    r"listed|gave|produced|found|showed|shown|offered|reported|provided)\b",
    re.I,
)
# "pick the slot from the results of `search_slots`", "choose a seat among the ones the
# search offered": a choice among a source's outputs
_PICK = re.compile(
    r"^\W*(?:(?:you|the\s+agent|we)\s+(?:must|should|shall|may|can)\s+)?(?:only\s+|always\s+)?"
    r"(?:pick|choose|select|take)\s+(?:only\s+)?(?:the\s+|an?\s+|any\s+)?"
    + _NP
    + _PAREN
    + r"\s+(?:only\s+)?(?:from|among|out\s+of)\s+(?:the\s+|those\s+)?(?:results?|outputs?|"
    r"options?|ones|list|choices|matches)\s+(?:(?:of|from)|(?:that\s+|which\s+)?(?:were\s+|are\s+)?"
    + _GOT
    + r"(?:\s+(?:by|in|from))?)\s+"
    + _SOURCE,
    re.I,
)
_TOOL_ID = re.compile(
    r"`?(?P<id>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+))`?(?:\(\))?"
)
_OUTPUTS = re.compile(
    r"\b(?:knowledge\s*base|database|system|systems|tools?|functions?|lookups?|outputs?|"
    r"results?|records?|search|api|directory|catalog(?:ue)?|inventory|profile)\b",
    re.I,
)
_USERISH = re.compile(r"\b" + USER + r"s?\b", re.I)
# words that qualify a value without naming it
_QUALIFIERS = frozenset(
    split_words(
        "exact correct current same actual valid specific appropriate proper right precise real "
        "only full complete"
    )
)
_NOT_VALUES = frozenset(
    split_words(
        "it them this that these those information data details everything anything values "
        "value something one argument arguments parameter parameters input inputs field fields"
    )
)


def value_sources(text: str, before: str = "") -> list[Emit]:
    """The `arg_grounded` rules a sentence states about where values come from (`before`:
    the text just before it, which "the member id it returns" points back to); a value
    named only as "ids" or "identifiers" is every identifier of every call (no facet: a
    facet would bind only the tools taking one id argument)."""
    plain = text.replace("`", "")  # "`slot_id`", "`list_slots`": the names, unquoted
    said = spelled_out(text)  # "pass the `appointment_id` from T": "appointment id"
    found = (_value_sources(said) or scoped(said, named_params(text))) if said != plain else []
    found = found or _value_sources(text) or scoped(plain, earlier_tool(plain, before))
    found = found or labelled(text)  # "- Cabin number: must be one listed by T"
    return [_every_id(_not_typed(text, _noun_only(e))) for e in found]


# a value said with the act and its preposition before it ("send texts only to the mobile
# that T returned"): the value is the noun after the preposition
_AFTER_PREP = re.compile(
    r"^[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?\s+(?:to|into|onto|for)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<n>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)$",
    re.I,
)


def _noun_only(emit: Emit) -> Emit:
    facet = emit.params.get("facet")
    m = _AFTER_PREP.match(facet) if isinstance(facet, str) else None
    if m is None:
        return emit
    return replace(emit, params={**emit.params, "facet": m["n"]})


# "do not use a patron id the patron typed", "never accept an id the caller gives"
_REFUSED = re.compile(
    r"^\W*(?:do\s+not|don't|never|you\s+(?:must|may|should|shall)\s+(?:not|never)|must\s+not|"
    r"not)\s+(?:use|pass|accept|take|trust|rely\s+on|enter)\b",
    re.I,
)
# "... an address the customer did not give": the refusal of what the user did not say, which
# is the user as the source (read as it is)
_NOT_GIVEN = re.compile(r"\b(?:did\s+not|didn't|has\s+not|hasn't|have\s+not|haven't|never)\b", re.I)


def _not_typed(text: str, emit: Emit) -> Emit:
    """A value the sentence refuses from the user ("do not use a patron id the patron
    typed") must come from a tool's output, any tool's: the refusal of the user as its
    source, never the user as its only source (which would invert the sentence)."""
    params = emit.params
    refused = _REFUSED.match(text)
    if refused is None or _NOT_GIVEN.search(text, refused.end()):
        return emit
    if not (params.get("from_user") and not params.get("from_tools")):
        return emit
    return replace(emit, params={**params, "from_user": False, "from_tools": [ANY_TOOL]})


_BARE = frozenset({"id", "identifier", "identifiers", "ids", "value", "values", "argument"})


def _every_id(emit: Emit) -> Emit:
    if emit.target != ANY_TOOL or str(emit.params.get("facet", "")).casefold() not in _BARE:
        return emit
    return replace(emit, params={k: v for k, v in emit.params.items() if k != "facet"})


def _value_sources(text: str) -> list[Emit]:
    plain = text.replace("`", "")  # the grammar's readings read names unquoted
    generic = own_knowledge(plain)  # "avoid making up information": every call's values
    if generic is not None:
        return generic
    collected = collected_for_each(plain)  # "collect the X of every boat before adding it"
    if collected:
        return collected
    stated = said_origins(plain)  # "the member id passed to `reserve_boat` must come from ..."
    if stated:
        return scoped(plain, stated)
    more = more_origins(plain)  # "get the member id from the member or by calling `find_member`"
    if more:
        return scoped(plain, more)
    required = needed_values(plain)  # "a refund requires the passenger's IBAN"
    if required:
        return required
    needed = _NEEDED.search(text)
    if needed is not None and needed["src"] is None:  # the tool that gets the value
        facets = [f for f in _facets(needed["np"], None) if not is_action_noun(f.split()[-1])]
        said = " ".join(w for w in needed["np"].split() if w.casefold() not in {"the", "a", "an"})
        got: dict[str, Any] = {"from_user": False, "from_tools": [f"get {said.casefold()}"]}
        return [Emit("arg_grounded", ANY_TOOL, {"facet": f, **got}, 0.7) for f in facets]
    for pattern in (_NEED, _NEEDED, _PASSIVE, _COME_FROM, _USE, _GAVE, _PICK, *_ACTED):
        m = pattern.search(text)
        if m is None:
            continue
        if pattern in _ACTED and not _acting(m):
            continue  # "are listed in the catalogue": no action of the agent's
        if pattern in (_USE, _PICK) and NEGATED_USE.search(text[: m.start()]):
            continue  # "never accept a booking from the guest": no source it must come from
        named = _TOOL_ID.search(m["src"]) or _NAMED_READ.fullmatch(m["src"].strip())
        if pattern is _VERB_GOT and named is None:
            continue  # "only assign drivers listed in the system": maybe a state, not a value
        source = _source(m["src"])
        if source is not None and _OR_MORE.match(text[m.end() :]):
            source = _with_more(source, _OR_MORE.match(text[m.end() :]))
        if source is None:
            continue  # another source said that is not read: no narrower reading
        facets = _facets(m["np"], m.groupdict().get("ids"))
        if pattern is _USE and (arg := _argument_led(m["src"])) is not None:
            # "take payment only from a card_token that `t` listed": the value is the
            # argument the source is said as, not what is taken
            facets = [arg]
        if not facets:
            continue  # "all arguments to T ...": no one value named, read below
        emits = [Emit("arg_grounded", ANY_TOOL, {"facet": f, **source}, 0.7) for f in facets]
        # "if you need the time, use T": the need is no scope; else the call said, if any
        return emits if pattern in (_NEED, _NEEDED) else scoped(text, emits)
    # "never invent a slot id"; "never enter a hull number the skipper has not given"
    return scoped(plain, made_up_values(plain) or origin_forms(plain))


_ACTED = (_VERB_GOT, _SOURCE_GAVE, _ONE_GOT, _ONE_SAID)
# a source said as an argument's own id and the tool that gave it ("a card_token that `t`
# listed", "the slot_id t returned")
_ID_LED = re.compile(
    r"^(?:an?\s+|the\s+|one\s+)?(?P<arg>[a-z][a-z0-9]*(?:[_ ][a-z0-9]+){1,3}?)\s+"
    r"(?:that\s+|which\s+)?(?=`?[A-Za-z])(?!(?:is|are|was|were|has|have|the|a|an)\b)"
)


def _argument_led(source: str) -> str | None:
    """The argument of the agent's tools a source is said as ("a card_token that `t`
    listed", spelt out "a card token that `t` listed"), in words as facets are, or None."""
    from specgap.extract.agent_params import tool_arguments

    led = _ID_LED.match(source)
    if led is None:
        return None
    known = {a for args in tool_arguments().values() for a in args}
    return led["arg"].replace("_", " ") if led["arg"].replace(" ", "_") in known else None


# another source after the one read: "... the member gave or that `get_booking` returned"
_OR_MORE = re.compile(
    r"^\s*(?:(?:to\s+)?(?:you|us)\s*)?,?\s*or\s+(?:that\s+|which\s+|those\s+|ones\s+)?"
    r"(?P<alt>[^.;]+)",
    re.I,
)


def _with_more(source: dict[str, Any], more: re.Match[str] | None) -> dict[str, Any] | None:
    """The sources with the other one said after them (a tool named by its id, or a
    person), or None when it cannot be read."""
    alt = more["alt"] if more is not None else ""
    tool = _TOOL_ID.search(alt)
    if tool is not None:
        tools = [*source.get("from_tools", ()), tool["id"]]
        return {**source, "from_tools": [ANY_TOOL] if ANY_TOOL in tools else tools}
    if _USERISH.search(alt):
        return {**source, "from_user": True}
    return None


def _acting(m: re.Match[str]) -> bool:
    """The sentence opens with a verb of the agent's (`book`, `pass`), when the pattern
    reads one."""
    verb = (m.groupdict().get("verb") or "").casefold()
    if not verb:
        return True
    if not _RESTRICTS.search(m[0]):
        return False  # "book the classes listed in the catalogue": a step, not a restriction
    return verb in _PASSING or (verb in IMPERATIVE_VERBS and verb not in _NOT_ACTING)


_RESTRICTS = re.compile(r"\b(?:only|must|should|shall|always)\b", re.I)
_NOT_ACTING = frozenset(split_words("be have do get make let see note"))
_PASSING = frozenset(split_words("use pass provide enter supply utilise utilize send give fill"))


def _source(text: str) -> dict[str, Any] | None:
    """The sources a phrase names: each of an `or` list (`origins.origin`), else the first
    tool it names, a person, or tool outputs in general; None when it names a person and a
    tool in a way not read (one of them dropped would make the rule stronger)."""
    text = IN_TALK.sub("", text.strip())  # "a session search run in this chat": the search
    listed = origin(text)
    if listed is not None:
        return listed
    tool = _TOOL_ID.search(text)
    if tool is not None and (_USERISH.search(text) or _LISTED.search(text)):
        return None
    if tool is not None:
        return {"from_user": False, "from_tools": [tool["id"]]}
    named = _NAMED_READ.fullmatch(text.strip())
    if named is not None:  # "the class search": a mention the compiler resolves, or any tool
        verb = _READ_NOUNS[named["noun"].casefold()]
        return {"from_user": False, "from_tools": [f"{verb} {named['obj'].casefold()}"]}
    user, tools = bool(_USERISH.search(text)), bool(_OUTPUTS.search(text))
    if not user and not tools:
        return None
    parts = [p for p in re.split(r"\s*,?\s*\bor\b\s*|\s*,\s*", text) if p.strip()]
    if any(not _USERISH.search(p) and not _OUTPUTS.search(p) for p in parts):
        return None  # "from the family or from a tool result": a source not read, not dropped
    return {"from_user": user, "from_tools": [ANY_TOOL] if tools else []}


_LISTED = re.compile(r"\s(?:or|and)\s|,", re.I)  # several sources, one not read
# a read named by its object and a noun of reading: "the availability search"
_NAMED_READ = re.compile(
    r"(?:the\s+|a\s+|an\s+)?(?P<obj>[a-z]+(?:\s+[a-z]+)?)\s+(?P<noun>search|lookup|look-up|query)"
    r"(?:\s+(?:results?|outputs?))?",
    re.I,
)
_READ_NOUNS = {"search": "search", "lookup": "look up", "look-up": "look up", "query": "query"}
_TIME = re.compile(r"(?:date\s+and\s+time|date\s*time|time\s*stamps?|time|date\s+&\s+time)")


def facets_of(np: str) -> list[str]:
    """The values a noun phrase names (`the current date and time`: `time`)."""
    return _facets(np, None)


_RELATIVE = re.compile(r"\b(?:whose|which|who|whom)\b", re.I)
# what follows the value's noun: "... you reference", "... for a booking", "... passed to T"
_CUT = re.compile(r"\s+(?:you|we|for|passed|used|given\s+to|sent\s+to)\b.*$", re.I)


def _facets(np: str, ids: str | None) -> list[str]:
    """The values named: argument names in parentheses as written, else the noun phrase's
    coordinated parts (`tool names and arguments`), qualifiers dropped, nouns singular."""
    if ids:
        listed = [i.strip(" `'\"") for i in re.split(r",|\bor\b|\band\b", ids)]
        named = [i for i in listed if re.fullmatch(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+", i)]
        if named:
            return named
    if _RELATIVE.search(np):  # "expenses whose expense id was": a clause, no one value
        return []
    np = _CUT.sub("", np)  # "the prescription id you reference": the prescription id
    if _TIME.fullmatch(" ".join(w for w in np.casefold().split() if w not in _QUALIFIERS)):
        return ["time"]  # "the current date and time": one value, a time
    out = []
    for part in re.split(r"\s+(?:and|or)\s+", np.strip()):
        words = [w.casefold() for w in part.split() if w.casefold() not in _QUALIFIERS]
        if not words or words[-1] in _NOT_VALUES or any(w in _NOT_VALUES for w in words):
            continue
        head = "id" if words[-1] in {"ids", "id's"} else singular(words[-1])
        out.append(" ".join([*words[:-1], head]))
    return out


# "for name lookup, the date of birth is required", "a reason is required to cancel an order"
_REQUIRED_FOR = re.compile(
    r"^\W*for\s+(?:a\s+|an\s+|the\s+|any\s+)?(?P<action>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?)\s*,\s*"
    r"(?:the\s+|a\s+|an\s+|their\s+|the\s+user's\s+|the\s+customer's\s+)?(?P<np>[a-z][\w-]*(?:\s+"
    r"[a-z][\w-]*){0,3}?)\s+(?:is|are)\s+(?:always\s+|also\s+)?(?:required|needed|mandatory)\b",
    re.I,
)


_NOUN_ACTIONS = {"lookup": "look up", "search": "search", "login": "log in", "signup": "sign up"}


def required_values(text: str) -> list[Emit]:
    """`For <action>, <value> is required`: the action's argument must hold a real value (the
    user's or a tool's, never made up); the action is said by a noun phrase (`name lookup`)
    the resolver maps to a tool."""
    m = _REQUIRED_FOR.search(text)
    if m is None:
        return []
    facets = _facets(m["np"], None)
    if len(facets) != 1:
        return []
    words = m["action"].casefold().split()
    verb = _NOUN_ACTIONS.get(words[-1]) or verb_of(words[-1])
    # "name lookup": look up by name; "order cancellation": cancel order
    if verb is None:
        return []  # "for safety, ...": a purpose, not an action
    action = " ".join([verb, *words[:-1]])
    params = {"facet": facets[0], "from_user": True, "from_tools": [ANY_TOOL]}
    return [Emit("arg_grounded", action, params, 0.65)]


_USERISH_SOURCE = re.compile(
    r"\b(?:user|customer|client|caller|member|renter|patron|guest)s?\b", re.I
)
_TOOLISH_SOURCE = re.compile(r"\b(?:tools?|functions?|lookups?|outputs?|results?|system)\b", re.I)


def only_from(c: Clause) -> list[Emit] | None:
    """`do not provide information not provided by the user or the tools`: values come
    from the user's messages and tool outputs."""
    if not c.negated or c.only_from is None:
        return None
    user = bool(_USERISH_SOURCE.search(c.only_from))
    tools = bool(_TOOLISH_SOURCE.search(c.only_from))
    if not user and not tools:
        return None
    params = {"from_user": user, "from_tools": [ANY_TOOL] if tools else []}
    return [Emit("arg_grounded", ANY_TOOL, params, 0.7)]
