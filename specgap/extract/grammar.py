"""A small rule grammar over one sentence: what it obliges, forbids or limits, and when.

`parse` reads a sentence once into a frozen `Clause`: the modality (must / must not / only /
at most / may), the action (a verb lemma plus its object noun phrase, the mention the
resolver maps to a tool), the constrained argument, the condition clause (if / when /
unless / only if / while / otherwise, with the entity, field and values when they can be
read), the quantity (at most N, once, per entity, or a bound derived from another
quantity), the ordering (first / before / after) and whether the user must confirm or
supply something. `grammar_rules` chooses operators from that structure.

Regular expressions here are token-level helpers (a modal, a noun phrase, a quoted value);
no expression names a rule of one document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from specgap.extract.pattern_base import (
    NUMBER_WORDS,
    QUOTED,
    USER,
    is_action_noun,
    lemma,
    singular,
    split_words,
)

Modality = Literal["must", "must_not", "only", "may", "limit", "none"]

_WORD = re.compile(r"[A-Za-z][\w'-]*|`[^`]+`|\$?\d[\d,.]*%?")

# --- the modal of the main clause -------------------------------------------------------------

_NEGATIVE = re.compile(
    r"\b(?:must\s+(?:not|never)|mustn't|should\s+(?:not|never)|shouldn't|shall\s+not|"
    r"may\s+not|cannot|can't|can\s+not|do\s+not|don't|never|(?:is|are)\s+not\s+(?:allowed|permitted)\s+to|(?:is|are)\s+(?:forbidden|"
    r"prohibited)\s+(?:to|from)?|not\s+be)\b",
    re.I,
)
_ONLY = re.compile(r"\b(?:only|exclusively|solely)\b", re.I)
_MUST = re.compile(
    r"\b(?:must|should|shall|have\s+to|has\s+to|needs?\s+to|(?:is|are)\s+required\s+to|"
    r"always|be\s+sure\s+to|make\s+sure\s+to|ensure)\b",
    re.I,
)
_MAY = re.compile(r"\b(?:can|may|could|(?:is|are)\s+(?:allowed|permitted)\s+to)\b", re.I)
_LIMIT = re.compile(
    r"\b(?:at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of|"
    r"at\s+least|a\s+minimum\s+of|no\s+fewer\s+than|once|twice|a\s+single)\b",
    re.I,
)

# --- conditions -------------------------------------------------------------------------------

ConditionKind = Literal["if", "unless", "only_if", "while", "otherwise", "after"]
_COND_START = re.compile(
    r"\b(?P<kind>only\s+(?:if|when|while|once)|unless|except\s+(?:when|if)|if|when|whenever|"
    r"while|once|in\s+case|provided\s+that|as\s+long\s+as|otherwise)\b",
    re.I,
)
# "when calling X", "if using Y": the scope of the rule (its target), not a condition on state
_CLAUSE_BREAK = re.compile(r"\b(?:if|whether|that|when|which|who|unless|before|after)\b|[,;]", re.I)
_WHETHER = re.compile(
    r"\s+(?:if|whether|that)\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+)?(?=[a-z])", re.I
)
_ASKS = re.compile(r"\b(?:check|verify|confirm|see|determine|ask|find\s+out|test)\s*$", re.I)
_SCOPE = re.compile(
    r"^(?:\w+\s+){0,2}?(?:calling|using|invoking|running|making|issuing|sending|doing|"
    r"performing|you\s+(?:call|use|make|invoke))\b",
    re.I,
)
_STATE_FIELDS = frozenset(
    split_words("status state stage phase tier type level plan membership category kind role")
)
_COPULA = re.compile(
    r"^(?P<subject>.*?)\s*\b(?P<verb>is|are|was|were|has\s+been|have\s+been|equals?|is\s+set\s+to|"
    r"remains?)\s+(?P<neg>not\s+)?(?:still\s+|already\s+|currently\s+|in\s+(?:the\s+)?)?"
    r"(?P<rest>.+)$",
    re.I,
)
_COMPARISON = re.compile(
    r"\b(?:more|less|fewer|greater|older|newer|younger|larger|smaller|higher|lower|over|under|"
    r"above|below|within|than|between|exceeds?)\b|\d",
    re.I,
)
_DET = re.compile(r"^(?:(?:the|a|an|its|their|his|her|this|that|any|each|every|all)\s+)+", re.I)


@dataclass(frozen=True)
class Condition:
    """A condition clause: its kind, words, where it sits in the sentence and, when they
    can be read, the entity, field and values of a state it tests."""

    kind: ConditionKind
    text: str
    start: int
    end: int
    entity: str | None = None
    field: str | None = None
    values: tuple[str, ...] = ()
    negated: bool = False  # "if its status is not 'open'"

    @property
    def bound(self) -> bool:
        return bool(self.values)

    def why_unbound(self) -> str:
        if not self.values:
            return (
                "no entity field with listed values could be read from it (a state test reads "
                "like `its status is 'open'`)"
            )
        return ""


# --- quantities -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Quantity:
    """How many, or how much: `max`/`min`, of what `noun`, counted `per` an entity.
    `derived` is set when the bound is a rate over another quantity (`$20 per day`)."""

    max: float | None = None
    min: float | None = None
    noun: str = ""
    per: str | None = None
    derived: str | None = None
    calls: bool = False  # counted in calls or occurrences of the action (once, at most N X-s)


_TIMES = {"once": 1, "twice": 2, "thrice": 3}
_NUM = r"(?P<n>\d[\d,]*(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + r")"
_UPPER = re.compile(
    r"\b(?P<kind>at\s+most|no\s+more\s+than|not\s+more\s+than|up\s+to|a\s+maximum\s+of|"
    r"at\s+least|a\s+minimum\s+of|no\s+fewer\s+than)\s+" + _NUM + r"\s+(?P<noun>[a-z][\w-]*)",
    re.I,
)
_ONCE = re.compile(
    r"\b(?P<t>once|twice|thrice|(?P<n>\d+|" + "|".join(NUMBER_WORDS) + r")\s+times)\b", re.I
)
_SINGLE = re.compile(r"\b(?:a\s+single|only\s+one|one\s+single)\s+(?P<noun>[a-z][\w-]*(?:\s+or\s+"
                     r"[a-z][\w-]*)?)", re.I)  # fmt: skip
_RATE = re.compile(
    r"(?P<amount>[$€£]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s*(?:%|percent|dollars?|euros?|"
    r"usd|eur|gbp))\s+(?:of\s+\w+\s+)?(?:per|for\s+(?:each|every))\s+(?P<per>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)",
    re.I,
)
_PER = re.compile(r"\b(?:per|for\s+(?:each|every|a|an|the\s+same))\s+(?P<e>[a-z][\w-]*)\b", re.I)
_WHOLE = frozenset(split_words("conversation session chat trace dialogue interaction turn user"))


# --- the clause -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Clause:
    """One sentence read as a rule. `action` is the verb lemma and its object (`cancel
    booking`): the mention handed to the resolver. Offsets index `Sentence.clean`."""

    modality: Modality
    negated: bool
    verb: str | None = None
    object: str = ""
    action_span: tuple[int, int] | None = None
    passive: bool = False
    argument: str | None = None  # the constrained argument phrase (`card`, `drivers`)
    argument_from_user: bool = False  # "... a card the customer named"
    argument_fixed: bool = False  # "do not change the number of drivers"
    condition: Condition | None = None
    quantity: Quantity | None = None
    first: bool = False  # "must first get ..."
    obtain: str | None = None  # what must be obtained from the user
    confirmation: bool = False
    imperative: bool = False
    before: str | None = None  # "... before taking the action": what comes after
    only_from: str | None = None  # "... not provided by the user or the tools": the sources
    ensures: tuple[str, ...] = ()  # "check X to make sure it is V": the state X must be in
    instruction: bool = False  # an imperative that names no tool action ("be polite")
    open_list: bool = False  # "the typical X are: 'a', 'b'": values, but not the only ones
    format_of: str | None = None  # "IDs use the format 'R-<ID>'": a value format
    listed: tuple[str, ...] = ()  # "the accepted X are: 'a', 'b'": the values of X
    listed_of: str = ""  # ... and X

    @property
    def action(self) -> str | None:
        if self.verb is None:
            return None
        return f"{self.verb} {self.object}".strip()


# --- lexicon: verbs that start an imperative and verbs that name an action --------------------

IMPERATIVE_VERBS = frozenset(
    split_words(
        "access activate add allocate apply approve archive ask assign block book call cancel "
        "change charge check "
        "close collect confirm contact create credit debit delete deny deprecate disable "
        "edit enable ensure escalate exchange execute extend file generate get give grant "
        "inform insert issue list log lock look make modify move notify obtain offer open "
        "pay perform place post process provide query read reassign record refund reject "
        "remove renew reply request reschedule reserve reset resolve respond restore resume "
        "return revoke route run schedule search send set share submit suspend switch "
        "terminate transfer unlock update upgrade use utilize verify write retrieve fetch "
        "downgrade purchase buy sell rent lend borrow renew waive void install uninstall "
        "configure deploy publish upload download import export merge split print sign "
        "prepare schedule enroll disable archive register unregister extract analyze "
        "classify identify detect summarize save store link attach generate compute calculate "
        "fill complete finish start launch trigger restart reboot refuel roam ship deliver "
        "dispatch "
    )
)
_OBTAIN = frozenset(split_words("get obtain collect request gather ask verify confirm"))
_NOT_OBJECT = frozenset(
    split_words(
        "with to for from in on by into onto at unless if when whenever while before after "
        "until once and or but than so because since as that which who whose where per via "
        "through without except only first again also then is are was be itself themselves "
        "belonging has have had can could may might must should will would do does did not "
        "been being"
    )
)
_SUBJECTS = re.compile(
    r"^(?:(?:you|we|agents?|the\s+agent|the\s+assistant|the\s+system|it|they)\s+)", re.I
)
_CONFIRM = re.compile(r"\b(?:confirm(?:s|ed|ation)?|consent|go-ahead|approv(?:al|es?|ed))\b", re.I)
_FROM_USER = re.compile(r"\bfrom\s+(?:the\s+)?" + USER + r"s?\b", re.I)
_NAMED = re.compile(
    r"\b(?:with|to|for|on|from|using)\s+(?:an?|the|any|a\s+single)?\s*(?P<arg>[a-z][\w-]*"
    r"(?:\s+(?!the\b|that\b|which\b)[a-z][\w-]*)?)\s+(?:that\s+|which\s+)?(?:the\s+)?"
    + USER
    + r"\s+(?:has\s+)?"
    r"(?:explicitly\s+)?(?:named|provided|gave|given|mentioned|specified|supplied|stated|"
    r"chose|chosen|selected|requested|asked\s+for)\b",
    re.I,
)
_NUMBER_OF = re.compile(r"\bthe\s+(?:number|count|amount|quantity)\s+of\s+(?P<arg>[a-z][\w-]*)",
                        re.I)  # fmt: skip


def _words(text: str) -> list[re.Match[str]]:
    return list(_WORD.finditer(text))


def _object_at(text: str, start: int, most: int = 4) -> tuple[str, int]:
    """The object noun phrase after a verb: determiners dropped, up to `most` words,
    stopping at a preposition, conjunction or punctuation."""
    words: list[str] = []
    end = start
    for m in re.finditer(r"\s*([A-Za-z][\w'-]*|`[^`]+`)", text[start:]):
        word = m[1]
        if m.start() != end - start or word.casefold() in _NOT_OBJECT or len(words) == most:
            break
        if words and re.search(r"[a-z]ed$", word) and not word[0].isupper():
            break  # "permissions linked to ...": a participle starts what modifies the object
        end = start + m.end()
        if _DET.match(word + " ") or word.casefold() in {"any", "all", "each", "every", "your"}:
            continue
        words.append(word.strip("`").removesuffix("'s").casefold())
    return " ".join(words), end


def _condition(text: str) -> tuple[Condition | None, str, int]:
    """The condition clause of the sentence and the main clause without it (same length,
    the condition blanked, so offsets still hold)."""
    for m in _COND_START.finditer(text):
        after = text[m.end() :]
        if _SCOPE.match(after.strip()):
            continue
        if _ASKS.search(text[: m.start()]):
            continue  # "check if the case is open": what is checked, not a condition
        kind_word = " ".join(m["kind"].casefold().split())
        if kind_word == "once" and not re.match(r"\s+(?:the|an?|its|their|it|they)\b", after):
            continue  # "can be called once": a count, not a condition
        if m.start() < 3 or text[: m.start()].rstrip().endswith(","):
            stop = re.search(r"[,;]|\bthen\b", after)
        else:
            stop = re.search(r"[;]|,\s*(?:and|but|so)\b|[.!?](?=\s|$)", after)
        end = m.end() + (stop.start() if stop else len(after))
        words = text[m.end() : end].strip(" ,.")
        kind: ConditionKind = (
            "unless"
            if kind_word in {"unless", "except when", "except if"}
            else "only_if"
            if kind_word.startswith("only")
            else "while"
            if kind_word in {"while", "as long as"}
            else "otherwise"
            if kind_word == "otherwise"
            else "if"
        )
        cond = _bind(Condition(kind, text[m.start() : end].strip(" ,."), m.start(), end), words)
        main = text[: m.start()] + " " * (end - m.start()) + text[end:]
        return cond, main, m.start()
    return None, text, -1


def _bind(cond: Condition, words: str) -> Condition:
    """Entity, field and values of a state test: `its status is 'pending'`, `the booking is
    already returned`. A comparison (`older than 30 days`), a possession (`lacks ...`) or
    anything else stays unbound."""
    m = _COPULA.match(words)
    if m is None:
        return cond
    rest = m["rest"].strip(" .,")
    if _COMPARISON.search(rest) and not QUOTED.search(rest):
        return cond
    subject = re.split(r"\s+(?:in|on|of|for|from|at|within)\s+", m["subject"].strip())[0]
    subject = _DET.sub("", subject).removesuffix("'s").strip()
    subject_words = [w for w in re.findall(r"[A-Za-z][\w-]*", subject) if w.casefold() != "s"]
    field = None
    entity = None
    if subject_words and subject_words[-1].casefold() in _STATE_FIELDS:
        field = subject_words[-1].casefold()
        entity = singular(subject_words[-2]) if len(subject_words) > 1 else None
    elif subject_words and subject_words[-1].casefold() not in {"it", "they", "this", "that"}:
        entity = singular(subject_words[-1])
    if len(subject_words) > 3:
        return cond  # "any part of the rental ...": not one entity's field
    quoted = [a or b or c for a, b, c in QUOTED.findall(rest)]
    values = list(quoted)  # `in_stock` is a value here, however tool-like it looks
    left = re.sub(
        r"\b(?:one\s+of|either|or|and|nor|the|status|state)\b|[,:]", " ", QUOTED.sub(" ", rest)
    )
    if values and left.strip():
        return cond  # "you are tasked with updating a field ... 'x'": the value is not the state
    if subject.casefold() in {"you", "we", "i", "they"}:
        return cond
    if not values:
        bare = re.sub(r"\s+(?:status|state)$", "", rest, flags=re.I)
        items = [_DET.sub("", i).strip() for i in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", bare)]
        # an unquoted value is a participle or one word naming a state: `delivered`, `active`
        one_word = all(len(i.split()) == 1 and i.isalpha() for i in items)
        participles = one_word and all(re.search(r"(?:ed|en)$", i) for i in items)
        short = all(0 < len(i.split()) <= 3 for i in items)  # `past due` as a status value
        if (short and field) or (one_word and entity) or participles:
            values = [i for i in items if i]
    if not values:
        return cond
    return Condition(
        cond.kind, cond.text, cond.start, cond.end, entity, field, tuple(values), bool(m["neg"])
    )


_RELATIVE = re.compile(
    r"^\s*(?:that|which|who|whom|whose|not\s+(?:within|in|on|listed|provided|given|supplied|"
    r"returned|stated|available|found|mentioned)|you\s+(?:do\s+not|don't|"
    r"did\s+not|didn't|have\s+not|haven't))\b[^,;.]*",
    re.I,
)


def _relative(main: str, at: int) -> Condition | None:
    """A relative clause restricting the object ("tools that you do not plan to use"): the
    rule holds only for such objects, a condition no state test binds."""
    m = _RELATIVE.match(main[at:])
    if m is None:
        return None
    return Condition("if", " ".join(m[0].split()), at + m.start(), at + m.end())


def _modality(main: str) -> tuple[Modality, bool, re.Match[str] | None]:
    neg = _NEGATIVE.search(main)
    if neg is not None:
        return "must_not", True, neg
    only = _ONLY.search(main)
    if only is not None and not re.match(r"\s+(?:one|a\s+single)\b", main[only.end() :], re.I):
        return "only", False, only
    must = _MUST.search(main)
    if must is not None:
        return "must", False, must
    if _LIMIT.search(main):
        return "limit", False, None
    may = _MAY.search(main)
    if may is not None:
        return "may", False, may
    return "none", False, None


_LEAD = re.compile(
    r"[\s\-*•>\d.),]*(?:(?:so|always|first|then|also|please|only|never|do\s+not|don't|you\s+"
    r"(?:must|should|may|can|cannot|can't)(?:\s+not|\s+never|\s+only)?)\s+)*",
    re.I,
)
# an auxiliary after the first word: that word is the subject ("Access ... must not be ...")
_AUX = re.compile(
    r"\b(?:must|should|shall|can|cannot|can't|may|could|will|would|needs?\s+to|(?:is|are)\s+"
    r"(?:not\s+)?(?:allowed|permitted|required|forbidden|prohibited))\b",
    re.I,
)
_COMPLEMENT_VERBS = frozenset(split_words("confirm check verify ensure see determine make"))
_COPULA_NEXT = re.compile(r"\s+(?:is|are|was|were|has|have)\b", re.I)
_TRAILING_MODAL = re.compile(
    r"(?:\s+(?:can|may|must|should|shall|will|could|cannot|can't|only|not|never|also))+$", re.I
)
_AND_VERB = re.compile(r"\s+(?:and|or|and/or)\s+([A-Za-z][a-z]*)\b", re.I)
_FIRST = re.compile(r"([A-Za-z][a-z]*)\b")
_NOT_VERBS = _NOT_OBJECT | frozenset(
    split_words("the a an any all each every you it they this that these those we there")
)


def _verb_after(main: str, at: int) -> tuple[str | None, int, int, bool]:
    """The verb after position `at` (skipping adverbs and `be`): (lemma, start, end, passive)."""
    rest = main[at:]
    m = re.match(
        r"(?:\s*(?:not|never|only|also|first|always|ever|again|then|just|explicitly|directly|"
        r"immediately|yourself|themselves|be|been|to)\b)*\s*(?P<v>[A-Za-z][a-z-]*)",
        rest,
        re.I,
    )
    if m is None:
        return None, -1, -1, False
    passive = bool(re.search(r"\bbe\b", rest[: m.start("v")], re.I))
    word = m["v"]
    return lemma(word), at + m.start("v"), at + m.end("v"), passive


_ONE_ITEM = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\")"
_ITEM_ALT = _ONE_ITEM + r"(?:\s*(?:,|or|and)\s*" + _ONE_ITEM + r")*"
_ENSURE = re.compile(
    r"\bto\s+(?:make\s+sure|ensure|confirm|verify)\s+(?:that\s+)?(?:it|they|the\s+[a-z]+)\s+"
    r"(?:is|are)\s+(?:still\s+|already\s+|currently\s+)?(?P<v>[^,;.]+)",
    re.I,
)
_USER_SUBJECT = re.compile(r"\b(?:the\s+)?" + USER + r"s?\s*$", re.I)


def _values_in(text: str) -> list[str]:
    quoted = [a or b or c for a, b, c in QUOTED.findall(text)]
    if quoted:
        return quoted
    items = [i.strip() for i in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", text.strip())]
    return items if all(len(i.split()) == 1 and i.isalpha() for i in items) else []


_NOT_FROM = re.compile(
    r"\bnot\s+(?:provided|given|supplied|returned|stated|available|found|mentioned)\s+"
    r"(?:by|from|in|through|via)\s+(?P<src>[^.;]+)",
    re.I,
)
_BEFORE = re.compile(r"\b(?:before|prior\s+to)\s+(?P<x>[^,;.]+)", re.I)
_CONJUNCT = re.compile(
    r",\s*(?:and|so|then)\s+(?=(?:you|the\s+agent|we|always|first|then|also)\b)|;\s*", re.I
)


_NOMINAL = re.compile(
    r"^(?:the\s+)?(?P<noun>[A-Za-z]+)\s+of\s+(?:an?\s+|the\s+|any\s+)?(?P<np>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2}?)\s+(?:like\s+[^,]+?\s+)?(?:is|are)\s+(?:only\s+)?"
    r"(?:permitted|allowed)",
    re.I,
)
_RECEIVES = re.compile(
    r"\b(?:receive|get|undergo|have)\b[^,;.]*?\b(?P<np>[a-z][\w-]*)\s+"
    r"(?P<noun>[a-z]+(?:ments?|tions?|als?))\b",
    re.I,
)
_HAVING = re.compile(
    r"^\W*only\s+(?P<entity>[a-z][\w-]*?)s?\s+(?:with|having|that\s+have|whose)\s+(?:an?\s+|the\s+)?"
    r"(?P<field>[a-z][\w-]*)\s+(?:of|is|=)\s+(?P<values>" + _ITEM_ALT + r")",
    re.I,
)


def _having(main: str) -> Condition | None:
    """`Only accounts with a status of 'enabled' ... may X`: the allowed state of X's entity."""
    m = _HAVING.match(main)
    if m is None:
        return None
    values = tuple(a or b or c for a, b, c in QUOTED.findall(m["values"]))
    if not values:
        return None
    return Condition(
        "only_if", " ".join(m[0].split()), m.start(), m.end(), singular(m["entity"]),
        m["field"].casefold(), values,
    )  # fmt: skip


