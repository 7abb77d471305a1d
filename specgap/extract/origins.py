"""Where one argument's value must come from, said with the value as the subject: "The
member id passed to `reserve_boat` must come from `find_member`", "slot ids come from
`list_slots`", "the target name must be one the guest gave", "the booking id must be
taken from the member's own words or from `get_booking`".

Such a sentence names a value (a datum: an id, a name, a code, a date, ...), optionally the
tool that takes it ("passed to / given to / sent to / used in / used by / for T"), and its
sources. A source is a tool named by its id (or its output: "the output of T", "T's
result"), a read named in words ("the class search"), tool outputs in general ("the system",
"the tools"), or a person ("the member", "the guest's own words"); several sources joined by
`or` / `and` are each allowed (`origin` returns None when one of them cannot be read: a
rule dropping a source would be stronger than the sentence).

It compiles to `arg_grounded` with the value as a facet, over the named tool (its argument
the value names; `review_only` with a note when none does), else over every tool taking such
an argument (`specgap.spread`). Bans on making the value up ("never invent a slot id", "do
not guess or assume the booking reference") are read by `made_up_values`: the value must be
one the user or a tool gave, over every tool taking it; a ban followed by its sources ("...;
always use the ones `list_slots` returns") takes those sources.
"""

from __future__ import annotations

import re
from typing import Any

from specgap.extract.desc46_sources import said_by_person
from specgap.extract.english import base_verb
from specgap.extract.grammar_emit import Emit
from specgap.extract.pattern_base import (
    ANY_TOOL,
    IN_TALK,
    is_action_noun,
    lemma,
    singular,
    split_words,
)
from specgap.extract.value_people import PERSON

