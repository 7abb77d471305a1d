"""Verb phrases read as verb + object: the verb's key and classes, the object's words and how
much each says ("reschedule the pickup", "cancellation of the order", "revoke the tags
associated with the album"). Pure functions of the text; `specgap.resolve.actions` scores
them against tools."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from specgap.resolve.lexicon import PARTICLES, ZERO_NOUNS, classes_of, verb_key
from specgap.resolve.text import ARTICLES, FILLER, split, stem

_LEAD = frozenset({"to", "please", "then", "first", "also", "just", "immediately"})
LEAD = _LEAD  # words before a mention's verb that say nothing
_HYPHEN_PREFIX = re.compile(r"\b([A-Za-z])-(?=[A-Za-z])")  # e-mail, x-ray
# a participle joined to a noun by a hyphen modifies what follows it ("role-based access
# groups", "card-linked offers"): the noun is kept, the participle ends no noun phrase
_HYPHEN_PARTICIPLE = re.compile(r"\b([A-Za-z]{2,})-[A-Za-z]+ed\b")


@dataclass(frozen=True)
class Action:
    """A mention read as verb + object."""

    verb: str  # verb key: the stem(s) of the verb, run together
    written: str  # the verb as written
    classes: frozenset[str]
    objects: tuple[str, ...]  # stems of the object's words, filler dropped
    stress: tuple[float, ...] = ()  # how much each object word says (see `_stress`)


_ACRONYM_PLURAL = re.compile(r"\b([A-Z]{2,})s\b")  # IDs, URLs: not camelCase `I Ds`


@lru_cache(maxsize=16384)
def prose_words(text: str) -> tuple[str, ...]:
    """Lower-case words of prose, a one-letter prefix joined to its word (`e-mail`), an
    acronym's plural kept whole (`IDs`)."""
    if "-" in text:
        text = _HYPHEN_PREFIX.sub(r"\1", text)
    return split(_ACRONYM_PLURAL.sub(lambda m: m.group(1).lower() + "s", text))


def parse_action(mention: str, known: Iterable[str] = ()) -> Action | None:
    """The mention as verb + object, when its first word is a verb (see the module doc);
    `known` are verb keys beyond the lexicon."""
    if "-" in mention:
        mention = _HYPHEN_PARTICIPLE.sub(r"\1", mention)
    raw = list(prose_words(mention))
    while raw and raw[0] in _LEAD:
        raw.pop(0)
    if not raw:
        return None
    extra = set(known)
    named = _tool_named(raw, extra)
    if named is not None:
        return named
    written = raw[0]
    key = stem(written)
    rest = raw[1:]
    if rest and rest[0] in PARTICLES:
        phrasal = verb_key(f"{written} {rest[0]}")
        if classes_of(phrasal) or phrasal in extra:
            key, written, rest = phrasal, f"{written} {rest[0]}", rest[1:]
        else:
            rest = rest[1:]  # "close out the ticket": the particle says nothing more
    classes = classes_of(key)
    if not classes and key not in extra:
        nominal = _nominal(raw, extra)
        if nominal is None:
            return None
        key, written, rest = nominal
        classes = classes_of(key)
    # "reserve reservation", "book a booking": the act's own noun says nothing of what it acts on
    rest = [w for w in rest if w == "one" or action_noun(w, extra) != key]
    stressed: dict[str, float] = {}
    for word, factor in _stress(rest):
        w = stem(word)
        stressed[w] = max(stressed.get(w, 0.0), factor)
    return Action(key, written, classes, tuple(stressed), tuple(stressed.values()))


_BREAKS = frozenset({"for", "with", "of", "from", "to", "in", "on", "by", "at", "into", "about"})
BREAKS = _BREAKS  # prepositions: what follows one qualifies the words before it
# words of an object that point at nothing ("the role itself", "an existing user")
_EMPTY = frozenset({"itself", "themselves", "existing"})
HEAD, CHUNK, TAIL, PARTICIPLE = 2.0, 1.5, 1.0, 0.5


