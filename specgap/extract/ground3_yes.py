"""The user's yes before a value is saved, the act named by a light verb and a pronoun.

"Ask the member to confirm the new delivery address before saving it", "get the member to
confirm the new e-mail before you record it", "have the grower confirm the new sort code
before you store it": the act the yes guards is the change of the value confirmed, which
"saving it" names by no tool word. The sentence is read again with the act spelled as the
change of that value ("... before you update the new delivery address"), and the resolver
picks the tool that changes it (or reports a tie: the rule is then reviewed, never guessed).
The respelled reading replaces the first only when it gives the confirmation.

A yes asked for after telling the user something ("Quote the kiln fee to the member, then
have them confirm before `book_firing` runs", "Give the rider the fare, and ask them to agree
before `BookRide` runs"): the telling is no rule of its own, so when the sentence gave nothing
it is read again from the yes on (`reread_told`).

A yes with an exception after it ("refunds of a firing require the member's explicit yes,
unless the kiln broke down"), when nothing else was read: the confirmation, with the
exception kept as its condition, so it is reviewed with a `condition-not-bound` note
(`reread_excepted`).

Not read: a value with no "confirm" of the user's before it, a pronoun with no value
confirmed ("confirm before saving it"), an act named by a verb of its own ("before you
submit it", "before booking it"): the readers of `user_yes` read those.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.noact_respell import spelt
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

_SAVED = re.compile(
    r"\bconfirm\s+(?:the\s+|their\s+|his\s+|her\s+)?(?P<x>(?:new|updated|changed|corrected)\s+"
    r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?=\s*,|\s+(?:and|with|before|word)\b)"
    r"[^.;]*?\bbefore\s+(?P<act>(?:you\s+|we\s+)?(?:sav(?:e|ing)|stor(?:e|ing)|record(?:ing)?|"
    r"commit(?:ting)?|writ(?:e|ing))\s+(?:it|them)\b)",
    re.I,
)

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]


def respelled(text: str) -> str | None:
    """`text` with "before saving it" spelled as the change of the value confirmed, or None."""
    m = _SAVED.search(text)
    if m is None:
        return None
    return f"{text[: m.start('act')]}you update the {m['x']}{text[m.end('act') :]}"


def reread_saved(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read with the saving spelled as the change (module docstring); the first
    reading when the respelled one gives no confirmation."""
    if sentence.subject is not None:
        return rules, diagnostics
    text = respelled(sentence.text)
    if text is None:
        return rules, diagnostics
    return _yes_read(sentence, read(spelt(sentence, text)), rules, diagnostics)


# "quote the fee, then have them confirm ...": the yes after the telling
_TOLD = re.compile(
    r"^\W*(?:tell|give|quote|explain|show|summari[sz]e|read\s+out|state|repeat|list)\b[^.;]*?"
    r"(?:,\s*|\s+)(?:and\s+)?(?:then\s+)?(?P<yes>(?:ask|get|obtain|wait\s+for|have)\s+[^.;]*?"
    r"\b(?:confirm\w*|yes|agree\w*|consent|go-ahead|ok|okay|approv\w*)\b[^.;]*\bbefore\b.*)$",
    re.I,
)

_THEM = re.compile(r"^(?P<verb>ask|get|have)\s+(?:them|him|her)\b", re.I)


def reread_told(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A sentence nothing was read from but the telling itself, read again from the yes it
    asks for after telling the user something (module docstring); the first reading when
    that gives no confirmation."""
    if sentence.subject is not None:
        return rules, diagnostics
    m = _TOLD.match(sentence.text)
    if m is None:
        return rules, diagnostics
    told = m[0].split()[0].casefold()
    said_by = [str(x or "").casefold() for r in rules for x in (r.target, r.params.get("before"))]
    if rules and not any(x.startswith(told) for x in said_by):
        return rules, diagnostics  # the first reading did not take the telling for a call
    # the person told is the one asked: "... and ask them to confirm"
    said = _THEM.sub(lambda t: f"{t['verb']} the user", m["yes"])
    found = read(spelt(sentence, said[0].upper() + said[1:]))
    return _yes_read(sentence, found, rules, diagnostics)


def _yes_read(
    sentence: Sentence,
    found: tuple[list[CandidateRule], list[Diagnostic]],
    rules: list[CandidateRule],
    diagnostics: list[Diagnostic],
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The re-reading's rules, said in the sentence's own words, when it read a yes; else the
    first reading."""
    again, notes = found
    if not any(r.operator == "require_confirmation" for r in again):
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    return [r.model_copy(update={"text": words}) for r in again], notes


# "..., unless the kiln broke down": the yes holds but in that case
_EXCEPT = re.compile(
    r"(?P<tail>\s*[,;—–-]\s*(?:except|unless|but\s+not)\s+(?:when|if|where|for|while)?\b[^.;]*)"
    r"(?P<end>[.;!]?\s*)$",
    re.I,
)

_OF_TAIL = re.compile(r"^(?:except|unless|but\s+not)\b", re.I)


def reread_excepted(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A yes with an exception after it ("... require the member's explicit yes, unless the
    kiln broke down") that gave nothing, or only a rule on the exception's words:
    read without the exception, each confirmation kept with it as its condition (reviewed,
    with its note), never a flat rule."""
    if sentence.subject is not None or any(not _OF_TAIL.match(r.target or "") for r in rules):
        return rules, diagnostics  # (a rule on the exception itself is a misreading)
    m = _EXCEPT.search(sentence.text)
    if m is None or m.start() == 0:
        return rules, diagnostics
    found, _ = read(spelt(sentence, sentence.text[: m.start()] + "."))
    yes = [r for r in found if r.operator == "require_confirmation"]
    if not yes or len(yes) != len(found):
        return rules, diagnostics
    tail = m["tail"].strip(" ,;—–-")
    words = " ".join(sentence.text.split())
    kept = [r.model_copy(update={"text": words, "condition": tail}) for r in yes]
    return kept, [condition_diagnostic(sentence, r) for r in kept]
