"""The agent's own acts said in two more ways (forty-first session):

- "You neither open, move nor cancel a booking, nor send a code, until T has answered" (the
  agent the subject of "neither ... nor"): said "Do not open, move or cancel a booking, or
  send a code, until ...", which the readers read act by act;
- "Never press `waive_fee`", "click T only after ...": a tool that is a button or a link of a
  program is pressed or clicked, and pressing it is calling it: said "call `waive_fee`"; so
  is a tool consulted, queried, polled, pinged, asked or checked ("consult T before ...");
- "`verify_member` answers passed before you open or move a booking" (the step the subject,
  its answer the event): said "Call `verify_member` before you open or move a booking". Only
  the order is read, as "only after `verify_member` has answered passed" is: the verdict is
  the step's output, which no ordering checks;
- "Seats are booked with `book_seats` only on a flight_id that `search` listed" (the thing
  booked the subject, the tool an instrument): said "The flight_id passed to `book_seats`
  must be one that `search` listed"; "a session_id that `search` showed you" as "... that
  `search` returned";
- "t_SU2: `verify_member` has returned passed before `get_booking` or `refund`" (a timing
  line of a datasheet, labelled by its symbol): said "Call `verify_member` before ...", and
  "before the first call to any other function" as "before any other function";
- "`pay_invoice` takes a card_token listed by `find_client`, never card digits the client
  types" (a tool's argument said with where it comes from, and the source it must never come
  from): said "`pay_invoice` takes only a card_token that `find_client` listed, never ...".
  Without the "never" the sentence may only say what the tool does, and is left alone;
- "Every slot_id you book comes from `search_slots` in that same chat", "The booking_id always
  comes from ..." (an argument, named by its own name, said to come from a source in the
  indicative, as a rule written as a description does): said "... must come from ..." when
  the source is a tool named by its id.

Nothing else is changed: "neither" after another subject is `neither37`'s, and a verb of
pressing is respelled only before a tool id.
"""

from __future__ import annotations

import re

from specgap.extract.pattern_base import ANY_ID, SAID_ID
from specgap.operators.prose import lemmas
from specgap.resolve.lexicon import classes_of, verb_key

__all__ = [
    "answered_respelt",
    "come_respelt",
    "neither_respelt",
    "pressed_respelt",
    "taken_respelt",
]

_YOU_NEITHER = re.compile(
    r"^(?P<lead>[^\w`]*(?:[A-Za-z][^,;:]*,\s*)?)(?:you|the\s+assistant|the\s+agent|we)\s+"
    r"neither\s+(?P<rest>[a-z].*\bnor\b.*)$",
    re.I | re.S,
)


def neither_respelt(text: str) -> str | None:
    """ "Do not A, B or C X, or D Y, until ..." for "You neither A, B nor C X, nor D Y, until
    ..."; None for any other sentence."""
    m = _YOU_NEITHER.match(text.strip())
    if m is None:
        return None
    rest = re.sub(r"\bnor\b", "or", m["rest"])
    lead = m["lead"]
    return f"{lead}do not {rest}" if lead.strip(" ,") else f"Do not {rest}"


_PRESSED = re.compile(
    r"\b(?P<v>(?i:press|click|tap|hit|push|consult|query|poll|ping|ask|check))"
    r"(?P<end>(?i:es|s|ed|ing))?(?:\s+(?i:on))?(?P<id>\s+(?:(?i:the)\s+)?"
    + SAID_ID  # (its case as written: "the booking" is no camelCase id)
    + r")",
)
_CALLED = {"": "call", "es": "calls", "s": "calls", "ed": "called", "ing": "calling"}


def pressed_respelt(text: str) -> str | None:
    """The sentence with each "press <tool id>" said "call <tool id>"; None when it has none."""
    if _PRESSED.search(text) is None:
        return None
    said = _PRESSED.sub(lambda m: _CALLED[(m["end"] or "").casefold()] + m["id"], text)
    return said[0].upper() + said[1:] if text[:1].isupper() else said


