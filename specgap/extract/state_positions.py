"""A state said anywhere in the sentence, not only in an if-clause: before the entity's noun
("a delivered order cannot be cancelled", "never issue a pass to a frozen member"), in the
subject of an active clause ("members on the basic tier cannot book classes"), as who the
action is reserved for ("only gold members can receive guest passes", "vouchers are for gold
members only"), and until when a permission lasts ("orders can be cancelled until they are
dispatched"). Each is read into a `Condition` of the rule grammar (`grammar_conditions`),
bound when the entity and its values are read.

Conditions no state test decides are kept unbound with what they are (so the rule is
`review_only`, never an unconditional ban): ownership ("the user's own orders") and a time
window ("within 30 days of delivery").
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.grammar_conditions import (
    LISTED_COMMA,
    Condition,
    bind_state,
    read_condition,
    subject_qualifier,
)
from specgap.extract.grammar_words import DET, IMPERATIVE_VERBS
from specgap.extract.pattern_base import lemma, singular
from specgap.extract.state_actions import nominal_verb
from specgap.extract.state_words import STATE_WORDS

__all__ = [
    "action_prefix",
    "active_subject_state",
    "adjective_state",
    "head_noun",
    "object_state",
    "only_kind",
    "owned",
    "phrase_state",
    "prefixed_state",
    "prepositional_state",
    "qualifier_adjective",
    "reserved_for",
    "stated_object",
    "until_permission",
    "within_window",
]

# participles that say where a value comes from or which one is meant, not a state
_NOT_STATES = frozenset(
    {"provided", "given", "requested", "required", "specified", "mentioned", "stated",
     "supplied", "listed", "named", "desired", "intended", "preferred", "related", "selected",
     "needed", "affected", "associated", "corresponding", "expected", "allowed",
     "permitted", "said", "above", "detailed", "described", "shown", "entered", "quoted",
     "estimated", "combined", "proposed", "updated", "added", "red", "shed"}
)  # fmt: skip
_STATE = re.compile(STATE_WORDS, re.I)
# the verbs of a read (`grammar_emit.READS`, which builds on the grammar)
_READS = frozenset({"check", "verify", "look", "read", "get", "fetch", "retrieve", "review",
                    "list", "search", "find", "show", "view", "query"})  # fmt: skip
# a state value written as the tools write one (`on_road`, `pending_deposit`)
_SNAKE = r"[a-z]+(?:_[a-z]+)+"
_VALUE = rf"(?:{STATE_WORDS}|{_SNAKE})"
_ADJECTIVE = re.compile(
    r"^\s*(?:(?:a|an|the|any|all|every|each|no)\s+)?(?P<values>(?:already\s+)?" + _VALUE
    + r"(?:\s*(?:,|or|and)\s*" + _VALUE + r")*)\s+(?P<noun>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)"
    r"\s*$",
    re.I,
)  # fmt: skip


def _values(said: str) -> tuple[str, ...] | None:
    said = re.sub(r"^already\s+", "", said, flags=re.I)
    values = tuple(v.casefold() for v in re.split(r"\s*(?:,|\bor\b|\band\b)\s*", said) if v)
    snake = [v for v in values if re.fullmatch(_SNAKE, v) and not _STATE.fullmatch(v)]
    plain = [v for v in values if v not in snake]
    if not plain or any(v in _NOT_STATES or not _STATE.fullmatch(v) for v in plain):
        return None  # ("reserved or on_road hires": a value the tools spell, beside a state word)
    if any(v.endswith(("_id", "_ids")) for v in snake):
        return None
    return values


def adjective_state(phrase: str, at: int) -> tuple[Condition, str] | None:
    """`a delivered order`, `closed or archived tickets`, `frozen members`: the state the
    words before the noun give its entity, and the noun phrase without them. `at`: where
    the phrase starts in the sentence."""
    # "booked or paid trips only", "paid bookings alone": "only" restricts, names nothing
    m = _ADJECTIVE.match(re.sub(r"\s+(?:only|alone)\s*$", "", phrase, flags=re.I))
    if m is None:
        return None
    values = _values(m["values"])
    if values is None:
        return None
    noun = m["noun"].casefold()
    entity = singular(noun.split()[-1])
    text = " ".join(m[0].split())
    start = at + m.start("values")
    return Condition("if", text, start, at + m.end("noun"), entity, None, values), noun


_PREP_NP = re.compile(r"^(?:on|of|for|from|under|to|against)\s+(?P<np>.+)$", re.I)


def qualifier_adjective(cond: Condition | None) -> Condition | None:
    """An unbound qualifier of a subject that is a noun with its state before it ("fines on
    lost loans", "refunds for cancelled bookings"): that noun's state, or None."""
    if cond is None or cond.bound:
        return None
    m = _PREP_NP.match(cond.text)
    if m is None:
        return None
    found = adjective_state(m["np"], cond.start + m.start("np"))
    return found[0] if found is not None else None


_ACTIVE_SUBJECT = re.compile(
    r"^\W*(?!(?:you|we|i|they|it|agents?|the\s+agent|the\s+assistant|the\s+system|no\s+one|"
    r"nobody|staff)\b)(?P<s>[A-Za-z][\w\s'-]*?)\s*$",
    re.I,
)


def head_noun(phrase: str) -> str:
    words = re.findall(r"[A-Za-z][\w-]*", phrase)
    return singular(words[-1].casefold()) if words else ""


def phrase_state(
    phrase: str, at: int, kinds: bool = False, relatives: bool = True
) -> Condition | None:
    """The state a noun phrase gives its entity: before the noun ("dispatched orders",
    "gold members"), in a qualifier ("orders in 'pending' status"), or in a relative clause
    ("orders that are pending")."""
    phrase = re.sub(r"^(?:only\s+)", "", phrase.strip(), flags=re.I)
    found = adjective_state(phrase, at)
    if found is not None:
        return found[0]
    kind = re.match(r"^(?:the\s+|an?\s+|any\s+|all\s+)?(?P<v>[a-z][\w-]*)\s+(?P<n>[a-z][\w-]*s)$",
                    phrase, re.I)  # fmt: skip
    if (
        kinds
        and kind is not None
        and not re.fullmatch(r"\d+|[a-z]+(?:ing|ly)", kind["v"], re.I)
        and kind["v"].casefold() not in {"new", "all", "any", "such", "other", "some", "these"}
    ):
        return Condition("if", phrase, at, at + len(phrase), singular(kind["n"].casefold()),
                         None, (kind["v"].casefold(),))  # fmt: skip
    rel = re.match(r"^(?P<np>.+?)\s+(?P<rel>(?:that|which|who)\s+(?:is|are|has|have)\b.*)$", phrase)
    if rel is not None and relatives:
        entity = head_noun(rel["np"])
        bound = bind_state(Condition("if", rel["rel"], at, at + len(phrase)), entity, rel["rel"])
        if bound.bound:
            return bound
    qualified = subject_qualifier(phrase, at)
    return qualified if qualified is not None and qualified.bound else None


def active_subject_state(main: str, modal_at: int) -> Condition | None:
    """ "Members on the basic tier cannot book classes", "frozen members cannot book
    classes": the subject before the modal is the one the action is for, and what qualifies
    it is the rule's condition (bound when it names a state, kept unbound otherwise)."""
    m = _ACTIVE_SUBJECT.match(main[:modal_at])
    if m is None:
        return None
    subject = m["s"]
    at = m.start("s")
    found = adjective_state(subject, at)
    if found is not None:
        return found[0]
    return subject_qualifier(subject, at)


_PREPOSED = re.compile(
    r"^\s*(?:to|for|on|of|from|with|against|under)\s+(?P<np>(?:(?:a|an|the|any|all)\s+)?[a-z][\w-]*"
    r"(?:\s*(?:,|or|and)\s*[a-z][\w-]*)*\s+[a-z`'\"][^.;:!?]*?)(?=\s*(?:(?!"
    + LISTED_COMMA
    + r")[,.;:!?]|$))",
    re.I,
)


def prepositional_state(main: str, at: int) -> Condition | None:
    """After a passive verb, "... cannot be returned for orders in a 'pending' state": the
    state of the entity the action is for."""
    m = _PREPOSED.match(main[at:])
    return phrase_state(m["np"], at + m.start("np")) if m is not None else None


def stated_object(main: str, at: int) -> Condition | None:
    """After a verb with no object of its own, "never refund for a booking that is
    attended": the state of the entity the action is for, only when it is a state (no
    field, or a status-like one); "search for cars in class 'luxury'" names an argument's
    value, not a state (None)."""
    cond = prepositional_state(main, at)
    if cond is None or not cond.bound:
        return None
    return cond if cond.field in {None, "status", "state", "stage", "phase"} else None


_STATE_AFTER = re.compile(
    r"^\s+(?P<s>(?:on\s+hold|in\s+transit|in\s+progress|past\s+due|(?:checked|signed|logged)\s+"
    r"(?:in|out)))(?=\s*(?:[,.;:!?]|$))",
    re.I,
)


def object_state(main: str, at: int, obj: str, verb: str) -> tuple[Condition | None, str]:
    """The state of what the action is done to or for: before the object's noun ("never
    cancel a delivered order") or in a prepositional object after it ("never issue a pass
    to a frozen member"). Returns the condition and the object without the state words. A
    read's object keeps its words ("only list archived tickets": which ones are read)."""
    if verb in _READS:
        return None, obj
    found = adjective_state(obj, 0) if obj else None
    if found is not None:
        cond, noun = found
        return replace(cond, start=at, end=at), noun  # said inside the object
    said = _STATE_AFTER.match(main[at:])
    if said is not None and obj:  # "never modify orders on hold"
        value = " ".join(said["s"].casefold().split())
        return Condition("if", value, at + said.start("s"), at + said.end("s"), head_noun(obj),
                         None, (value,)), obj  # fmt: skip
    m = _PREPOSED.match(main[at:])
    if m is None:
        return None, obj
    # "... for a booking that has not been paid": a ban's relative clause is the
    # restrictors' (what must come first), not read here
    return phrase_state(m["np"], at + m.start("np"), relatives=False), obj


_ONLY_KIND = re.compile(
    r"^\W*only\s+(?P<value>(?!(?:the|a|an|one|two|three|these|those|such|some|users?|"
    r"customers?|you|we|staff|agents?)\b)[a-z][\w-]*)\s+(?P<entity>[a-z][\w-]*s)\s+"
    r"(?=(?:can|may|should|must|are|is|will)\b)",
    re.I,
)


_KIND_ONLY = re.compile(
    r"^\W*(?P<value>(?!(?:the|a|an|all|any|users?|customers?|you|we|staff|agents?)\b)[a-z][\w-]*)"
    r"\s+(?P<entity>[a-z][\w-]*s)\s+only\s+(?=(?:can|may|should|must|are|is|will)\b)",
    re.I,
)


def only_kind(text: str) -> tuple[Condition, int] | None:
    """ "Only gold members can book classes": the value (`gold`) the subject must have,
    whatever the word (a tier, a plan, a role), and where the subject starts. A value word
    that is no state (`only two lessons`) is left alone: numbers and determiners never
    match."""
    m = _ONLY_KIND.match(text) or _KIND_ONLY.match(text)
    if m is None or re.fullmatch(r"\d+|[a-z]+(?:ing|ly)", m["value"], re.I):
        return None
    entity = singular(m["entity"].casefold())
    cond = Condition("only_if", " ".join(m[0].split()), 0, m.end(), entity, None,
                     (m["value"].casefold(),))  # fmt: skip
    return cond, m.start("entity")


_RESERVED = re.compile(
    r"^\W*(?:the\s+)?(?P<noun>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:is|are)\s+(?P<o1>only\s+)?"
    r"(?:(?:available|reserved|allowed|permitted|possible|offered)\s+)?(?P<o2>only\s+)?for\s+"
    r"(?:the\s+)?(?P<values>[a-z][\w-]*(?:\s*(?:,|or|and)\s*[a-z][\w-]*)*)\s+(?P<entity>[a-z][\w-]*s)"
    r"(?P<o3>\s+only)?\s*[.!]?\s*$",
    re.I,
)


def reserved_for(text: str) -> tuple[str, Condition, tuple[int, int]] | None:
    """ "Vouchers are for gold members only", "guest passes are reserved for gold members
    only": what is reserved (its noun, where it is said) and the value its receiver must
    have. Read only with `only`: "X are for Y" alone may describe, not restrict."""
    m = _RESERVED.match(text)
    if m is None or not (m["o1"] or m["o2"] or m["o3"]):
        return None
    values = tuple(v.casefold() for v in re.split(r"\s*(?:,|\bor\b|\band\b)\s*", m["values"]) if v)
    if not values or any(v in {"the", "all", "any", "some", "these", "those"} for v in values):
        return None
    entity = singular(m["entity"].casefold())
    cond = Condition("only_if", " ".join(m[0].split()), m.start("values"), m.end("entity"),
                     entity, None, values)  # fmt: skip
    return m["noun"].casefold(), cond, m.span("noun")


def until_permission(cond: Condition | None, modality: str, negated: bool) -> Condition | None:
    """ "Orders can be cancelled until they are dispatched": allowed until the state holds,
    so a ban while it does (the condition read as `if <state>`); None for any other
    sentence. Only a bound state is read so: "until the user confirms" is an ordering."""
    if cond is None or modality not in {"may", "none"} or negated or not cond.bound:
        return None
    if not re.match(r"(?:until|till)\b", cond.text, re.I):
        return None
    text = re.sub(r"^(?:until|till)\s+", "if ", cond.text, flags=re.I)
    return replace(cond, kind="if", text=text)


_OWN = re.compile(
    r"\b(?P<owner>(?:the\s+)?[a-z]+'s|their|his|her|your)\s+own\s+(?P<noun>[a-z][\w-]*)\b", re.I
)


def owned(main: str) -> tuple[Condition, str] | None:
    """ "Only modify the user's own orders": the action is restricted to what the user owns.
    A test of the owner against the user the agent serves, which no state test decides:
    an unbound condition (the rule is reviewed), and the object without the owner."""
    m = _OWN.search(main)
    if m is None:
        return None
    owner = DET.sub("", m["owner"]).removesuffix("'s").casefold()
    noun = m["noun"].casefold()
    text = f"if the {singular(noun)} belongs to the {owner}"
    return Condition("if", text, m.start(), m.end()), noun


_WITHIN = re.compile(
    r"\b(?:only\s+)?within\s+(?P<n>\d+|one|two|three|seven|fourteen|thirty)\s+(?P<unit>(?:calendar\s+|"
    r"business\s+|working\s+)?(?:days?|hours?|weeks?|months?))\s+(?:of|after|from|since)\s+"
    r"(?:the\s+)?(?P<event>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
    re.I,
)


def within_window(main: str) -> Condition | None:
    """ "Items can be returned within 30 days of delivery": a time window from an event. The
    event's date would have to be read and compared with the time of the call, which no
    state test does: an unbound condition (the rule is reviewed), never a plain ban."""
    m = _WITHIN.search(main)
    if m is None:
        return None
    return Condition("if", " ".join(m[0].split()), m.start(), m.end())


_PREFIX = re.compile(
    r"^\W*(?:for\s+)?(?P<np>[A-Za-z][\w' -]{2,60}?)\s*(?::|\s[-\u2013\u2014]\s)\s*(?P<rest>.+)$",
    re.I,
)
_NEGATED_PART = re.compile(r"[,;]\s*(?:but\s+|and\s+)?(?=(?:never|do\s+not|don't|not)\b)", re.I)


_ACTION_PREFIX = re.compile(
    r"^\W*(?P<act>[A-Za-z][\w-]*(?:\s+(?:(?:an?|the|any)\s+)?[a-z][\w-]*)?)\s*:\s*"
    r"(?P<mod>only|never|not)\s+(?:(?:for|on|to|with)\s+(?P<np>[^.;:!?]+?)|(?P<cond>(?:if|when|"
    r"while|once|after|unless|until)\s+[^.;:!?]+?))\s*[.!]?\s*$",
    re.I,
)  # "Refund: only for valid tickets", "Moving a booking: only while it is reserved"


_LIGHT = frozenset({"request", "process", "handle", "submit", "perform"})


def action_prefix(text: str) -> tuple[str, str, str, Condition, tuple[int, int]] | None:
    """ "Refund: only for valid tickets", "Transfer: never for used tickets": the action
    the prefix names, the modality (`only` / `must_not`), the entity and its state."""
    m = _ACTION_PREFIX.match(text)
    if m is None:
        return None
    words = m["act"].split()
    verb = nominal_verb(words[0]) or (
        lemma(words[0]) if lemma(words[0]) in IMPERATIVE_VERBS else None
    )
    acted = singular(words[-1].casefold()) if len(words) > 1 else ""
    compound = len(words) == 2 and not words[0].casefold().endswith("ing")
    if compound and (tail := nominal_verb(words[1])) is not None and tail not in _LIGHT:
        # "Reservation extension: only while ...": the extension, of the reservation
        verb, acted = tail, singular(words[0].casefold())
    state: Condition | None
    if m["cond"]:  # "Moving a booking: only while it is reserved": the object's own state
        said, _, _ = read_condition(m["cond"])
        if said is None or not said.bound or not (acted or said.entity):
            return None
        state = replace(said, entity=said.entity or acted, start=m.start("cond"),
                        end=m.end("cond"))  # fmt: skip
    else:
        state = phrase_state(m["np"], m.start("np"))
    if verb is None or state is None or not state.bound:
        return None
    if m["mod"].casefold() == "only":
        return verb, "only", state.entity or "", replace(state, kind="only_if"), m.span("act")
    return verb, "must_not", state.entity or "", replace(state, kind="if"), m.span("act")


def prefixed_state(text: str) -> tuple[Condition, int] | None:
    """ "For delivered orders: return, never cancel", "Delivered orders: do not cancel":
    the state a prefix gives the entity the rule is about, and where the banning part
    starts. Only a ban is read so (a prefix over a permission restricts nothing said)."""
    m = _PREFIX.match(text)
    if m is None:
        return None
    state = phrase_state(m["np"], m.start("np"))
    if state is None or not state.bound:
        return None
    rest_at = m.start("rest")
    neg = _NEGATED_PART.search(text, rest_at)
    at = neg.end() if neg is not None else rest_at
    if not re.match(r"\W*(?:never|do\s+not|don't|not)\b", text[at:], re.I):
        return None
    return state, at
