"""A sentence whose subject receives something: "guests never get a slip", "trial members
cannot receive a refund", "minors must not be issued a permit".

The verb says what a third party gets, not what the agent does: the agent's action is the
one that gives it (`_given`: an action noun names its own action, "a refund": refund; any
other thing is given, "a slip": give slip), or, for a passive verb that gives ("be issued
a permit"), that verb. Read literally, "get a slip"
would name a tool that *reads* slips, and a ban on it would block every lookup. So:

- only a subject that is not the agent is read so ("you never get ..." and "the agent
  must get ..." keep their own verb);
- the subject says whom the action is for: unless it is the user in general ("customers
  never get a refund after 30 days"), it restricts the rule to some recipients, which no
  call's arguments say. The rule then keeps it as an unbound condition, so it is
  `review_only` with the condition shown, never a ban on giving the thing to anyone;
- "have" is read so only when negated ("guests cannot have a slip"); "members must have a
  card" states what must hold, which is no action of the agent.

The same holds of a ban whose subject does the action itself: "walk-in guests cannot book
a bed" bans booking for walk-in guests, not for everyone (`subject_scope`).

`recipient_reading` and `subject_scope` are pure functions of the main clause and its modal
word.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from specgap.extract.grammar_conditions import Condition
from specgap.extract.grammar_words import DET, object_at
from specgap.extract.pattern_base import USER, lemma, singular
from specgap.extract.state_actions import nominal_verb

__all__ = ["RECEIVING", "Recipient", "merged", "recipient_reading", "subject_scope"]

# verbs whose subject receives their object
RECEIVING = frozenset({"get", "receive", "obtain", "gain", "earn", "have"})
# passive verbs that give their object to their subject: "be issued a permit"
_GIVING = ("given", "granted", "offered", "awarded", "issued", "assigned", "allocated",
           "sent", "lent", "loaned", "charged", "refunded")  # fmt: skip
# what gives in the same way as "give": the thing given is added to the subject
_AS_GIVE = frozenset({"given", "granted", "offered", "awarded"})

_VERB = re.compile(
    r"(?:\s*\b(?:not|never|only|also|ever|always|again|any\s+longer)\b)*\s*"
    r"(?:(?P<get>gets?|getting|got|receives?|received|obtains?|obtained|gains?|gained|"
    r"earns?|earned|ha(?:ve|s|d))|be\s+(?P<given>" + "|".join(_GIVING) + r"))\b",
    re.I,
)
# subjects that are the agent: what they get, the agent does (reads, fetches)
_AGENT = re.compile(
    r"^(?:you|we|i|it|agents?|assistants?|the\s+(?:agent|assistant|system|bot|model)|"
    r"(?:our\s+)?staff|no\s+one|nobody)$",
    re.I,
)
# the user in general, whoever the agent serves; a role ("guests", "members", "students")
# may be some users only, so it stays a condition
_GENERIC_USER = re.compile(
    r"^(?:the\s+|a\s+|an\s+|any\s+|all\s+|every\s+)?(?:user|customer|client|caller|"
    r"requester|person|people)s?$",
    re.I,
)
_LEADING = re.compile(r"^[\s\-*•>\d.),]*", re.I)
# a modal's words left before the modal word matched ("may" of "may not")
_AUX_TAIL = re.compile(
    r"(?:\s+(?:can|may|must|should|shall|will|could|would|do|does|did|is|are|was|were))+$", re.I
)
_RULES = frozenset({"must_not", "only", "must"})
_COUNT = re.compile(
    r"\s+(?:more|fewer|less|at\s+(?:most|least)|up\s+to|over|under|no\s+more|\d|one|two|"
    r"three|four|five|several|multiple)\b",
    re.I,
)
_DET = re.compile(r"^(?:the|a|an|any|all|every|each|some)\s+", re.I)


class Recipient(NamedTuple):
    """The giving action: its verb, object, the verb phrase's span, and the condition the
    subject states (None: the user in general)."""

    verb: str
    obj: str
    span: tuple[int, int]
    condition: Condition | None


def _given(noun: str) -> tuple[str, str]:
    """The action that gives `noun`: the one an action noun names ("a deposit refund":
    refund deposit), else adding the thing ("a slip": add slip)."""
    words = [singular(w) for w in DET.sub("", noun.casefold()).split()]
    verb = nominal_verb(words[-1]) if words else None
    if verb is not None:
        return verb, " ".join(words[:-1])
    return "give", " ".join(words)


def recipient_reading(
    main: str, modal_start: int, modal_end: int, modality: str
) -> Recipient | None:
    """The giving action a third party's receiving verb names, with the subject as an
    unbound condition (see the module doc), or None when the clause is no such sentence:
    a permission ("patrons can get a card": no rule), no receiving verb right after the
    modal, a count instead of an object ("... not have more than two cards"), no object,
    an agent's or no subject."""
    if modality not in _RULES:
        return None
    m = _VERB.match(main, modal_end)
    if m is None or _COUNT.match(main, m.end()):
        return None
    if m["get"] and m["get"].casefold().startswith("ha") and modality != "must_not":
        return None
    raw_subject = main[:modal_start]
    lead = _LEADING.match(raw_subject)
    sub_at = lead.end() if lead else 0
    subject = _AUX_TAIL.sub("", " ".join(raw_subject[sub_at:].split()))
    if not subject or _AGENT.match(subject) or not re.fullmatch(r"[A-Za-z][\w\s'-]*", subject):
        return None
    obj, o_end = object_at(main, m.end())
    if not obj:
        return None
    given = m["given"]
    if given is not None and given.casefold() not in _AS_GIVE:
        verb, what = lemma(given.casefold()), obj  # "be issued a permit": issue permit
    else:
        verb, what = _given(obj)
    condition = None
    if not _GENERIC_USER.match(subject):
        start = sub_at + raw_subject[sub_at:].find(subject.split()[0])
        said = _DET.sub("", subject).casefold()
        condition = Condition("if", f"for {said}", start, start + len(subject))
    return Recipient(verb, what, (m.start(), o_end), condition)


