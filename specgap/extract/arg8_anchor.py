"""Rules whose subject is an argument of a tool, with no verb phrase naming the tool.

"The labour_hours entered on a quote can never be more than 40", "The payoutAccount passed
to payCourier must be the account on file that getCourier returned", "Priorities of low,
normal or rush are offered; no other priority is", "For verification, the accepted documents
are a passport or an id card; anything else is refused": the subject is an argument (its
name, snake / camel / dotted, or its words), often narrowed by a participle or a preposition
("entered on a quote", "passed to payCourier", "with a cancellation", "For verification,");
the predicate is a bound, a list of values or where the value comes from. Read as a whole,
such a sentence has no action and was reported `rule-not-compiled (no action)`.

Here the narrowing is taken off the subject and kept, and the rest is spelt in the one form
the bound, allowlist and grounding readers read ("The labour_hours can never be more than
40", "The accepted priorities are low, normal or rush", "The payoutAccount must be one that
getCourier returned"); the rules that spelling gives (target `*` and a `facet`: the
argument, wherever it is) carry the narrowing in the `anchor` parameter. Which tool takes
the argument, and which of those the narrowing names, is decided at compile time against the
registry (`specgap.arg8_bind`): one tool, the rule is that tool's; several and nothing
narrows, a located `argument-tool-tie` note, never a guess.

Forms read (a sentence nothing else read a rule from, in a prompt, not a description):

- `<the> <argument> <participle>? <prep> <the> <narrowing> <modal predicate>`;
- `For <a> <narrowing>, <the> <argument> ...` and `If <a> <noun> is <participle>, then ...`;
- `<argument> <narrowing>: <amount> at most` (a label), `... : only a, b or c`;
- `<arguments> of a, b or c are offered|allowed|accepted; no other <x> is`;
- `Keep the <argument> <narrowing> at / under ...`.

The predicate is made plain: a negative restatement after a semicolon ("; no other priority
is", "; anything else is refused", "; an account given in the chat is not used") is
dropped, "shall" is "must", "can never exceed / be more than" is "must be at most", "the
<noun> (on file) that / as returned by T" is "one that T returned", articles before listed
values are dropped. Not read: a hedge ("usually", "about", "typical", "most"), a permission
("can be more than"), a sentence with no modal or value cue, a subject that is a person.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextvars import ContextVar

from specgap.extract.context import variable
from specgap.extract.noact_respell import spelt
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["ANCHOR", "reread", "respelled"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_READING: ContextVar[bool] = variable("arg8_reading", False)
ANCHOR = "anchor"  # the parameter the narrowing words travel in (read by `arg8_bind`)
# the anchor's first token when the sentence opens with a lead: "if:paid+supplier" for "If a
# supplier is paid, then ...", "for:new+accounts" for "For new accounts, ..."
IF_LEAD, FOR_LEAD = "if", "for"
_ID_ONLY = re.compile(
    r"[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+"
)
_KEPT = frozenset({"arg_within_bound", "resource_in_allowlist", "arg_grounded"})

# an argument's id: snake_case, dotted or camelCase; each part atomic (no backtracking)
_ID = r"(?>[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+)"
_STOP = (
    r"(?!(?i:the|a|an|any|each|every|this|that|is|are|be|was|were|can|cannot|may|must|shall|"
    r"should|will|has|have|needs?|not|never|no|only|on|to|with|for|in|into|against|from|of|"
    r"at|under|by|and|or|it|they|you|we|keep|always|paid|given|sent|put|set|made|taken|"
    r"written|chosen|shown|customers?|clients?|users?|members?|senders?|callers?)\b)"
)
_WORD = _STOP + r"(?>[A-Za-z][a-z]*(?:-[a-z]+)?)(?<!ed)\b"
_ARG = r"(?P<arg>" + _ID + r"|" + _WORD + r"(?:\s" + _WORD + r"){0,2})"
_DET = r"(?:(?i:the|a|an|any|each|every|this)\s)?"
_PART = r"(?:(?>[a-z]+ed)|given|sent|put|set|paid(?:\sout)?|made|taken|written|chosen|shown)"
_PREP = r"(?:on|to|with|for|in|into|against|from|of|under|at)"
_KEBAB = r"(?>[a-z][a-z0-9]*(?:-[a-z0-9]+){2,})"  # a kebab-case tool id: `sell-lot-to-shop`
_NARROW = (
    r"(?:new\s)?(?:" + _ID + r"|" + _KEBAB + r"|(?>[a-z]+(?:-[a-z]+)?)(?:\s(?!(?:is|are|can|"
    r"may|must|shall)\b)(?>[a-z]+(?:-[a-z]+)?))?)"
)
# "the X you pass to T": the agent's own act, said in a relative clause
_YOU = r"(?:(?:that|which)\s)?you\s(?:pass|send|give|supply|enter|put|use)"
_MOD = (
    r"(?P<mod>(?:(?:" + _PART + r"|" + _YOU + r")(?:\s" + _PREP + r"\s" + _DET + _NARROW
    + r")?|" + _PREP + r"\s" + _DET + _NARROW + r"))"
)  # fmt: skip
_MODAL = r"(?:can|cannot|can't|may|must|shall|should|will|is|are|has\sto|have\sto|needs?\sto)\b"

_STATED = re.compile(r"^\W*" + _DET + _ARG + r"\s" + _MOD + r"\s(?P<pred>" + _MODAL + r".*)$")
_LABEL = re.compile(r"^\W*" + _DET + _ARG + r"\s" + _MOD + r"\s*:\s*(?P<rest>.+)$")
_KEEP = re.compile(
    r"^\W*(?i:keep)\s" + _DET + _ARG + r"\s" + _MOD + r"\s(?P<rest>(?:at|under|below|within|"
    r"between|to)\s.*)$"
)
_OFFERED = re.compile(
    r"^\W*" + _DET + _ARG + r"\s(?i:of)\s(?P<values>[^;:]+?)\s(?:are|is)\s(?:only\s)?"
    r"(?:offered|allowed|accepted|permitted)\s*[.;]?\s*$"
)
_FOR_LEAD = re.compile(
    r"^\W*(?i:for)\s" + _DET + r"(?P<lead>(?:new\s)?(?:" + _ID + r"|[a-z]+))\s*,\s*(?P<rest>.+)$"
)
_IF_LEAD = re.compile(
    r"^\W*(?i:if|when)\s(?:a|an|the)\s(?P<noun>[a-z]+)\s(?:is|are|gets)\s(?P<part>" + _PART
    + r")\s*,\s*(?:then\s)?(?P<rest>.+)$"
)  # fmt: skip
_SO_LEAD = re.compile(r"^[^,;]{1,200}?,\s(?:so|and\sso|therefore)\s(?P<rest>(?i:the)\s.+)$")
_THE_ARG = re.compile(
    r"^" + _DET + r"(?P<adj>(?:accepted|allowed|permitted|valid)\s)?" + _ARG + r"(?:\s" + _MOD
    + r")?\s(?P<pred>" + _MODAL + r".*)$"
)  # fmt: skip

# a second clause restating the first as a refusal: dropped
_RESTATED = re.compile(
    r"\s*(?:;|\.\s|,\s)\s*(?:no\sother\b|any(?:thing)?\s(?:other|else)\b|nothing\selse\b|"
    r"never\b|not\b|none\b|others?\s(?:are|is)\b|(?:it|they)\s(?:is|are)\s(?:never|not)\b|"
    r"(?:an?|any)\s[^;.]*?\b(?:is|are)\s(?:not|never)\b)[^;]*$",
    re.I,
)
_ANSWER = re.compile(r"^\W*(?:A|Answer)\s*:\s*(?:(?:Yes|No)\s*[.,;:]\s*)?")  # an FAQ's answer
_HEDGE = re.compile(
    r"\b(?:usually|typically|typical|normally|generally|often|mostly|(?<!at\s)most|sometimes|about|"
    r"around|roughly|approximately|can\sbe|may\sbe\s(?:more|less|higher|lower))\b",
    re.I,
)
_CUE = re.compile(
    r"\b(?:must|never|not|cannot|can't|only|shall|at\smost|at\sleast|max|min|maximum|minimum|"
    r"between|no\smore|no\sother|nothing\selse|anything\selse|accepted|allowed|offered|"
    r"permitted|always|or\s(?:fewer|less|more))\b",
    re.I,
)
_PLAIN = tuple(
    (re.compile(pattern), into)
    for pattern, into in (
        (r"\bshall\s+not\b", "must not"),
        (r"\bshall\b", "must"),
        (
            r"\b(?:can|may|must|should|will)\s*(?:not|never|n't)\s+(?:ever\s+)?(?:exceed|go\s+"
            r"(?:above|over|beyond)|be\s+(?:more|greater|higher|larger)\s+than|be\s+(?:above|"
            r"over))\b",
            "must be at most",
        ),
        (r"\bcannot\s+(?:exceed|be\s+(?:more|greater|higher|larger)\s+than)\b", "must be at most"),
        (
            r"\b(?:can|may|must|should|will)\s*(?:not|never|n't)\s+(?:ever\s+)?(?:go\s+below|be\s+"
            r"(?:less|lower|smaller|fewer)\s+than|be\s+below)\b",
            "must be at least",
        ),
        # where the value comes from: "the account on file that T returned", "the one the
        # sender gives", "the account on file as returned by T"
        (
            r"\b(?:must|has\s+to|is\s+always|are\s+always)\s+(?:be\s+)?the\s+(?:[a-z]+\s+){0,2}?"
            r"(?:one|[a-z]+)(?:\s+on\s+file)?\s+as\s+returned\s+by\b",
            "must be one returned by",
        ),
        # "must be among those that T lists (for that request)"
        (
            r"\b(?:must|has\s+to)\s+be\s+(?:among|one\s+of)\s+(?:those|the\s+ones)\s+(?:that\s+)?"
            r"(?P<t>[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]*)\s+(?:lists|"
            r"listed|returns|returned|gives|gave|shows|showed)\b.*$",
            r"must be one that \g<t> returned",
        ),
        (
            r"\b(?:must|has\s+to|is\s+always|are\s+always)\s+(?:be\s+)?the\s+(?:[a-z]+\s+){0,2}?"
            r"(?:one|[a-z]+)(?:\s+on\s+file)?\s+(?:that|which)\b",
            "must be one that",
        ),
        (
            r"\b(?:must|has\s+to|is\s+always|are\s+always)\s+(?:be\s+)?the\s+(?:[a-z]+\s+){0,2}?"
            r"(?:one|[a-z]+)(?:\s+on\s+file)?\s+(?=the\s+[a-z]+\s+(?:typed|gave|gives|wrote|"
            r"writes|said|says|entered|enters|chose|chooses|dictated|provided|provides)\b)",
            "must be one ",
        ),
        (
            r"\b(?:must|has\s+to|is\s+always|are\s+always)\s+(?:be\s+)?the\s+(?:[a-z]+\s+){0,2}?"
            r"(?:one|[a-z]+)(?:\s+on\s+file)?\s+(?=[A-Za-z][A-Za-z0-9]*(?:[_.][A-Za-z0-9]+)+\s+"
            r"returned\b|[a-z]+[A-Z][A-Za-z0-9]*\s+returned\b)",
            "must be one that ",
        ),
    )
)  # fmt: skip (no re.I: an id's camelCase is told by its capitals)
_ARTICLES = re.compile(r"(?:(?<=\bare\s)|(?<=\bis\s)|(?<=\sor\s)|(?<=,\s))(?:a|an)\s+", re.I)


def respelled(text: str) -> tuple[str, str, str] | None:
    """(the sentence spelt for the readers, the narrowing words, the argument's words) for a
    rule whose subject is an argument (module docstring); None when it has no such shape."""
    said = _ANSWER.sub("", " ".join(text.split()), count=1).rstrip(" .")
    if _HEDGE.search(said) or not _CUE.search(said):
        return None
    lead = ""
    if (m := _IF_LEAD.match(said)) is not None:
        lead, said = f"{IF_LEAD}:{m['part']}+{m['noun']}", m["rest"]
    elif (m := _FOR_LEAD.match(said)) is not None:
        lead, said = f"{FOR_LEAD}:{'+'.join(m['lead'].split())}", m["rest"]
    elif (m := _SO_LEAD.match(said)) is not None:  # "<a reason>, so the X ... must be ..."
        said = m["rest"]
    said = _RESTATED.sub("", said).rstrip(" .")
    found = _spelt(said)
    if found is None:
        return None
    spelling, narrowing, arg = found
    return spelling, " ".join(p for p in (lead, narrowing) if p), arg


def _spelt(said: str) -> tuple[str, str, str] | None:
    if (m := _OFFERED.match(said)) is not None:
        return f"The accepted {m['arg']} are {_values(m['values'])}.", "", m["arg"]
    if (m := _KEEP.match(said)) is not None:
        return f"Keep the {m['arg']} {m['rest']}.", m["mod"], m["arg"]
    if (m := _STATED.match(said)) is not None:
        return f"The {m['arg']} {_plain(m['pred'])}.", m["mod"], m["arg"]
    if (m := _LABEL.match(said)) is not None:
        return _labelled(m["arg"], m["mod"], m["rest"])
    if (m := _THE_ARG.match(said)) is not None:  # after a lead: "..., the X must be ..."
        adj = m["adj"] or ""
        return f"The {adj}{m['arg']} {_plain(m['pred'])}.", m["mod"] or "", m["arg"]
    return None


def _labelled(arg: str, mod: str, rest: str) -> tuple[str, str, str] | None:
    """A label: an amount ("300 at most") is read as written under the argument alone; a
    list of values only with a word that makes it the only ones ("only", "offered")."""
    if re.search(r"\d", rest) and re.search(
        r"\b(?:most|least|max|min|maximum|minimum|"
        r"between|fewer|less|more|under|over)\b",
        rest,
    ):
        return f"{arg}: {rest}.", mod, arg  # fmt: skip
    cue = re.search(r"\b(?:offered|accepted|allowed|permitted)\b", mod) or re.match(r"only\b", rest)
    values = re.sub(r"^only\s+|\s+only$", "", rest)
    if cue is None or not re.search(r",|\bor\b", values) or re.search(r"\d{3,}", values):
        return None
    mod = re.sub(r"^(?:offered|accepted|allowed|permitted)\s+", "", mod)
    return f"The accepted {arg} are {_values(values)}.", mod, arg


def _values(text: str) -> str:
    return _ARTICLES.sub("", text.strip())


def _plain(predicate: str) -> str:
    for pattern, into in _PLAIN:
        predicate = pattern.sub(into, predicate)
    if re.match(r"(?:are|is)\s", predicate):  # "are a passport or an id card"
        predicate = _values(predicate)
    return predicate


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A rule anchored on an argument read again (module docstring); the first reading
    otherwise (a sentence another reader read a rule from is left as it was)."""
    if sentence.subject is not None or _READING.get():
        return rules, diagnostics
    found = respelled(sentence.clean)
    anchor = found[1] if found is not None else ""
    # (a first reading with no narrowing said is the readers' own: left as it was)
    if not rules or (anchor and all(_misread(r, anchor) for r in rules)):
        kept = _read_anchored(sentence, sentence.clean, read)
        if kept:
            dropped = ("rule-not-compiled", "condition-not-bound")
            rules, diagnostics = kept, [d for d in diagnostics if d.code not in dropped]
    # "The X passed to T must be one of a, b or c, and it is chosen from what ...": the first
    # clause's rule beside the other's, when it is of another operator and the second clause
    # makes no exception to it
    first, rest = _clauses(sentence.clean)
    if not rules or not rest or _EXCEPTION.search(rest):
        return rules, diagnostics
    more = _read_anchored(sentence, first, read)
    operators = {r.operator for r in rules}
    return [*rules, *(r for r in more if r.operator not in operators)], diagnostics


# where a second clause begins: ", and it ...", "; ..."
_SECOND = re.compile(r",\s(?:and|but)\s(?=(?:it|they|this|that)\s)|;\s")


def _clauses(text: str) -> tuple[str, str]:
    m = _SECOND.search(text)
    return (text, "") if m is None else (text[: m.start()], text[m.end() :])


_EXCEPTION = re.compile(
    r"\b(?:unless|except|but|only|if|when|may|can|approv\w*|allowed|permitted|higher|more|"
    r"less|above|below|over|under)\b",
    re.I,
)


def _anchor_of(sentence: Sentence) -> str | None:
    found = respelled(sentence.clean)
    return None if found is None else found[1]


def _read_anchored(sentence: Sentence, text: str, read: Read) -> list[CandidateRule]:
    """The rules `text` (the sentence or its first clause) spelt gives, anchored."""
    found = respelled(text)
    if found is None:
        return []
    said, anchor, arg = found
    token = _READING.set(True)  # the spelling is read once, never spelt again
    try:
        again, _ = read(spelt(sentence, said))
    finally:
        _READING.reset(token)
    words = " ".join(sentence.text.split())
    return [
        _anchored(r, anchor, arg, words)
        for r in again
        if r.operator in _KEPT and "facet" in r.params and r.condition is None
    ]


def _misread(rule: CandidateRule, anchor: str) -> bool:
    """Whether a first reading's rule is the narrowing misread, so that it gives way: a ban
    or a rule under a condition the narrowing's words say ("for unassigning"), or a rule
    over an argument named with the narrowing ("covervalue of any insurance")."""
    narrowing = set(_content(anchor))
    of = anchor.startswith(_OF) and not anchor.startswith(_OF_ANY)  # ("of any insurance")
    if of or (anchor.startswith(_LEADS) and rule.condition is not None):
        # "the number of nights", "the hull_type of a survey": maybe the argument's own
        # words; "For new accounts, ...", "If the nursery is closed, ...": maybe a state
        return False
    if rule.condition is not None:
        return rule.operator == "deny_action" or set(_content(rule.condition)) <= narrowing
    facet = rule.params.get("facet") or rule.params.get("arg")
    return (
        rule.target == "*"
        and isinstance(facet, str)
        and bool(narrowing)
        and narrowing <= set(_content(facet))
    )


_OF = "of "
_HOW_MANY = frozenset({"number", "count", "quantity", "total"})
_OF_ANY = ("of any ", "of each ", "of every ")
_LEADS = (f"{IF_LEAD}:", f"{FOR_LEAD}:")


def _content(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9]+", text.casefold()) if w not in _FUNCTION]


_FUNCTION = frozenset(
    {"the", "a", "an", "any", "each", "every", "this", "that", "new", "on", "to", "with", "for",
     "in", "into", "against", "from", "of", "under", "at", "if", "when", "is", "are"}
)  # fmt: skip


def _anchored(rule: CandidateRule, anchor: str, arg: str, text: str) -> CandidateRule:
    """The rule over the argument wherever it is (target `*`), its narrowing kept: a tool
    the readers read from a noun of the subject ("the cancellation fee": `cancel`) is the
    argument's own words, not the rule's action."""
    params = dict(rule.params)
    counted = re.fullmatch(r"of\s+(?:the\s+)?(?P<n>[a-z]+s)", anchor.strip(), re.I)
    if counted is not None and str(params.get("facet", "")).casefold() in _HOW_MANY:
        # "the number of servings": the servings, as many as the argument says (no tool
        # is narrowed by it)
        params["facet"] = counted["n"].casefold()
        return rule.model_copy(
            update={"target": "*", "mentions": (), "params": params, "text": text}
        )
    if _ID_ONLY.fullmatch(arg) is not None and rule.operator != "arg_grounded":
        # the id as the tools spell it (`cancellationFee`); a value's origin is bound by
        # its words (`specgap.spread`: an id there is a rule over every call)
        params["facet"] = arg
    elif rule.target not in (None, "*"):
        params["facet"] = arg.casefold()
    params[ANCHOR] = anchor
    return rule.model_copy(update={"target": "*", "mentions": (), "params": params, "text": text})
