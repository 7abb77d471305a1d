"""The action a sentence names when it names no verb: an action noun (`cancellation`,
`escalation`, `renewal`, `a pause`), what is given to someone ("gold members can receive
guest passes": add guest pass), a nominal predicate ("cancellation is not allowed") and a
light verb over an action noun ("returns can only be made ..."). Used by the readings of
states in `state_positions` and `state_availability`.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_words import DET, IMPERATIVE_VERBS
from specgap.extract.pattern_base import is_action_noun, lemma, singular

__all__ = ["light_verb", "nominal_action", "nominal_verb", "received", "reserved_action"]


_NOMINAL_SUFFIXES = (("ification", ("ify",)), ("ation", ("ate", "e", "")), ("ition", ("", "e")),
                     ("al", ("", "e")), ("ment", ("",)), ("ance", ("", "e")))  # fmt: skip


def nominal_verb(noun: str) -> str | None:
    """The verb an action noun names: `cancellation` -> cancel, `escalation` -> escalate,
    `renewal` -> renew, `assignment` -> assign, `a pause` -> pause; None for a noun that
    names no action (`voucher`, `guest pass`)."""
    word = singular(noun.casefold().split()[-1]) if noun.split() else ""
    if is_action_noun(word):
        return lemma(word)
    if word in IMPERATIVE_VERBS:
        return word
    if word.endswith("ing") and lemma(word) in IMPERATIVE_VERBS:
        return lemma(word)  # "reopening is not allowed"
    for suffix, endings in _NOMINAL_SUFFIXES:
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            stem = word[: -len(suffix)]
            for ending in endings:
                if stem + ending in IMPERATIVE_VERBS:
                    return stem + ending
    return None


def _given(noun: str) -> tuple[str, str]:
    """The action that gives an entity `noun`: the action an action noun names
    (`escalations`: escalate), else adding it (`guest passes`: add guest pass)."""
    words = [singular(w) for w in DET.sub("", noun.casefold()).split()]
    verb = nominal_verb(words[-1]) if words else None
    if verb is not None:
        return verb, " ".join(words[:-1])
    return "add", " ".join(words)


_RECEIVE = re.compile(
    r"\b(?:receive|be\s+given|be\s+granted|be\s+issued)\s+(?:an?\s+|the\s+|any\s+|new\s+)?"
    r"(?P<np>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?=\s*(?:[,.;:!?]|$|\b(?:if|when|unless|while|only|"
    r"before|after|or|and|from|for|to)\b))",
    re.I,
)


_MODAL_RECEIVE = re.compile(
    r"\b(?:can|may|must|should|will|could|cannot|can't)\s+(?:not\s+|only\s+|never\s+)*"
    r"(?:receive|be\s+given|be\s+granted|be\s+issued)\b",
    re.I,
)


def received(
    main: str, verb: str | None, obj: str, span: tuple[int, int] | None
) -> tuple[str | None, str, tuple[int, int] | None]:
    """ "Gold members can receive guest passes": the action that gives the subject what it
    receives (see `_given`); the clause's own verb, object and span when it says none."""
    m = _RECEIVE.search(main)
    if m is None or not _MODAL_RECEIVE.search(main, 0, m.end()):
        return verb, obj, span
    given, what = _given(m["np"])
    return given, what, m.span()


def reserved_action(noun: str, entity: str | None) -> tuple[str, str]:
    """What a reserved noun names as an action: an action noun acts on the receiver
    ("escalations are for urgent tickets only": escalate ticket), anything else is given
    to it ("vouchers ...": add voucher)."""
    verb, what = _given(noun)
    return verb, what or (entity or "")


_NOMINAL = re.compile(
    r"^\W*(?:the\s+)?(?P<no>no\s+(?:further\s+)?)?(?P<noun>[a-z]+)\s+(?:(?:(?:of|for|on|to)\s+|(?<=ing\s))(?:an?\s+|the\s+|any\s+)?(?P<np>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*)?)\s+)?(?:is|are)\s+(?P<neg>not\s+|never\s+)?(?P<only>only\s+)?"
    r"(?:possible|allowed|permitted|available|(?P<barred>forbidden|prohibited))\b",
    re.I,
)  # "no renewal is allowed", "payment of a void claim is forbidden": a ban


def nominal_action(main: str) -> tuple[str, str, tuple[int, int], str | None] | None:
    """ "Cancellation of an order is possible until ...", "cancellation is not allowed":
    the action the noun names, what it acts on (empty when unsaid: the condition's entity
    is then the object), where the noun is, and the modality the predicate says
    (`must_not`, `only`, or None for a plain permission)."""
    m = _NOMINAL.match(main)
    verb = nominal_verb(m["noun"]) if m is not None else None
    if m is None or verb is None:
        return None
    obj = " ".join(singular(w) for w in (m["np"] or "").casefold().split())
    banned = bool(m["neg"]) != bool(m["no"] or m["barred"])  # "no X is not allowed": odd
    modality = "must_not" if banned else "only" if m["only"] else None
    return verb, obj, m.span("noun"), modality


_LIGHT = frozenset({"make", "do", "perform", "carry", "process"})


def light_verb(verb: str | None, obj: str) -> tuple[str, str] | None:
    """ "Returns can only be made on ...": a light verb whose passive subject is an action
    noun names that action (`return`); the object is then left to the condition."""
    if verb not in _LIGHT or not obj:
        return None
    word = obj.split()[-1]
    named = (
        nominal_verb(word)
        if singular(word) not in IMPERATIVE_VERBS or is_action_noun(word)
        else None
    )
    return (named, "") if named is not None and named not in _LIGHT else None