def conjuncts(text: str) -> list[tuple[int, Clause]]:
    """The coordinated clauses of a sentence (`X can only be done if ..., and you should check
    its status before taking the action`), each parsed, with where it starts."""
    out: list[tuple[int, Clause]] = []
    at = 0
    for m in _CONJUNCT.finditer(text):
        out.append((at, parse(text[at : m.start()])))
        at = m.end()
    if out:
        out.append((at, parse(text[at:])))
    return out


def parse(text: str) -> Clause:
    """Read one sentence (markup already blanked) into a `Clause`."""
    cond, main, _ = _condition(text)
    modality, negated, modal = _modality(main)
    verb: str | None = None
    obj = ""
    span: tuple[int, int] | None = None
    passive = False
    imperative = False
    lead = _LEAD.match(main)
    first = _FIRST.match(main, lead.end() if lead else 0)
    aux = _AUX.search(main, first.end()) if first is not None else None
    subject_first = first is not None and (
        (aux is not None and not _CLAUSE_BREAK.search(main, first.end(), aux.start()))
        or (
            first[1].casefold() not in _COMPLEMENT_VERBS  # "confirm the details are right"
            and _COPULA_NEXT.match(main, _object_at(main, first.end())[1]) is not None
        )
    )
    if first is not None and first[1].casefold() in IMPERATIVE_VERBS and not subject_first:
        # "Upload only to ...", "Never cancel ...": the sentence opens with its verb
        imperative = modal is None or modal.start() <= first.start()
        verb = first[1].casefold()
        pair = _AND_VERB.match(main, first.end())
        if pair is not None and pair[1].casefold() in IMPERATIVE_VERBS:
            first, verb = pair, pair[1].casefold()  # "prepare and assign X": the verb of X
        obj, o_end = _object_at(main, first.end())
        what = _WHETHER.match(main, o_end) if not obj else None
        if what is not None:
            obj, o_end = _object_at(main, what.end() - 1)  # "verify if the customer exists"
        if not obj:
            # "remove from all groups": what the verb acts on follows a preposition
            via = re.match(r"\s+(?:from|to|on|in|into|onto)\s+", main[o_end:], re.I)
            if via is not None:
                obj, o_end = _object_at(main, o_end + via.end() - 1)
        span = (first.start(1), o_end)
        cond = cond or (_relative(main, o_end) if obj else None)
    elif modal is not None:
        verb, v_start, v_end, passive = _verb_after(main, modal.end())
        if verb is not None and (verb in _NOT_VERBS or not (passive or verb in IMPERATIVE_VERBS)):
            verb = None  # "only accounts with ...": not a verb
            aux = _AUX.search(main, modal.end())
            if aux is not None:  # "... may borrow books": the verb after the auxiliary
                verb, v_start, v_end, passive = _verb_after(main, aux.end())
                if verb is not None and not (passive or verb in IMPERATIVE_VERBS):
                    verb = None
        if verb is not None:
            if passive:
                before = _TRAILING_MODAL.sub("", main[: modal.start()].strip())
                subject = _DET.sub("", _SUBJECTS.sub("", before))
                subject = re.split(r"\s+(?:for|of|in|on|to|from|with|by|that|which)\s+", subject)[0]
                words = re.findall(r"[A-Za-z][\w-]*|`[^`]+`", subject)
                obj = " ".join(w.strip("`").casefold() for w in words[-3:])
                span = (max(0, modal.start() - len(subject) - 1), v_end)
            else:
                obj, o_end = _object_at(main, v_end)
                span = (v_start, o_end)
                cond = cond or (_relative(main, o_end) if obj else None)
    if verb is None or verb in {"be", "have", "receive", "get", "undergo"}:
        nominal = _NOMINAL.match(main.strip(" -*")) or _RECEIVES.search(main)
        if nominal is not None and is_action_noun(nominal["noun"]):
            # "Assignment of assets is permitted only ...", "... receive license assignments"
            verb = lemma(singular(nominal["noun"]))
            obj = " ".join(w.casefold() for w in nominal["np"].split()[:3])
            span = nominal.span()
    if cond is None:
        cond = _having(main)
    if verb in {"be", "have", "do"} or (verb and not re.fullmatch(r"[a-z-]+", verb)):
        verb, obj, span = None, "", None
    quantity = _quantity(main)
    if (
        verb is None
        and quantity is not None
        and len(quantity.noun.split()) == 1
        and is_action_noun(quantity.noun)
    ):
        # "at most one refund per booking": the noun names the action that is counted
        verb, quantity = lemma(singular(quantity.noun)), replace(quantity, calls=True)
    arg, from_user, fixed = _argument(main)
    obtain = None
    if verb in _OBTAIN and _FROM_USER.search(main) and obj:
        obtain = obj
    ahead = _BEFORE.search(main)
    source = _NOT_FROM.search(text)
    ensure = _ENSURE.search(text)
    gives = verb in {"provide", "give", "supply", "state", "specify", "share"}
    if modal is not None and obj and gives and _USER_SUBJECT.search(main[: modal.start()]):
        obtain = obj  # "the user must provide a payment method"
    listed_of, listed = _enumeration(text)
    opened = not listed and _open_enumeration(text)
    fmt = _FORMAT.search(text)
    told = first is not None and first[1].casefold() in _INSTRUCTIONS
    if cond is not None and cond.kind == "only_if" and modality in {"none", "may"}:
        modality = "only"  # "X is allowed only when ...": the only is in the condition
    return Clause(
        listed=listed,
        listed_of=listed_of,
        instruction=told,
        open_list=opened,
        format_of=fmt[1] if fmt else None,
        modality=modality,
        negated=negated,
        verb=verb,
        object=obj,
        action_span=span,
        passive=passive,
        argument=arg,
        argument_from_user=from_user,
        argument_fixed=fixed,
        condition=cond,
        quantity=quantity,
        first=bool(re.search(r"\bfirst\b|\bbefore\s+(?:anything|proceeding)\b", main, re.I)),
        obtain=obtain,
        confirmation=bool(_CONFIRM.search(text)),
        before=" ".join(ahead["x"].split()) if ahead else None,
        only_from=" ".join(source["src"].split()) if source else None,
        ensures=tuple(_values_in(ensure["v"])) if ensure else (),
        imperative=imperative,
    )


