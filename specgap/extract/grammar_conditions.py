"""Condition clauses of the rule grammar: where a condition starts and ends (if / when /
unless / only if / while / otherwise, a relative clause restricting the object, "only Xs
with a status of V"), and the entity, field and values of the state it tests, when they can
be read. A condition whose state cannot be read stays unbound (`Condition.bound` is false).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from specgap.extract.grammar_words import DET
from specgap.extract.pattern_base import QUOTED, singular
from specgap.extract.people import is_person
from specgap.extract.state_words import NOT_BARE, PART_OF, field_values, perfect, present_state
from specgap.extract.state_words import PERSONAL as PERSONAL
from specgap.extract.state_words import STATE_FIELDS as STATE_FIELDS  # argvalues reads it here
from specgap.extract.state_words import STATE_WORDS as STATE_WORDS
from specgap.extract.tuned_conditions import on_after_and

_STATE = re.compile(STATE_WORDS, re.I)

# --- condition clauses ---------------------------------------------------------------------

ConditionKind = Literal["if", "unless", "only_if", "while", "otherwise", "after"]
_COND_START = re.compile(
    r"\b(?P<kind>only\s+(?:if|when|while|once|after|where|in\s+cases?\s+where)|unless|"
    r"except\s+(?:when|if|where)|in\s+cases?\s+where|in\s+the\s+event\s+that|(?<=ed )where|"
    r"(?<=,\s)except\s+(?:for|in\s+the\s+case\s+of)|"
    r"if\s+and\s+only\s+if|if|when|whenever|"
    r"while|once|in\s+case|provid(?:ed|ing)\s+that|provid(?:ed|ing)(?=\s+(?:the|an?|its|their|it|"
    r"they)\s)|(?:as|so)\s+long\s+as|"
    r"on\s+(?:the\s+)?condition\s+that|otherwise|after|until|till)\b",
    re.I,
)
# "X can be done provided that S", "... so long as S": S is what allows X (only if S)
_PROVISO = frozenset({"provided that", "providing that", "so long as", "on condition that",
                      "on the condition that"})  # fmt: skip
_PROVIDED_BY = re.compile(
    r"(?:\b(?:you|we|they|he|she|user|customer|caller|client|member|visitor|guest|agent|is|are|"
    r"was|were|be|been|has|have|had|details|information|data|number|id)|[a-z]s)\s*$",
    re.I,
)
_ASKS = re.compile(r"\b(?:check|verify|confirm|see|determine|ask|find\s+out|test)\s*$", re.I)
# "when calling X", "if using Y": the scope of the rule (its target), not a condition on state
_SCOPE = re.compile(
    r"^(?:\w+\s+){0,2}?(?:calling|using|invoking|running|making|issuing|sending|doing|"
    r"performing|you\s+(?:call|use|make|invoke))\b",
    re.I,
)
_COPULA = re.compile(
    r"^(?P<subject>.*?)\s*\b(?P<verb>is|are|was|were|has\s+been|have\s+been|equals?|is\s+set\s+to|"
    r"remains?)\s+(?P<neg>not\s+)?(?:still\s+|already\s+|yet\s+|currently\s+|in\s+(?:the\s+)?"
    r"(?=(?:an?\s+)?(?:['\"`]|[\w-]+\s+(?:status|state|stage|phase)\b)))?"
    r"(?P<rest>.+)$",
    re.I,
)
_COMPARISON = re.compile(
    r"\b(?:more|less|fewer|greater|older|newer|younger|larger|smaller|higher|lower|over|under|"
    r"above|below|within|than|between|exceeds?|zero|two|three|four|five|six|seven|eight|nine|ten|"
    r"negative|positive)\b|\d",
    re.I,
)


# participles of reading: what a read tool does first (an ordering), never a state
_READ_DONE = frozenset(
    {"read", "fetched", "retrieved", "looked up", "loaded", "viewed", "pulled", "pulled up",
     "queried", "searched", "listed", "inspected", "obtained", "got", "gotten", "checked",
     "consulted", "opened up"}
)  # fmt: skip
_UNDER = re.compile(r"\bunder\s+(?:repair|maintenance|review|investigation|construction)\b", re.I)


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
        """Which part of a state test could not be read (the entity, the field, the
        values), or the empty string when the condition is bound."""
        if self.values:
            return ""
        return unbound_part(self.text)


_OPENERS = re.compile(
    r"^(?:only\s+)?(?:if\s+and\s+only\s+if|if|when|whenever|while|once|unless|"
    r"except\s+(?:when|if|where)|until|till|"
    r"after|where|in\s+cases?\s+where|in\s+the\s+event\s+that|in\s+case|provid(?:ed|ing)(?:\s+that)?|"
    r"(?:as|so)\s+long\s+as|on\s+(?:the\s+)?condition\s+that|otherwise)\b\s*",
    re.I,
)


def unbound_part(text: str) -> str:
    """Why a condition binds no state test, naming the part that is missing: no entity
    and field tested at all, a quantity instead of values, or values that could not be
    read."""
    words = _OPENERS.sub("", text.strip())
    owner = re.search(r"\bbelongs?\s+to\s+(?P<who>.+)$", words, re.I)
    if owner is not None:
        return (
            f"it compares the owner with `{owner['who']}`, a value of another call or of the "
            "conversation; no state test of one output decides it"
        )
    window = re.search(r"\bwithin\s+\S+\s+\S+\s+(?:of|after|from|since)\s+(?P<e>.+)$", words, re.I)
    if window is not None:
        return (
            f"it is a time window from the {window['e']}: the date read before the call would "
            "be compared with the time of the call, and no operator compares dates"
        )
    m = _COPULA.match(words)
    if m is None:
        return (
            "no entity, field or value could be read from it: it is not a state test "
            "(`<entity>'s <field> is '<value>'`), so no recorded output can decide it"
        )
    subject = DET.sub("", m["subject"].strip()).casefold()
    if subject in {"you", "we", "i", "they", "there"}:
        return f"its subject `{subject}` is not an entity a tool reads, so no field can be bound"
    rest = m["rest"].strip(" .,")
    if _COMPARISON.search(rest) and not QUOTED.search(rest):
        return f"`{rest}` compares a quantity; no field with listed values could be bound"
    if len(re.findall(r"[A-Za-z][\w-]*", subject)) > 3:
        return f"`{subject}` is not one entity's field"
    if len(rest.split()) > 3 and not QUOTED.search(rest):
        return (
            f"`{rest}` is no value of a field: it is not a state test "
            "(`<entity>'s <field> is '<value>'`), so no recorded output can decide it"
        )
    return f"the value(s) in `{rest}` could not be read as a field's values (quote them)"


_ONE_ITEM = r"(?:`[^`\n]+`|'[^'\n]+'|\"[^\"\n]+\")"
ITEM_ALT = _ONE_ITEM + r"(?:\s*(?:,|or|and)\s*" + _ONE_ITEM + r")*"


# "Once a stay is checked in it cannot be cancelled", "If the meter is faulty do not
# replace it": a leading condition with no comma ends where a pronoun and a modal, or an
# imperative ban, open the main clause
_UNMARKED_MAIN = re.compile(
    r"\s(?=(?:it|they|this|these|those)\s+(?:can(?:not)?|can't|must|may|should|shall|will|won't|"
    r"is\s+not|are\s+not|isn't|aren't)\b|(?:do\s+not|don't|never)\s+[a-z])",
    re.I,
)


def read_condition(text: str) -> tuple[Condition | None, str, int]:
    """The condition clause of the sentence and the main clause without it (same length,
    the condition blanked, so offsets still hold)."""
    for m in _COND_START.finditer(text):
        after = text[m.end() :]
        if _SCOPE.match(after.strip()):
            continue
        if _ASKS.search(text[: m.start()]):
            continue  # "check if the case is open": what is checked, not a condition
        kind_word = " ".join(m["kind"].casefold().split())
        if kind_word in {"provided", "providing"}:
            if _PROVIDED_BY.search(text[: m.start()]):
                continue  # "the number the user provided", "details provided": a participle
            kind_word += " that"  # "provided the booking is reserved": a proviso
        determined = re.match(r"\s+(?:the|an?|its|their|it|they)\b", after)
        participle = re.match(r"\s+(?:already\s+)?[a-z]+(?:ed|en)\b", after)
        if kind_word in {"once", "only once"} and not determined and not participle:
            continue  # "can be called once": a count, not a condition ("once paid" is one)
        if (
            m.start() < 3
            or not text[: m.start()].strip()
            or text[: m.start()].rstrip().endswith(",")
        ):
            stop = re.search(r"[,;]|\bthen\b", after) or _UNMARKED_MAIN.search(after)
        else:
            stop = re.search(r"[;]|,\s*(?:and|but|so|never|not|nor)\b|[.!?](?=\s|$)", after)
            stop = on_after_and(after, stop)  # "when A, and the card lists B": A and B
        end = m.end() + (stop.start() if stop else len(after))
        if kind_word == "otherwise":
            end = m.end()  # the word alone: what it negates is in the clause before
        words = text[m.end() : end].strip(" ,.")
        kind: ConditionKind = (
            "unless"
            if kind_word
            in {
                "unless",
                "except when",
                "except if",
                "except where",
                "except for",
                "except in the case of",
            }
            else "only_if"
            if kind_word.startswith("only")
            or kind_word == "if and only if"
            or kind_word in _PROVISO
            else "while"
            if kind_word in {"while", "as long as"}
            else "otherwise"
            if kind_word == "otherwise"
            else "after"
            if kind_word in {"after", "until", "till"}
            else "if"
        )
        cond = _bind(Condition(kind, text[m.start() : end].strip(" ,."), m.start(), end), words)
        main = text[: m.start()] + " " * (end - m.start()) + text[end:]
        return cond, main, m.start()
    return None, text, -1


# a phrasal participle names a state as one word does: `checked in`, `signed out`, `set up`
_PHRASAL = re.compile(r"[a-z]+(?:ed|en|t)\s+(?:in|out|up|off|down|over|back|away)", re.I)


def unless_as_if(cond: Condition) -> Condition:
    """ "unless S" read as the condition of a ban ("X can be done unless S": never X if S)."""
    text = re.sub(r"^(?:unless|except\s+(?:when|if))\s+", "if ", cond.text, flags=re.I)
    return replace(cond, kind="if", text=text)


def _state_field(word: str) -> bool:
    """`status`, or a field id ending in one (`account_status`, `orderState`)."""
    last = _id_words(word)[-1].casefold()
    return word.casefold() in STATE_FIELDS or (last != word.casefold() and last in STATE_FIELDS)


def _id_words(word: str) -> list[str]:
    """The words of an id written snake_case or camelCase (one for a plain word)."""
    return re.split(r"_|(?<=[a-z])(?=[A-Z])", word)


# a record that shows a value: "if temperament says bites", "whenever account_status reads
# on_hold", "if it is down as no_show" (a person's words are no field: "if the owner says no")
_SHOWN = re.compile(
    r"^(?P<subject>(?:(?:the|its|their|his|her)\s+)?[A-Za-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+"
    r"(?:says|shows|reads|displays|lists|has\s+it\s+as|is\s+(?:down|shown|marked|listed|"
    r"recorded)\s+as)\s+(?!(?:it|them|that|this|one|nothing|anything|so)\b)(?=['\"`]?[a-z])",
    re.I,
)


# a record that shows its field as a value: "if the profile shows vaccinations as expired",
# "if the profile has the coat down as wire"
_SHOWS_AS = re.compile(
    r"^(?P<lead>.*?\b)(?:(?:the|its|their|his|her)\s+)?[a-z][\w-]*\s+(?:shows|has|lists|records|"
    r"marks)\s+(?P<field>(?:(?:the|its|their)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:down\s+)?"
    r"as\s+(?=['\"`]?[a-z])",
    re.I,
)


# a yes or no: an answer, unless a field of a record says it (`pets_on_site says yes`)
_ANSWER = re.compile(r"['\"`]?(?:yes|no|ok|okay|agreed)\b", re.I)


def _field_like(word: str) -> bool:
    """A field id (`pets_on_site`, `orderState`) or a word that names a state's field."""
    return len(_id_words(word)) > 1 or _state_field(word)


