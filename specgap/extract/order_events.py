"""The event of an ordering, read into an action (verb and object, the mention the
resolver maps to a tool): a tool id, a gerund ("checking the booking"), "you have V-ed O",
"O is / has been / can be V-ed", an action noun ("any cancellation", "a booking lookup",
"a weather check", "any changes to a booking"), a light verb with its noun ("making any
changes to a booking"), "the N is complete", "having V-ed O". `temporal` reads the order
around it."""

from __future__ import annotations

import re

from specgap.extract.english import verb_lemma
from specgap.extract.grammar_rules import NOT_ACTIONS
from specgap.extract.grammar_words import DET, IMPERATIVE_VERBS, object_at
from specgap.extract.nominals import nominal_act
from specgap.extract.order_words import having_done
from specgap.extract.pattern_base import is_action_noun, lemma, singular
from specgap.extract.procedures import verb_of
from specgap.extract.temporal_parts import TOOL_ID

_SUBJECT_DID = re.compile(
    r"^(?:you|we|the\s+agent|the\s+assistant)(?:\s+|(?=['’]))(?:have\s+|has\s+|['’]ve\s+|can\s+|"
    r"may\s+|could\s+|"
    r"are\s+able\s+to\s+)?(?:successfully\s+|"
    r"already\s+|first\s+)?(?P<verb>[a-z]+)\b",
    re.I,
)
_PASSIVE = re.compile(
    r"^(?P<subject>(?:[A-Za-z`][\w`'-]*\s+){1,4}?)(?:is|are|was|were|has\s+been|have\s+been|gets?"
    r"|got|being|(?:can|may|could|will)\s+be)\s+(?:successfully\s+|already\s+|fully\s+)?(?P<verb>[a-z]+)\b",
    re.I,
)


_PARTICLE_WORDS = frozenset({"up", "in", "out", "off", "down", "over", "back"})


def object_of(action: str | None) -> str:
    """The object of an action mention (`get order` -> `order`), what "it" points back to."""
    words = (action or "").split()[1:]
    if words and words[0] in _PARTICLE_WORDS:
        words = words[1:]  # "look up booking": the booking
    return " ".join(words) if words else "it"


def gerund_verb(word: str) -> str:
    """The verb of a gerund ("revoking": revoke), by the rules, else by the lexicon."""
    verb = lemma(word)
    if verb in IMPERATIVE_VERBS:
        return verb
    return verb_lemma(word.casefold()) or verb


# a camelCase id said bare as what something was done with (a bare camelCase word elsewhere
# may be an argument, `timesheetId`)
_DONE_WITH_CAMEL = re.compile(
    r"\b(?:with|using|via|through|by\s+calling|by\s+running)\s+(?:the\s+)?"
    r"(?P<id>[a-z]{2,}(?:[A-Z][a-z0-9]+)+)\b(?:\(\))?(?!\s+(?:argument|field|parameter|value))"
)


# an event that is a camelCase id's call ("verifyCustomer has returned", "before
# submitApplication"): the id opens it (after a verb of calling, maybe)
_CAMEL_LED = re.compile(
    r"^\s*(?:(?:calling|running|using|invoking)\s+)?`?(?P<id>[a-z]{2,}(?:[A-Z][a-z0-9]+)+)`?"
    r"(?:\(\))?(?=\s*$|\s+(?:has|have|is|was|returns|runs|succeeds|completes|answers|comes)\b)"
)
_CAMEL_ID = re.compile(r"(?<![\w`])`?(?P<id>[a-z]{2,}(?:[A-Z][a-z0-9]+)+)`?(?![\w`])")


