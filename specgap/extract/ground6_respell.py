"""Where a value must come from, said around the value's noun with no tool verb (hground6).

The grounding readers bind a value to the tools' arguments when the sentence is spelt as
they know it ("the bike serial must come from the customer", "never invent the part
number"): the value's noun becomes a facet that `specgap.spread` binds to the one argument
of each tool its words name (one rule per tool taking it). Many sentences say the same with
the value as the object of a verb of using ("only use the e-mail addresses the customer
wrote"), as a passive ("voucher codes are typed by the customer"), as a made-up thing that is
not allowed ("invented bike serials are not allowed"), behind a label ("account ids: always
the one `lookupAccount` returned", "`cancel_repair`: repair id from `get_repair` only"), or
as a value to obtain first ("ask which address the clothes are collected from"). The first
reading finds no tool action there ("`use` is not an action") and the value is lost.

`respellings` finds the value and its source in those shapes and spells the sentence the
readers' way; `reread` reads that spelling when the first reading bound no grounding, and
keeps only its `arg_grounded` rules (the binding, its ties and its notes are the compiler's,
as for any facet: a noun several arguments of one tool fit is a located note, never a guess).

The sources: a person (the user words of `operators.prose.USER`, or a role noun) is the user;
a tool id (snake_case, camelCase, PascalCase, dotted: `noact_dotted`) is that tool's output;
"X or Y" keeps both. A source that is neither is no reading (dropping it would make the
rule stronger). A ban on making the value up, with no source said, is the user or any tool.

Not read here: a value named by a pronoun with nothing before it to name it ("use it"), a
value the agent works out or tells the user ("return the id to the user"), a format ("looks
like AB-1234"), a permission ("the member may give a nickname").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.args4_kinds import kind_origins
from specgap.extract.call_nouns import current_tool_nouns
from specgap.extract.noact_dotted import respelt_ids, snake
from specgap.extract.noact_respell import spelt
from specgap.extract.pattern_base import NEGATED_USE
from specgap.extract.people import PERSONISH
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import USER, singular

__all__ = ["reread", "respellings"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_TOOL = (
    r"`?(?-i:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+)|"
    r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)`?(?:\(\))?"
)
_PERSON = (
    r"(?:(?:the|a|an|their|this|that|each|every)\s+)?(?:" + USER + r"|" + PERSONISH + r")s?"
    r"(?:\s+(?:themselves|himself|herself|personally))?"
)
# one source: a tool or a person
_ONE = r"(?:" + _TOOL + r"|" + _PERSON + r")"
# a list of sources: "get_repair or the customer", "from `a` or from the member"
_SOURCES = r"(?P<src>" + _ONE + r"(?:\s*(?:,|or|,\s*or)\s+(?:from\s+)?" + _ONE + r")*)"
_DET = r"(?:(?:the|a|an|any|every|each|all|only|one|this|that|these|those)\s+)*"
# the value: one to four words, none a verb of the frame, a modal or a pronoun
_STOP = (
    r"(?:that|which|who|the|a|an|you|it|they|them|is|are|was|were|be|been|must|should|shall|"
    r"may|can|has|have|had|to|from|by|for|in|on|with|and|or|not|never|only|always|"
    r"one|ones|come|comes|use|used|until|till|unless|once|after|before|while|when|if)\b"
)  # (a conjunction ends the value: "submit an application until `t` has returned" is an order)
_W = r"(?!" + _STOP + r")[A-Za-z][\w'’-]*"
_NP = _W + r"(?:\s+" + _W + r"){0,3}"
_VAL = r"(?P<v>" + _NP + r")"
_VAL_SHORT = r"(?P<v>" + _W + r"(?:\s+" + _W + r"){0,3}?)"  # (the fewest words before the rest)
_VALS = r"(?P<v>" + _NP + r"(?:\s*(?:,|and|or)\s+" + _NP + r")*)"  # "guest names and e-mails"
_SAID = (
    r"(?:typed|type|types|wrote|write|writes|written|gave|give|gives|given|dictated|dictate|"
    r"stated|state|states|provided|provide|provides|said|say|says|told\s+(?:you|us)|"
    r"tell\s+(?:you|us)|read\s+out|reads\s+out|mentioned|mention|mentions|entered|enter|"
    r"enters|supplied|supply|supplies|named|name|names|spelled\s+out|spelt\s+out|quoted|quote)"
)
_RETURNED = (
    r"(?:returned|return|returns|listed|list|lists|showed|show|shows|shown|gave\s+back|"
    r"give\s+back|gives\s+back|gave|give|gives|given|produced|found|offered|offers)"
)
_MADE_UP = r"(?:made[\s-]+up|invented|guessed|fabricated|assumed|improvised)"
_USE = (
    r"(?:use|pass|enter|supply|send|fill\s+in|put\s+in|put|accept|submit|key\s+in|type\s+in|"
    r"quote|take|with)"  # ("look a patient up with a date of birth the caller did not give")
)
_NEG = r"(?:not|n't|never)"
# what makes the sentence a rule rather than a description of where a value is seen
_RULE_WORD = re.compile(
    r"\b(?:only|must|never|always|shall|should|has\s+to|have\s+to|need\s+to|nowhere\s+else|"
    r"required|needed|"
    r"not|n't|no)\b|n't\b",
    re.I,
)
_LEAD = re.compile(
    r"^(?P<lead>(?:when|while|before|for|if)\s+(?P<scope>[^,]{3,60}?)\s*,\s*(?:then\s+)?)",
    re.I,
)

# the source's verb ends its clause: "the member has not given for a week" is no source
_CLAUSE_END = (
    r"(?=\s*(?:$|[.;,:)\u2013\u2014]|-\s|(?:to\s+)?(?:you|us)\b|yourself\b|themselves\b|"
    r"(?:in|during|earlier\s+in)\s+(?:this|the)\s+(?:chat|conversation|session)\b|"
    r"(?:and|or|but)\b|(?:earlier|before|already|here)\b))"
)

# what the value is said to be used for, between it and its rule: "the window id you send to
# T" (T's, the scope), "the member id used in a call", "the phone number you search by"
# the agent, as the sentence says it acts: "the slot you book", "the slot_id it books"
_AGENT = r"(?P<agent>you|it|the\s+(?:assistant|agent|bot))"
_RELATIVE = (
    r"(?:\s+(?:that\s+)?(?:you\s+)?(?:send|pass|give|use|supply)\s+(?:to|with|in)\s+(?P<scope>"
    + _TOOL
    + r")|\s+(?:used|passed|sent)\s+(?:in|to|with)\s+(?:a|an|any|every|each)\s+(?:call|"
    r"request|tool(?:\s+call)?)|\s+(?:that\s+)?"
    + _AGENT
    + r"\s+(?:search|look\s+up|find|filter|book|enter|send|pass|charge|refund|text|move|use|"
    r"hire|add|quote|reserve)(?:e?s)?"
    r"(?:\s+(?:by|with|for|under))?)?"
)

# the value, then its source, in the frames that say it without a tool's verb
_FRAMES: tuple[tuple[str, re.Pattern[str]], ...] = (
    # "only use the e-mail addresses the customer wrote"; "use only the serial they typed"
    (
        "use",
        re.compile(
            r"\b" + _USE + r"\s+(?:only\s+)?" + _DET + _VAL + r"\s+(?:(?:that|which)\s+)?"
            r"(?:(?P<person>"
            + _PERSON
            + r")\s+(?:has\s+|have\s+|had\s+)?(?:just\s+)?"
            + _SAID
            + r"|(?P<tool>"
            + _TOOL
            + r")\s+(?:has\s+|had\s+)?"
            + _RETURNED
            + r")\b"
            + _CLAUSE_END,
            re.I,
        ),
    ),
    # "never enter a member id that `t` has not returned"; "... not provided by the customer"
    (
        "not",
        re.compile(
            r"\b" + _USE + r"\s+" + _DET + _VAL + r"\s+(?:(?:that|which)\s+)?"
            r"(?:(?P<person>"
            + _PERSON
            + r")\s+(?:has|have|had|did|does|do)\s*"
            + _NEG
            + r"\s+"
            + _SAID
            + r"|(?P<tool>"
            + _TOOL
            + r")\s+(?:has|had|did|does)\s*"
            + _NEG
            + r"\s+"
            + _RETURNED
            + r"|(?:was|were|has\s+been|have\s+been|is|are)\s+"
            + _NEG
            + r"\s+(?:"
            + _SAID
            + r"|"
            + _RETURNED
            + r")\s+by\s+(?P<by>"
            + _ONE
            + r"))\b"
            + _CLAUSE_END,
            re.I,
        ),
    ),
    # "never change a pickup address to one the customer did not give"
    (
        "change",
        re.compile(
            r"\b(?P<verb>change|set|update|switch)\s+" + _DET + _VAL + r"\s+to\s+(?:one|a\s+value|"
            r"anything|any\s+\w+)\s+(?:(?:that|which)\s+)?(?P<person>" + _PERSON + r")\s+"
            r"(?:has|have|had|did|does)\s*" + _NEG + r"\s+" + _SAID + r"\b" + _CLAUSE_END,
            re.I,
        ),
    ),
    # "update the phone number or e-mail only to values the patient typed themselves"
    (
        "change",
        re.compile(
            r"\b(?P<verb>change|set|update|switch)\s+" + _DET + _VALS + r"\s+only\s+to\s+"
            r"(?:values|ones|one|a\s+value|an?\s+\w+|the\s+\w+)\s+(?:(?:that|which)\s+)?"
            r"(?P<person>"
            + _PERSON
            + r")\s+(?:has\s+|have\s+|had\s+)?"
            + _SAID
            + r"\b"
            + _CLAUSE_END,
            re.I,
        ),
    ),
    # "the bike serial is required from the customer"
    (
        "by",
        re.compile(
            r"(?:^|;\s*)" + _DET + _VALS + r"\s+(?:is|are)\s+(?:always\s+)?(?:required|needed)\s+"
            r"from\s+" + _SOURCES + r"(?=\s*(?:$|[;,.]))",
            re.I,
        ),
    ),
    # "voucher codes are typed by the customer"; "class ids must have been returned by T"
    (
        "by",
        re.compile(
            r"(?:^|;\s*)"
            + _DET
            + _VALS
            + r"\s+(?:(?:must|should|shall|have\s+to|has\s+to|need\s+to|are\s+to|"
            r"is\s+to)\s+)?(?:be|are|is|have\s+been|has\s+been)\s+(?:only\s+|always\s+|ever\s+)*"
            r"(?:(?:" + _SAID + r"|" + _RETURNED + r"|obtained|taken|sourced))\s+(?:only\s+)?"
            r"(?:by|from)\s+" + _SOURCES + r"(?=\s*(?:$|[;,.]|and\b|only\b|alone\b))",
            re.I,
        ),
    ),
    # "item tags must be ones T listed"; "the window id you send to T has to be one S gave back"
    (
        "one",
        re.compile(
            r"(?:^|;\s*)"
            + _DET
            + _VAL_SHORT
            + _RELATIVE
            + r"\s+(?:(?:must|should|shall|has\s+to|have\s+to|"
            r"needs?\s+to)\s+be|is|are|was|were)\s+(?:always\s+|only\s+)?(?:one|ones|the\s+one|"
            r"one\s+of\s+those)\s+(?:that\s+)?(?:(?P<tool>"
            + _TOOL
            + r")\s+(?:has\s+|had\s+)?"
            + _RETURNED
            + r"|(?P<person>"
            + _PERSON
            + r")\s+(?:has\s+|have\s+|had\s+)?"
            + _SAID
            + r")\b"
            + _CLAUSE_END,
            re.I,
        ),
    ),
    # "shoe sizes come from the member and nowhere else"; "... the customer, not from memory"
    (
        "from",
        re.compile(
            r"(?:^|;\s*)"
            + _DET
            + _VALS
            + r"\s+(?:(?:must|should|shall|always|only)\s+)*(?:come|comes)\s+"
            r"(?:only\s+)?from\s+" + _SOURCES + r"(?=\s*(?:and\s+nowhere\s+else|alone|only|,?\s*"
            r"(?:not|never|and\s+never)\s+from\b))",
            re.I,
        ),
    ),
    # "invented bike serials are not allowed"
    (
        "ban",
        re.compile(
            r"\b" + _MADE_UP + r"\s+" + _VALS + r"\s+(?:are|is)\s+(?:not\s+(?:allowed|permitted|"
            r"accepted)|never\s+allowed|forbidden|prohibited)\b",
            re.I,
        ),
    ),
    # "a voucher code must never be made up"; "under no circumstances shall X be made up"
    (
        "ban",
        re.compile(
            r"(?:^|\bcircumstances\s+(?:shall|should|may|must|can|will|is|are)\s+)"
            + _DET
            + _VALS
            + r"\s+(?:(?:must|shall|should|may|can|is\s+to|are\s+to)\s*(?:never|not|n't)\s+)?be\s+"
            + _MADE_UP
            + r"\b",
            re.I,
        ),
    ),
    # "never guess which pass to freeze"
    (
        "ban",
        re.compile(
            r"\b(?:never|not|n't)\s+(?:guess|invent|assume|make\s+up|pick)\s+which\s+"
            + _VAL
            + r"\s+to\b",
            re.I,
        ),
    ),
)
# "account ids: always the one lookupAccount returned"; "pass ids: use the ones T shows"
_LABEL = re.compile(
    r"^(?:[-*\u2022]\s*)?" + _DET + _VAL + r"\s*[:\u2013\u2014]\s*(?:always\s+|only\s+)?"
    r"(?:use\s+)?(?:only\s+)?(?:the\s+one|the\s+ones|ones|those|one)\s+(?:that\s+)?"
    r"(?P<tool>" + _TOOL + r")\s+(?:has\s+)?" + _RETURNED + r"\b",
    re.I,
)
# "`cancel_repair`: repair id from `get_repair` only; reason from the customer"
_TOOL_LABEL = re.compile(
    r"^(?:[-*\u2022]\s*)?(?P<scope>" + _TOOL + r")\s*[:\u2013\u2014]\s*(?P<rest>.+)$"
)
_PART = re.compile(
    r"^\s*"
    + _DET
    + _VAL
    + r"\s+(?:(?:must|should)\s+(?:come\s+)?)?(?:from|<-|\u2190)\s+"
    + _SOURCES
    + r"(?:\s+only)?\s*[.]?\s*$",
    re.I,
)
# "ask which address ...", "ask how many weeks ...": the value asked for
_ASK_WHICH = re.compile(
    r"\bask\s+(?:(?P<person>" + _PERSON + r")\s+)?(?:which|what|how\s+many|how\s+much)\s+"
    r"(?P<v>" + _W + r"(?:\s+" + _W + r")?)\b",
    re.I,
)
# "get the member's e-mail address before any lookup"; "get the part number from T"
_GET = re.compile(
    r"\b(?:get|obtain|collect|request|take|fetch)\s+"
    + _DET
    + r"(?:(?P<owner>"
    + _PERSON
    + r")(?:'s|’s)\s+)?"
    + _VAL
    + r"(?:\s+from\s+(?P<src>"
    + _ONE
    + r"))?(?P<tail>\s+(?:before|first)\b[^.;]*)?\s*[.;]?\s*$",
    re.I,
)
# "if you need an order id, take it from T or the customer"
_NEED = re.compile(
    r"^(?:if|when)\s+you\s+need\s+" + _DET + _VAL + r"\s*,\s*(?:then\s+)?(?:take|get|use)\s+"
    r"(?:it|them|one)\s+(?:only\s+)?from\s+" + _SOURCES,
    re.I,
)
_PLURAL_AND = re.compile(r"\s*(?:,\s*(?:and|or)?|\band\b|\bor\b)\s*", re.I)
_IS_TOOL = re.compile(r"^" + _TOOL + r"$")
_IS_PERSON = re.compile(r"^(?:from\s+)?" + _PERSON + r"$", re.I)


def _source(text: str) -> str | None:
    """The sources of a list, spelt as the readers read them ("`t` or the user"), or None
    when one of them is neither a tool nor a person."""
    parts = [p.strip() for p in re.split(r"\s*,\s*or\s+|\s*,\s*|\s+or\s+", text) if p.strip()]
    said: list[str] = []
    for part in parts:
        part = re.sub(r"^from\s+", "", part, flags=re.I)
        if _IS_TOOL.match(part):
            said.append(part.strip("`").removesuffix("()"))
        elif _IS_PERSON.match(part):
            said.append("the user")
        else:
            return None
    said = list(dict.fromkeys(said))
    return " or from ".join(said) if said else None


def _values(text: str) -> list[str]:
    """The values of a coordinated noun phrase ("guest names and guest e-mails"); a shared
    head is left to the readers."""
    return [v.strip() for v in _PLURAL_AND.split(text) if v.strip()]


def _lead(text: str) -> tuple[str, str]:
    """A leading scope ("Before scheduling a pickup, ...") as the readers read it ("When
    scheduling a pickup, "), and the rest."""
    m = _LEAD.match(text)
    if m is None:
        return "", text
    scope = m["scope"].strip()
    if re.match(r"(?:you\s+)?(?:need|want)\b", scope, re.I):
        return "", text  # "if you need an order id": `_NEED`'s
    return f"When {scope}, ", text[m.end() :]


def respellings(text: str) -> list[str]:
    """The sentence spelt as the grounding readers read it, one sentence per value (module
    docstring); [] when no frame holds, or when the value is a yes or no datum at all ("get
    their explicit OK before ...", "get the details")."""
    said = [s[:1].upper() + s[1:] for s in _respellings(text)]
    return [s for s in said if not _NO_DATUM.search(s.split(" must come from ")[0])]


# what is asked for that is no value of an argument: a yes, or information in general
_NO_DATUM = re.compile(
    r"\b(?:yes|ok|okay|confirmation|approval|consent|agreement|go-ahead|permission|sign-off|"
    r"answer|reply|details|information|data|fields?|results?|output)\b",
    re.I,
)


def _respellings(text: str) -> list[str]:
    lead, body = _lead(text.strip())
    out: list[str] = []
    m = _TOOL_LABEL.match(body)
    if m is not None:
        for part in re.split(r"\s*;\s*", m["rest"].rstrip(". ")):
            p = _PART.match(part)
            source = _source(p["src"]) if p is not None else None
            if p is not None and source is not None:
                tool = m["scope"].strip("`").removesuffix("()")
                out.append(f"For {tool}, the {_noun(p['v'])} must come from {source}.")
        if out:
            return out
    m = _NEED.match(body)
    if m is not None and (source := _source(m["src"])) is not None:
        return [f"The {_noun(m['v'])} must come from {source}."]
    m = _LABEL.match(body)
    if m is not None:
        return [f"{lead}the {_noun(m['v'])} must come from {m['tool'].strip('`')}."]
    ruled = _RULE_WORD.search(text) is not None  # a rule, not where a value is seen ...
    for kind, frame in _FRAMES:
        m = frame.search(body)
        if m is None:
            continue
        if not ruled and (kind != "one" or not m.groupdict().get("agent")):
            continue  # ... unless it says what the agent's own act takes: "the slot you book
            # is one that `t` listed" is how a prompt in the present tense states the rule
        if kind == "use" and NEGATED_USE.search(body[: m.start()]):
            continue  # "never accept a card number the guest types": not from the guest
        values = _values(m["v"]) if kind in ("by", "from", "ban") else [m["v"]]
        if kind == "ban":
            return [f"{lead}never invent the {_noun(v)}." for v in values]
        groups = m.groupdict()
        said = groups.get("src") or groups.get("by") or groups.get("tool") or groups.get("person")
        source = _source(said) if said else None
        if source is None:
            continue
        scope = groups.get("scope")
        head = f"For {scope.strip('`')}, " if scope else lead
        if kind == "change":  # the new value of the change said
            verb = m["verb"].casefold()
            return [
                f"{lead}when you {verb} the {_noun(v)}, the new {_noun(v)} must come from {source}."
                for v in _values(m["v"])
            ]
        return [f"{head}the {_noun(v)} must come from {source}." for v in values]
    m = _ASK_WHICH.search(body)
    if m is not None:  # "ask which address ...": the address is the user's
        return [f"{lead}the {_noun(m['v'])} must come from the user."]
    m = _GET.search(body)
    led = lead and re.match(r"(?:before|when|while|for)\b", text.strip(), re.I)
    if m is not None and (led or m["tail"]) and not _a_call(m["v"]):  # a value to obtain
        source = _source(m["src"]) if m["src"] else "the user"
        if source is not None:
            # "the member's e-mail address": the member's own (never a guest's)
            value = f"{m['owner'].split()[-1]} {m['v']}" if m["owner"] else m["v"]
            return [f"{lead or _when(m['tail'])}the {_noun(value)} must come from {source}."]
    return []


def _a_call(value: str) -> bool:
    """Whether "get X" reads a thing the tools act on, not a value to obtain: one noun the
    tools are named by ("get booking before cancel_booking", "get the booking first":
    `get_booking`, `lookup_booking`); "get the booking number first" is a value."""
    words = value.split()
    return len(words) == 1 and bool(
        {words[0].casefold(), singular(words[0].casefold())} & current_tool_nouns()
    )


_BEFORE = re.compile(r"^\s*(?:before|first)\s+(?P<act>(?:you\s+)?\w+(?:ing)?\b.*)$", re.I)


def _when(tail: str | None) -> str:
    """ "before you look up their account" as the scope "When you look up their account, ";
    any other tail ("before any lookup", "first") gives no scope: the value is the user's
    wherever a tool takes it."""
    m = _BEFORE.match(tail or "")
    if m is None:
        return ""
    act = m["act"].strip()
    first = act.split()[0].casefold()
    return f"When {act}, " if first == "you" or first.endswith("ing") else ""


def _noun(value: str) -> str:
    """A value's words as a phrase inside the sentence: a capital only a sentence's first
    word has is dropped ("Bike serials"), an argument's name in camelCase is spelt in words
    (`windowId`: "window id", which binds as said), "identifier" is "id"."""
    said = _CAMEL.sub(lambda m: f"{m[1]} {m[2].casefold()}", value)
    said = re.sub(r"(?<=[A-Za-z0-9])_(?=[A-Za-z0-9])", " ", said)  # `quote_id`: "quote id"
    said = _IDENTIFIER.sub(lambda m: "ids" if m[0].casefold().endswith("s") else "id", said)
    said = _E_MAIL.sub("email", said)  # as argument names spell it (`sender_email`)
    first, _, rest = said.partition(" ")
    if first[:1].isupper() and first[1:].islower():
        first = first.casefold()
    return f"{first} {rest}" if rest else first


_CAMEL = re.compile(r"(?<=[a-z])([a-z0-9])([A-Z])")
_IDENTIFIER = re.compile(r"\bidentifiers?\b", re.I)
_E_MAIL = re.compile(r"\be-mail(?:\s+address)?(?=(?:es|s)?\b)", re.I)


# a value named by "one" or "a number" in a made-up ban is no count and no ban of a value
_PRONOUN_BAN = re.compile(
    r"\b(?:make\s+(?:one|any)\s+up|invent\s+one|guess\s+one|pick\s+a\s+number|"
    r"make\s+up\s+(?:one|a\s+number))\b",
    re.I,
)


def _bound(rule: CandidateRule) -> bool:
    """A grounding the readers bound: to a facet spread per tool, or on a named tool with
    a value that is no pronoun or bare word ("one", "it", "the number")."""
    if rule.operator != "arg_grounded":
        return False
    value = str(rule.params.get("facet", rule.params.get("arg", ""))).casefold()
    return ("facet" in rule.params or rule.target != "*") and value not in _GENERIC


_GENERIC = frozenset({"one", "ones", "it", "them", "number", "value", "values", "id", "ids"})


def reread(
    sentence: Sentence,
    rules: list[CandidateRule],
    diagnostics: list[Diagnostic],
    read: Read,
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence's rules with its respelt groundings (`respellings`) when the first
    reading bound none; as they were otherwise, or when the respelling reads nothing."""
    if sentence.subject is not None or any(_bound(r) for r in rules):
        return rules, diagnostics
    if kind_origins(sentence.clean):
        return rules, diagnostics  # "X ids come from T": one rule over every call (`args4_kinds`)
    dotted = snake(sentence.clean)
    text, ids = (dotted[0], dotted[1]) if dotted is not None else (sentence.clean, {})
    found: list[CandidateRule] = []
    notes: list[Diagnostic] = []
    for said in respellings(text):
        got, more = read(spelt(sentence, said))
        found += [r for r in got if r.operator == "arg_grounded"]
        notes += [d for d in more if d.code != "rule-not-compiled"]
    if not any(_bound(r) for r in found):
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    found = [respelt_ids(r, ids).model_copy(update={"text": words}) for r in found]
    misread = _PRONOUN_BAN.search(sentence.clean) is not None
    kept = [
        r
        for r in rules
        if r.operator != "arg_grounded"
        and not (misread and r.operator in ("max_calls", "deny_action"))
    ]
    left = [d for d in diagnostics if d.code not in ("rule-not-compiled", "unknown-argument")]
    return [*kept, *found], [*left, *notes]
