"""Coordinated objects of one verb: "extract the intents and sentiments", "get the order,
the invoice and the receipt". Each object makes an action of its own (`extract intents`,
`extract sentiments`), done together: what comes after requires each of them, and each of
them requires what came before. A coordinated word that is itself an action verb starts a
clause of its own ("get the booking and cancel it") and is not an object.
"""

from __future__ import annotations

import re

from specgap.extract.grammar import parse
from specgap.extract.grammar_words import IMPERATIVE_VERBS, NOT_OBJECT, object_at

_NEXT = re.compile(
    r"^(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|and/or)\s+)(?:the\s+|their\s+|its\s+|his\s+|"
    r"her\s+|a\s+|an\s+|any\s+)?(?=[A-Za-z])",
)
# a further refused act after a refused one ("never book and never pay", "do not move it, and
# do not cancel it"): the verb after the negation is an act of its own, not an object
_REFUSED = re.compile(r"\s*(?:never|not|do\s+not|don't|must\s+not|must\s+never)\s+", re.I)
_NOT_NOUNS = NOT_OBJECT | frozenset(
    {"it", "them", "this", "that", "then", "you", "we", "they", "so", "also", "please"}
)


def actions_of(text: str) -> list[str]:
    """The actions a clause names: its verb with each coordinated object, in order."""
    return _objects(text)[0]


def alternative_objects(text: str) -> bool:
    """The clause's coordinated objects are alternatives, any one of which does: joined by
    "or" ("look up the member or the booking"), never by "and" ("the member and the
    booking", "the member and/or the booking": each is said)."""
    actions, seps = _objects(text)
    return len(actions) > 1 and "or" in seps and not ({"and", "and/or"} & set(seps))


def _objects(text: str) -> tuple[list[str], list[str]]:
    """`actions_of`, and the words that join its objects ("," "or" "and")."""
    clause = parse(text)
    if clause.action is None or clause.action_span is None or clause.verb is None:
        return [], []
    out = [clause.action]
    seps: list[str] = []
    at = clause.action_span[1]
    while (m := _NEXT.match(text[at:])) is not None:
        start = at + m.end()
        obj, end = object_at(text, start - 1)
        first = obj.split()[0] if obj else ""
        led = re.search(r"\b(?:the|their|its|his|her|a|an|any)\s+$", m[0], re.I) is not None
        refused = _REFUSED.match(text, start - 1)
        if refused is not None and clause.negated:  # "never book and never pay": its own act
            said = parse(text[refused.end() :])
            if said.action is None:
                break
            out.append(said.action)
            seps.extend(re.findall(r"and/or|and|or", m[0].casefold()) or [","])
            at = refused.end() + (said.action_span[1] if said.action_span else 0)
            continue
        if not obj or (first in IMPERATIVE_VERBS and not led) or first in _NOT_NOUNS:
            break  # "and cancel it": a clause of its own; "or a deposit": a noun
        out.append(f"{clause.verb} {obj}")
        seps.extend(re.findall(r"and/or|and|or", m[0].casefold()) or [","])
        at = end
    return out, seps


_VERB_LIST = r"[a-z]+(?:\s*,\s*[a-z]+)*\s*,?\s+(?:and|or|and/or|nor)\s+"
_BEFORE_VERB = re.compile(r"(?P<verbs>" + _VERB_LIST + r")$", re.I)
_AFTER_VERB = re.compile(
    r"^(?P<verbs>(?:\s*,\s*[a-z]+)*\s*,?\s+(?:and|or|and/or|nor)\s+[a-z]+)\b", re.I
)


def verb_actions(text: str) -> list[str]:
    """The actions of coordinated verbs sharing one object: "never cancel or refund a
    booking" -> `cancel booking`, `refund booking`; the clause's own action alone when its
    verb is not coordinated."""
    clause = parse(text)
    if clause.action is None or clause.action_span is None or clause.verb is None:
        return []
    start = clause.action_span[0]
    verbs: list[str] = []
    before = _BEFORE_VERB.search(text[:start])
    if before is not None and clause.object:
        verbs = re.findall(r"[a-z]+", before["verbs"].casefold())
    obj = clause.object
    after = _AFTER_VERB.match(text[start + len(clause.verb) :]) if not obj else None
    if after is not None:  # "never cancel, refund or update a booking"
        verbs = re.findall(r"[a-z]+", after["verbs"].casefold())
        obj = object_at(text, start + len(clause.verb) + after.end())[0]
    verbs = [v for v in verbs if v not in {"and", "or", "nor"}]
    if not verbs or not obj or not all(v in IMPERATIVE_VERBS for v in verbs):
        return [clause.action]
    return list(dict.fromkeys([*(f"{v} {obj}" for v in verbs), f"{clause.verb} {obj}"]))


_PHRASE_NEXT = re.compile(
    r"^(?P<sep>\s*,\s*(?:(?:and|or|nor)\s+)?|\s+(?:and|or|nor|and/or)\s+)(?P<verb>[a-z]+)(?=\s)",
    re.I,
)
_TOOL_ID = re.compile(r"`?[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+`?(?:\(\))?")
_DET = re.compile(r"\s+(?:the|a|an|any|all|their|its|his|her|your)\s", re.I)
_IDS = re.compile(
    r"(?:(?:\s*,\s*(?:(?:or|nor)\s+)?|\s+(?:or|nor)\s+)" + _TOOL_ID.pattern + r")+", re.I
)