def event_action(event: str) -> str | None:
    """The action of an event: a tool id, a gerund, "you have V-ed O", "O is V-ed", or an
    action noun; None when it reads as none of these."""
    tool = TOOL_ID.search(event)
    if tool is not None:
        # "moveRepair or cancelRepair on that repair_id": a camelCase id before the snake
        # word an argument is named by is the act
        camel = _CAMEL_ID.search(event, 0, tool.start())
        return camel["id"] if camel is not None else tool["id"] or tool["bare"]
    led = _CAMEL_LED.match(event)  # "until verifyCustomer has returned", "before checkIn"
    if led is not None:
        return led["id"]
    done_with = _DONE_WITH_CAMEL.search(event)  # "the owner has been verified with verifyOwner"
    if done_with is not None:
        return done_with["id"]
    light = _LIGHT.match(event)
    if light is not None and (named := nominal_action(light["np"])) is not None:
        return named  # "making any changes to a booking": change booking
    done = _DONE.match(event)
    if done is not None and (named := nominal_action(done["np"] or done["np2"])) is not None:
        return named  # "the cancellation is complete": cancel
    event = having_done(event)  # "having cancelled the event": cancelling the event
    event = _TO_WHOM.sub(r"\g<g> ", event)  # "sending them a notice": send a notice
    words = event.split()
    if not words:
        return None
    first = words[0].casefold()
    copula = re.match(r"\S+\s+(?:is|are|was|were|has|have|gets?|got)\b", event, re.I)
    if first.endswith("ing") and len(first) > 4 and copula is None:  # "checking the booking"
        return verb_action(gerund_verb(first), event, len(words[0]))
    did = _SUBJECT_DID.match(event)
    if did is not None:  # "you cancel ...", "the agent cancels ..."
        return verb_action(_present(lemma(did["verb"])), event, did.end())
    passive = _PASSIVE.match(event)
    if passive is not None:  # "the booking is cancelled": cancel booking
        subject = DET.sub("", passive["subject"].strip()).strip("` ").casefold()
        verb = lemma(passive["verb"])
        if verb not in IMPERATIVE_VERBS:  # "has been found": an irregular participle
            verb = verb_lemma(passive["verb"].casefold()) or verb
        if verb in IMPERATIVE_VERBS and subject and subject.split()[0] not in NOT_SUBJECT:
            return f"{verb} {' '.join(subject.split()[-3:])}"
        return None
    nominal = nominal_action(event)
    if nominal is not None:  # "any cancellation", "a booking lookup", "the refund of X"
        return nominal
    verb = verb_of(first.strip(".,")) or first  # "verification of the user": verify user
    if verb != first and verb in IMPERATIVE_VERBS:
        of = re.match(r"\s+of\s+", event[len(words[0]) :])
        rest = object_at(event, len(words[0]) + of.end() - 1)[0] if of else ""
        return f"{verb} {rest}".strip()
    return None


ANY_OBJECT = re.compile(r"\b(?:anything|something)\b", re.I)
NO_SUBJECT = re.compile(r"^\W*no\s+[a-z]", re.I)
_DONE = re.compile(
    r"^\s*(?P<np>(?:the|a|an|any|its|their)\s+[a-z][\w-]*(?:\s+(?:of\s+)?[a-z][\w-]*){0,2}?)\s+(?:is|"
    r"are|has\s+been|have\s+been)\s+(?:complete|completed|done|finished|over|processed|"
    r"successful)\b|^\s*(?P<np2>(?:the|a|an|any|its|their)\s+[a-z][\w-]*(?:\s+(?:of\s+)?"
    r"[a-z][\w-]*){0,2}?)\s+(?:has|have)\s+(?:gone\s+through|succeeded|taken\s+place|gone\s+ahead)\b",
    re.I,
)
_LIGHT = re.compile(
    r"^\s*(?:making|performing|carrying\s+out|doing|applying|conducting)\s+(?P<np>.+)$", re.I
)
_TO_WHOM = re.compile(r"^\s*(?P<g>[a-z]{3,}ing)\s+(?:them|him|her|us|me)\s+(?=(?:a|an|the|any)\s)",
                      re.I)  # fmt: skip
NOT_SUBJECT = frozenset({"it", "this", "that", "they", "there", "everything", "all"})
_DETERMINER = re.compile(
    r"^(?:any|a|an|the|each|every|its|their|prior|previous|preceding|earlier|successful)\s+", re.I
)
_PHRASAL = {"lookup": "look up", "login": "log in", "checkout": "check out", "signup": "sign up"}
# nouns that are their verb's own form: "a weather check", "a deposit refund", "any changes
# to a booking" (read as the action only with a determiner or a noun before them)
_ZERO_NOUNS = frozenset(
    {"check", "refund", "change", "update", "search", "transfer", "charge", "upgrade", "reset",
     "return", "review", "lookup", "repair", "release", "payment", "edit"}
)  # fmt: skip


# a noun phrase that names a tool by its id: before its head noun ("a `unit_search` search"),
# or after "with", "via", "using" or "through" ("a hold with `unit_hold`")
_NAMED_IN = re.compile(
    r"^(?:(?:the|a|an|any|each|every|its|their)\s+)?(?:[a-z][\w-]*\s+){0,2}?(?:(?:with|via|using|"
    r"through)\s+(?:the\s+)?)?(?:" + TOOL_ID.pattern + r")(?:\s+(?:tool|call|[a-z]+))?\s*$",
    re.I,
)