def _argument(main: str) -> tuple[str | None, bool, bool]:
    named = _NAMED.search(main)
    if named is not None:
        return singular(named["arg"].split()[-1]), True, False
    count = _NUMBER_OF.search(main)
    if count is not None:
        return count["arg"].casefold(), False, True
    return None, False, False


def _quantity(main: str) -> Quantity | None:
    rate = _RATE.search(main)
    if rate is not None:
        return Quantity(noun=rate["amount"], derived=" ".join(rate[0].split()))
    per_m = _PER.search(main)
    per = singular(per_m["e"]) if per_m and singular(per_m["e"]) not in _WHOLE else None
    upper = _UPPER.search(main)
    if upper is not None:
        n = NUMBER_WORDS.get(upper["n"].casefold())
        value = float(n if n is not None else upper["n"].replace(",", ""))
        kind = " ".join(upper["kind"].casefold().split())
        low = kind in {"at least", "a minimum of", "no fewer than"}
        return Quantity(
            max=None if low else value, min=value if low else None, noun=upper["noun"], per=per
        )
    once = _ONCE.search(main)
    if once is not None:
        t = once["t"].casefold()
        n = _TIMES.get(t) or NUMBER_WORDS.get(once["n"] or "") or int(once["n"] or 0)
        return Quantity(max=float(n), per=per, calls=True)
    single = _SINGLE.search(main)
    if single is not None:
        noun = single["noun"]
        if " or " not in noun:
            noun = _object_at(main, single.start("noun"))[0] or noun  # "payment method"
        return Quantity(max=1.0, noun=noun, per=per)
    return None


