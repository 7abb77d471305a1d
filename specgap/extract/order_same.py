"""Same-entity orderings: "look up the booking before cancelling it".

An ordering whose later action's object refers back to the earlier action's object (a
pronoun, "before cancelling it" / "before uploading them", or "the same X", "that X",
"this X", "said X" with X said in the earlier action) requires the earlier call to be about
the same entity, not any entity. The reading sets the rule's `same_as` to the head noun of
that object ("booking", "file"); compile binds it to the later tool's id argument (or keeps
the plain ordering with a note, `specgap.compile_same`).

The cataphoric order says the same ("before cancelling a booking, look it up"; "cancel a
booking only after looking it up"): the pronoun sits in the earlier action and refers to
the later one's object.

Only then: an indefinite object ("before cancelling a booking") is any booking; a sentence
with more than one ordering word, or a clause with more than one noun phrase the pronoun
could point to, is left as it was.
"""

from __future__ import annotations

import re

from specgap.ir import CandidateRule

_ORDER = re.compile(r"\b(?:before|prior\s+to|ahead\s+of|after|follows?|preceded\s+by)\b", re.I)
# the ordering words whose later action is said first ("`t` follows `s` on the same X")
_LATER_FIRST = re.compile(r"after|follows?|preceded\s+by", re.I)
_LEAD = re.compile(r"^\W*(?:(?:only|and|then|but)\s+)?(?P<conn>before|prior\s+to|after)\b", re.I)
_PRONOUN = re.compile(
    r"(?<=\w)\s+(?:it|them)\b(?!\s+(?:is|are|was|were|has|have|had|will|can|gets?|becomes?)\b)",
    re.I,
)
_POINTER = re.compile(
    r"\b(?:the\s+same|that|this|these|those|said)\s+"
    # a noun, never a determiner after the conjunction "that" ("so that the standing ...")
    r"(?P<noun>(?!(?:the|a|an|any|all|each|every|its|their|his|her|our|your)\b)[a-z][a-z-]+)\b",
    re.I,
)
# "the same X" / "that same X": the two actions are about one X, wherever it is said
_SAME = re.compile(
    r"\b(?:(?:the|that|this)\s+(?:very\s+same\s+|very\s+|same\s+)|that\s+exact\s+|"
    # "... on that repair_id", "keyed by that booking_id" or "by its own booking_id": an id
    # argument pointed back at is the same one
    r"(?:(?<=on\s)|(?<=by\s)|(?<=under\s)|(?<=with\s)|(?<=for\s))(?:that|its\s+own)\s+"
    r"(?=`?[a-z]+(?:_[a-z]+)*_id\b))"
    r"`?(?P<noun>[a-z][a-z-]+(?:_[a-z]+)*)\b",
    re.I,
)
# ... but not a span of time or of talk: "in the same chat" is no entity of the calls
# fmt: off
_NOT_ENTITY = frozenset((
    "chat", "conversation", "session", "turn", "message", "reply", "response", "day", "week",
    "month", "call", "time", "way", "thread", "request",
))
# ... nor, after "in" or "during", a stay at a place ("in the same visit"); "on that same
# visit" is one visit the calls are about
_SPAN_AFTER_IN = frozenset(("visit", "trip", "stay"))
_DETERMINERS = frozenset((
    "the", "a", "an", "every", "each", "all", "any", "its", "their", "your", "his", "her", "our",
    "this", "that", "these", "those",
))
# fmt: on
_WORDS = re.compile(r"[A-Za-z_][\w'’-]*")
# words that end a noun phrase: prepositions, conjunctions, pronouns, auxiliaries, adverbs
# fmt: off
_STOP = frozenset((
    "about", "above", "across", "after", "against", "along", "among", "and", "around", "as",
    "at", "before", "behind", "below", "between", "but", "by", "during", "first", "for", "from",
    "if", "in", "into", "is", "are", "was", "were", "be", "been", "being", "has", "have", "had",
    "it", "its", "of", "off", "on", "onto", "or", "out", "over", "prior", "so", "than", "that",
    "then", "them", "they", "this", "those", "to", "through", "under", "until", "up", "upon",
    "via", "when", "whenever", "where", "whether", "which", "while", "who", "with", "within",
    "without", "you", "your", "always", "never", "only", "again", "also", "once", "just", "not",
    "no", "yes", "can", "may", "must", "should", "will", "would", "shall", "do", "does", "did",
))
# fmt: on


def _head(words: list[str]) -> str | None:
    """The last word of a noun phrase's words, before the first word that ends it."""
    taken: list[str] = []
    for at, word in enumerate(words):
        lower = word.casefold()
        if lower in _STOP or lower in _DETERMINERS or "_" in word:
            break
        after = words[at + 1].casefold() if at + 1 < len(words) else ""
        if lower.endswith("ing") and after in _DETERMINERS:
            break  # a participle taking its own object ("the tray using the app")
        taken.append(lower)
    if not taken or taken[-1].endswith(("'s", "’s")):
        return None
    return taken[-1]


