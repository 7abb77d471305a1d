"""A rule is no wider than what its action acts on: the restrictive modifiers of the object
(and of the noun a preposition governs) are part of the rule.

"Never move a booking onto a crossing that is full", "do not approve requests submitted
without a permit", "never prescribe drugs listed as controlled", "do not ship orders marked
as fragile with carrier 'swift'", "do not cancel more than two bookings made by the same
agent", "ask before cancelling a booking that includes a vehicle": each holds for some
objects only. Read without the modifier, each is a blanket rule that blocks legitimate calls.

`restricted` is the last pass over a sentence's rules. For each rule that a call could
break on its own (a ban, a count, a bound, a confirmation, an ordering) and that carries no
condition yet, it walks the words after the rule's action (the clause's action, or the
target's verb where the sentence says it: "before cancelling a booking ...") and finds the
first restrictive modifier not already part of the rule:

- a relative clause (`that`, `which`, `who`, `whose`, `where`);
- a participle phrase (`made by ...`, `submitted without ...`, `listed as ...`,
  `containing ...`, `travelling alone`);
- a prepositional phrase (`onto a full crossing`, `on evening crossings`, `outside office
  hours`, `for minors`), an exception (`, except those made online`, `other than ...`).

What the rule already says is stepped over: the counted phrase of a count ("more than two
bookings"), the amount of a bound ("of more than $50"), the quoted values of a ban and the
noun they belong to ("with carrier 'swift'"), a phrase naming the tool ("using
`cancelBooking`"), the user's approval of a confirmation, emphasis ("under any
circumstances").

The modifier found becomes the rule's condition, so the rule is `review_only` and a
`condition-not-bound` note names it; a plain ban whose modifier is a state test of the noun
it restricts ("a crossing that is full", "orders marked as fragile", "a full crossing" when
`full` reads as a state) becomes that `state_condition` instead (bound to the call's entity
at resolution, as every state test is). A bound whose amount sits inside the modifier of
another noun ("to crossings that depart in less than two hours") is no bound on the call's
argument: it is the ban under that condition.

Nothing here makes a rule stronger: a rule gains a condition or becomes the state test its
own words say; one already carrying a condition is left alone.
"""

from __future__ import annotations

import re

from specgap.extract.grammar import Clause
from specgap.extract.grammar_conditions import Condition, relative_clause, subject_qualifier
from specgap.extract.grammar_emit import recast
from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.grammar_words import DET, object_at
from specgap.extract.pattern_base import NUMBER_WORDS, lemma, singular
from specgap.extract.segments import Sentence
from specgap.extract.state_positions import adjective_state
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["WHOLE_TRACE", "restricted", "restricted_noted"]

# the rules a single call can break whatever the object is: what a modifier narrows
_NARROWED = frozenset(
    {"deny_action", "max_calls", "require_confirmation", "require_before", "arg_within_bound",
     "arg_count_bound"}
)  # fmt: skip
_ORDERS = frozenset({"require_confirmation", "require_before"})
_BOUNDS = frozenset({"arg_within_bound", "arg_count_bound"})

# --- what the rule already says -----------------------------------------------------------
_NUM = r"(?:[$€£]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?|one|two|three|four|five|six|seven|" \
    r"eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred)"  # fmt: skip