# a read that shows the entity itself in a state: "when `get_let` shows it reserved or paid",
# "once the record lists them as closed": it is reserved or paid
_SHOWS_IT = re.compile(
    r"^(?P<lead>.*?\b)(?:the\s+)?[`\w.-]+\s+(?:shows|lists|gives|reports|returns|has)\s+"
    r"(?P<it>it|them)\s+(?:as\s+|down\s+as\s+)?(?=['\"`]?[a-z])",
    re.I,
)


def _shown_as_is(words: str) -> str | None:
    """A record's field that "says", "shows" or "reads" a value, said with "is"; `words`
    unchanged for any other condition; None when a person says it (what someone says is
    their answer, no state of a record)."""
    shows_it = _SHOWS_IT.match(words.strip())
    if shows_it is not None:  # "`get_let` shows it reserved": it is reserved
        said = "they are" if shows_it["it"].casefold() == "them" else "it is"
        words = f"{shows_it['lead']}{said} {words.strip()[shows_it.end() :]}"
    shows = _SHOWS_AS.match(words.strip())
    if shows is not None:  # "the profile shows vaccinations as expired": vaccinations are
        words = f"{shows['lead']}{shows['field']} is {words.strip()[shows.end() :]}"
    m = _SHOWN.match(words.strip())
    if m is None:
        return words
    said = m["subject"].split()[-1]
    if is_person(said):
        return None
    if _ANSWER.match(words.strip(), m.end()) and not _field_like(said):
        return None  # "when the rider says yes": whoever says yes is answering
    return f"{m['subject']} is {words.strip()[m.end() :]}"