_ANSWERS = re.compile(
    r"^(?P<lead>[^\w`]*)(?P<id>" + ANY_ID + r")\s+(?:must\s+|should\s+|has\s+to\s+|shall\s+)?"
    r"(?:have\s+)?(?:answer|return|respond|repl(?:y|ie)|come\s+back)(?:s|ed)?"
    r"(?:\s+(?:passed|pass|ok|okay|yes|true|valid|verified|clear|cleared|a\s+pass))?\s*,?\s+"
    r"(?P<rest>before\s+(?:you|the\s+assistant|the\s+agent|we)\s+[a-z].*)$",
    re.S,
)


def answered_respelt(text: str) -> str | None:
    """ "Call T before you ..." for "T answers [passed] before you ..."; None otherwise."""
    m = _ANSWERS.match(text.strip())
    if m is None:
        return None
    return f"{m['lead']}Call {m['id']} {m['rest']}"


# "T has returned [passed] before U, V or W", "t_SU1: T has returned before the first call to
# any other function": a timing line, said as the order it sets
_RETURNED = re.compile(
    r"^(?P<lead>[^\w`]*)(?:[\w.-]+:\s+)?(?P<id>\S+)\s+(?:has|have)\s+"
    r"(?:returned|answered|run|completed|finished|come\s+back)"
    r"(?:\s+(?:with\s+)?[`'\"]?(?:passed|pass|ok|okay|yes|true|valid|verified|clear|cleared)"
    r"[`'\"]?)?\s+(?P<rest>before\s+.*)$",
    re.S | re.I,
)
_ONE_ID = re.compile(ANY_ID)


def _an_id(word: str) -> bool:
    """Whether one word (maybe in backticks) is a tool id's shape."""
    return _ONE_ID.fullmatch(word.strip("`")) is not None


_FIRST_OF_OTHERS = re.compile(
    r"\bbefore\s+the\s+first\s+call\s+(?:to|of)\s+(?=any\s+other\b)", re.I
)


def returned_respelt(text: str) -> str | None:
    """ "Call T before U" for "T has returned [passed] before U" (a timing line, without the
    symbol that labels it); None otherwise."""
    m = _RETURNED.match(text.strip())
    if m is None or not _an_id(m["id"]):  # (one word, then its shape: linear)
        return None
    rest = _FIRST_OF_OTHERS.sub("before ", m["rest"])
    return f"{m['lead']}Call {m['id']} {rest}"


_TAKES = re.compile(
    r"^(?P<lead>[^\w`]*)(?P<t>" + ANY_ID + r")\s+(?:takes|uses|accepts|is\s+given|gets)\s+"
    r"(?:a|an|the)\s+(?P<arg>`?[a-z][a-z0-9]*(?:_[a-z0-9]+)+`?)\s+(?:listed|returned|given|shown|"
    r"found|held|provided)\s+by\s+(?P<s>" + ANY_ID + r")"
    r"(?P<rest>\s*,\s*(?:and\s+|but\s+)?(?:never|not)\b.*)$",
    re.S,
)


def taken_respelt(text: str) -> str | None:
    """ "T takes only a X that S listed, never ..." for "T takes a X listed by S, never ...";
    None otherwise."""
    m = _TAKES.match(text.strip())
    if m is None:
        return None
    return f"{m['lead']}{m['t']} takes only a {m['arg']} that {m['s']} listed{m['rest']}"


# "Seats will be booked with T only on a flight_id that S listed ...": the tool and the
# argument it takes, said as "The flight_id passed to T must be one that S listed ..."
_BOOKED_WITH = re.compile(
    r"^(?P<lead>[^\w`]*)[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){0,3}\s+(?:must|may|can|should|shall)\s+"
    r"(?:only\s+)?be\s+[a-z]+\s+(?:with|using|by|through)\s+(?P<t>\S+)\s+only\s+(?:on|with|for|"
    r"using|from|against)\s+(?:a|an|the)\s+(?P<arg>`?[a-z][a-z0-9]*(?:_[a-z0-9]+)+`?)\s+"
    r"(?P<rest>(?:that|which)\s+.*)$",
    re.S,
)


