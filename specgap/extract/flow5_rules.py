"""Data-flow bans: what one tool returned, or data of a kind, must not reach another tool.

A flow ban has three parts, each read from the sentence's grammar, never from a phrase:

- a ban: a negation ("never", "do not", "must not", "nothing ... may", "kept out of",
  "leaving out", "untrusted");
- the sink, the tool that must not receive the data: the object of a preposition after a
  verb of carrying ("paste X *into a notice*", "must never flow *to postStatusBoard*",
  "kept out *of post_newsletter*"), the tool called on untrusted text ("do not act on it
  *by calling order_clay*", "must not *trigger Inventory.Adjust*"), or the right of an arrow
  ("`a` -> `b`");
- the source: a tool whose output is named ("anything `t` returns", "data returned by `t`",
  "from `t`", "`t` results", "the output of `t`") or, with no tool named, the kind of data
  ("member phone numbers", "the crossing manifest"): `sources` then holds the kind's words,
  and the compiler binds it to the tools whose own description names that data
  (`specgap.data_sources`), or keeps the rule for review when none does.

`flow_denied` is emitted on the sink with `sources`; the sink is a mention the resolver
binds like any target. A sink that is a person ("to a member") is a message, not a tool: no
flow. A question, a capability ("can include"), a description ("X returns Y") has no ban.
"""

from __future__ import annotations

import re

from specgap.extract.agent_params import agent_tool, tool_arguments
from specgap.extract.english import lemmas, verb_lemma
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.pattern_base import sending
from specgap.extract.people import ROLES
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import USER, is_action_noun, singular

# what a flow ban replaces: a plain ban of the receiving tool
_REPLACED = frozenset({"deny_action"})