# the head noun of a datum
HEADS = frozenset(
    split_words(
        "name names number numbers id ids identifier identifiers date dates time times day "
        "address addresses email e-mail emails phone code codes reason reasons postcode zip pin "
        "password amount quantity reference references plate licence license iban birthday "
        "birthdate passcode serial value values key keys token tokens handle username usernames "
        "sku skus account accounts slug url urls registration registrations length lengths "
        "weight weights method methods card cards barcode barcodes isbn vin tag tags"
    )
)
_NOT_VALUES = frozenset(
    split_words(
        "information details detail data content facts fact knowledge procedures policies "
        "results result output outputs answer answers response responses"
    )
)
_DETS = frozenset(split_words("the a an any all every each their his her its your our"))
# a tool id as the tools spell it (`list_slots`, `findMember`, `ListSlots`), case-sensitive in
# any pattern
_ID = (
    r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+)"
    r"|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+"
)
_TOOL = r"`?(?-i:" + _ID + r")`?(?:\(\))?"
_TOOL_ID = re.compile(r"`?(?P<id>(?-i:" + _ID + r"))`?")
_WORD = r"[A-Za-z][\w'-]*"
# the value: up to four words, no verb of passing or a modal among them
_STOP = (
    r"(?!(?:passed|given|sent|supplied|used|provided|must|should|shall|has|have|needs?|may|can|"
    r"comes?|is|are|to|for|in|of|from|by|that|which|always|only)\b)"
)
_NP = rf"(?P<np>{_STOP}{_WORD}(?:\s+{_STOP}{_WORD}){{0,3}}?)"
# the tool taking the value: "passed to T", "used in T", "for T"
_TAKER = (
    r"(?:\s+(?:(?:(?:that|which)\s+(?:is|are)\s+|you\s+)?(?:passed|given|sent|supplied|handed|"
    r"pass|give|send|supply)\s+to|(?:(?:that|which)\s+(?:is|are)\s+|you\s+)?(?:used|use)\s+"
    r"(?:in|by|with|for)|for|of|in)\s+(?:(?:the|a|an|any|every|each)\s+)?"
    rf"(?:(?P<tool>{_TOOL}|[a-z]+(?:\s+[a-z]+)?\s+(?:call|calls|tool|function|request|requests))"
    # "for waiving a fine": the action said by its verb and object
    r"|(?P<ing>[a-z]+ing)\s+(?:(?:the|a|an|any)\s+)?(?P<ingobj>[a-z]+)(?=\s+(?:must|should|shall|has|"
    r"have|needs?|may|can|is|are|comes?|will)\b)"
    r"|(?P<noun>[a-z]+))"
    # "any prescription id you reference": the agent's use, no one tool
    r"|\s+(?:that\s+)?(?:you|we)\s+(?:reference|use|pass|send|enter|quote|mention|cite|give))"
)  # "for a reservation": an action noun
_MODAL = (
    r"(?:must|should|shall|has\s+to|have\s+to|needs?\s+to|may\s+only|can\s+only|is\s+to|are\s+to|"
    r"will)"
)
_SRC = r"(?P<src>[^.;:!?]+?)"
_CLAUSE_WORD = r"(?:when|whenever|before|while|if|unless|until|after|once|prior\s+to)\b"
_TAIL = (
    r"\s*(?:[.;:!?]|,\s*(?:and\s+|but\s+)?(?:never|not|do\s+not|don't|and|but)\b|$|"
    rf",?\s+(?={_CLAUSE_WORD}))"
)
# a clause before the value ("when reserving a boat, ..."): the scope, read by `scope`
_LEAD_CLAUSE = rf"(?:(?:for|in|with|{_CLAUSE_WORD})[^,;.]{{1,60}},\s*)?"
# a label before the rule: "IMPORTANT: ...", "Note: ...", "Rule 4: ..."
_LABEL_WORD = r"(?:(?:important|note|nb|rule\s*\d*|critical|warning|reminder|policy)\s*:\s*)?"
_HEAD = (
    r"^\W*" + _LABEL_WORD + _LEAD_CLAUSE + r"(?:(?:the|all|any|every|each|a|an)\s+)?" + _NP
    + rf"(?:\s*\((?P<ids>[^)]*)\))?{_TAKER}?"
)  # fmt: skip
# "X (passed to T) must come from S", "X comes from S", "X must be taken from S"
_COME = re.compile(
    _HEAD
    + rf"(?:\s+(?:(?:{_MODAL})\s+(?:always\s+|only\s+|ever\s+)*(?:be\s+(?:taken|obtained|copied|"
    r"read|drawn|sourced|pulled|retrieved|fetched|picked|chosen|selected|looked\s+up|found|present|"
    r"listed|included|contained)|come|originate|appear|exist)|(?:always\s+|only\s+|ever\s+)*"
    r"(?:comes?|originates?)"
    # "employee ids are always obtained via T": a passive said with always / only
    r"|(?:is|are)\s+(?:always|only)\s+(?:(?:ever|ever\s+be)\s+)?(?:obtained|taken|retrieved|read|"
    r"looked\s+up|fetched|copied|sourced|pulled|drawn))\s+(?:only\s+|directly\s+|"
    r"verbatim\s+|exactly\s+|word\s+for\s+word\s+|"
    r"exclusively\s+)?(?:from|via|through|using|with|by\s+calling|by\s+using|in|among)\s+"
    # "... must have been returned by T": the value one the source gave earlier
    rf"|\s+(?:{_MODAL})\s+(?:always\s+|only\s+)*(?:have\s+been|be)\s+(?:returned|listed|issued|"
    r"produced|generated|given|provided|supplied|reported|shown|offered)\s+(?:by|in)\s+)"
    rf"{_SRC}(?:\s+(?:only|alone|exclusively))?{_TAIL}",
    re.I,
)
_GAVE = (
    r"(?:gave|given|stated|provided|named|supplied|specified|mentioned|typed|shared|entered|"
    r"chose|picked|returned|returns|listed|lists|found|finds|produced|produces|reported|showed|"
    r"shows|offered|offers|gives|provides|states|names|supplies|asked\s+for|requested|wanted|"
    r"wants|specified)"
)
# "X must be one (that) the member gave", "X must be the one T returned"
_ONE = re.compile(
    _HEAD + rf"\s+(?:{_MODAL})\s+(?:always\s+)?(?:be|match)\s+(?:one|ones|the\s+one|the\s+ones|"
    r"a\s+value|one\s+of\s+(?:those|the\s+ones|the\s+[a-z]+)|the\s+(?:same\s+)?[a-z]+)\s+"
    r"(?:that\s+|which\s+)?"
    rf"(?:has\s+been\s+|was\s+|were\s+)?(?P<src>(?:the\s+|a\s+)?[a-z]+(?:'s)?|{_TOOL})\s+(?:has\s+|have\s+|had\s+)?"
    rf"(?:explicitly\s+|actually\s+|already\s+)?(?P<verb>{_GAVE})\b",
    re.I,
)
# "X must be one given by the member", "X must be the one returned by T" (a passive source)
_ONE_BY = re.compile(
    _HEAD + rf"\s+(?:{_MODAL})\s+(?:always\s+)?(?:be|match)\s+(?:one|ones|the\s+one|the\s+ones|"
    r"a\s+value|one\s+of\s+(?:those|the\s+ones|the\s+[a-z]+)|the\s+(?:same\s+)?[a-z]+)\s+"
    r"(?:that\s+(?:was|were|"
    r"is|are|has\s+been)\s+)?"
    rf"(?:explicitly\s+)?{_GAVE}\s+(?:by|in|from)\s+{_SRC}{_TAIL}",
    re.I,
)
_BAN = (
    r"(?:never|do\s+not|don't|must\s+not|should\s+not|shall\s+not|may\s+not|cannot|can't|"
    r"(?:it\s+is\s+|it's\s+)?(?:forbidden|prohibited|not\s+allowed|not\s+permitted)\s+to|"
    r"(?:you|the\s+agent)\s+(?:are|is|'re)\s+(?:not\s+allowed|not\s+permitted|forbidden)\s+to)"
)
_PERSON = re.compile(
    rf"^(?:(?:the|a|an|each|every|their)\s+)?{PERSON}s?(?:'s?)?(?:\s+(?:own\s+)?(?:words|messages?|"
    r"replies|reply|answers?|request|input|statements?))?(?:\s+(?:themselves|directly))?$"
    # "the guest's own words": whoever speaks them is a person
    r"|^(?:the|a|an|their)\s+[a-z]+'s\s+(?:own\s+)?(?:words|messages?|replies|answers?)$"
    r"|^(?:what\s+(?:the\s+)?" + PERSON + r"\s+(?:said|says|typed|wrote|told\s+you|gave))$"
    r"|^(?:the\s+)?conversation$",
    re.I,
)
_OUTPUTS = re.compile(
    r"^(?:(?:the|a|an|your|our)\s+)?(?:knowledge\s*base|database|system|systems|tools?|"
    r"functions?|lookups?|tool\s+(?:outputs?|results?|calls?)|records?|api|directory|"
    r"catalog(?:ue)?|inventory)(?:'s?\s+(?:outputs?|results?|records?))?$",
    re.I,
)
_KEPT_SOURCE = re.compile(r"\b(?:catalog(?:ue)?|inventory|directory)\b", re.I)
# "T's result", "the output of T", "the results of a T call", "T results"
_OF_TOOL = re.compile(
    r"^(?:(?:the|a|an)\s+)?(?:(?:results?|outputs?|response|responses|records?|list)\s+"
    rf"(?:of|from|returned\s+by)\s+(?:(?:the|a|an)\s+)?)?(?P<tool>{_TOOL})(?:'s?)?"
    r"(?:\s+(?:call|calls|tool|function))?(?:\s+(?:results?|outputs?|response|responses|"
    r"records?|list|lookup|look-up|search|query))?$",
    re.I,
)
_NAMED_READ = re.compile(
    r"^(?:the\s+|a\s+|an\s+)?(?:(?P<obj>(?!(?:the|a|an|this|that|its|their)\b)[a-z]+"
    r"(?:\s+[a-z]+)?)\s+)?(?P<noun>search|lookup|look-up|query)(?:\s+(?:results?|outputs?))?$",
    re.I,
)
# "this lift's own search results", "the same visit's lookup": the chat (whatever the prompt
# calls it) and what was read in it
_THIS_ONES = re.compile(r"^(?:this|the\s+same|the\s+current)\s+[a-z]+(?:'s|s')\s+(?:own\s+)?", re.I)
# "... made in this sitting", "run during this lesson": in this chat
_IN_THIS = re.compile(
    r"\s+(?:(?:that\s+(?:was|were)\s+|you\s+)?(?:run|ran|made|done|returned|given|performed)\s+)?"
    r"(?:in|during|within)\s+this\s+[a-z]+$",
    re.I,
)
# "the mobile on the customer's record", "the payments on the reader record": a value the
# person's record holds, read by the tool that looks the person up (a bare "the guest record"
# may be what a value is checked against, not where it comes from: not read)
_RECORD = re.compile(
    r"^(?:(?:the|a|an|their|one)\s+(?:[a-z]+\s+){0,2}?)?(?:on|in|held\s+on)\s+(?:the\s+|their\s+)?"
    r"(?P<who>[a-z]+)(?:'s|s')?\s+(?:own\s+)?(?:record|account|file|profile)$",
    re.I,
)
_READ_NOUNS = {"search": "search", "lookup": "look up", "look-up": "look up", "query": "query"}
_PARTS = re.compile(r"\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+|\s+as\s+well\s+as\s+", re.I)
_LEAD = re.compile(
    r"^(?:either\s+|from\s+|directly\s+|only\s+|the\s+output\s+of\s+|by\s+calling\s+|"
    r"by\s+using\s+|calling\s+|using\s+|via\s+|through\s+)+",
    re.I,
)


