"""A rule said in the future tense (forty-second session): a press release, an announcement or
a service promise says what the assistant *will* do, not what it must: "The assistant will
read a booking before rebooking it", "Refunds will never exceed £300", "Bookings will not be
opened until ...", "Seats will be booked only on a flight_id that ...", "No more than two
bookings will be made in a chat".

A prompt is read so only when it promises in the future tense throughout: at least two of its
clauses say what the agent will or will not do ("the assistant will ...", `promises`); in
any other prompt (and in a tool's description) "will" says what happens: "the bill status will
be updated to PAID", "crews will not break ground on an unmarked site".

The readers read the modal forms, so each such clause's "will" is read as the duty it
promises: "will not" and "won't" as "must not", "will never" as "must never", "will only" as
"may only", "will" as "must". Only a "will" whose clause is the agent's own act or what is done
to a thing is changed: its subject is the agent ("the assistant", "it", "you") and a verb
follows, or a passive follows ("... will (not|never|only) be V-ed"), or the subject opens with
"no", "every" or "only" ("No more than two bookings will be made"), or it promises not to
("Refunds will never exceed £300", whatever the subject). What will happen to the
customer on their own ("you will receive an email") and what a clause predicts ("it will take
a week", "there will be") are left as they are, and so is a sentence that says a modal of its
own.
"""

from __future__ import annotations

import functools
import itertools
import re

from specgap.extract.person17 import AGENT

__all__ = ["respelt"]

_MODAL = re.compile(r"\b(?:must|may|can|cannot|can't|should|shall|mustn't)\b", re.I)
# where a clause opens: the start (after a bullet), a semicolon or colon, a comma with a
# conjunction, or a bare conjunction
_OPEN = r"(?:^\W*|[;:]\s+|,\s+(?:and\s+|but\s+|or\s+)?|\s+(?:and|but|or)\s+)"
_AGENT = rf"(?:{AGENT}|it|you)"
# "The assistant will (not|never|only) V", "it will V": the agent's own act
_AGENT_WILL = re.compile(
    rf"(?P<lead>{_OPEN}{_AGENT}\s+)(?P<will>will\s+never|will\s+not|won't|will\s+only|will)\s+"
    r"(?:always\s+)?(?=(?P<verb>[a-z]+)\b)",
    re.I,
)
# "X will (not|never|only) be V-ed": a passive of an act on a thing
_PASSIVE = re.compile(
    r"\b(?P<will>will\s+never|will\s+not|won't|will\s+only|will)\s+(?P<only>only\s+)?be\s+"
    r"(?=(?:[a-z]+\s+)?(?P<pp>[a-z]+(?:ed|en|wn|ut|id|ld|nt|ght|ade|ook|ung))\b)",
    re.I,
)
# "No more than two bookings will be made", "Every refund will go ...": a subject that counts
_COUNTED = re.compile(
    r"^\W*(?:no|every|each|any|only|never|nothing|none)\b[^;:,.]*?\s(?P<will>will\s+never|"
    r"will\s+not|won't|will)\s+(?=[a-z])",
    re.I,
)
# "Refunds will never exceed £300": a promise not to, whatever its subject
_NOT = re.compile(r"\b(?P<will>will\s+never|will\s+not|won't)\s+(?=(?P<verb>[a-z]+)\b)", re.I)
# "will" before a verb that predicts rather than promises
_PREDICTS = frozenset(
    {"be", "have", "take", "receive", "get", "need", "see", "find", "hear", "arrive", "happen",
     "cost", "last", "become", "feel", "want", "like", "know", "remain", "seem"}
)  # fmt: skip
# after "will not", what still predicts ("you will not receive a text"); "will not be", "will
# not have" and "will not take" refuse ("refunds will not be paid in cash")
_PREDICTS_NOT = _PREDICTS - {"be", "have", "take"}
_DUTY = {"will never": "must never", "will not": "must not", "won't": "must not"}


_PROMISED = re.compile(rf"\b{AGENT}\s+(?:will|won't)\b", re.I)


@functools.lru_cache(maxsize=64)
def promises(speech: str) -> bool:
    """Whether the prompt says at least twice what the agent will or will not do."""
    return len(list(itertools.islice(_PROMISED.finditer(speech), 2))) == 2


def respelt(speech: str, text: str) -> str | None:
    """The sentence with each promised act's "will" said as a duty when the prompt `speech`
    promises in the future tense (module docstring), or None when it promises none."""
    if "will" not in text.casefold() and "won't" not in text.casefold():
        return None
    if not promises(speech):
        return None
    if _MODAL.search(text):
        return None
    said = _AGENT_WILL.sub(_agent_duty, text)
    said = _PASSIVE.sub(_passive_duty, said)
    said = _COUNTED.sub(lambda m: m[0][: m.start("will") - m.start()] + "must ", said)
    said = _NOT.sub(_not_duty, said)
    return said if said != text else None


def _duty(will: str) -> str:
    words = " ".join(will.casefold().split())
    return _DUTY.get(words, "may only" if words == "will only" else "must")


def _agent_duty(m: re.Match[str]) -> str:
    if m["verb"].casefold() in _PREDICTS and not m["will"].casefold().startswith(("will n", "won")):
        return m[0]  # "it will take a week", "you will receive a text"
    return f"{m['lead']}{_duty(m['will'])} "


def _not_duty(m: re.Match[str]) -> str:
    if m["verb"].casefold() in _PREDICTS_NOT:
        return m[0]  # "you will not receive a text"
    return f"{_duty(m['will'])} "


def _passive_duty(m: re.Match[str]) -> str:
    if m["pp"].casefold() in {"able", "used"} or m["pp"].casefold().endswith("able"):
        return m[0]
    only = "only " if m["only"] else ""
    duty = _duty(m["will"])
    if only and duty == "must":
        duty = "may"
    return f"{duty} {only}be "
