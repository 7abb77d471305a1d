"""A mention that says its action in another shape than verb + object, said as verb + object.

Policies name actions in many grammatical shapes; the resolver scores verb + object
(`specgap.resolve.actions`). This module turns the other shapes into that one, from the
mention's words alone:

- a passive clause: the object, a form of `be`/`get` (with a modal or adverbs), the verb's
  past participle and what follows ("the claim has been paid", "results are released to
  the portal", "the parcel is sent back"): `pay the claim`, `release results to the
  portal`, `send the parcel back`;
- a past participle before its object ("a paid claim", "the held parcel"): the verb and
  the object;
- a verb in an irregular form first ("paid the claim", "sent it back"): its base form;
- a tool's verb with a particle no phrasal verb of it takes ("ban up the rider", a
  particle borrowed from "look up"): the verb alone;
- a request for or an attempt at an action ("a reroute request", "requests to cancel an
  order"): the action;
- a compound of a thing and an action noun, where the thing's word is also a verb
  ("order cancellations", "record deletion", "account closure"): the action noun's verb
  and the thing (`cancel order`), not the first word as a verb (`order` a cancellation).

Past participles and irregular forms are asked of an English lexicon (`lemminflect`, whose
tables ship in its wheel; loaded on first use), never guessed from spelling: "the order is
open" is no passive (`open` is no past participle), "the sender" no verb.

`recast` is a pure function of the mention and the verbs the registry adds; it says too
whether the words as written may still name a tool (the resolver then weighs both).
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from functools import cache

from specgap.operators.prose import inflections, lemmas
from specgap.resolve.lexicon import PARTICLES, ZERO_NOUNS, classes_of, verb_key
from specgap.resolve.text import ARTICLES, FILLER, stem
from specgap.resolve.verbs import (
    BREAKS,
    LEAD,
    NOMINAL,
    phrasal_key,
    phrasal_noun,
    prose_words,
    verb_of_noun,
)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


__all__ = [
    "base_forms",
    "names_a_thing",
    "past_participle",
    "recast",
    "states_a_fact",
    "unmodified",
]

# forms of `be` and `get` that make a passive; `have` makes a perfect; the modals and
# adverbs that may stand among them ("must first be", "has not yet been", "is already")
_PASSIVE = _words("is are was were be been being gets get got gotten getting become becomes became")
_PERFECT = _words("has have had")
_BE = _words("is are was were be been being")  # a state follows only these
_AUX = _PASSIVE | _PERFECT
_MODALS = _words("can cannot could may might must should shall will would")
_BETWEEN = _MODALS | _words(
    "not never already first yet still just also fully properly successfully actually correctly"
)
# words that end the object of a passive and start something else ("the parcel, once it is
# held"): no passive is read across them
_NEGATIONS = _words("not never no nor don t doesn cannot")
_STOPS = _words("and or but if when once until unless before after while because")


def base_forms(word: str) -> tuple[str, ...]:
    """The verbs `word` is a form of (`paid` -> pay, `found` -> find, found), as the
    lexicon lists them; empty for a word that is no verb form."""
    if len(word) < 2 or not word.isalpha():
        return ()
    return lemmas(word).get("VERB", ())


@cache
def only_a_verb(word: str) -> bool:
    """Whether `word` is the base form of an English verb and of no noun (`summarize`,
    `protect`; not `console`, `score`, `copy`), as the lexicon lists them."""
    if len(word) < 2 or not word.isalpha():
        return False
    found = lemmas(word)
    return word in found.get("VERB", ()) and "NOUN" not in found


@cache
def plural(word: str) -> bool:
    """Whether `word` is a plural noun (`cards`, `people`; not `news`, `status`, `card`)."""
    if len(word) < 3 or not word.isalpha():
        return False
    nouns = lemmas(word).get("NOUN", ())
    return bool(nouns) and word not in nouns


def past_participle(word: str) -> str | None:
    """The verb `word` is the past participle of (`paid`, `held`, `rerouted`, `set`), or
    None: `open`, `sender` and `paying` are none."""
    for verb in base_forms(word):
        if word in inflections(verb, "VBN"):
            return verb
    return None


def _choose(verbs: Iterable[str], known: frozenset[str]) -> str | None:
    """Of a word's verbs, the first the lexicon or the registry knows, else the first."""
    listed = tuple(verbs)
    for verb in listed:
        if classes_of(stem(verb)) or stem(verb) in known:
            return verb
    return listed[0] if listed else None