def _bind(cond: Condition, words: str) -> Condition:
    """Entity, field and values of a state test: `its status is 'pending'`, `the booking is
    already returned`. A comparison (`older than 30 days`), a possession (`lacks ...`) or
    anything else stays unbound."""
    words = re.sub(r"\b(it|that|there|what)'s\b", r"\1 is", words, flags=re.I)  # "it's attended"
    words = re.sub(r"\b(they|we|you)'re\b", r"\1 are", words, flags=re.I)
    words = re.sub(r"(?<=[A-Za-z])'s\b", "s", words)  # "the order's status": no quote
    words = re.sub(r"\b(has|have|had)\s+(?:already|also|just|now)\s+been\b", r"\1 been", words)
    shown = _shown_as_is(words)  # "if temperament says bites": temperament is bites
    if shown is None:
        return cond  # "if the owner says no": an answer, not a state
    words = shown
    m = _COPULA.match(perfect(words))
    if m is None and (event := present_state(words)) is not None:
        m = _COPULA.match(event)  # "until it expires": until it is expired
    if m is None:
        return _bare_state(cond, words)
    rest = re.sub(r"\s+(?:yet|anymore|any\s+more|already)$", "", m["rest"].strip(" .,"), flags=re.I)
    neither = re.match(r"neither\s+(?P<a>.+?)\s*,?\s+nor\s+(?P<b>.+)$", rest, re.I)
    if neither is not None:  # "is neither reserved nor confirmed": not (reserved or confirmed)
        rest = f"{neither['a']} or {neither['b']}"
    if _COMPARISON.search(_UNDER.sub(" ", rest)) and not QUOTED.search(rest):
        return cond  # "older than 30 days" (but "under repair" is a state)
    if PART_OF.match(m["subject"].strip()):
        return cond  # "any part of the rental has started": not one entity's state
    subject = re.split(r"\s+(?:in|on|of|for|from|at|within)\s+", m["subject"].strip())[0]
    subject = DET.sub("", subject).removesuffix("'s").strip()
    subject_words = [w for w in re.findall(r"[A-Za-z][\w-]*", subject) if w.casefold() != "s"]
    field = None
    entity = None
    if subject_words and _state_field(subject_words[-1]):  # `status`, `account_status`
        field = subject_words[-1].casefold()
        entity = singular(subject_words[-2]) if len(subject_words) > 1 else None
    elif subject_words and subject_words[-1].casefold() not in {"it", "they", "this", "that"}:
        entity = singular(subject_words[-1])
    if len(subject_words) > 3:
        return cond  # "any part of the rental ...": not one entity's field
    other = re.match(r"(?:anything\s+)?(?:other\s+than|but|except)\s+(?=['\"`])", rest, re.I)
    if other is not None:  # "is other than 'approved'": any state but that one
        rest = rest[other.end() :]
    quoted = [a or b or c for a, b, c in QUOTED.findall(rest)]
    values = list(quoted)  # `in_stock` is a value here, however tool-like it looks
    left = re.sub(
        r"\b(?:one\s+of|either|or|and|nor|the|status|state)\b|[,:]", " ", QUOTED.sub(" ", rest)
    )
    if values and left.strip():
        return cond  # "you are tasked with updating a field ... 'x'": the value is not the state
    if values and field is None and (named := re.search(r"\b(status|state)\b", rest, re.I)):
        field = named[1].casefold()  # "is in 'pending' status"
    person = {"you", "we", "i"} | ({"they"} if cond.kind != "after" else set())
    listed = [i for i in re.split(r"\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+", rest) if i]
    states = bool(listed) and all(_STATE.fullmatch(i) for i in listed)  # "rejected or paid"
    if subject.casefold() == "they" and not PERSONAL.search(rest) and states:
        person = person - {"they"}  # "once they have been used": the things acted on
    if subject.casefold() in person:  # "until they are dispatched": the things acted on
        return cond
    if not values:
        bare = re.sub(r"\s+(?:status|state)$", "", rest, flags=re.I)
        bare = re.sub(r"^(?:one|any)\s+of\s+(?:the\s+)?|^either\s+", "", bare, flags=re.I)
        items = [DET.sub("", i).strip() for i in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", bare)]
        items = [re.sub(r"^been\s+", "", i) for i in items]  # "has lapsed or been cancelled"
        # an unquoted value is a participle or one word naming a state: `delivered`, `active`
        one_word = all(len(i.split()) == 1 and i.isalpha() for i in items)
        participles = one_word and all(re.search(r"(?:ed|en)$", i) for i in items)
        participles = participles or all(_PHRASAL.fullmatch(i) for i in items)  # `checked in`
        short = all(0 < len(i.split()) <= 3 for i in items)  # `past due` as a status value
        # "while it is pending": the pronoun is the entity acted on, a state word its state
        pronoun = subject.casefold() in {"it", "they"} and all(_STATE.fullmatch(i) for i in items)
        stated = bool(entity) and all(_STATE.fullmatch(i) for i in items)  # "in transit"
        if (short and field) or (one_word and (entity or pronoun)) or participles or stated:
            values = [i for i in items if i]
    if not values or all(v.casefold() in _READ_DONE for v in values):
        return cond  # "after the invoice has been fetched": a read done first, not a state
    # each of "not", "neither ... nor" and "other than" turns the test over
    negated = (bool(m["neg"]) + (neither is not None) + (other is not None)) % 2 == 1
    return Condition(
        cond.kind, cond.text, cond.start, cond.end, entity, field, tuple(values), negated
    )


def _bare_state(cond: Condition, words: str) -> Condition:
    """ "only while pending", "once dispatched", "unless delivered": a state word with no
    subject is the state of what the action is done to."""
    items = [i.strip() for i in re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+", words.strip(" .,"))]
    items = [re.sub(r"^(?:already|still|currently)\s+", "", i, flags=re.I) for i in items]
    if not items or not all(_STATE.fullmatch(i) and i.casefold() not in NOT_BARE for i in items):
        return cond
    if all(i.casefold() in _READ_DONE for i in items):
        return cond  # "once fetched": a read done first
    return replace(cond, values=tuple(i.casefold() for i in items))


def conjoined(cond: Condition) -> list[Condition]:
    """ "only if the ticket is valid and not used": one bound condition per conjunct (the
    subject and copula of the first carried to the others), or [] unless every conjunct
    binds. Each is necessary when the condition is what allows the action; for a ban the
    conjunction is not split (banning on one conjunct alone would be stronger)."""
    words = _OPENERS.sub("", cond.text.strip())
    parts = [p for p in re.split(r"\s*,?\s+and\s+", words) if p]
    if len(parts) < 2:
        return []
    first = _COPULA.match(perfect(parts[0]))
    if first is None:
        return []
    out: list[Condition] = []
    for part in parts:
        said = (
            part if _COPULA.match(perfect(part)) else f"{first['subject']} {first['verb']} {part}"
        )
        bound = _bind(Condition(cond.kind, cond.text, cond.start, cond.end), said)
        if not bound.bound:
            return []
        out.append(bound)
    return out


def bind_state(cond: Condition, entity: str, words: str) -> Condition:
    """The condition bound from `words` said of `entity`: "order is 'pending'", "that are
    pending" (a relative clause of the entity)."""
    words = re.sub(r"^\s*(?:that|which|who)\s+", f"{entity} ", words, flags=re.I)
    words = re.sub(r"\b(has|have)\s+(?:already|also|just)\s+been\b", r"\1 been", words)
    return _bind(cond, words)


# a comma inside a list of values ("whose status is `alarm`, `defrost` or `offline`"): one
# value follows it, then another comma, "or"/"and", or the end of the clause
LISTED_COMMA = r",(?=\s*(?:(?:or|and)\s+)?['\"`]?[\w-]+['\"`]?\s*(?:,|\b(?:or|and)\b|[.;]|$))"
_RELATIVE = re.compile(
    r"^\s*(?:that|which|who|whom|whose|not\s+(?:within|in|on|listed|provided|given|supplied|"
    r"returned|stated|available|found|mentioned)|you\s+(?:do\s+not|don't|"
    r"did\s+not|didn't|have\s+not|haven't))\b[^,;.]*",
    re.I,
)
# "whose status is expired, suspended or withdrawn": a field's values, commas inside the list
_WHOSE = re.compile(r"^\s*whose\b(?:[^,;.]|" + LISTED_COMMA + r")*", re.I)


def relative_clause(main: str, at: int, obj: str = "") -> Condition | None:
    """A relative clause restricting the object ("tools that you do not plan to use"): the
    rule holds only for such objects, a condition no state test binds."""
    m = _WHOSE.match(main[at:]) or _RELATIVE.match(main[at:])
    if m is None:
        return None
    cond = Condition("if", " ".join(m[0].split()), at + m.start(), at + m.end())
    said = perfect(m[0])  # "that haven't been packed": "that have been not packed"
    which = re.match(
        r"\s*(?:that|which|who)\s+(?P<rest>(?:is|are|was|were|has|have)\b.*)$", said, re.I
    )
    whose = re.match(
        r"\s*whose\s+(?P<f>[a-z]+(?:\s+[a-z]+)?)\s+(?P<rest>(?:is|are|was|were)\b.*)$", said, re.I
    )
    if whose is not None and obj:  # "bookings whose status is 'returned'": the entity's field
        near = re.split(r"\s+(?:of|for|on|in)\s+", obj)[-1]
        bound = _bind(cond, f"{near} {whose['f']} {whose['rest']}")
        named = " ".join(whose["f"].casefold().split())
        if bound.bound and (bound.field is None or " " in named):  # "tickets whose mood is
            # 'upset'", "... whose delivery status is": `whose` names the object's field,
            # whatever the word (not only status, state, ...)
            bound = replace(bound, entity=singular(near.split()[-1]), field=named)
        return bound
    if which is not None and obj:  # "a booking that has already been returned": its state
        rest = re.sub(r"\b(has|have)\s+(?:already|also|just)\s+been\b", r"\1 been", which["rest"])
        rest = re.sub(r"\b(has|have)\s+not\s+(?:yet\s+)?been\b", r"\1 been not", rest)
        near = re.split(r"\s+(?:of|for|on|in)\s+", obj)[-1]  # "drivers of booking that is X"
        return _bind(cond, f"{near} {rest}")
    return cond


_QUALIFIED = re.compile(
    r"^(?P<head>[A-Za-z`][\w`'-]*(?:\s+[A-Za-z`][\w`'-]*){0,2}?)\s+(?P<q>(?:in|with|under|at|"
    r"on|for|from|whose|having|belonging\s+to|owned\s+by|marked|flagged|"
    # "stays of aggressive pets": `of` with a modifier before its noun restricts the subject
    r"of(?=\s+(?:(?:the|an?|any|all)\s+)?[a-z][\w-]*\s+[a-z][\w-]*s\b))\b.+)$",
    re.I,
)


_NESTED = re.compile(
    r"^(?:on|of|for|from|under|to|against)\s+(?:(?:the|an?|any|all)\s+)?(?P<np>[a-z][\w-]*\s+"
    r"(?:marked|flagged|tagged|labell?ed|in|with|whose|having)\b.+)$",
    re.I,
)


def subject_qualifier(subject: str, at: int) -> Condition | None:
    """What restricts a passive sentence's subject ("bookings in 'active' status cannot be
    cancelled", "refunds for corporate accounts must not be issued"): the entity's state
    when the qualifier quotes values, otherwise the qualifier kept as an unbound condition,
    so the rule is never read as a ban on every such entity. `at`: the subject's offset."""
    m = _QUALIFIED.match(subject.strip())
    if m is None:
        return None
    nested = _NESTED.match(m["q"])
    if nested is not None:  # "fines on loans marked 'lost'": the state is the loan's
        inner = subject_qualifier(nested["np"], at + subject.find(nested["np"]))
        if inner is not None and inner.bound:
            return inner
    qualifier = " ".join(m["q"].split())
    start = at + subject.find(m["q"])
    head_words = m["head"].split()
    if len(head_words) > 1 and head_words[-1].casefold() == "not":  # "claims not in status X"
        found = subject_qualifier(" ".join([*head_words[:-1], m["q"]]), at)
        if found is None or not found.bound:
            return found
        return replace(found, negated=not found.negated, start=start, end=start + len(m["q"]))
    if qualifier.casefold().startswith("whose "):  # "riders whose standing is suspended"
        rel = relative_clause(" " + qualifier, 0, m["head"].casefold())
        if rel is not None and rel.bound:
            return replace(rel, start=start, end=start + len(m["q"]))
    cond = Condition("if", qualifier, start, start + len(m["q"]))
    values = [a or b or c for a, b, c in QUOTED.findall(qualifier)]
    entity = singular(m["head"].split()[-1].strip("`").casefold())
    if not values and re.fullmatch(STATE_WORDS, qualifier, re.I) and " " in qualifier:
        # "orders on hold", "parcels in transit": a state said with its preposition
        return Condition(
            "if", qualifier, cond.start, cond.end, entity, None, (qualifier.casefold(),)
        )
    marked = re.match(
        r"(?:marked|flagged|tagged|labell?ed)\s+(?:as\s+)?(?P<v>[a-z][\w-]*)$", qualifier
    )
    if not values and marked is not None:  # "orders marked as delivered": that state
        return Condition("if", qualifier, cond.start, cond.end, entity, None, (marked["v"],))
    if not values:
        named = field_values(qualifier)  # "on the basic tier", "in status pending or packed"
        if named is None:
            return cond
        return Condition("if", qualifier, cond.start, cond.end, entity, named[0], named[1])
    other = _OTHER_THAN.search(qualifier)  # "with a status other than 'approved'": not it
    said = _OTHER_THAN.sub(" ", qualifier) if other else qualifier
    words = [w.casefold() for w in re.findall(r"[A-Za-z][\w-]*", QUOTED.sub(" ", said))]
    field = next((w for w in words if w in STATE_FIELDS), None) or _beside_value(said)
    return Condition(
        "if", qualifier, cond.start, cond.end, entity, field, tuple(values), other is not None
    )


_OTHER_THAN = re.compile(
    r"\b(?:(?:anything\s+)?other\s+than|anything\s+but|not|except(?:\s+for)?|besides|"
    r"apart\s+from|different\s+from)\b\s*",
    re.I,
)


_BESIDE = re.compile(
    r"^(?:with|in|at|under|having)\s+(?:an?\s+|the\s+)?(?:(?P<before>[a-z][\w-]*)\s+(?:of\s+)?)?"
    + ITEM_ALT
    + r"(?:\s+(?P<after>[a-z][\w-]*))?\s*$",
    re.I,
)


def _beside_value(qualifier: str) -> str | None:
    """The noun right before or after the quoted value(s) of a qualifier: the field they
    are values of ("with an 'urgent' priority", "with priority 'urgent'")."""
    m = _BESIDE.match(qualifier)
    if m is None or bool(m["before"]) == bool(m["after"]):
        return None
    return (m["before"] or m["after"]).casefold()


_QUOTED_WORD = r"(?:'[^'\n]+'|\"[^\"\n]+\")"  # a value, never a `tool`
_WORD_ALT = _QUOTED_WORD + r"(?:\s*(?:,|or|and)\s*" + _QUOTED_WORD + r")*"
_IN_STATE = re.compile(
    r"^\s+(?:only\s+)?(?:in|with|at)\s+(?:(?:the|a|an)\s+)?(?:(?P<f1>status|state|stage)\s+(?:of\s+)?)?"
    r"(?P<values>" + _WORD_ALT + r")(?:\s+(?P<f2>status|state|stage))?(?=\s*(?:$|[,.;:!?)]))",
    re.I,
)


def state_after(main: str, at: int, obj: str) -> Condition | None:
    """The state the object is in, said right after it: "cancel bookings in 'active'
    status", "bookings with status 'reserved'"."""
    m = _IN_STATE.match(main[at:])
    if m is None or not obj:
        return None
    values = tuple(a or b or c for a, b, c in QUOTED.findall(m["values"]))
    field = (m["f1"] or m["f2"] or "status").casefold()
    entity = singular(re.split(r"\s+(?:of|for|on|in)\s+", obj)[-1].split()[-1])
    text = " ".join(m[0].split())
    return Condition("if", text, at + m.start(), at + m.end(), entity, field, values)


_FOR_WHICH = re.compile(
    r"^\s*(?:for|on|to|of|from|with|against)\s+(?:an?\s+|the\s+|any\s+)?(?P<np>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)\s+(?P<rel>(?:(?:that|which|who)\s+(?:is|are|was|were|has|have)|whose\s+[a-z]+\s+"
    r"(?:is|are|was|were))\b(?:[^.;,]|" + LISTED_COMMA + r")*)",
    re.I,
)


def state_of_related(main: str, at: int, whose_only: bool = False) -> Condition | None:
    """ "only issue refunds for bookings that have been cancelled": the state of the entity
    a prepositional object names, bound from its relative clause, or None. `whose_only`:
    only "whose <field> is ..." and a person's "who is ..." (a ban's "that ..." is read by
    `restrictors`)."""
    m = _FOR_WHICH.match(main[at:])
    if m is None or (whose_only and not m["rel"].casefold().startswith(("whose", "who "))):
        return None
    cond = relative_clause(" " + m["rel"], 0, m["np"])
    if cond is None or not cond.bound:
        return None
    start = at + m.start("rel")
    return Condition(cond.kind, cond.text, start, start + len(m["rel"]), cond.entity,
                     cond.field, cond.values, cond.negated)  # fmt: skip