_CMP = (
    r"(?:(?:more|less|fewer|greater|higher|lower|larger|smaller|longer|shorter|heavier|lighter)"
    r"\s+than|at\s+most|at\s+least|up\s+to|no\s+more\s+than|no\s+less\s+than|not\s+more\s+than|"
    r"a\s+maximum\s+of|a\s+minimum\s+of|over|under|above|below|beyond|exceeding|in\s+excess\s+of)"
)
# "more than two bookings per passenger", "more than once a day": the count of a count
_COUNT = re.compile(
    r"^\s*(?:(?:for|of|on|in|to|with)\s+)?(?:"
    + _CMP
    + r"\s+)?(?:once|twice|thrice|"
    + _NUM
    + r"\s+(?:times?\b|[a-z][\w-]*))"
    r"(?:\s+(?:per|a|an|each|every|for\s+(?:each|every|a|an|the\s+same))\s+[a-z][\w-]*)?"
    r"(?:\s+(?:at\s+a\s+time|at\s+once|in\s+a\s+row))?",
    re.I,
)
# "of more than $50", "worth more than 49.99 euros", "at more than 1300 degrees": the bound
_AMOUNT = re.compile(
    r"^\s*(?:(?:of|for|worth|with|at|to|by|totalling|totaling|amounting\s+to|valued\s+at)\s+)?"
    r"(?:(?:an?|the)\s+(?:[a-z]+\s+)?)?" + _CMP + r"\s+" + _NUM + r"(?:\s*(?:%|[a-z]+\b))?"
    r"(?:\s+of\s+(?!\d)[a-z][\w-]*)?(?:\s+(?:per|a|an|each)\s+[a-z]+)?",
    re.I,
)
# "on one booking", "in a single order", "per call", "at a time": the bound holds for each
# call anyway
_ONE_CALL = re.compile(
    r"^\s*(?:at\s+(?:a|one)\s+time|at\s+once|in\s+one\s+go)(?=\s*(?:[,.;!]|$))|"
    r"^\s*(?:on|in|per|for)\s+(?:one|a\s+single|a|an|each|every|any\s+one|any|the\s+same|"
    r"a\s+given)\s+(?!(?:minute|hour|day|night|week|month|quarter|year|period|session)s?\b)"
    r"[a-z][\w-]*(?=\s*(?:[,.;!]|$))",
    re.I,
)  # (never a span of time: "in a day" is a total over the day, not each call's)
_QUOTE = r"(?:'[^'\n]+'|\"[^\"\n]+\"|`[^`\n]+`)"
# "with carrier 'swift'", "of class 'luxury'", "'gold' tier": the values a ban lists
_VALUES = re.compile(
    r"^\s*(?:(?:with|in|of|to|for|from|on|at|as|via|using|through|by)\s+)?(?:(?:the|a|an)\s+)?"
    r"(?:[a-z][\w-]*\s+){0,2}?"
    + _QUOTE
    + r"(?:\s*(?:,|or|and|,\s*or|,\s*and)\s*"
    + _QUOTE
    + r")*(?:\s+(?:status|state|tier|class|type|plan|level|carrier|method|mode))?",
    re.I,
)
# "using `cancelBooking`", "via the refund tool": the tool, which restricts nothing
_TOOL = re.compile(
    r"^\s*(?:with|using|via|through|by|in|by\s+calling|by\s+using)\s+(?:the\s+)?"
    r"(?:`[^`]+`|(?>[A-Za-z]\w*(?:[_.][\w-]+)+)|[a-z]+[A-Z]\w*|[\w.\-]+\s+(?:tool|function|api|"
    r"endpoint))(?:\s+(?:tool|function|api|endpoint))?",
)
# "without the passenger's approval", "without asking them first": a confirmation's own words
_APPROVAL = re.compile(
    r"^\s*,?\s*without\s+(?:(?:first\s+)?(?:asking|checking\s+with|consulting|confirming\s+with|"
    r"getting|obtaining)\b[^,.;]*|(?:[\w']+\s+){0,3}?(?:explicit\s+)?(?:approval|confirmation|"
    r"consent|permission|agreement|go-ahead|authori[sz]ation|yes)\b)",
    re.I,
)
# emphasis, which restricts nothing
_EMPHATIC = (
    r"(?:(?:under|in|at|for|on|by|of)\s+(?:any|all|no)\s+(?:circumstances?|cases?|times?|reason|"
    r"way|form|account|means|kind|type|sort|point|cost)|at\s+all|whatsoever|ever|again|"
    r"yourself|themselves|on\s+your\s+own|by\s+yourself|"
    # the one the call is for, said by a pronoun or as the user; the agent as the doer
    r"(?:to|for|from|with|by|of)\s+(?:them|him|her|it|you|us|me|themselves|"
    r"(?:the|this|that)\s+(?:user|customer|caller|client|person|assistant|agent|bot|ai|model))"
    r"(?=\s*(?:[,.;!]|$)))"
)
_EMPHASIS = re.compile(r"^\s*,?\s*(?:" + _EMPHATIC + r"|(?:[a-z]+ly)(?=\s|[,.;!]|$))\b", re.I)
# a condition another reader kept that is only emphasis ("under any circumstances")
_ONLY_EMPHASIS = re.compile(r"^\W*" + _EMPHATIC + r"\W*$", re.I)
# "in one conversation", "during a single chat", "per session": the trace itself, which every
# rule is checked over; no narrower kind of call
# the agent's own talk, where every call it makes is made ("never called from chat")
WHOLE_TRACE = re.compile(
    r"^\W*(?:in|within|during|per|for|throughout|over|from|via|through)\s+(?:(?:one|a|an|the|this|each|any|a\s+"
    r"single|one\s+single|the\s+same|the\s+whole|the\s+entire)\s+)?(?:conversation|chat|"
    r"session|dialogue|interaction|contact)\W*$",
    re.I,
)