def recast(
    mention: str, known: Iterable[str] = (), named: Iterable[str] = ()
) -> tuple[str, bool] | None:
    """The mention said as verb + object, when it says its action in another shape (see
    the module doc), and whether the words as written may still name a tool; None when it
    is already verb + object, or no such shape. `known` are verb keys the registry adds to
    the lexicon; `named` the verbs its tools are named by, which an action noun may be made
    from ("a renewal" with `renew_loan`)."""
    raw = list(prose_words(mention))
    while raw and raw[0] in LEAD:
        raw.pop(0)
    clause = _subordinate(raw) or _made_new(raw)
    if clause is not None:
        return clause, True
    words = [w for w in raw if w not in ARTICLES and w not in _DETERMINERS]
    if not words or raw[0] in _NEGATIONS:
        return None  # "not redirect a parcel": a clause read wrongly; no reading of it
    extra = frozenset(known)
    nouns = extra | frozenset(named)
    lead = raw[0] if raw[0] in ARTICLES or raw[0] in _DETERMINERS else ""
    # "search the requests" is a verb and its object; "a reroute request" a compound
    verb_first = not lead and (classes_of(stem(words[0])) or stem(words[0]) in extra)
    asked = None if verb_first else _asked(words)
    if asked is not None:  # an article stays: "a sender request" asks for a thing
        return f"{lead} {asked}".strip(), True
    first = words[0]
    phrasal = phrasal_key(first)
    if classes_of(stem(first)) or stem(first) in extra or phrasal is not None:
        passive = _passive(raw) if lead else None
        if passive is not None:  # "a refund has been issued for ...": the clause's verb
            return passive, True
        said = _compound(words, nouns)
        led = raw[0] in ARTICLES or raw[0] in _DETERMINERS
        if said is None and led and (first in ZERO_NOUNS or phrasal is not None):
            # "any payout on a claim", "a shutoff of the supply": the action noun leads,
            # its object follows `of`
            rest = words[2:] if words[1:2] == ["of"] else words[1:]
            spoken = _phrasal_words(first) if phrasal is not None else first
            said = " ".join([spoken, *rest])
        return None if said is None else (said, True)
    passive = _passive(raw)
    if passive is not None:
        return passive, True
    borrowed = verb_key(" ".join(words[:2]))
    if (
        stem(first) in nouns
        and len(words) > 2
        and words[1] in PARTICLES
        and not (classes_of(borrowed) or borrowed in extra)
    ):
        # a particle no phrasal verb of a tool's verb takes, borrowed from another verb
        # ("look up the rider before banning them": "ban up rider"): it says nothing
        return " ".join([first, *words[2:]]), True
    if len(words) >= 2:
        verb = past_participle(first)
        if verb is not None:
            return " ".join([verb, *words[1:]]), True  # "a paid claim": pay the claim
        if not first.endswith("ing"):
            verb = _choose(base_forms(first), extra)
            if verb is not None and verb != first and _knows(verb, extra):
                return " ".join([verb, *words[1:]]), True  # "sent it back": send it back
    said = _compound(words, nouns)
    if said is None and (len(words) > 1 or len(words) < len(raw)):
        # one word alone may be a word of a name ("recommendations"); with an article or
        # a determiner it is prose ("a renewal", "any renewal")
        said = _action_of(words, nouns)
    return None if said is None else (said, True)


# words that make a clause a condition or a time of another ("once the claim has been
# filed", "only after the deposit is refunded"): the clause still says its action
_SUBORDINATORS = _words("once after when whenever until unless before if only soon as")


def _subordinate(raw: list[str]) -> str | None:
    """A passive or perfect clause led by a subordinating conjunction ("once the claim has
    been filed", "as soon as the timesheet is submitted"), read as its action ("file the
    claim"); None for any other words, which are left to the other shapes."""
    at = 0
    while at < len(raw) and raw[at] in _SUBORDINATORS:
        at += 1
    if at == 0 or at == len(raw):
        return None
    return _passive(raw[at:])


# determiners before "new" that speak of every thing yet to be made ("any new booking",
# "no new appointments"); "the new salary" is one already there, and "a new seat" may be
# one to move to, so neither is read so
_UNMADE = _words("any all no every each")


