"""A count of an action said as what a person gets or has, and a ceiling said after its count
(fifteenth session): "Nobody gets
more than two rentals", "No member has more than 3 refunds a year", "Each student may have up
to two rentals", "A guest can receive at most one upgrade per stay".

The counted noun is an action's ("rentals": rent, "refunds": refund, "upgrades": upgrade);
the sentence is read again as the count of that action ("a student may rent at most 2
times"), which the count readers compile to `max_calls` per the person (or per trace for
"nobody"; a span of time stays reviewed, as any count per time does). A noun that names no
action ("two lessons", "three instruments") is left to the other readers: what is counted
there is an argument or an entity, not the calls.

A count said with no verb and no ceiling word ("One session per chat; ...") is its ceiling,
read as "At most one session per chat".

"Send reminders once per lesson at most" read its trailing "at most" as a condition (so the
count was reviewed); the ceiling is read before the count ("at most once per lesson").
"""

from __future__ import annotations

import re

from specgap.extract.call_nouns import one_per_call
from specgap.extract.noact_respell import Read, read_as
from specgap.extract.order15_bare import noun_verb
from specgap.extract.pattern_base import TALK_NOUNS, sending
from specgap.extract.people import PERSON, ROLES
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import singular

_NUMBER = r"(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_GETS = (
    r"(?:gets|has|receives|(?:may|can|will|should)\s+(?:only\s+)?(?:get|have|receive|be\s+given)|"
    r"is\s+(?:given|allowed|entitled\s+to))"
)
_COUNTED = re.compile(
    r"^\W*(?:(?P<nobody>nobody|no\s+one|no-one)|no\s+(?:single\s+)?(?P<none>[a-z]+)|(?:a|an|each|"
    r"every|any|one)\s+(?P<each>[a-z]+))\s+" + _GETS + r"\s+(?P<bound>more\s+than|over|at\s+most|"
    r"up\s+to|no\s+more\s+than|not\s+more\s+than|a\s+maximum\s+of)\s+"
    + _NUMBER
    + r"\s+(?P<noun>[a-z]+)(?P<rest>(?:\s+(?:a|per|each|every|in\s+a|in\s+one)\s+[a-z]+)?)"
    r"\s*[.!]?\s*$",
    re.I,
)


def respelt(text: str) -> str | None:
    """The sentence said as the count of the action its noun names, or None."""
    m = _COUNTED.match(" ".join(text.split()))
    if m is None:
        return None
    said_by_none = m["nobody"] is not None or m["none"] is not None
    if said_by_none != (m["bound"].casefold() in {"more than", "over"}):
        return None  # "nobody gets up to 3", "each gets more than 2": no ceiling said
    verb = noun_verb(m["noun"])
    verb = verb or sending(m["noun"])  # "no chat gets more than three texts": sending them
    if verb is None:
        return None  # "two lessons": what is counted is no call
    person = m["none"] or m["each"]
    if person and person.casefold() in TALK_NOUNS:
        person = None  # "no chat gets more than three texts": within the one conversation
    who = f"A {person}" if person else "You"  # "nobody": within the one conversation
    return f"{who} may {verb} at most {m['n']} times{m['rest']}."


# "once per lesson at most", "twice a day, max": the ceiling said after the count
_CEILING_AFTER = re.compile(
    r"\b(?P<count>once|twice|one\s+time|(?:\d+|two|three|four|five)\s+times)(?P<per>(?:\s+(?:per|a|"
    r"an|each|every|in\s+(?:a|one|any|each|the))\s+[a-z]+)?)\s*,?\s+"
    r"(?:at\s+(?:the\s+)?most|max(?:imum)?|tops)\b",
    re.I,
)


def ceiling_first(text: str) -> str | None:
    """The sentence with a ceiling said after its count moved before it ("send them once per
    lesson at most": "at most once per lesson"), or None."""
    m = _CEILING_AFTER.search(text)
    if m is None:
        return None
    return f"{text[: m.start()]}at most {m['count']}{m['per']}{text[m.end() :]}"


# "At most 2 lanes per patron", "No more than 3 lessons per student per week": no verb
_VERBLESS = re.compile(
    r"^\W*(?:at\s+most|no\s+more\s+than|not\s+more\s+than|max(?:imum)?\.?|up\s+to)\s+"
    + _NUMBER
    + r"\s+(?P<noun>[a-z]+)\s+(?P<per>(?:per|a|each|every)\s+[a-z]+(?:\s+(?:per|a|each|every)\s+"
    r"[a-z]+)?)\s*[.!]?\s*$",
    re.I,
)