def with_flows(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence's rules with its flow bans read (see the module), which replace the
    readings of the same words as a ban or an origin; a flow already read with a label
    (`data tagged 'x' must never ...`) is kept as it is. When every flow goes from one of the
    agent's tools into another, the notes of the readers that could not read those words go
    with them."""
    if any(r.operator not in _TOLD_APART for r in rules):
        return rules, notes  # read as something else (a control, a bound, an order): theirs
    emits = flow_bans(sentence.clean)
    if sentence.subject is not None:  # a description: only its own input from a named tool
        emits = [e for e in emits if _TOOL_RE.fullmatch(str(e.params["sources"][0]))]
    if not emits:
        return rules, notes
    sources = {_bare(str(s)) for e in emits for s in e.params["sources"]}
    if not all(_same_words(r, sources) for r in rules):
        return rules, notes  # an origin from another tool, a ban of real values: the sentence's
    if all(_between_tools(e) for e in emits):
        notes = [n for n in notes if n.code not in {"rule-not-compiled", "condition-not-bound"}]
    # every rule read is one of the flow's own words, replaced by it; a sink said as a noun
    # ("a notice") is no exact mention of a tool: the resolver decides
    added = [candidate(sentence, e) for e in emits]
    flows = [
        r.model_copy(update={"grounding": "partial"})
        if r.grounding == "exact" and not _TOOL_RE.fullmatch(str(r.target or ""))
        else r
        for r in added
    ]
    return flows, notes


def _between_tools(emit: Emit) -> bool:
    """A flow from one of the agent's tools into another (or into a thing sent, "send text",
    which the resolver binds)."""
    sink = str(emit.target or "")
    sources = list(map(str, emit.params.get("sources") or [""]))
    sent = sink.startswith("send ") and sending(sink.split()[-1]) == sink
    return (sent or agent_tool(sink) is not None) and all(agent_tool(s) for s in sources)


# the readings a flow ban is told apart from: a ban of the receiving tool, and an origin
_TOLD_APART = frozenset({*_REPLACED, "arg_grounded"})


def _same_words(rule: CandidateRule, sources: set[str]) -> bool:
    """Whether `rule` reads the flow's own words as something else: a plain ban of the sink,
    a "value" that is the flow's source tool ("into `u` ... from `t`"), or an origin from that
    tool ("never copy the phone number from `t` into `u`" says the opposite of "the phone
    number must come from `t`"), all replaced by the flow ban."""
    if rule.operator == "arg_grounded":
        return bool(rule.params.get("from_tools")) and set(rule.params["from_tools"]) <= sources
    values = {_bare(str(v)) for v in rule.params.get("values") or ()}
    return values <= sources


# a tool id as policies spell them: `backticked`, snake_case (any case: `VLT_CARD_Block`),
# server__tool, camelCase, PascalCase (two humps or more), dotted.names, kebab-case-ids (three
# parts or more)
TOOL = (
    r"(?-i:`[A-Za-z_][\w.\-]*`|\b[A-Za-z][A-Za-z0-9_]+(?:\.[A-Za-z_][A-Za-z0-9_]*)+\b|"
    r"\b[A-Za-z][A-Za-z0-9]*(?:_{1,2}[A-Za-z0-9]+)+\b|"
    r"\b(?>[a-z]+(?:[A-Z][a-z0-9]+)+)\b|\b(?:[A-Z][a-z0-9]+){2,}\b|\b[a-z]+(?:-[a-z0-9]+){2,}\b)"
)
_TOOL_RE = re.compile(TOOL)

# the verbs that carry data somewhere (by lemma): "paste", "copy", "forward", "leak" ...
_CARRY = frozenset(
    {
        "add",
        "appear",
        "carry",
        "cite",
        "copy",
        "disclose",
        "echo",
        "embed",
        "end",
        "enter",
        "expose",
        "feed",
        "find",
        "flow",
        "forward",
        "get",
        "give",
        "go",
        "hand",
        "include",
        "insert",
        "keep",
        "land",
        "leak",
        "leave",
        "make",
        "mention",
        "move",
        "pass",
        "paste",
        "pipe",
        "place",
        "post",
        "print",
        "publish",
        "put",
        "quote",
        "reach",
        "relay",
        "remain",
        "repeat",
        "return",
        "reuse",
        "reveal",
        "route",
        "send",
        "share",
        "show",
        "slip",
        "stay",
        "surface",
        "transfer",
        "turn",
        "use",
        "write",
    }
)
# prepositions that lead to where data goes (the last one after a carrying verb wins)
_INTO = r"(?:into|in\s+to|in|inside|to|onto|on|with|through|via|by|out\s+of|within)"
_NEGATION = re.compile(
    r"\b(?:never|not|no|nothing|none|don't|doesn't|mustn't|cannot|can't|shouldn't|won't|"
    r"forbidden|prohibited|banned|untrusted|leav(?:e|ing)\s+out|omit(?:ting)?|kept\s+out|"
    r"keep\s+out|stays?\s+out|out\s+of\s+bounds|off[- ]limits|"
    # "keep everything `t` returns out of texts": the ban said by what is kept out
    r"keep(?:s|ing)?\s+[^,.;:]{1,80}?\s+out\s+of)\b",
    re.I,
)
# "send no more than five messages with `t`": a count, not a flow
_COUNT = re.compile(
    r"\b(?:more|fewer|less|greater|higher|lower)\s+than\b|\bat\s+(?:most|least)\b|"
    r"\bup\s+to\s+\d|\b(?:once|twice|per)\b|\bmax(?:imum)?\b|\blimit",
    re.I,
)
_QUESTION = re.compile(r"\?\s*(?:yes|sure|of\s+course)?\W*$", re.I)
_CAPABLE = re.compile(r"\b(?:can|may|could|might)\s+(?!not\b|never\b|only\b)\w+", re.I)
# what a tool gives back, said as a noun after its id or before "of/from" it
_OUTPUT = (
    r"(?:output|outputs|results?|responses?|data|content|contents|repl(?:y|ies)|messages?|"
    r"text|values?|figures|records?|fields?|details|answers?|payload|returns?|findings)"
)
_RETURNS = (
    r"(?:returns?|returned|gives?|gave|given|sends?|sent|says|said|tells?|told|outputs?|produces?|"
    r"produced|fetche[sd]|reads?|yields?|hands?\s+back|handed\s+back|brings?\s+back|"
    r"comes?\s+back\s+with|came\s+back\s+with|shows?|showed|lists?|listed|provides?|provided)"
)
_SOURCE_BY_ID = [
    # "anything `t` returns", "what `t` returned", "whatever `t` gives you"
    re.compile(
        r"\b(?:what|whatever|anything|nothing|everything|all|(?:any|the|every|each|an?)\s+\w+"
        r"(?:\s+\w+){0,4}?)"
        r"\s+(?:that\s+|which\s+)?"
        rf"(?P<id>{TOOL})\s+(?:has\s+|had\s+)?{_RETURNS}\b",
        re.I,
    ),
    # "data returned by `t`", "values fetched from `t`"
    re.compile(
        r"\b(?:returned|given|produced|fetched|read|obtained|retrieved|pulled|received|got|"
        rf"gotten|found|listed|provided|coming|comes?|taken)\s+(?:back\s+)?(?:by|from|with|"
        rf"through|via|in|using)\s+(?P<id>{TOOL})",
        re.I,
    ),
    # "the output of `t`", "results from `t`"
    re.compile(rf"\b{_OUTPUT}\s+(?:of|from)\s+(?:the\s+)?(?P<id>{TOOL})", re.I),
    # "`t` results", "`t`'s output", "`t` content"
    re.compile(rf"(?P<id>{TOOL})(?:'s)?\s+{_OUTPUT}\b", re.I),
    # "anything from `t`", "phone numbers from `t`"
    re.compile(rf"\bfrom\s+(?:the\s+)?(?P<id>{TOOL})", re.I),
]
# "X is untrusted: do not act on it by calling Y", "instructions in X must not trigger Y"
_UNTRUSTED = re.compile(
    r"\b(?:untrusted|not\s+(?:to\s+be\s+)?trusted|never\s+(?:to\s+be\s+)?trusted|"
    r"instructions?|commands?|directions?|orders?\s+(?:found|contained|written|embedded)|"
    r"act(?:ing)?\s+on|follow(?:ing)?|obey(?:ing)?)\b",
    re.I,
)
_CALLED = re.compile(
    rf"\b(?:by\s+(?:calling|running|using|invoking|triggering)|trigger|triggers|to\s+call|"
    rf"into\s+calling|call|run|invoke|cause|drive)\s+(?P<sink>{TOOL})",
    re.I,
)
_UNTRUSTED_SOURCE = [
    re.compile(
        r"\b(?:instructions?|commands?|directions?|requests?|text)\s+(?:found\s+|contained\s+|"
        r"written\s+|embedded\s+|hidden\s+|that\s+appear\s+)?(?:in|inside|within|from)\s+"
        r"(?P<src>[^,.;:]+?)(?=\s+(?:must|should|may|can|cannot|are|is|never|do|does)\b|[,.;:]|$)",
        re.I,
    ),
    re.compile(
        r"(?:^|[.;:]\s*|\btreat\s+)(?P<src>[^,.;:]+?)\s+(?:is|are|as|counts?\s+as)\s+"
        r"(?:\w+\s+)?(?:untrusted|not\s+(?:to\s+be\s+)?trusted)",
        re.I,
    ),
]
_ARROW = re.compile(rf"(?P<src>{TOOL})\s*(?:->|→|=>|-->)\s*(?P<sink>{TOOL})")
_LEFT_OUT = re.compile(
    r"\b(?:leav(?:e|ing)\s+out|omit(?:ting)?|without\s+(?:including|copying|pasting|quoting|"
    r"adding|putting))\s+(?P<src>[^,.;:]+)",
    re.I,
)
_PERSON = re.compile(
    r"^(?:(?:the|a|an|any|each|every|their|his|her|its|our|your)\s+)?(?:\w+\s+)?(?:"
    + USER
    + r"|"
    + ROLES
    + r"|people|person|anyone|someone|everyone|staff|customers?|public|third\s+part(?:y|ies)|"
    r"them|him|her|us|me|you)s?\b",
    re.I,
)
# a kind of data that is a person ("members", "the passenger"), not what is said of one
_PERSON_KIND = re.compile(_PERSON.pattern + r"$", re.I)
_DETERMINER = re.compile(
    r"^(?:(?:a|an|the|any|each|every|its|their|his|her|our|your|this|that|these|those|such|"
    r"some|all|of|other|another)\s+)+",
    re.I,
)
# words of a kind's noun phrase that say nothing of which data it is
_FILLER = frozenset(
    {"anything", "nothing", "everything", "something", "whatever", "what", "data", "value",
     "values", "content", "contents", "information", "info", "output", "outputs", "result",
     "results", "text", "figures", "figure", "details", "detail", "field", "fields",
     "never", "not", "no", "do", "don't", "does", "must", "should", "may", "can", "cannot",
     "be", "is", "are", "ever", "please", "sure", "let", "that", "it", "to", "any",
     "the", "a", "an", "kept", "stays", "out", "of", "only", "you", "we",
     "agent", "assistant", "allowed", "permitted", "let's", "mustn't", "shouldn't",
     "internal", "internally", "also", "at", "all", "either", "even", "just",
     "been", "being", "up", "copies", "copy", "bits", "part", "parts", "pieces",
     "otherwise", "this", "these", "those", "which", "there", "here", "then", "so", "such"}
)  # fmt: skip


def flow_bans(text: str) -> list[Emit]:
    """The flow bans a sentence states: `flow_denied` on each sink, `sources` the tools (or
    the kind of data) that must not reach it."""
    if not _NEGATION.search(text) or _QUESTION.search(text) or _COUNT.search(text):
        return []
    # "X never goes into `u`, and Y never goes into `v`": a ban in each clause
    clauses = [c for c in _CLAUSES.split(text) if _NEGATION.search(c)]
    if len(clauses) > 1 and all(each := [_flows(c) for c in clauses]):
        return [e for found in each for e in found]
    return _flows(text)


# where a sentence's clauses part: a semicolon, or ", and" / ", but" before a new subject
_CLAUSES = re.compile(r";\s+|,\s+(?:and|but)\s+(?=(?:an?|the|any|no|nothing|every|each)\s)", re.I)


def _flows(text: str) -> list[Emit]:
    for read in (_arrow, _untrusted, _left_out, _carried, _fragment):
        found = read(text)
        if found:
            sink, sources = found
            sinks = [_sent(s) for s in (*_parts(sink), *_also(text, sink))]
            return [
                Emit("flow_denied", each, {"sources": sorted(set(sources))}, 0.8)
                for each in dict.fromkeys(sinks)
            ]
    return []


_NOUN_PARTS = re.compile(r"\s*,\s*(?:(?:and|or|nor)\s+)?|\s+(?:and|or|nor)\s+", re.I)


def _parts(sink: str) -> list[str]:
    """A sink said as coordinated nouns ("texts and courier bookings"): each of them; a sink
    named by its id, or one noun phrase, alone."""
    if _TOOL_RE.fullmatch(sink):
        return [sink]
    said = [_DETERMINER.sub("", raw.strip()) for raw in _NOUN_PARTS.split(sink)]
    # (a person's word may lead a thing's name: "courier bookings" are bookings)
    parts = [p for p in said if p and not _PERSON_KIND.match(p)]
    return parts if len(parts) > 1 and all(len(p.split()) <= 3 for p in parts) else [sink]


def _sent(sink: str) -> str:
    """A sink that is a text message ("texts", "an sms"): the act of sending it ("send
    text"), since "text" alone is as much any tool's content; any other sink as it is (an
    "email" or a "message" names its tool by its own word)."""
    words = sink.casefold().split()
    if len(words) != 1 or words[0] not in {"text", "texts", "sms", "smses"}:
        return sink
    return sending(words[0]) or sink


# the tools coordinated after a sink named by its id: "into `u` or `v`", "into u, v and w"
_MORE_SINKS = re.compile(rf"\s*(?:,\s*(?:(?:or|and|nor)\s+)?|\s+(?:or|and|nor)\s+)(?P<id>{TOOL})")


# ... and after a sink named by a noun: "into a text or a field ticket"
_MORE_NOUN_SINKS = re.compile(
    r"\s*(?:,\s*(?:(?:or|and|nor)\s+)?|\s+(?:or|and|nor)\s+)(?:a|an|the|any)\s+"
    r"(?P<np>[a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)(?=\s*(?:[.,;:!?]|$))"
)


def _also(text: str, sink: str) -> list[str]:
    """The other sinks coordinated after `sink` where the sentence names it by its id, or
    by a noun after an article ("into a text or a field ticket")."""
    at = re.search(rf"(?<![\w`])`?{re.escape(sink)}`?(?![\w`])", text)
    if at is None:
        return []
    by_id = _TOOL_RE.fullmatch(at.group()) is not None
    following = _MORE_SINKS if by_id else _MORE_NOUN_SINKS
    more: list[str] = []
    while (m := following.match(text, at.end())) is not None:
        more.append(_bare(m["id"]) if by_id else m["np"])
        at = m
    return [s for s in more if s != sink]


def _arrow(text: str) -> tuple[str, list[str]] | None:
    m = _ARROW.search(text)
    return (_bare(m["sink"]), [_bare(m["src"])]) if m else None


def _untrusted(text: str) -> tuple[str, list[str]] | None:
    """ "`t`'s content is untrusted: never act on it by calling `u`", "instructions found in
    `t` messages must not trigger `u`": what `t` says must not drive a call of `u`."""
    if not _UNTRUSTED.search(text):
        return None
    called = _CALLED.search(text)
    if called is None:
        return None
    for pattern in _UNTRUSTED_SOURCE:
        for m in pattern.finditer(text[: called.start()]):
            source = _source_of(m["src"])
            if source and source != _bare(called["sink"]):
                return _bare(called["sink"]), [source]
    return None


def _left_out(text: str) -> tuple[str, list[str]] | None:
    """ "send the notice with `send_notice`, leaving out what `get_firing` returned": the
    one other tool the sentence names is the sink."""
    m = _LEFT_OUT.search(text)
    if m is None:
        return None
    source = _source_of(m["src"])
    sinks = [_bare(t) for t in _TOOL_RE.findall(text[: m.start()])]
    sinks = [s for s in sinks if s != source]
    if source is None or len(set(sinks)) != 1:
        return None
    return sinks[0], [source]


_FRAGMENT = re.compile(
    r"^\W*no\s+(?P<src>[^,.;:]+?)\s+(?:in|into|to|on|onto|inside)\s+(?P<sink>[^,;:]+?)\W*$", re.I
)
# the words that say a noun phrase is data (what a tool returns, what a person is known by)
_DATA_WORD = re.compile(
    rf"\b(?:{_OUTPUT}|numbers?|address(?:es)?|notes?|logs?|ids?|names?|e-?mails?|phones?|"
    r"plates?|birthdays?|dates?\s+of\s+birth|codes?|passwords?|tokens?|keys?|secrets?|"
    r"credentials?|pins?|ssns?|manifests?|reports?|histor(?:y|ies)|balances?|salar(?:y|ies)|"
    r"diagnos[ei]s|prescriptions?|files?|documents?|attachments?|comments?|transcripts?)\b",
    re.I,
)


def _fragment(text: str) -> tuple[str, list[str]] | None:
    """ "No manifest data in notices.": a fragment with no verb; the source must say it is
    data (a tool's output, "data", "numbers"), else it bans an act ("no refunds on X")."""
    m = _FRAGMENT.match(text)
    if m is None or not (_TOOL_RE.search(m["src"]) or _DATA_WORD.search(m["src"])):
        return None
    sink, source = _sink_of(m["sink"]), _source_of(m["src"])
    if not sink or not source or sink == source:
        return None
    named = _TOOL_RE.fullmatch(sink) or _TOOL_RE.fullmatch(source)
    return (sink, [source]) if named else None  # one end, at least, names its tool


# a preposition, and the noun phrase after it up to a clause's end
_PREP = re.compile(rf"\b{_INTO}\s+", re.I)
_SINK = re.compile(
    r"(?P<sink>(?:[^,.;:!?()]|\.(?=\w))+?)\s*(?=[,;:!?()]|\.(?!\w)|$|\s+(?:or|unless|without|"
    r"before|after|when|if|because|since|even|so|and\s+(?:never|do|don't))\b)",
    re.I,
)


def _carried(text: str) -> tuple[str, list[str]] | None:
    """A verb of carrying, a ban, and where the data goes: "never paste anything `t`
    returns into a notice", "member phone numbers must not go into `send_notice`"."""
    found = [f for named in (True, False) if (f := _carried_to(text, named)) is not None]
    return found[0] if found else None


def _carried_to(text: str, named: bool) -> tuple[str, list[str]] | None:
    """`_carried`, the last preposition first; with `named`, only to a tool named by its id
    ("never copy X from `t` into `u` notes, managers open them on the shared screen" goes
    into `u`, not onto a screen)."""
    words = [(m.start(), m.group()) for m in re.finditer(r"[A-Za-z][A-Za-z'-]*", text)]
    for prep in reversed(list(_PREP.finditer(text))):
        sink_m = _SINK.match(text, prep.end())
        sink = _sink_of(sink_m["sink"]) if sink_m else None
        if sink is None or (named and not _TOOL_RE.fullmatch(sink)):
            continue
        before = text[: prep.start()]
        verbs = [(at, w) for at, w in words if at < prep.start() and _carries(w)]
        # the ban governs the verb: in the same clause, before it (or right before the
        # preposition: "... used internally, never in `t`")
        clause = re.split(r"[;:]|\.\s", before + prep.group())[-1]
        neg = _NEGATION.search(clause)
        if neg is None:
            continue
        start = len(before) + len(prep.group()) - len(clause) + neg.start()
        carried = any(at > start for at, _ in verbs) or prep.group().casefold().startswith("out")
        if not carried and not re.search(r"(?:\bnever|,\s*not)\s+$", before, re.I):
            continue
        if _CAPABLE.search(before) and not _NEGATION.search(before):
            continue
        source = _source(before, sink) or ""
        if not _TOOL_RE.fullmatch(source) and not _TOOL_RE.fullmatch(sink):
            # both ends said in words: only a tool named by the words of its own id, into a
            # thing sent ("nothing from the eligibility screen goes into a text")
            own = _named_by_words(_said_source(before) or source)
            said = sink.split()
            sent = sending(said[-1]) if len(said) <= 3 else None
            if own is None or sent is None:
                continue  # both ends guessed: no tool named at either end
            return sent, [own]
        if not source:
            continue
        return sink, [source]
    return None


# the source said before the verb: "nothing from the X goes", "what the X returns", "X notes
# never go" (in that order of trust)
_NP_SAID = r"(?:the\s+|an?\s+)?(?P<np>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3}?)\s+"
_SAID_SOURCES = (
    re.compile(
        r"\b(?:from|of|in)\s+" + _NP_SAID + r"(?:goes|go|may|must|should|can|never|is|are)\b",
        re.I,
    ),
    re.compile(
        r"\b(?:what|anything|nothing|whatever)\s+" + _NP_SAID + r"(?:returns?|gives?|says|"
        r"returned|gave|said|lists?|shows?)\b",
        re.I,
    ),
    re.compile(
        r"^\W*" + _NP_SAID + r"(?:goes|go|may|must|should|can|never|is|are|written|stored|kept)\b",
        re.I,
    ),
)


def _said_source(before: str) -> str | None:
    for pattern in _SAID_SOURCES:
        m = pattern.search(before)
        if m is not None:
            return m["np"]
    return None


def _named_by_words(phrase: str) -> str | None:
    """The one agent tool whose id says every word of `phrase` but its words of data ("notes",
    "log"), of two words at least ("eligibility screen": `screen_eligibility_5d92`;
    "adverse-event notes": `log_adverse_event_9a10`), or None."""
    said = [singular(w) for w in re.findall(r"[a-z]+", phrase.casefold())]
    if len(said) < 2:
        return None
    words = {w for w in said if not _DATA_WORD.fullmatch(w)} or set(said)
    found = [
        tool
        for tool in tool_arguments()
        if words <= {singular(w) for w in re.findall(r"[a-z]+", _id_words(tool))}
    ]
    return found[0] if len(found) == 1 else None


def _id_words(tool: str) -> str:
    return re.sub(r"(?<=[a-z])(?=[A-Z])|[_.\-]", " ", tool)


def _carries(word: str) -> bool:
    """A verb that carries data somewhere; "used" only as a passive ("may be used ... never
    in `t`"), the active "use X for Y" being an act, not a flow."""
    return word.casefold() == "used" or verb_lemma(word) in _CARRY


def _source(before: str, sink: str) -> str | None:
    for pattern in _SOURCE_BY_ID:
        for m in pattern.finditer(before):
            found = _bare(m["id"])
            if found != sink:
                return found
    ids = [_bare(t) for t in _TOOL_RE.findall(before) if _bare(t) != sink]
    if tool_arguments():  # the agent's tools known: an argument's name is data, no tool
        ids = [i for i in ids if agent_tool(i) is not None]
    if ids:
        return None  # a tool named, not as a source: "never call `t` on X" is no flow
    return _kind(before)


def _source_of(phrase: str) -> str | None:
    """A source phrase: a tool id in it, else its kind of data."""
    ids = [_bare(t) for t in _TOOL_RE.findall(phrase)]
    if ids:
        return ids[0]
    return _kind(phrase)


def _kind(phrase: str) -> str | None:
    """The words of a kind of data in the part of the sentence before the sink: "member
    phone numbers", "the firing log" (no verb, no modal, no ban)."""
    phrase = re.sub(r"^.*?:\s*", "", phrase)  # "A: No, ...", "Step 3: ..."
    words = re.findall(r"[A-Za-z][A-Za-z'-]*", phrase)
    kept: list[str] = []
    for w in words:
        low = w.casefold()
        bare = re.sub(r"'s$|s'$", "", low)
        if low in _FILLER or bare in _FILLER:
            if kept:
                break  # "phone numbers must not ...": the phrase ends at its modal
            continue
        if verb_lemma(low) in _CARRY and not kept:
            continue  # "paste", "copy": the verb before the object
        if low.endswith("ly") or (verb_lemma(low) in _CARRY and low.endswith(("ed", "en"))):
            if kept:
                break
            continue
        kept.append(bare)
    kind = " ".join(kept)
    said = lemmas(kept[-1]) if kept else {}
    if said and not {"NOUN", "VERB", "PROPN"} & set(said):
        return None  # a kind of data is a noun phrase ("otherwise" is none)
    if not kept or _PERSON_KIND.match(kind) or len(kept) > 4 or is_action_noun(kept[-1]):
        return None  # "never use it for shipments to X": an act, not data
    return kind


def _sink_of(phrase: str) -> str | None:
    """The tool a sink phrase names: its id, or its noun phrase ("a notice", "the status
    board"); a person ("to a member") is whom a message goes to, not a tool."""
    ids = [_bare(t) for t in _TOOL_RE.findall(phrase)]
    if ids:
        return ids[0]
    phrase = _DETERMINER.sub("", phrase.strip())
    if not phrase or _PERSON.match(phrase) or len(phrase.split()) > 4 or phrase.isupper():
        return None  # a person, or a code ("to KP"): a value, not a tool
    if re.match(r"^(?:it|them|this|that|there|here|which|use|mind|place|time)\b", phrase, re.I):
        return None
    return phrase


def _bare(tool: str) -> str:
    return tool.strip("`")