def booked_with_respelt(text: str) -> str | None:
    """ "The X passed to T must be one that S ..." for "Ys must be V-ed with T only on a X
    that S ..."; None otherwise."""
    m = _BOOKED_WITH.match(text.strip())
    if m is None or not _an_id(m["t"]):
        return None
    rest = m["rest"].split(maxsplit=1)[1]  # (after "that")
    return f"{m['lead']}The {m['arg']} passed to {m['t']} must be one that {rest}"


# "a session_id that T showed you", "... T gave", "... T turned up", "... T put in front of
# you": what a step returned, said as what it did
_SHOWED = re.compile(
    r"\b(?P<that>that|which)\s+(?P<s>\S+)\s+(?:(?:put|laid|set|placed)\s+(?:in\s+front\s+of|"
    r"before)|(?P<v>[a-z]+)(?P<p>\s+(?:up|back|out))?)"
    r"(?:\s+(?:you|us|the\s+assistant|the\s+agent))?\b"
)
# the verbs of a step's answer that say it gave the thing ("showed", "revealed"); a verb of the
# lexicon's reading class ("found", "listed", "fetched") says it too
_GAVE = frozenset(
    {"showed", "gave", "offered", "presented", "handed", "surfaced", "produced", "provided",
     "revealed", "uncovered", "yielded", "reported", "suggested", "proposed", "quoted"}
)  # fmt: skip
# a verb with "up", "back" or "out" says a step's answer ("turned up", "brought back", "dug
# out"), unless it takes something away
_NOT_GIVEN = frozenset({"ruled", "crossed", "struck", "left", "taken", "took", "cut", "sent"})
# the verbs the readers read as a step's answer already ("that T listed")
_READ = frozenset({"returned", "listed", "found"})
# past forms without "-ed" that a step's answer is said with
_PAST = frozenset({"brought", "dug", "got", "threw", "drew", "turned", "came", "read"})


def showed_respelt(text: str) -> str | None:
    """The sentence with "that T showed you" said "that T returned"; None when it has none."""

    def said(m: re.Match[str]) -> str:
        verb = m["v"]
        gave = verb is None or verb in _GAVE  # (no verb: "put in front of you")
        if verb in _READ:
            return m[0]  # (the readers read these as they are)
        if verb is not None and not gave and (verb.endswith("ed") or verb in _PAST):
            gave = bool(m["p"]) and verb not in _NOT_GIVEN
            lemma = next(iter(lemmas(verb).get("VERB", ())), verb)
            gave = gave or "read" in classes_of(verb_key(lemma))
        return f"{m['that']} {m['s']} returned" if gave and _an_id(m["s"]) else m[0]

    respelt = _SHOWED.sub(said, text)
    return respelt if respelt != text else None


_COMES = re.compile(
    r"^(?P<lead>[^\w`]*(?P<q>every|each|any|the|a|an)\s+)(?P<arg>`?[a-z][a-z0-9]*(?:_[a-z0-9]+)+`?)"
    r"(?P<mid>\s+[^;:]*?)?\s+(?:always\s+)?comes\s+(?P<rest>(?:only\s+)?from\s+.*)$",
    re.I | re.S,
)


def come_respelt(text: str) -> str | None:
    """ "Every X ... must come from S ..." for "Every X ... comes from S ..."; else None."""
    m = _COMES.match(text.strip())
    if m is None:
        return None
    mid = re.sub(r"\s+(?:always|also|too)$", "", m["mid"] or "")
    if re.match(r"\s+of\b", mid):
        return None  # "the `vendor_id` of a dispatch": the act it is for, said as a noun
    if re.search(ANY_ID, m["rest"]) is None:
        return None  # "from that search", "from the label": no tool named, the source guessed
    return f"{m['lead']}{m['arg']}{mid} must come {m['rest']}"
