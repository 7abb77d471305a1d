"""What a terse line hangs on its rule, set aside so that the rule is read (issue 11).

Desk notes and quick bullets wrap a rule in asides the readers were never meant to parse:

- a tool id in brackets after the words that name its call, or after "with" / "using" /
  "via" where those words end ("Every reported leak is logged with `leak_report_log` before
  a work order is raised"), in a line that orders calls:
  "Waiver on file (SignWaiver) before a kit goes out (ReserveRentalKit)", "always pull the
  skier profile (GetSkierProfile) before AdjustBindings". The id says which call the words
  mean, so it takes their place: "Call SignWaiver before ReserveRentalKit", "always call
  GetSkierProfile before AdjustBindings". The words it replaces run back from the bracket
  to the nearest boundary (the start, a colon, a semicolon, a comma, or a word that joins
  two events: before, after, until, once, when, if, unless, then, and, or); the modal
  words at their front (always, never, only, must, ...) and a closing "first" stay. When
  they open the line or a clause after a colon or semicolon, the id is called ("call X");
  elsewhere it is the event itself ("before X", "after A and B have been read"). Only the
  orderings and confirmations of such a reading are kept: a bracketed id also says where a
  value comes from ("Crate spec from the object record (getObject), never improvised"),
  and that is no call to ban. A line with a pronoun after the id is not glossed: the
  pronoun may point back at the words the id would replace ("Every reported leak is logged
  with `t` before a work order is raised for it" orders only the work orders raised for a
  leak, and "Call t before a work order is raised" would order every one);
- a bracket that only explains, gives a reason or a gloss: "(no promos)", "(lowercase)",
  "(6 = full day)", "(wt/ht/age/ability drive the chart)", "(bigger groups -> group
  sales)". It is dropped, unless it could narrow the rule: a bracket holding a condition
  or exception word (if, unless, only, except, when, while, once, until, after, before,
  for, per, during, without, not, but), a comparison before a number ("over $50", "at
  most 3", "max 3"), or a tool id is kept, since without it the rule would read stronger
  than the line;
- an emphatic tail: ", period", ", full stop", "-- no exceptions", ", no matter what".

The line so respelled is read by the extractor's reading of a sentence only when the line
as written gave no rule, or only rules whose condition could not be bound; in the second
case its reading is kept only when it binds them (state tests of the same tools, nothing
else). (A reading that reads "more" is not enough: a respelling that lost a condition would
read more rules.) The
rules keep the line's own words and span. Only a prompt's sentences are respelled (a tool's
description is read by its own readers).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.noact_respell import spelt
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import TOOL_ID_WORD

__all__ = ["reread", "respelt"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_ID = TOOL_ID_WORD
_GLOSS = re.compile(
    r"\s*\(\s*`?(?P<id>" + _ID + r")`?(?:\(\))?\s*\)"
    # "is logged with `leak_report_log` before ...": the tool the act is done with, where
    # the act's words end
    r"|\s+(?:with|using|via|through|by\s+calling|by\s+running)\s+`?(?P<with>"
    + _ID
    + r")`?(?:\(\))?(?=\s*(?:[,;:.]|$|\b(?:before|after|until|once|when|then|first)\b))"
)
_ID_IN = re.compile(r"`[^`]+`|\b" + _ID + r"\b")
_BRACKET = re.compile(r"\s*\((?P<in>[^()]{1,120})\)")
# what in a bracket could narrow the rule it hangs on
_NARROWS = re.compile(
    r"\b(?:if|unless|only|except|excluding|when|whenever|while|once|until|after|before|for|"
    r"per|during|without|not|but|max|min|maximum|minimum)\b|\b(?:over|above|under|below|"
    r"more\s+than|less\s+than|fewer\s+than|at\s+(?:most|least)|up\s+to)\s+[$\u20ac\u00a3]?\d|"
    r"(?<![-=])[<>\u2264\u2265]=?\s*[$\u20ac\u00a3]?\d",
    re.I,
)
_TAIL = re.compile(
    r"(?:\s*[,;]\s*|\s+(?:-{1,2}|\u2013|\u2014)\s*)(?:period|full\s+stop|no\s+exceptions?|"
    r"no\s+matter\s+what|end\s+of\s+story|without\s+exception)\s*[.!]*\s*$",
    re.I,
)
# where the words a gloss replaces begin: after one of these
_BOUNDARY = re.compile(
    r"(?:^|[:;,]|\b(?:before|after|until|once|when|whenever|if|unless|then|and|or|while)\b)\s*",
    re.I,
)
_JOINS = re.compile(r"^(?:before|after|until|once|when|whenever|if|unless|while)$", re.I)
# a gloss is read only in a line that orders calls, and only its orderings are kept: the id
# names one of the ordered events ("Crate spec from the object record (getObject), never
# improvised" is where a value comes from, not a call to ban)
_ORDERS = re.compile(r"\b(?:before|after|first|then|until|once|prior\s+to)\b", re.I)
_ORDERINGS = frozenset({"require_before", "require_confirmation"})
# a pronoun after a gloss may point back at the words the id would replace ("Every reported
# leak is logged with `t` before a work order is raised for it": only work orders for a
# leak), so the line is not glossed: the ordering would hold for every work order
_PRONOUN = re.compile(r"\b(?:it|its|them|they|their|theirs|this\s+one|that\s+one)\b", re.I)
_KEEP = frozenset(
    [
        "always",
        "never",
        "only",
        "must",
        "should",
        "shall",
        "please",
        "you",
        "do",
        "don't",
        "not",
        "also",
        "first",
        "just",
    ]
)


def respelt(text: str) -> tuple[str, bool] | None:
    """The line with its asides set aside (module docstring) and whether a bracketed tool id
    took the place of words, or None when it has no aside."""
    glossed = _glossed(text) if _ORDERS.search(text) else text
    said = _BRACKET.sub(lambda m: m[0] if _kept(m["in"]) else "", glossed)
    said = _TAIL.sub(".", said)
    said = " ".join(said.split())
    said = said[:1].upper() + said[1:]
    return (said, glossed != text) if said != " ".join(text.split()) else None


def _kept(inside: str) -> bool:
    return bool(_NARROWS.search(inside) or _ID_IN.search(inside))


def _glossed(text: str) -> str:
    """Each bracketed tool id in place of the words before it that name its call."""
    while (m := _GLOSS.search(text)) is not None:
        if _PRONOUN.search(text, m.end()):
            return text  # "... before a work order is raised for it": the words say which
        head = text[: m.start()]
        start = max((b.end() for b in _BOUNDARY.finditer(head)), default=0)
        joined = _joining_word(head[:start])
        words = head[start:].split()
        front = []
        while words and words[0].casefold() in _KEEP - {"first"}:
            front.append(words.pop(0))
        back = ["first"] if words and words[-1].casefold() == "first" else []
        tool = m["id"] or m["with"]
        call = f"call {tool}" if _opens(head[:start]) and not joined else tool
        said = " ".join([*front, call, *back])
        gap = " " if start and not head[:start].endswith(" ") else ""
        text = f"{head[:start]}{gap}{said}{text[m.end() :]}"
    return text


def _opens(before: str) -> bool:
    """The words a gloss replaces open the line or a clause of it (after a label's colon or
    a semicolon): they are a call to make."""
    return not before.strip() or before.rstrip().endswith((":", ";"))


def _joining_word(before: str) -> bool:
    """The words a gloss replaces follow a word that joins two events ("before a kit goes
    out"): the id is the event, not a call to make."""
    words = before.split()
    return bool(words) and _JOINS.match(words[-1].strip(",;:")) is not None


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The line read again with its asides set aside, when as written it gave no rule or
    only rules whose condition is unbound (module docstring); else the first reading."""
    if sentence.subject is not None:
        return rules, diagnostics
    if not _unread(rules) or (respelling := respelt(sentence.clean)) is None:
        return rules, diagnostics
    said, glossed = respelling
    found, notes = read(spelt(sentence, said))
    if not found or (glossed and any(r.operator not in _ORDERINGS for r in found)):
        return rules, diagnostics
    if rules and not _bound_now(rules, found):
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    return [r.model_copy(update={"text": words}) for r in found], notes


def _unread(rules: list[CandidateRule]) -> bool:
    """Nothing was read, or only rules whose condition could not be bound (a bracket inside
    the condition: "whose status is overdue (call the office)")."""
    return all(r.condition is not None for r in rules)


def _bound_now(first: list[CandidateRule], found: list[CandidateRule]) -> bool:
    """The respelled reading binds what the first left unbound: every rule of the first has a
    state test of its tool in the second, and the second has no rule left unbound and no
    other kind of rule (never a flat ban that lost its condition)."""
    states = {r.target for r in found if r.operator == "state_condition"}
    return all(r.condition is None and r.operator == "state_condition" for r in found) and all(
        r.target in states for r in first
    )