def _made_new(raw: list[str]) -> str | None:
    """ "new appointments", "any new booking", "no new employees" -> "create appointments":
    things said to be new, with no article that points at one already there, are things
    being made. A short noun phrase only: "new" before a preposition or a clause ("new
    appointment times for the vet") is left to the other shapes."""
    at = 1 if raw[:1] and raw[0] in _UNMADE else 0
    rest = raw[at + 1 :]
    if raw[at : at + 1] != ["new"] or not 1 <= len(rest) <= 2:
        return None
    if any(w in BREAKS or w in _STOPS or w in _AUX or w in _MODALS for w in rest):
        return None
    return " ".join(["create", *rest])


def _knows(verb: str, known: frozenset[str]) -> bool:
    return bool(classes_of(stem(verb))) or stem(verb) in known


# words before a noun that say which ones, not what is done ("any renewal", "all holds")
_DETERMINERS = _words("any all each every some no this that these those its their")


def _passive(raw: list[str]) -> str | None:
    """ "the claim has been paid [to the sender]" -> "pay the claim [to the sender]": the
    object, then forms of `be`/`get` with modals and adverbs, then a past participle (of
    any verb: the shape says it is one); what follows stays after the object (a particle,
    "sent back", and a place alike). With `have` and no `be`, the words before are its
    subject, not its object: "the agent has verified the rider" -> "verify the rider"."""
    at = next((n for n, w in enumerate(raw) if w in _AUX or w in _MODALS), None)
    if at is None or at == 0 or any(w in _STOPS for w in raw[:at]):
        return None
    n = at
    while n < len(raw) and (raw[n] in _AUX or raw[n] in _BETWEEN):
        n += 1
    verb = past_participle(raw[n]) if n < len(raw) else None
    if verb is None:
        return None
    if not _PASSIVE.intersection(raw[at:n]):
        return " ".join([verb, *raw[n + 1 :]]) if _PERFECT.intersection(raw[at:n]) else None
    return " ".join([verb, *raw[:at], *raw[n + 1 :]])


def states_a_fact(mention: str) -> bool:
    """Whether the mention is a clause saying what something is, not what is done to it:
    a form of `be` followed by no past participle ("the bill is overdue", "the order is
    open", "the parcel is out for delivery"). A state is no tool: the conditions on it
    are read elsewhere (`specgap.resolve.conditions`)."""
    raw = list(prose_words(mention))
    at = next((n for n, w in enumerate(raw) if w in _AUX or w in _MODALS), None)
    if at is None or at == 0 or any(w in _STOPS for w in raw[:at]):
        return False
    if at > 2 and raw[0] not in ARTICLES and raw[0] not in _DETERMINERS:
        return False  # the words before may be no noun phrase ("shows whose turn it is")
    n = at
    while n < len(raw) and (raw[n] in _AUX or raw[n] in _BETWEEN):
        n += 1
    if n >= len(raw) or not _BE.intersection(raw[at:n]):
        return False
    word = raw[n]
    return past_participle(word) is None and not word.endswith("ing")


def _compound(words: list[str], nouns: frozenset[str]) -> str | None:
    """ "order cancellations", "loan renewals" -> "cancel order", "renew loan": an action
    noun made from a verb last (an ending undone: a verb used as its own noun, "order
    change", reads as a change either way), after the thing it acts on."""
    if len(words) < 2 or any(w in _STOPS or w in BREAKS for w in words):
        return None
    key = verb_of_noun(words[-1], nouns)
    if key is None or key == stem(words[0]):
        return None
    return " ".join([key, *words[:-1]])


def _action_of(words: list[str], nouns: frozenset[str]) -> str | None:
    """ "the renewal of a loan", "a renewal" -> "renew loan", "renew": an action noun made
    from a verb (the lexicon's, or one a tool is named by) first, then what follows its
    preposition; articles and determiners before it say nothing."""
    key = verb_of_noun(words[0], nouns)
    if key is None:
        return None
    if len(words) == 1:
        return key
    if words[1] not in BREAKS:
        return None
    return " ".join([key, *words[2:]])


def names_a_thing(mention: str, known: Iterable[str] = (), named: Iterable[str] = ()) -> bool:
    """Whether the mention is an article or determiner and one noun that names no action
    ("the sender", "a sample", "the depot"): a thing the tools act on, never a tool, though
    its word ends a tool's name (`return_to_sender`). An action noun ("a refund", "any
    reroute", "the renewal", "a booking") names its action; a word alone (`sender`) may be
    a partial name, and is left to the names."""
    raw = list(prose_words(mention))
    if len(raw) < 2 or not all(w in ARTICLES or w in _DETERMINERS for w in raw[:-1]):
        return False  # "load all" is a verb and its object
    word = raw[-1]
    verbs = frozenset(known) | frozenset(named)
    key = stem(word)
    if word in ZERO_NOUNS or key in verbs or phrasal_noun(word):
        # a verb used as its own noun ("a refund"), or one a tool is named by ("any
        # reroute"); another verb of the lexicon is its thing ("the store", "the record")
        return False
    if verb_of_noun(word, verbs) is not None or _made_from_a_verb(word):
        return False  # "the renewal", "a cancellation"
    if word.endswith("ery") and classes_of(stem(word[:-1])):
        return False  # "a delivery"
    if any(word.endswith(p) and base_forms(word[: -len(p)]) for p in PARTICLES):
        return False  # a verb and its particle made one noun: "a pickup", "the payout"
    return not (word.endswith("ing") and base_forms(word))  # "a booking"