# --- restrictive modifiers -------------------------------------------------------------------
_RELATIVE = re.compile(r"^\s*(?P<cue>that|which|who|whom|whose|where)\b", re.I)
_IRREGULAR = (
    r"made|paid|sold|bought|sent|held|kept|built|given|taken|written|chosen|known|shown|drawn|"
    r"grown|born|found|left|lost|won|brought|caught|put|set|spent|lent|done|seen|hidden|frozen|"
    r"stolen|broken|worn|torn|laid|led|fed|read|shut|split|run|begun|flown|driven|ridden|"
    r"forgotten|overdrawn|withheld|underpaid|overpaid|prepaid"
)
_PARTICIPLE = re.compile(
    r"^\s*(?P<cue>(?:not\s+)?(?:(?!(?:indeed|need|speed|feed|seed|bed|red|shed|hundred|bred)\b)"
    r"[a-z]{2,}(?:ed|en)|" + _IRREGULAR + r"|(?!(?:during|nothing|anything|everything|something|"
    r"bring|sing|ring|king|thing|spring|string|evening|morning|ceiling|building|wedding|"
    r"clothing|lodging|boarding|shipping|parking|housing|meeting|booking|training|pricing|"
    r"funding|listing|setting|timing)\b)[a-z]{3,}ing))\b(?=\s+\S)",
    re.I,
)
_PREPOSITION = re.compile(
    r"^\s*(?P<cue>(?:older|newer|younger|(?:more|less|fewer|greater|higher|lower|larger|"
    r"smaller|longer|shorter|heavier|lighter))\s+than|other\s+than|apart\s+from|prior\s+to|"
    r"instead\s+of|on\s+behalf\s+of|outside\s+of|out\s+of|except(?:\s+for)?|excluding|besides|"
    r"unlike|like|on|in|at|for|from|to|onto|into|with|without|under|over|above|below|outside|"
    r"inside|during|after|before|within|between|beyond|near|via|through|across|aboard|among|"
    r"against|toward|towards|upon|past|by|per|since|throughout|off|about|regarding|of|"
    r"exceeding|but\s+not|not)\b",
    re.I,
)
# after a comma, only an exception still restricts the object ("..., except those made online")
_EXCEPTION = re.compile(
    r"^\s*,\s*(?P<cue>except(?:\s+for)?|other\s+than|apart\s+from|excluding|but\s+not|besides)\b",
    re.I,
)
# where the words said of the object end
_END = re.compile(
    r"^\s*(?:[;!?:]|\.(?!\d)|,|$|\(|--|—|–|\b(?:if|when|whenever|unless|while|once|until|till|"
    r"provided|as\s+long\s+as|so\s+long\s+as|in\s+case|only|first|then|because|since\s+(?:the|"
    r"they|it|you)|so\s+that|even|and\s+(?:then|also)|or\s+else)\b)",
    re.I,
)
_CONJ = re.compile(r"^\s*(?:and|or|nor|and/or)\b", re.I)
_ORDERING = re.compile(r"^\s*(?:before|after|prior\s+to|until|till|once|first)\b", re.I)
_STOP_AT = re.compile(r"[;!?]|\.(?!\d)|,\s*(?:and|but|or|so|then|unless|if|when)\b|,(?!\s*\d)")