_RECENT = re.compile(r"^(?:the\s+)?(?:most\s+recent|latest|last|current)\s+(?=\S+_)", re.I)
# a tool named with whom or what its call was for: "`list_berths` for the pontoon"
_FOR_WHOM = re.compile(
    r"(?<=[A-Za-z0-9`)])\s+(?:for|of|at)\s+(?:the|this|that|their|its|a|an)\s+[a-z]+(?:\s+[a-z]+)?$"
    r"(?=$)",
    re.I,
)
_MANNER = re.compile(
    r"^(?:in\s+(?:their|his|her|its|the\s+[a-z]+'s)\s+own\s+words|verbatim|exactly|word\s+for\s+word|"
    r"as\s+(?:is|said|written|typed|given))$",
    re.I,
)


def origin(text: str) -> dict[str, Any] | None:
    """The sources a phrase names (`from_user`, `from_tools`), each part of an `or` / `and`
    list read; None when some part is no source this reads (dropping it would make the rule
    stronger than the sentence)."""
    user, tools = False, []
    # "X or a number the guest types": one value, two sources; "the fine id T shows and a
    # reason the patron gave" are two values, each with its own source (`origin_forms`)
    alternatives = not re.search(r"\band\b|\bas\s+well\s+as\b", text, re.I)
    for raw in _PARTS.split(text.strip()):
        part = _LEAD.sub("", raw.strip(" `'\"")).strip()
        part = _FOR_WHOM.sub("", part)  # "`list_vets` for the clinic": the tool
        part = _RECENT.sub("", part)  # "the most recent `get_slots` call": that tool's
        part = IN_TALK.sub("", part)  # "a session search run in this chat": the search
        part = _IN_THIS.sub("", _THIS_ONES.sub("", part))  # "this lift's own search"
        if not part or _MANNER.match(part):  # "in their own words": how, not a source
            continue
        if _PERSON.match(part) or (alternatives and said_by_person(part)):  # "or one she types"
            user = True
            continue
        of_tool = _OF_TOOL.match(part)
        if of_tool is not None:
            tool = _TOOL_ID.search(of_tool["tool"])
            assert tool is not None
            tools.append(tool["id"])
            continue
        outputs = _OUTPUTS.match(part)
        if outputs is not None:
            # "the catalogue": the tool that reads it when the compiler finds one for sure
            # (an unsure source widens to any tool's output), else any tool's output
            kept = _KEPT_SOURCE.search(part)
            tools.append(kept[0].casefold() if kept is not None else ANY_TOOL)
            continue
        record = _RECORD.match(part)
        if record is not None:  # "the mobile on the customer's record": that customer's lookup
            tools.append(f"look up {singular(record['who'].casefold())}")
            continue
        named = _NAMED_READ.match(part)
        if named is not None:
            verb = _READ_NOUNS[named["noun"].casefold()]
            tools.append(f"{verb} {named['obj'].casefold()}" if named["obj"] else verb)
            continue
        return None
    if not user and not tools:
        return None
    listed = [ANY_TOOL] if ANY_TOOL in tools else list(dict.fromkeys(tools))
    return {"from_user": user, "from_tools": listed}