def made_count(text: str) -> str | None:
    """A verbless count of things one call makes one of ("at most 2 lanes per patron": each
    `book_lane` call books a lane) said with a verb of making, which the resolver maps to the
    tool that makes it ("create lane": `book_lane`), or None."""
    m = _VERBLESS.match(" ".join(text.split()))
    if m is None or noun_verb(m["noun"]) is not None or not one_per_call(m["noun"].casefold()):
        return None  # an action's noun ("refunds") is read by the count readers themselves
    return f"Create at most {m['n']} {m['noun']} {m['per']}."


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read as its action's count (module docstring) when that reading counts
    calls; else the first reading."""
    ceiling = ceiling_first(sentence.clean)
    if ceiling is not None and all(r.condition or r.operator != "max_calls" for r in rules):
        found, notes = read_as(sentence, ceiling, read)
        if any(r.operator == "max_calls" and not r.condition for r in found):
            return [_per_same(r, sentence.clean) for r in found], notes
    if sentence.subject is not None:  # a description's count: only its ceiling said last
        return rules, diagnostics
    if any(r.operator == "max_calls" for r in rules):
        return rules, diagnostics
    said = respelt(sentence.clean) or made_count(sentence.clean)
    if said is None:
        return rules, diagnostics
    found, notes = read_as(sentence, said, read, only="max_calls")
    return (found, notes) if found else (rules, diagnostics)


# "One reservation per conversation; a second car waits.", "Two texts a chat.": a count and
# what it is of and per, with no verb and no ceiling word; the clause ends at a stop, a
# semicolon, or a comma before anything but whom or when it holds for ("..., for members
# only", "..., unless ...": the count alone would be stronger than the sentence)
_BARE = re.compile(
    r"^\W*(?:(?P<single>a\s+single)|" + _NUMBER + r")\s+"
    r"(?P<noun>[a-z]+)\s+(?P<per>(?:per|a|each|every)\s+(?!(?:few|lot|little|bit)\b)[a-z]+)"
    r"\s*(?:[.;!]|$|,(?!\s*(?:for|if|when|whenever|unless|while|except|only|provided|as\s+long|"
    r"after|before|once|until|on|in|at|with|without|but)\b))",
    re.I,
)


_PERSON = re.compile(rf"{PERSON}|{ROLES}", re.I)


def bare_count(text: str) -> str | None:
    """A count said with no verb and no ceiling word, opening the sentence ("One session per
    chat; ...") as its ceiling ("At most one session per chat."), or None. The count of
    things is a ceiling: no text says "one session per chat" of a floor without a word of it
    ("at least")."""
    m = _BARE.match(" ".join(text.split()))
    if m is None or _PERSON.fullmatch(m["noun"]):
        return None  # "One customer per conversation": whom the chat serves, not a count of calls
    n = "one" if m["single"] else m["n"].casefold()
    return f"At most {n} {m['noun']} {m['per']}."


def bare_reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A count said bare ("One session per chat; ...") read as its ceiling when the first
    reading counts no calls; the clause after it keeps the rules it gave. `read` reads a
    sentence whole (every respelling, as `reread`'s own reading is one of them)."""
    if sentence.subject is not None or any(r.operator == "max_calls" for r in rules):
        return rules, diagnostics
    bare = bare_count(sentence.clean)
    if bare is None:
        return rules, diagnostics
    found, notes = read_as(sentence, bare, read, only="max_calls")
    return ([*found, *rules], [*notes, *diagnostics]) if found else (rules, diagnostics)


# "the same appointment is moved two times at most", "each booking is moved once at most",
# "a file is checked three times at most": the count is of what is done to any one of them
_SAME = re.compile(
    r"^\W*(?:(?:and|then|but)\s+)?(?:(?:the\s+same|each|every|any\s+one)\s+(?P<n>[a-z]+)\b|"
    r"an?\s+(?P<a>[a-z]+)\s+(?=is\s+[a-z]+ed\b))",  # "A file is checked"
    re.I,
)


def _per_same(rule: CandidateRule, text: str) -> CandidateRule:
    """A count without its entity, per the one its sentence's subject names, if it does."""
    m = _SAME.match(text)
    if m is None or rule.operator != "max_calls" or rule.params.get("per"):
        return rule
    noun = m["n"] or m["a"]
    return rule.model_copy(update={"params": {**rule.params, "per": singular(noun.casefold())}})