# --- enumerations -----------------------------------------------------------------------------

_ITEM = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\")"
_LIST = _ITEM + r"(?:\s*,\s*(?:(?:and|or)\s+)?" + _ITEM + r"|\s*,?\s+(?:and|or)\s+" + _ITEM + r")+"
_ENUM = re.compile(
    r"(?:^|[.;:]\s+)(?:the\s+)?(?P<np>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,5}?)\s+"
    r"(?:are|is|include|must\s+be(?:\s+one\s+of)?|should\s+be(?:\s+one\s+of)?|"
    r"can\s+only\s+be)\s*:?\s*(?:one\s+of\s*:?\s*)?(?P<list>" + _LIST + r")\s*[.;]?\s*$",
    re.I,
)
_PAREN = re.compile(
    r"\b(?:the\s+)?(?P<np>[a-z][\w-]*)\s+\((?:either\s+|one\s+of\s+)?(?P<list>" + _LIST + r")\)",
    re.I,
)
# words that say a list is not the only allowed values
_OPEN_LIST = re.compile(
    r"\b(?:typical|typically|usual|usually|standard|common|commonly|example|examples|e\.g|such\s+as|"
    r"like|preferably|preferred|recommended|default|some|following|considered|include|includes)\b",
    re.I,
)
_QUALIFIERS = re.compile(
    r"^(?:(?:recogni[sz]ed|valid|accepted|allowed|permitted|supported|possible|available|only|"
    r"acceptable|legal|permissible)\s+)+",
    re.I,
)