def merged(cond: Condition, given_to: Condition | None) -> Condition:
    """The sentence's own condition and the recipient's, as one unbound condition that says
    both (a bound state test alone would drop the recipient), or `cond` when the subject
    restricts nothing or `cond` is read from the subject's own words."""
    if given_to is None or given_to.start <= cond.start < cond.end <= given_to.end:
        return cond  # the subject's own words are the condition already ("with unpaid fines")
    start, end = min(cond.start, given_to.start), max(cond.end, given_to.end)
    return Condition("if", f"{given_to.text}, {cond.text}", start, end)


# people a rule may be about: the user's roles (`USER`) and a few more kinds of person
_PEOPLE = re.compile(
    r"(?:\b" + USER + r"s?|\b(?:child|children|minor|visitor|adult|senior|driver|rider|"
    r"traveller|owner|holder|partner|vendor|contractor|volunteer|teen|teenager|kid|"
    r"walk-in|newcomer|beginner|trainee|intern|dependant|dependent|spouse)s?)$",
    re.I,
)


# a count the rule bounds: read by the quantity readings, which a condition must not widen
_COUNTED = re.compile(
    r"\b(?:more|fewer|less)\s+than\b|\bat\s+(?:most|least)\b|\bup\s+to\b|\b\d+\b|"
    r"\b(?:once|twice|again)\b",
    re.I,
)


# "Only members in good standing may V": a kind of person said with the state it is in (a
# kind said by a word alone, "Only members may V", says who may, which no call decides)
_ONLY_WHO = re.compile(
    r"^\W*only\s+(?P<who>[A-Za-z][\w'-]*(?:\s+[\w'-]+)?\s+in\s+[\w\s'-]+?)\s+(?:may|can|"
    r"are\s+(?:allowed|permitted|able)\s+to|"
    r"is\s+(?:allowed|permitted|able)\s+to)\s",
    re.I,
)


def subject_scope(main: str, modal_start: int, modality: str) -> Condition | None:
    """ "Guests cannot book a slip": a ban (or `only`) whose subject is some kind of person,
    not the agent and not the user in general, holds for that kind of person only: an
    unbound condition, so the rule is reviewed, never a ban on every call. None for any
    other subject (the agent, the user, a thing: "refunds cannot exceed ...") and for a
    count ("renters may not reserve more than 3 cars"), which the quantity readings bound."""
    if modality not in {"must_not", "only"} or _COUNTED.search(main, modal_start):
        return None
    raw_subject = main[:modal_start]
    lead = _LEADING.match(raw_subject)
    sub_at = lead.end() if lead else 0
    only = _ONLY_WHO.match(main) if modality == "only" and not raw_subject.strip() else None
    if only is not None:  # "Only members in good standing may book": who, in which state
        raw_subject, sub_at = main[: only.end("who")], only.start("who")
    subject = _AUX_TAIL.sub("", " ".join(raw_subject[sub_at:].split()))
    if not subject or _AGENT.match(subject) or _GENERIC_USER.match(subject):
        return None
    held = re.fullmatch(r"(?P<p>.+?)\s+in\s+[\w\s-]+", subject)  # "members in arrears"
    if not re.fullmatch(r"[A-Za-z][\w\s'-]*", subject) or not _PEOPLE.search(
        held["p"] if held else subject
    ):
        return None
    start = sub_at + raw_subject[sub_at:].find(subject.split()[0])
    said = _DET.sub("", subject).casefold()
    return Condition("if", f"for {said}", start, start + len(subject))