def _stress(rest: Iterable[str]) -> list[tuple[str, float]]:
    """The object's words with how much each says: the head noun of the first noun phrase
    (its last word before a preposition or participle, "user *assignments* for the role")
    twice a word after it, the rest of that phrase 1.5 times; a participle ("associated",
    "linked") half."""
    rest = list(rest)
    # "refund one visit": a visit ("one" only says how many, and stems as "on"); "give one"
    # alone is a pronoun, kept for what it is
    rest = [w for n, w in enumerate(rest) if w != "one" or n == len(rest) - 1]
    words = [w for w in rest if w not in ARTICLES and w not in _EMPTY and len(w) > 1]
    cut = next(
        (n for n, w in enumerate(words) if w in _BREAKS or (n and w.endswith("ed"))), len(words)
    )
    out: list[tuple[str, float]] = []
    for n, w in enumerate(words):
        if w in FILLER:
            continue
        if n < cut:
            factor = HEAD if n == cut - 1 else CHUNK
        else:
            factor = PARTICIPLE if w.endswith("ed") else TAIL
        out.append((w, factor))
    return out


def action_noun(word: str, known: set[str]) -> str | None:
    """The verb key of a noun that names an action: one made from a verb ("inspection",
    "payment"), a gerund ("booking"), or a verb used as a noun ("a change", "a refund",
    "a lookup")."""
    key = verb_of_noun(word, known)
    if key is not None:
        return key
    if word.endswith("ings") and len(word) > 6:
        word = word[:-1]  # "bookings": the gerund's plural
    key = stem(word)
    if word.endswith("ing") or word in ZERO_NOUNS:
        return key if classes_of(key) or key in known else None
    return phrasal_key(word)


def phrasal_key(word: str) -> str | None:
    """The verb key of a phrasal verb of the lexicon run together as the noun of its act
    ("a payout": pay out, "the setup", "any shutoff"; plural too), or None."""
    if word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    for particle in PARTICLES:
        if word.endswith(particle) and len(word) > len(particle) + 1:
            key = verb_key(f"{word[: -len(particle)]} {particle}")
            if classes_of(key):
                return key
    return None


def phrasal_noun(word: str) -> bool:
    """Whether the word is a phrasal verb run together as a noun (`phrasal_key`)."""
    return phrasal_key(word) is not None


# how English makes nouns of verbs: (noun ending, verb ending), most specific first
_NOMINAL = (
    ("ication", "y"), ("ation", "ate"), ("ation", "e"), ("ation", ""), ("sion", "d"),
    ("ition", ""), ("ion", "e"), ("ion", ""), ("ment", ""), ("al", ""), ("ure", "e"),
    ("ance", "e"), ("ance", ""), ("ption", "be"), ("ission", "it"),
)  # fmt: skip
NOMINAL = _NOMINAL  # (noun ending, verb ending): how English makes nouns of verbs


# nouns made from a verb that name a thing, not the act ("the location of the clinic")
_PLACES = frozenset({"location", "locations", "station", "stations", "position", "positions"})


def verb_of_noun(noun: str, known: Iterable[str] = ()) -> str | None:
    """The verb key a noun is made from ("cancellation" -> cancel, "modification" ->
    modify, "extension" -> extend, "payment" -> pay; plural too, "cancellations"), when
    it is a verb the lexicon or `known` has."""
    if noun in _PLACES:
        return None
    if noun.endswith(("ions", "ments", "als", "ures", "ances")) and noun[:-1] not in _PLACES:
        noun = noun[:-1]  # "slip assignments": as one assignment
    extra = set(known)
    for ending, base in _NOMINAL:
        if noun.endswith(ending) and len(noun) > len(ending) + 2:
            key = stem(noun[: -len(ending)] + base)
            if classes_of(key) or key in extra:
                return key
    return None