def _made_from_a_verb(noun: str) -> bool:
    """Whether an ending undone leaves an English verb ("renewal": renew, "closure":
    close), as the lexicon says; any verb, not only those the resolver knows."""
    if noun.endswith("s") and not noun.endswith("ss"):
        noun = noun[:-1]
    for ending, base in NOMINAL:
        if noun.endswith(ending) and len(noun) > len(ending) + 2:
            verb = noun[: -len(ending)] + base
            if verb in base_forms(verb):
                return True
    return False


def _phrasal_words(noun: str) -> str:
    """A phrasal verb run together as a noun, written as a verb again ("shutoffs": shut
    off); see `verbs.phrasal_key`."""
    word = noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun
    for particle in PARTICLES:
        if word.endswith(particle) and len(word) > len(particle) + 1:
            return f"{word[: -len(particle)]} {particle}"
    return noun


# nouns for asking or trying to do an action: the action is what the mention names ("a
# reroute request", "requests to cancel an order", "any attempt to refund")
_ASKING = _words("request requests attempt attempts")


def _asked(words: list[str]) -> str | None:
    """ "a reroute request", "requests to reroute a parcel", "any request for a refund",
    "any attempt to refund" -> the action asked for or tried: `reroute`, `reroute a
    parcel`, `refund`. A tool named for the request itself (`send_payment_request`) is
    still found by the words as written, which are weighed beside this reading."""
    if len(words) < 2:
        return None
    if words[-1] in _ASKING:
        return " ".join(words[:-1])
    if words[0] in _ASKING and len(words) > 2 and words[1] in ("to", "for", "of"):
        return " ".join(w for w in words[2:] if w not in _DETERMINERS)
    return None


def unmodified(mention: str, vocabulary: Container[str], known: Iterable[str] = ()) -> str | None:
    """The mention without the modifiers before its head noun that the registry never
    uses ("a second reroute", "partial refunds", "urgent blood panels", "a same-day
    delivery": `a reroute`, `refunds`, `blood panels`, `a delivery`), when its head is a
    word the registry uses; None when nothing is dropped. `vocabulary` holds the stems of
    every word of the tools' names, arguments and descriptions. A head no tool speaks of
    ("cancel the premium subscription") leaves the mention as it is: dropping words is
    only ever dropping what qualifies a thing the tools know."""
    raw = list(prose_words(mention))
    while raw and raw[0] in LEAD:
        raw.pop(0)
    if not raw or raw[0] in _NEGATIONS:
        return None
    extra = frozenset(known)
    first = raw[0]
    # a verb first, any verb ("renew the plan"): what follows it is its object
    verb = classes_of(stem(first)) or stem(first) in extra or first in base_forms(first)
    start = 1 if verb and first not in ARTICLES and first not in _DETERMINERS else 0
    if start and len(raw) > 1 and raw[1] in PARTICLES:
        start = 2  # "check out the vets": the particle is the verb's
    end = next((n for n in range(start, len(raw)) if raw[n] in BREAKS), len(raw))
    phrase = raw[start:end]
    if len(phrase) < 2 or stem(phrase[-1]) not in vocabulary:
        return None
    if _STOPS.intersection(phrase) or _AUX.intersection(phrase) or _MODALS.intersection(phrase):
        return None  # a coordination ("top or trending") or a clause: no noun phrase
    # only English words are dropped: one the lexicon lacks may be a name's word misspelled
    # ("serch repositories")
    kept = [
        w
        for w in phrase[:-1]
        if w in FILLER
        or not w.isalpha()
        or stem(w) in vocabulary
        or w in _DETERMINERS
        or not lemmas(w)
    ]
    if len(kept) == end - 1 - start:
        return None
    return " ".join([*raw[:start], *kept, *raw[end - 1 :]])