def phrase_actions(text: str) -> list[str]:
    """The actions of coordinated verb phrases, each with its own object: "never cancel a
    booking or refund a deposit" -> `cancel booking`, `refund deposit`; "never call `a` nor
    `b`" -> `a`, `b`. Two phrases joined by a bare "and" ("never cancel a booking and keep
    the fee") may forbid the pair only: they are not split. The clause's own action alone
    when nothing is coordinated."""
    return _phrases(text)[0]


def coordination_tail(text: str) -> str:
    """What follows a coordination of verb phrases, each with its own object ("... or refund
    deposits that are older than a month": "that are older than a month"); "" when there is
    no such coordination or nothing follows it."""
    actions, end = _phrases(text)
    return text[end:].strip(" .;:!?") if len(actions) > 1 else ""


def _phrases(text: str) -> tuple[list[str], int]:
    """`phrase_actions`, and where the coordination ends in `text`."""
    clause = parse(text)
    if clause.action is None or clause.action_span is None or not clause.verb:
        return [], 0
    if not clause.object:
        return [clause.action], clause.action_span[1]
    if _TOOL_ID.fullmatch(clause.object):  # "call `a` or `b`": each tool id named
        tail = _IDS.match(text, clause.action_span[1])
        ids = [clause.object, *(_TOOL_ID.findall(tail[0]) if tail else [])]
        end = tail.end() if tail else clause.action_span[1]
        return [i.strip("`").removesuffix("()").strip("`") for i in ids], end
    out = [clause.action]
    seps: list[str] = []
    at = clause.action_span[1]
    while (m := _PHRASE_NEXT.match(text[at:])) is not None:
        verb = m["verb"].casefold()
        led = _DET.match(text, at + m.end()) is not None  # "refund a deposit": a noun
        if verb not in IMPERATIVE_VERBS and not (led and _unknown_verb(verb)):
            break  # a verb we do not know is one only before its object's determiner
        obj, end = object_at(text, at + m.end())
        first = obj.split()[0] if obj else ""
        if not obj or first in _NOT_NOUNS or (first in IMPERATIVE_VERBS and not led):
            break
        out.append(f"{verb} {obj}")
        seps.append(m["sep"].strip().casefold())
        at = end
    if seps == ["and"] or (seps and not any(s.strip(", ") for s in seps)):
        return [clause.action], clause.action_span[1]  # "X and Y": maybe the pair only
    return out, at


# words that come before a determiner without being a verb ("or even a refund")
_NOT_VERBS = NOT_OBJECT | _NOT_NOUNS | frozenset(
    {"even", "just", "any", "all", "each", "every", "other", "with", "without", "about",
     "like", "across", "against", "among", "around", "between", "within", "outside", "during",
     "toward", "towards", "upon", "of", "nor", "what", "how", "why"}
)  # fmt: skip


def _unknown_verb(word: str) -> bool:
    """A word not known as a verb is read as one ("or water the plants") unless it is a
    function word or an adverb."""
    return word.isalpha() and word not in _NOT_VERBS and not word.endswith("ly")


_BOTH = re.compile(r"\bboth\b[^.;]*\band\b", re.I)
_EITHER = re.compile(r"\beither\s+(?=[^.;]*\bor\b)", re.I)
_NEITHER = re.compile(
    r"^\W*(?:(?:you|the\s+(?:agent|assistant))\s+(?:must|should|shall|may|can)\s+)?neither\s+",
    re.I,
)


def banned_actions(text: str, negated: bool) -> list[str]:
    """The actions a ban forbids, each coordinated one on its own: shared objects ("never
    cancel or refund a booking"), own objects ("never cancel a booking or refund a fee"),
    "neither ... nor ..."; [] when the sentence is no ban."""
    neither = _NEITHER.match(text)
    if neither is not None:
        text = "Never " + text[neither.end() :]
    elif not negated:
        return []
    if _BOTH.search(text):  # "never call both `a` and `b`": the pair, not each of them
        return []
    text = _EITHER.sub("", re.sub(r"\bnor\b", "or", text))  # under the negation: "or"
    actions = coordinated_actions(text)
    if len(actions) < 2 and alternative_objects(text):  # "never cancel X or a voucher"
        actions = list(dict.fromkeys([*actions, *actions_of(text)]))
    return actions


def coordinated_actions(text: str) -> list[str]:
    """The actions of the clause's coordinated verbs, with a shared object or each with its
    own (`verb_actions`, `phrase_actions`; "never delete or archive a booking, nor refund a
    fee": all three); the clause's own action alone when none are."""
    verbs, phrases = verb_actions(text), phrase_actions(text)
    if len(phrases) < 2 or len(verbs) < 2:
        return verbs if len(verbs) > 1 else phrases
    return list(dict.fromkeys([*verbs, *phrases[1:]]))  # the first phrase is the clause's