# nouns for a tool itself: "the verification logging tool" names a tool by what it does
TOOL_WORDS = frozenset({"tool", "tools", "function", "functions", "endpoint", "endpoints"})


def _tool_named(raw: list[str], known: set[str]) -> Action | None:
    """A tool named as a noun phrase by what it does: its action said last before the
    tool word, by a gerund or a noun made from a verb, and its object before that ("the
    verification logging tool": log + verification; "the order cancellation function":
    cancel + order). None for any other mention: one without an object ("the transfer
    tool" says which kind of action, not on what), one whose first word is a verb (an
    imperative: "modify shipping tools"), one whose action word is a bare verb (as often a
    noun: "exchange order tools")."""
    words = [w for w in raw if w not in ARTICLES]
    if len(words) < 3 or words[-1] not in TOOL_WORDS or classes_of(stem(words[0])):
        return None  # "modify shipping tools": an imperative, whose object is the tools
    action = words[-2]
    key: str | None = stem(action) if action.endswith("ing") else None
    if key is not None and not (classes_of(key) or key in known):
        key = None
    if key is None:
        key = verb_of_noun(action, known)
    if key is None:
        return None
    stressed: dict[str, float] = {}
    for word, factor in _stress(words[:-2]):
        w = stem(word)
        stressed[w] = max(stressed.get(w, 0.0), factor)
    if not stressed:
        return None
    return Action(key, action, classes_of(key), tuple(stressed), tuple(stressed.values()))


def _nominal(raw: list[str], known: Iterable[str]) -> tuple[str, str, list[str]] | None:
    """An action named by a noun: "cancellation of the order" (first word) or "order
    cancellation" (last word): (verb key, the noun, the object's words). Of two such
    nouns, a compound's head is its last ("reservation cancellations": cancel), unless a
    preposition follows the first ("cancellation of reservations")."""
    first = verb_of_noun(raw[0], known)
    if first is not None and (len(raw) == 1 or raw[1] in _BREAKS):
        return first, raw[0], raw[1:]
    if len(raw) > 1:
        key = verb_of_noun(raw[-1], known)
        zero = raw[-1] in ZERO_NOUNS or phrasal_noun(raw[-1])
        if key is None and zero and raw[-2] not in ARTICLES:
            key = action_noun(raw[-1], set(known))  # "the slip lookup", "a weather check"
        if key is not None:
            return key, raw[-1], raw[:-1]
    if first is not None:
        return first, raw[0], raw[1:]
    return None


# a verb acting on a relation: making one makes the relation, removing one undoes it
_MAKING, _UNDOING_CLASS = frozenset({"create"}), frozenset({"delete"})


def relation_reading(action: Action, head: str) -> Action | None:
    """The action on a relation, named by the noun of the verb that relates ("delete the
    user assignments for the role"; `head` is the object's head noun, "assignment"), read
    as that verb or its undoing with the relation's two ends as the object: unassign
    (detach) the user and the role; "create an enrollment for the pupil": enroll
    (attach) the pupil. None when the head is no noun of a relating verb (`attach` in
    `specgap.resolve.lexicon`), or the verb neither makes nor removes."""
    relating = verb_of_noun(head) if head else None
    if relating is None or "attach" not in classes_of(relating):
        return None
    # the verb's own kind stays: unassigning is deleting an assignment
    if action.classes & _UNDOING_CLASS:
        written = f"un{relating}"
        key, classes = verb_key(written), action.classes | {"detach"}
    elif action.classes & _MAKING:
        written, key, classes = relating, relating, action.classes | {"attach"}
    else:
        return None
    # the relation's ends say alike what it acts on: neither qualifies the other; a
    # participle ("associated", "linked") joins them and is none of them
    stress = action.stress or (1.0,) * len(action.objects)
    kept = tuple(
        w for w, f in zip(action.objects, stress, strict=True) if w != head and f != PARTICIPLE
    )
    if not kept:
        return None
    return Action(key, written, classes, kept, (HEAD,) * len(kept))
