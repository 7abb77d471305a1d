"""Acts said in the passive (forty-eighth session).

A call said in the passive before the act it must precede: "`t` is run on the booking before
it is cancelled", "`t` was called on a booking_id before that same booking_id was moved or
cancelled", "`t` is used for each renter before a car is booked".

The readers read the imperative ("Call `t` on a booking_id before that same booking_id is
moved"); the passive leaves them the tool as a subject they do not order, and "it" an act
they cannot place. So a sentence that gave no rule and opens with one of the agent's tools
said to be called (called, run, used, invoked, checked, read; is, are, was, were, has been)
before or prior to another act is read as that imperative, and an "it" or "they" the later
act is said of becomes the thing the call was made on ("on the booking ... before it is
cancelled": "before that same booking is cancelled"). Nothing else is changed; what the
imperative cannot read stays unread, with the sentence's own note.

What is acted on, said as the subject of the act in the passive, with "only", "never" or
"not" after it: "Pegs are moved and tickets voided only while status is sold or paid",
"Tackle is hired only on a sold or paid ticket", "Refunds are never paid in cash", "No hut
is let whose hut_status is condemned". The readers read the imperative: "Only move pegs and
void tickets while ...", "Only hire tackle on ...", "Never pay refunds in cash", "Never let
any hut whose ...". Each participle must be one (the lexicon's past participle of its
verb), and what follows the modal is left as said.
"""

from __future__ import annotations

import re

from specgap.extract.agent_params import agent_tool
from specgap.extract.noact_respell import Read, read_as
from specgap.extract.pattern_base import id_named, tool_id
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import inflections, lemma

__all__ = ["acted_on", "reread", "spelling"]

_PASSIVE = re.compile(
    r"^[^\w`]*"
    + tool_id("id")
    + r"\s+(?:is|are|was|were|has\s+been|had\s+been|gets|got)\s+(?:always\s+|first\s+)?"
    r"(?:called|run|used|invoked|checked|read|consulted|queried)\b(?P<rest>.*?)\s+"
    r"(?P<when>before|prior\s+to)\s+(?P<then>.+)$",
    re.I,
)
# what the call is made on: "on the booking", "for a booking_id", "against each renter"
_ON = re.compile(r"\b(?:on|for|against|with)\s+(?:the|a|an|each|every|that)\s+(?P<thing>[\w-]+)")
_DETERMINER = r"(?:the|a|an|any|each|every|all|no)"
_SUBJECT_ACTED = re.compile(
    rf"^(?P<lead>[^\w`]*)(?P<subject>(?:{_DETERMINER}\s+)?(?:[a-z][\w-]*\s+){{0,2}}?"
    r"[a-z][\w-]*)\s+(?:is|are|gets|get)\s+(?:(?:always|also)\s+)?"
    r"(?:(?P<before>only|never|not)\s+)?(?P<acts>[a-z][\w\s,-]*?)"
    r"(?:\s+(?P<modal>only|never|not|solely)\b(?P<rest>.*)|(?P<whose>\s+(?:whose|with|while|"
    r"when|if|unless|for|on|to|in|as|by|at|after|before|once)\b.*))$",
    re.I,
)
_JOINED = re.compile(r"\s*(?:,\s*(?:and|or)?|\band\b|\bor\b)\s*", re.I)
_IT = re.compile(r"^(?:it|they)\s+(?=(?:is|are|was|were|has|have|gets|get|got)\b)", re.I)


def spelling(text: str) -> tuple[str, str] | None:
    """The tool a passive call names and the call said as the imperative (module
    docstring), or None."""
    m = _PASSIVE.match(text)
    if m is None:
        return None
    tool, then = id_named(m, "id"), m["then"]
    on = _ON.search(m["rest"])
    if _IT.match(then):
        if on is None:
            return None  # "before it is cancelled", with nothing said it could be
        then = _IT.sub(f"that same {on['thing']} ", then, count=1)
    return tool, f"Call `{tool}`{m['rest']} {m['when']} {then}"


def _participle(word: str) -> str | None:
    """The verb a past participle is of ("sold": sell, "voided": void), else None."""
    base = lemma(word)
    return base if word.casefold() in inflections(base, "VBN") else None


def acted_on(text: str) -> str | None:
    """The passive with "only" / "never" / "not" said as the imperative (module docstring),
    or None."""
    m = _SUBJECT_ACTED.match(text)
    if m is None:
        return None
    subject = m["subject"]
    first = subject.split()[0]
    if first[:1].isupper() and first[1:] == first[1:].lower():  # the sentence's first word
        subject = subject[0].lower() + subject[1:]
    no = re.match(r"no\s+", subject, re.I)
    if m["before"] is not None:  # "Refunds are never paid in cash"
        if no is not None or m["modal"] is not None:
            return None
        modal, rest = m["before"].casefold(), m["whose"] or ""
    elif m["whose"] is not None:  # "No hut is let whose ...": only with "no"
        if no is None:
            return None
        modal, rest = "never", m["whose"]
    else:
        if no is not None:
            return None
        modal, rest = m["modal"].casefold(), m["rest"]
    if no is not None:
        subject = "any " + subject[no.end() :]
    acts: list[tuple[str, str]] = []
    for part in (p for p in _JOINED.split(m["acts"]) if p):
        words = part.split()
        verb = _participle(words[-1])
        if verb is None:
            return None
        acts.append((verb, " ".join(words[:-1])))
    if not acts or acts[0][1]:
        return None  # the first act is the subject's
    if all(not thing for _, thing in acts):
        said = f"{' or '.join(verb for verb, _ in acts)} {subject}"
    else:
        said = " and ".join(f"{verb} {thing or subject}" for verb, thing in acts)
    head = {"only": "Only", "solely": "Only", "never": "Never", "not": "Never"}[modal]
    return f"{m['lead']}{head} {said}{rest}"


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read as its imperative, when it gave no rule and its tool is the
    agent's; as it was otherwise."""
    if sentence.subject is not None or rules:
        return rules, diagnostics
    call = spelling(sentence.clean)
    said = call[1] if call is not None and agent_tool(call[0]) is not None else None
    if said is None:
        from specgap.extract.reading import read_sentence

        # the imperative read whole, by every reader ("only hire X on a S ticket" is read
        # by a reread of its own)
        said, read = acted_on(sentence.clean), read_sentence
    if said is None:
        return rules, diagnostics
    found, notes = read_as(sentence, said, read)
    return (found, notes) if found else (rules, diagnostics)