def value_of(np: str, ids: str | None = None) -> str | None:
    """The value a noun phrase names, as a facet (`slot ids` -> `slot id`), or an argument
    name given in parentheses; None when it is no datum (`information`, `the results`)."""
    if ids:
        named = [i.strip(" `'\"") for i in re.split(r",|\bor\b|\band\b", ids)]
        if len(named) == 1 and re.fullmatch(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+", named[0]):
            return named[0]
    words = [w.casefold() for w in np.split() if w.casefold() not in _DETS]
    words = [w[:-2] if w.endswith("'s") else w for w in words]
    if len(words) > 1 and words[-1].endswith("ed") and singular(words[-2]) in HEADS:
        words = words[:-1]  # "the amount charged": the amount
    if not words or any(w in _NOT_VALUES for w in words):
        return None
    if re.fullmatch(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+", words[-1]) and len(words) == 1:
        # an argument named as the tools do (`plant_code`), not a tool (`search_plants`)
        # said in words, so it binds wherever an argument says them (`boat id`: `boat_id`)
        return words[0].replace("_", " ") if singular(words[0].split("_")[-1]) in HEADS else None
    head = singular(words[-1]) if words[-1] not in {"ids", "id's"} else "id"
    if words[-1] not in HEADS and head not in HEADS:
        return None
    return _E_MAIL.sub("email", " ".join([*words[:-1], head]))


_E_MAIL = re.compile(r"\be-?mail(?:\s+address)?\b")
# "use the member id exactly as `find_member` returned it"
_AS_GIVEN = re.compile(
    r"^\W*(?:(?:you\s+)?(?:must|should|shall)\s+)?(?:always\s+|only\s+)*(?:use|pass|enter|copy|"
    r"send|supply|give)\s+(?:only\s+)?(?:the\s+|each\s+|every\s+|any\s+)?" + _NP
    + r"\s+(?:exactly\s+|only\s+|just\s+)?as\s+(?P<src>(?:the\s+|a\s+)?[a-z]+|" + _TOOL
    + r")\s+(?:has\s+|have\s+|had\s+)?(?P<verb>" + _GAVE + r")(?:\s+(?:it|them|one))?\b",
    re.I,
)  # fmt: skip
# "do not pass a member id to `assign_slip` unless `find_member` returned it"
_UNLESS = re.compile(
    rf"^\W*(?:(?:you|the\s+agent)\s+)?{_BAN}\s+(?:pass|use|send|give|supply|enter)\s+"
    r"(?:a|an|the|any)?\s*" + _NP + rf"\s+(?:to|in|into|for)\s+(?:the\s+)?(?P<tool>{_TOOL})\s+"
    r"(?:unless|if\s+not)\s+(?P<src>(?:the\s+|a\s+)?[a-z]+|" + _TOOL + r")\s+(?:has\s+|have\s+|"
    r"had\s+)?(?P<verb>" + _GAVE + r")\s+(?:it|them|one)\b",
    re.I,
)  # fmt: skip
# "pass `reserve_boat` only the member id returned by `find_member`": the tool first
_PASS_TOOL = re.compile(
    r"^\W*(?:(?:you\s+)?(?:must|should|shall)\s+)?(?:always\s+|only\s+)*(?:pass|give|send|supply|"
    rf"feed)\s+(?:the\s+)?(?P<tool>{_TOOL})\s+(?:only\s+)?(?:the\s+|an?\s+|any\s+)?" + _NP
    + r"\s+(?:that\s+(?:was|were|is|are)\s+)?(?P<verb>" + _GAVE + r")\s+(?:by|in|from)\s+"
    + _SRC + _TAIL,
    re.I,
)  # fmt: skip
# "look them up with `find_member` and use the member id it returns": the tool just named
_IT_RETURNS = re.compile(
    r"\b(?:look\s+(?:\w+\s+)?up|find|search\s+for|fetch|get|identify|locate|retrieve|"
    r"authenticate)\s+(?:[\w'-]+\s+){0,5}?(?:with|using|via|in|"
    rf"by\s+calling)\s+(?P<src>{_TOOL})\s*,?\s+(?:and\s+|then\s+)+(?:always\s+|only\s+)*(?:use|pass)\s+"
    r"(?:only\s+)?(?:the\s+)?" + _NP
    + r"\s+(?:that\s+)?(?:it|they)\s+(?:returns?|gives?|finds?|lists?)\b",
    re.I,
)  # fmt: skip
# a label and its source: "- The boat id: always from the member, never guessed"
_LABEL = re.compile(
    r"^\W*(?:(?:the|all|any|every|each)\s+)?" + _NP + r"\s*(?::|\s-|\s—)\s*(?:always\s+|only\s+)*"
    r"(?:(?:taken|obtained|copied|read)\s+|comes?\s+|must\s+come\s+)?(?:only\s+|directly\s+)?"
    rf"from\s+{_SRC}(?:\s+(?:only|alone|exclusively))?{_TAIL}",
    re.I,
)  # fmt: skip


# a provenance described in the present, with no modal and no "only": no rule
_OBLIGED = re.compile(
    r"\b(?:must|should|shall|has\s+to|have\s+to|needs?\s+to|may|can|is\s+to|are\s+to|will|only|"
    r"always|ever|never)\b",
    re.I,
)
_PLAIN_PRESENT = re.compile(
    r"\s(?:comes?|originates?)\s+(?:directly\s+|verbatim\s+|exactly\s+|word\s+for\s+word\s+)?"
    r"(?:from|via|through|using|with|by\s+calling|by\s+using|in|among)\s",
    re.I,
)


def said_origins(text: str) -> list[Emit] | None:
    """The `arg_grounded` rules of a sentence whose subject is the value (module
    docstring); None when the sentence is not of that shape. A value named as a camelCase
    argument ("the bookingId passed to `cancelBooking`") is read as its words ("the booking
    id ..."), as a snake_case one is, when its first word is no verb (a tool's id is) or the
    sentence passes it on ("the orderId passed to ...")."""
    found = _said_origins(text)
    camel = _CAMEL_VALUE.match(text) if found is None else None
    if camel is None or (base_verb(camel["first"].casefold()) and not camel["passed"]):
        return found
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", camel["value"]).casefold()
    return _said_origins(text[: camel.start("value")] + words + text[camel.end("value") :])


# a value said first as a camelCase argument: "the bookingId ...", "any customerId ..."
_CAMEL_VALUE = re.compile(
    r"^\W*(?:(?i:the|a|an|any|every|each)\s+)?`?(?P<value>(?P<first>[a-z]+)(?:[A-Z][a-z0-9]*)+)`?\s"
    # (passed on: a value, even when its first word is also a verb, `orderId`, `ticketId`)
    r"(?P<passed>(?:(?:that|which)\s+(?:is|are)\s+|you\s+)?(?:passed|pass|given|give|sent|send|"
    r"supplied|used|use)\s+(?:to|in|by|with|for)\b)?"
)


def _said_origins(text: str) -> list[Emit] | None:
    for pattern in (_COME, _ONE, _ONE_BY, _AS_GIVEN, _UNLESS, _LABEL, _PASS_TOOL, _IT_RETURNS):
        m = pattern.search(text)
        if m is None:
            continue
        said = m.groupdict()
        value = value_of(m["np"], said.get("ids"))
        source = origin(_src(m["src"]))
        if source is None and said.get("verb") and _told(m["src"], m["verb"]):
            source = {"from_user": True, "from_tools": []}  # "one the skipper stated"
        if value is None or source is None:
            continue
        target = _taker(said.get("tool")) or _action_noun(said.get("noun"))
        if said.get("ing"):  # "the reason for waiving a fine": waive fine
            target = f"{lemma(said['ing'].casefold())} {singular(said['ingobj'].casefold())}"
        if pattern is _COME and _PLAIN_PRESENT.search(m[0]) and not _OBLIGED.search(m[0]):
            continue  # "slot ids come from `list_slots`", no modal, no "only": a description
        return [Emit("arg_grounded", target or ANY_TOOL, {"facet": value, **source}, 0.7)]
    return reused(text)


# "do not reuse a reservation id from another member"
_REUSE = re.compile(
    rf"^\W*(?:(?:you|the\s+agent)\s+)?{_BAN}\s+(?:ever\s+)?(?:re-?use|recycle|carry\s+over|"
    r"copy|borrow)\s+(?:a|an|the|any)?\s*" + _NP + r"\s+(?:from|across|of|between|belonging\s+to)"
    r"\s+(?P<other>(?:another|other|a\s+different|an\s+earlier|a\s+previous|an\s+older|previous|"
    r"earlier|different)\s+[a-z]+(?:\s+[a-z]+)?)",
    re.I,
)  # fmt: skip


def reused(text: str) -> list[Emit] | None:
    """ "Do not reuse a reservation id from another member": the value must be a real one
    (the user's or a tool's), on every tool taking it; that it belongs to this member and not
    another is no source an operator checks, so it is kept as the rule's condition: the rule
    is reviewed, with a located note, never enforced as a mere source rule."""
    m = _REUSE.search(text)
    if m is None:
        return None
    value = value_of(m["np"])
    if value is None:
        return None
    kept = f"not reused from {' '.join(m['other'].split())}"
    params = {"facet": value, "from_user": True, "from_tools": [ANY_TOOL]}
    return [Emit("arg_grounded", ANY_TOOL, params, 0.6, condition=kept)]


def _action_noun(noun: str | None) -> str | None:
    """ "for a reservation": the action (`reserve`) the resolver maps to a tool."""
    if not noun or not is_action_noun(noun.casefold()):
        return None
    return lemma(noun.casefold())


# verbs only a person does with a value, and nouns of things that read or hold values
_TELLS = frozenset(split_words("gave given stated named mentioned typed told chose picked shared"))
_THINGS = frozenset(
    split_words(
        "search lookup query tool function api system database record records catalogue catalog "
        "inventory directory list result results output outputs it this that which"
    )
)


def _told(src: str, verb: str) -> bool:
    """A person named by any noun ("the skipper") as the one who told the value."""
    word = _src(src).split()[-1]
    if _TOOL_ID.fullmatch(word) or "." in word:  # "one `ListSlots` gave you": a tool, no person
        return False
    noun = word.casefold()
    return verb.casefold() in _TELLS and noun not in _THINGS and noun not in _DETS


def _src(text: str) -> str:
    """A relative clause's subject as a source phrase ("the member's" -> "the member")."""
    return re.sub(r"'s$", "", text.strip())


def _taker(mention: str | None) -> str | None:
    if not mention:
        return None
    tool = _TOOL_ID.fullmatch(mention.strip().removesuffix("()"))
    if tool is not None:
        return tool["id"]
    words = mention.split()
    return " ".join(words[:-1])  # "the booking call": the mention the resolver maps