def _one_object(clause: str) -> str | None:
    """The head noun of the clause's only noun phrase, or None (none, or several)."""
    words = _WORDS.findall(clause)
    heads = [
        head
        for i, word in enumerate(words)
        if word.casefold() in _DETERMINERS and (head := _head(words[i + 1 : i + 5]))
    ]
    # a possessive inside one phrase ("the owner's pet") is still one phrase
    return heads[0] if len(heads) == 1 else None


def singular(noun: str) -> str:
    """`files` -> `file`, `entries` -> `entry`; other words as they are."""
    if len(noun) > 4 and noun.endswith("ies"):
        return noun[:-3] + "y"
    if len(noun) > 3 and noun.endswith("s") and not noun.endswith(("ss", "us", "is")):
        return noun[:-1]
    return noun


# "`get_visit` on that same visit first, then `move_visit`": the earlier step, then the later
_THEN = re.compile(r"(?:,\s*|\s+)(?:and\s+)?then\b", re.I)


def _clauses(text: str) -> tuple[str, str] | None:
    """(earlier action, later action) of a sentence with one ordering word, or of one
    "X, then Y" and no ordering word; else None."""
    thens = list(_THEN.finditer(text))
    if not _ORDER.search(text) and len(thens) == 1:
        return text[: thens[0].start()], text[thens[0].end() :].strip().rstrip(".!;:")
    if len(_ORDER.findall(text)) != 1:
        return None
    text = text.strip().rstrip(".!;:")
    lead = _LEAD.match(text)
    if lead is not None:  # "Before cancelling a booking, look it up."
        rest = text[lead.end() :]
        if rest.count(",") != 1:
            return None
        first, second = rest.split(",")
        return (second, first) if lead["conn"].casefold() != "after" else (first, second)
    found = _ORDER.search(text)
    assert found is not None
    before, after = text[: found.start()], text[found.end() :]
    if _LATER_FIRST.fullmatch(found.group()):  # "Cancel a booking only after looking it up."
        return after, before
    return before, after


def _said_same(text: str) -> str | None:
    """The entity a sentence of several orderings says outright they share ("`a` comes
    before `b` and before `c`, on the same repair_ref"), or None."""
    said = list(_SAME.finditer(text))
    noun = _entity(said[0]) if len(said) == 1 else None
    return noun if noun != "one" else None


def _entity(same: re.Match[str]) -> str | None:
    """The entity a "the same X" names, or None: no span of time or talk ("in the same
    chat"), no stay at a place after "in" ("in the same visit")."""
    noun = singular(same["noun"].casefold())
    if noun in _NOT_ENTITY:
        return None
    said_in = re.search(r"\b(?:in|during|within)\s*$", same.string[: same.start()])
    return None if noun in _SPAN_AFTER_IN and said_in else noun


def _refers_back(earlier: str, later: str) -> str | None:
    """The entity noun when one action's object refers back to the other's, else None."""
    same = [m for m in (_SAME.search(earlier), _SAME.search(later)) if m is not None]
    if len(same) == 1 and same[0]["noun"].casefold() == "one":
        # "read it on the booking in question, then move that same one": the other's object
        other = earlier if same[0].string is later else later
        head = _one_object(other)
        return singular(head) if head and head.casefold() not in _NOT_ENTITY else None
    if len(same) == 1 and singular(same[0]["noun"].casefold()) not in _NOT_ENTITY:
        return _entity(same[0])  # "Call `get_x` on the same job before `amend_x`": outright
    pointer = _POINTER.search(later)
    if pointer is not None:
        noun = pointer["noun"].casefold()
        said = {singular(w.casefold()) for w in re.findall(r"[A-Za-z-]+", earlier)}
        return singular(noun) if singular(noun) in said else None
    if _PRONOUN.search(later) and not _PRONOUN.search(earlier):
        head = _one_object(earlier)
        return singular(head) if head else None
    if _PRONOUN.search(earlier) and not _PRONOUN.search(later):
        head = _one_object(later)  # "before cancelling a booking, look it up"
        return singular(head) if head else None
    return None


def same_entity(text: str, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The rules, with `same_as` set on the sentence's `require_before` rules when its later
    action's object refers back to the earlier one's (see the module docstring)."""
    orders = [r for r in rules if r.operator == "require_before" and r.target != "*"]
    if not orders:
        return rules
    parts = _clauses(text)
    noun = _refers_back(*parts) if parts is not None else _said_same(text)
    if noun is None:
        return rules
    return [
        r.model_copy(update={"params": {**r.params, "same_as": noun}}) if r in orders else r
        for r in rules
    ]