_TOOL_NOUNS = frozenset(split_words("tool tools function functions action actions api apis"))


def _enumeration(text: str) -> tuple[str, tuple[str, ...]]:
    """`The accepted asset types are: 'a', 'b'` -> ("asset types", (a, b)); a list called
    typical, standard or an example is not the only allowed values, and reads as none."""
    m = _ENUM.search(text) or _PAREN.search(text)
    if m is None or _OPEN_LIST.search(text[: m.start("list")]):
        return "", ()
    np = _QUALIFIERS.sub("", m["np"].strip())
    if not np or np.split()[0].casefold() in {"it", "they", "these", "those", "this", "that"}:
        return "", ()
    values = tuple(a or b or c for a, b, c in QUOTED.findall(m["list"]))
    if len(values) < 2 or np.split()[-1].casefold() in _TOOL_NOUNS:
        return "", ()
    return " ".join(np.split()), values


# imperatives that instruct the agent but name no tool action: rule-like, never an operator
_INSTRUCTIONS = frozenset(
    split_words(
        "be ensure consider keep remember avoid treat follow address process validate "
        "determine handle proceed continue finish stop skip explain tell inform respond reply"
    )
)
_FORMAT = re.compile(
    r"\b(?:use|follow|adhere\s+to|be\s+in|conform\s+to|be\s+formatted\s+as|formatted\s+as)\s+"
    r"(?:the\s+)?(?:format|pattern)?\s*[\"'`](?P<f>[^\"'`]*<[^\"'`]+>[^\"'`]*)[\"'`]",
    re.I,
)


def _open_enumeration(text: str) -> bool:
    """A list of quoted values called typical, standard or an example."""
    m = _ENUM.search(text)
    return m is not None and _OPEN_LIST.search(text[: m.start("list")]) is not None