def nominal_action(phrase: str) -> str | None:
    """An action said by a noun: `booking cancellation` -> `cancel booking`, `any refund`
    -> `refund`, `a lookup of the booking` -> `look up booking`."""
    text = phrase.strip()
    if re.search(r"\b(?:is|are|was|were|has|have|had|be|been|being)\b", text, re.I):
        return None  # a clause ("its status is 'returned'"), not a noun phrase
    tool = _NAMED_IN.match(text)
    if tool is not None:  # "a `unit_search` search", "a hold with `unit_hold`": that call
        return tool["id"] or tool["bare"]
    while (m := _DETERMINER.match(text)) is not None:
        text = text[m.end() :]
    head = re.split(r"\b(?:of|that|which|who|for|to|in|on|with|by|from)\b", text, maxsplit=1)[0]
    words = re.findall(r"[A-Za-z][\w-]*", head)[:3]
    if not words:
        return None
    noun = singular(words[-1].casefold())
    verb = _PHRASAL.get(noun) or (lemma(noun) if is_action_noun(noun) else verb_of(noun))
    verb = verb or nominal_act(noun)  # "any dog admission": admit dog (by the noun's suffix)
    if verb is None and noun in _ZERO_NOUNS and len(words) > 1:
        verb = noun  # "a weather check": the noun is the verb's own form
    if verb is not None and verb == noun and noun in _ZERO_NOUNS and len(words) > 1:
        return " ".join([verb, *(w.casefold() for w in words[:-1])])
    if verb is None or (verb not in IMPERATIVE_VERBS and " " not in verb):
        return None
    if verb == noun and not is_action_noun(noun):
        return None
    of = re.search(
        r"\b(?:of|to|on)\s+(?:the\s+|a\s+|an\s+|their\s+|its\s+|any\s+)?(?P<o>[a-z][\w-]*"
        r"(?:\s+(?!by\b|for\b|from\b|with\b)[a-z][\w-]*)?)",
        text,
        re.I,
    )
    obj = [w.casefold() for w in words[:-1]] or ([of["o"].casefold()] if of else [])
    return " ".join([verb, *obj])


def _present(verb: str) -> str:
    """The base form of a third-person present verb (`cancels`, `reaches`), else the verb."""
    if verb in IMPERATIVE_VERBS or not verb.endswith("s"):
        return verb
    for cut in (1, 2):
        if verb[:-cut] in IMPERATIVE_VERBS:
            return verb[:-cut]
    return verb


def verb_action(verb: str, text: str, at: int) -> str | None:
    if verb not in IMPERATIVE_VERBS or verb in NOT_ACTIONS:
        return None
    obj = object_at(text, at)[0]
    if obj.split()[:1] in (["anything"], ["something"]):
        return verb  # "before you reserve anything": the action whatever its object
    if not obj or obj.split()[0] in NOT_SUBJECT | {"them"}:
        return None
    return f"{verb} {obj}"


_SUBJECT_IS = re.compile(
    r"^\W*(?P<subject>.+?)\s+(?:must|should|has\s+to|have\s+to|needs\s+to|shall|is|are)\s+(?:always\s+)?"
    r"(?:only\s+)?(?:happen|be\s+done|come|take\s+place|occur|possible|allowed|permitted|required|"
    r"needed|mandatory|done)\s*(?:only\s*)?$",
    re.I,
)


def said_action(main: str) -> str | None:
    """The action a subject says: a gerund (`getting the booking`) or an action noun
    (`a booking lookup`), of "... must happen / is required / is only possible"."""
    m = _SUBJECT_IS.match(main.strip())
    if m is None:
        return None
    subject = m["subject"].strip()
    first = subject.split()[0].casefold()
    if first.endswith("ing") and len(first) > 4 and not noun_compound(subject):
        return verb_action(gerund_verb(first), subject, len(subject.split()[0]))
    return nominal_action(subject)


_OPENERS = frozenset(
    {"a", "an", "the", "any", "every", "each", "all", "its", "their", "his", "her", "our",
     "your", "this", "that", "these", "those", "up", "out", "in"}
)  # fmt: skip


def noun_compound(phrase: str) -> bool:
    """ "booking lookups", "boarding pass issuance": nouns whose last one names the action,
    not a gerund and its object ("booking the crossing", "cancelling a booking")."""
    words = re.findall(r"[A-Za-z][\w-]*", phrase)
    if len(words) < 2 or words[1].casefold() in _OPENERS:
        return False
    last = singular(words[-1].casefold())
    if last.endswith("ing"):  # "cancelling bookings": the gerund and its object
        return False
    named = last in _PHRASAL or is_action_noun(last) or verb_of(last) is not None
    return named and nominal_action(phrase) is not None