# operators that, enforced, hold on every call of their tool: said of one kind of what the
# tool acts on ("restricted buckets are created in eu-west-1 only"), they are stronger than
# their sentence unless that kind is kept as their condition
EVERY_CALL = _NARROWED | {"resource_in_allowlist"}
# ... of those, the ones that refuse a call outright (a ban, a list of values, a bound), for
# which a kind named by a modifier no schema word explains ("never delete confidential
# buckets") is never dropped; a count or an order over a kind said loosely ("one official
# transcript per student") keeps its reading
REFUSES_CALLS = frozenset({"deny_action", "resource_in_allowlist", "arg_within_bound"})


def said_of_kind(clause: Clause, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The rules, each over every call kept under the kind the clause's subject names
    (`Clause.scope`): "controlled drugs may only be dispensed to adults"."""
    if not clause.scope:
        return rules
    return [
        r.model_copy(update={"condition": clause.scope})
        if r.operator in EVERY_CALL and not r.condition
        else r
        for r in rules
    ]


def restricted(
    sentence: Sentence, clause: Clause, rules: list[CandidateRule]
) -> list[CandidateRule]:
    """The rules, each narrowed to the restrictive modifier its sentence puts on what its
    action acts on (module docstring)."""
    if sentence.subject is not None:
        return rules  # a tool's description: its readers say what the described tool does
    text = sentence.clean
    return [_narrowed(r, clause, text) for r in rules]


def restricted_noted(
    sentence: Sentence, clause: Clause, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """`restricted`, with a `condition-not-bound` note on each rule it gave a condition (for
    the readers whose notes are already made: an ordering)."""
    out = restricted(sentence, clause, rules)
    added = [
        condition_diagnostic(sentence, new)
        for old, new in zip(rules, out, strict=True)
        if new.condition and not old.condition
    ]
    return out, [*notes, *added]


def _narrowed(rule: CandidateRule, clause: Clause, text: str) -> CandidateRule:
    if rule.condition and _ONLY_EMPHASIS.match(rule.condition) and rule.operator in _NARROWED:
        rule = rule.model_copy(update={"condition": None})  # "never X under any circumstances"
    if rule.condition or rule.operator not in _NARROWED:
        return rule
    at = _anchor(rule, clause, text)
    if at is None:
        return rule
    found = _modifier(rule, text, at)
    if found is None:
        return rule
    start, end, kind = found
    said = " ".join(text[start:end].strip(" ,").split())
    if not said or WHOLE_TRACE.match(said):
        return rule
    if rule.operator == "max_calls" and _THE_COUNT.match(said):
        return rule  # "never run more than one `t` in a chat": the count itself, read already
    if rule.operator in _BOUNDS:
        banned = _bound_or_condition(rule, said, kind, text, at, start)
        if banned.operator == "deny_action" and banned.target is None and clause.action:
            # the bound was the section's; the ban is of the sentence's own action
            banned = banned.model_copy(
                update={"target": clause.action, "mentions": (clause.action,)}
            )
        return banned
    if rule.operator == "deny_action" and not rule.params.get("values"):
        state = _state(text, at, start, end, kind)
        if state is not None:
            return recast(rule, "state_condition", state, condition=None)
    return rule.model_copy(update={"condition": said})


# the count a `max_calls` was read from, said after the action ("more than one `t` ...")
_THE_COUNT = re.compile(
    r"^(?:more\s+than|over|in\s+excess\s+of|at\s+most|no\s+more\s+than)\s", re.I
)


# --- where the action is -------------------------------------------------------------------


_OF_OBJECT = re.compile(r"\s+of\s+(?:(?:the|a|an|any|all)\s+)?(?P<obj>[A-Za-z][\w-]*)")


def _anchor(rule: CandidateRule, clause: Clause, text: str) -> int | None:
    """Where the words about the rule's action end: the clause's action (the ban, count or
    bound of the clause), or the verb of an ordering's target and its object."""
    mention = rule.mentions[0] if rule.mentions else rule.target
    if rule.operator not in _ORDERS:
        if clause.action_span is None or not (clause.negated or clause.modality == "limit"):
            return None
        at = clause.action_span[1]
        of = _OF_OBJECT.match(text, at)  # "Deletion of customers is ...": the object's words
        if of is not None and clause.object and singular(of["obj"].casefold()) == clause.object:
            return of.end()
        return at
    if not mention or " " not in mention:
        return None
    if clause.action_span is not None and mention == clause.action:
        return clause.action_span[1]
    verb = mention.split()[0].casefold()
    for m in re.finditer(r"\b([A-Za-z][a-z]+)\b", text):
        word = m[1].casefold()
        if word != verb and lemma(word) != verb:
            continue
        obj, end = object_at(text, m.end())
        if obj and obj.split()[-1] in mention.split():
            return end
    return None


# --- the modifier --------------------------------------------------------------------------


def _modifier(rule: CandidateRule, text: str, at: int) -> tuple[int, int, str] | None:
    """(start, end, kind) of the first restrictive modifier after `at` that the rule does not
    already say, or None."""
    pos = at
    stepped = 0
    while pos < len(text) and stepped < 12:
        stepped += 1
        rest = text[pos:]
        owned = _owned(rule, rest)
        if owned:
            pos += owned
            continue
        exception = _EXCEPTION.match(rest)
        if exception is not None:
            return _cut(rule, text, *_span(text, pos + exception.start("cue"), "except"))
        if _END.match(rest):
            return None
        if rule.operator in _ORDERS and _ORDERING.match(rest):
            return None  # "... before cancelling X": the ordering itself
        conj = _CONJ.match(rest)
        if conj is not None:  # "bookings and vouchers made by ...": the other object too
            _, end = object_at(text, pos + conj.end())
            if end == pos + conj.end():
                return None  # "and refund ...": another action, not more of the object
            pos = end
            continue
        for pattern, kind in ((_RELATIVE, "relative"), (_PARTICIPLE, "participle"),
                              (_PREPOSITION, "preposition")):  # fmt: skip
            if kind == "preposition" and rule.operator in _ORDERS:
                # "before issuing a voucher to them", "... moving a booking to another
                # crossing": after an ordering's action, a phrase is most often the call's
                # own argument; only a clause or a participle restricts the object there
                break
            m = pattern.match(rest)
            if m is not None:
                return _cut(rule, text, *_span(text, pos + m.start("cue"), kind))
        return None  # another word: the object's own (or a new phrase), no modifier said
    return None


def _owned(rule: CandidateRule, rest: str, inner: bool = False) -> int:
    """The length of a phrase at the start of `rest` that the rule itself says, or 0
    (`inner`: inside a modifier, where a bound's amount may be the modifier's own)."""
    emphasis = _EMPHASIS.match(rest)
    if emphasis is not None:
        return emphasis.end()
    tool = _TOOL.match(rest)
    if tool is not None:
        return tool.end()
    if rule.operator == "max_calls" and (count := _COUNT.match(rest)) is not None:
        return count.end()
    if rule.operator in _BOUNDS and not inner and (amount := _AMOUNT.match(rest)) is not None:
        return amount.end()
    if rule.operator in _BOUNDS and (one := _ONE_CALL.match(rest)) is not None:
        return one.end()
    if rule.params.get("values") and (values := _values(rule).match(rest)) is not None:
        return values.end()
    if rule.operator == "require_confirmation" and (yes := _APPROVAL.match(rest)) is not None:
        return yes.end()
    return 0


def _values(rule: CandidateRule) -> re.Pattern[str]:
    """The phrase of a ban's own values, quoted or not ("to KP, IR or SY", "with carrier
    'swift'")."""
    said = sorted((str(v) for v in rule.params.get("values", ())), key=len, reverse=True)
    if not said:
        return _VALUES
    one = r"(?:['\"`]?(?:" + "|".join(re.escape(v) for v in said) + r")['\"`]?)"
    return re.compile(_VALUES.pattern.replace(_QUOTE, "(?:" + _QUOTE + "|" + one + ")"), re.I)


def _span(text: str, start: int, kind: str) -> tuple[int, int, str]:
    """The modifier from its cue to where the clause ends."""
    stop = _STOP_AT.search(text, start + 1)
    if kind == "except" and stop is not None and text[stop.start()] == ",":
        stop = _STOP_AT.search(text, stop.end())  # "..., except those made online, ..."
    end = stop.start() if stop is not None else len(text)
    return start, end, kind


def _cut(rule: CandidateRule, text: str, start: int, end: int, kind: str) -> tuple[int, int, str]:
    """The modifier up to a phrase the rule itself says ("marked as fragile" of "marked as
    fragile with carrier 'swift'")."""
    for m in re.finditer(r"\s+(?=\S)", text[start:end]):
        at = start + m.start()
        if at > start and not _EMPHASIS.match(text[at:]) and _owned(rule, text[at:end], True):
            return start, at, kind
    return start, end, kind


# --- a bound read inside another noun's modifier -----------------------------------------


def _bound_or_condition(
    rule: CandidateRule, said: str, kind: str, text: str, at: int, start: int
) -> CandidateRule:
    """A bound whose amount is said inside the modifier of another noun ("to crossings that
    depart in less than two hours") is the ban of the action under that modifier; any other
    modifier is the bound's condition."""
    amount = [str(v) for k, v in rule.params.items() if k in {"max", "min"}]
    numbers = [
        str(NUMBER_WORDS.get(n.casefold(), n))
        for n in re.findall(r"\d+(?:\.\d+)?|[a-z]+", said, re.I)
        if n[0].isdigit() or n.casefold() in NUMBER_WORDS
    ]
    inside = kind in {"relative", "preposition", "participle"} and any(
        _same_number(n, amount) for n in numbers
    )
    before = text[at:start]
    if inside and not _AMOUNT.match(before) and kind != "preposition":
        # the amount belongs to the modifier ("that depart in less than two hours"), not to
        # the action's own argument: no bound on the call, the ban under the modifier
        return recast(rule, "deny_action", {}, condition=said)
    if inside and kind == "preposition" and _related(said):
        return recast(rule, "deny_action", {}, condition=said)
    return rule.model_copy(update={"condition": said})


def _same_number(n: str, amount: list[str]) -> bool:
    try:
        value = float(n)
    except ValueError:
        return False
    return any(abs(float(a) - value) <= 1 for a in amount)


# "to crossings that depart in less than two hours", "for pieces weighing less than 1 kg":
# a preposition, a noun, then a relative clause or a participle holding the amount
_RELATED = re.compile(
    r"^[a-z]+\s+(?:(?:the|a|an|any|all)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?\s+(?:that|which|who|"
    r"whose|where|[a-z]{3,}ing|[a-z]{2,}ed)\b",
    re.I,
)


def _related(said: str) -> bool:
    return _RELATED.match(said) is not None


# --- a state of the noun the modifier restricts --------------------------------------------

_PP = re.compile(
    r"^(?P<prep>[a-z]+)\s+(?P<np>(?:(?:the|an?|any|all|each|every)\s+)?[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2}?)(?=\s+(?:that|which|who|whose)\b|\s*$)",
    re.I,
)


def _state(text: str, at: int, start: int, end: int, kind: str) -> dict[str, object] | None:
    """The `state_condition` parameters of a modifier that tests the state of the noun it
    restricts, or None."""
    said = text[start:end].strip()
    cond: Condition | None = None
    if kind == "relative":
        noun = _noun_before(text, at, start)
        cond = relative_clause(" " + said, 0, noun) if noun else None
    elif kind == "participle":
        noun = _noun_before(text, at, start)
        cond = subject_qualifier(f"{noun} {said}", 0) if noun else None
    elif kind == "preposition":
        m = _PP.match(said)
        if m is None:
            return None
        np = m["np"]
        tail = said[m.end() :].strip()
        head = singular(DET.sub("", np).split()[-1].casefold())
        if tail:
            cond = relative_clause(" " + tail, 0, head)
        else:
            found = adjective_state(DET.sub("", np), 0)
            cond = found[0] if found is not None else None
    if cond is None or not cond.bound or not cond.entity:
        return None
    side = "allowed" if cond.negated else "denied"
    params: dict[str, object] = {"entity": cond.entity, side: list(cond.values)}
    if cond.field:
        params["field"] = cond.field
    return params


def _noun_before(text: str, at: int, start: int) -> str:
    """The noun a modifier at `start` follows (the object's head, or the last noun of the
    phrase between)."""
    words = re.findall(r"[A-Za-z][\w-]*", text[:start])
    return words[-1].casefold() if words else ""
