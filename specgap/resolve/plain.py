"""A mention said otherwise than as verb + object, read as the verb + object it means.

- A light verb whose object is an action noun ("make any changes to a booking", "carry out
  a weather check", "process a deposit refund"): the noun's verb acts on the noun's
  modifiers and on what follows its preposition (change booking, check weather, refund
  deposit). The words as written may still name a tool (`make_move` for "make a move"), so
  the resolver weighs both readings.
- An object that is anything at all ("reserve anything"): the verb alone.
- A pronoun between a verb and its particle ("look them up"): the phrasal verb, with the
  pronoun kept as an object the mention does not say (a suggestion, never a resolution);
  a noun there, where the particle changes the kind of action ("check the guest in"):
  the phrasal verb and its object.
- Whom the action is for ("book on behalf of a guest"): not what it acts on; dropped.
- A tool named by a noun phrase and a tool word ("the inspection log tool"): the phrase,
  which may be the tool's name in other words.

`plain_form` is a pure function of the mention (and the verbs the registry adds).
"""

from __future__ import annotations

from collections.abc import Iterable

from specgap.extract.people import is_person
from specgap.operators.prose import NUMBER_WORDS
from specgap.resolve.lexicon import PARTICLES, classes_of, verb_key
from specgap.resolve.text import ARTICLES, stem
from specgap.resolve.verbs import BREAKS, LEAD, TOOL_WORDS, action_noun, prose_words

__all__ = ["LIGHT", "plain_form"]

# an object that is anything at all ("reserve anything"): the verb alone says what is done
_EMPTY_OBJECTS = frozenset({"anything", "something", "everything", "whatever", "anyone",
                            "someone", "everyone", "anybody", "somebody"})  # fmt: skip
# a pronoun between a verb and its particle: "look them up", "sign her up"
_HELD = frozenset({"it", "them", "him", "her", "this", "that", "these", "those", "one", "ones"})

# light verbs: with an action noun as object, the noun says the action ("make a booking",
# "perform an inspection", "carry out a weather check", "process a refund"); allowing one
# is no action of its own ("payouts are permitted once ...": permit payouts)
LIGHT = frozenset(
    verb_key(v)
    for v in ("make", "do", "perform", "carry", "conduct", "complete", "run", "process",
              "handle", "take", "give", "undertake", "execute", "permit", "allow", "issue",
              "place", "arrange")
)  # fmt: skip


def _carried(rest: list[str], known: set[str]) -> tuple[str, str, list[str]] | None:
    """A light verb's object read as the action its head noun names: (verb key, the noun,
    the object of that action: the head's modifiers and what follows its preposition)."""
    words = [
        w
        for w in rest
        if w not in ARTICLES and w not in _DETERMINERS and not w.isdigit() and w not in NUMBER_WORDS
    ]  # "make three bookings": how many is no object of the act
    cut = next((n for n, w in enumerate(words) if w in BREAKS), len(words))
    if cut == 0:
        return None
    head = words[cut - 1]
    key = action_noun(head, known)
    if key is None:
        return None
    after = words[cut + 1 :] if cut < len(words) else []
    return key, head, [*words[: cut - 1], *after]


# verbs whose object may be the person the act is for ("refund the customer")
_TO_SOMEONE = frozenset(
    {"refund", "pay", "repay", "reimburse", "compensate", "credit", "charge", "bill", "email",
     "text", "message", "notify", "remind", "call", "ring", "phone", "contact", "thank"}
)  # fmt: skip
_DETERMINERS = frozenset({"any", "all", "each", "every", "some", "no", "your", "their", "its",
                          "his", "her", "our", "this", "that", "these", "those"})  # fmt: skip


def plain_form(mention: str, known: Iterable[str] = ()) -> tuple[str, bool] | None:
    """The mention said with its action as the verb, when it says it otherwise, and whether
    the words as written may still name a tool: a light verb's action noun ("make any
    changes to a booking": `chang booking`, the verb's key; "make a move" may be
    `make_move`); a generic object dropped ("reserve anything": `reserve`) or a pronoun
    moved past its verb's particle ("look them up": `look up them`, still a pronoun
    object), which the words as written misread. None when the mention is plain."""
    raw = list(prose_words(mention))
    while raw and raw[0] in LEAD:
        raw.pop(0)
    if len(raw) < 2:
        return None
    behalf = next((n for n, w in enumerate(raw) if n and w == "behalf"), None)
    if behalf is not None:  # "book on behalf of a guest": for whom, not what is booked
        kept = raw[: behalf - 1] if raw[behalf - 1] == "on" else raw[:behalf]
        return (" ".join(kept), False) if kept else None
    if len(raw) > 2 and raw[-1] in TOOL_WORDS:  # "the inspection log tool": its name
        return " ".join(raw[:-1]), True
    extra = set(known)
    first, rest = raw[0], raw[1:]
    if rest[0] in PARTICLES and stem(first) in LIGHT:  # "carry out an inspection"
        rest = rest[1:]
    if stem(first) in LIGHT and rest:
        carried = _carried(rest, extra)
        if carried is not None:
            key, _, obj = carried
            return " ".join([key, *obj]), True
    if len(rest) > 1 and rest[0] in _HELD and rest[1] in PARTICLES:
        phrasal = verb_key(f"{first} {rest[1]}")
        if classes_of(phrasal) or phrasal in extra:
            return " ".join([first, rest[1], rest[0], *rest[2:]]), False
    between = rest[:-1]
    if (
        between
        and rest[-1] in PARTICLES
        and not any(w in BREAKS or w in PARTICLES for w in between)
    ):
        phrasal = verb_key(f"{first} {rest[-1]}")  # "check the guest in": check in the guest
        # only where the particle changes the kind of action ("look the guest up" reads,
        # as "look" does; "check the guest in" is no reading)
        if classes_of(phrasal) and classes_of(phrasal) != classes_of(stem(first)):
            return " ".join([first, rest[-1], *rest[:-1]]), False
    kept = [w for w in rest if w not in ARTICLES and w not in _DETERMINERS]
    if first in _TO_SOMEONE and kept and all(is_person(w) for w in kept):
        # "refund the customer", "email the owner": whom the act is for, not what it acts
        # on (the words as written may still name a tool: `email_customer`)
        return first, True
    if classes_of(stem(first)) and any(w in _EMPTY_OBJECTS for w in rest):
        kept = [w for w in rest if w not in _EMPTY_OBJECTS]
        if all(w in ARTICLES or w in _DETERMINERS for w in kept):
            return first, False  # "reserve anything": the verb alone
    return None
