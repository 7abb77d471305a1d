"""What a tool's own description forbids or limits about calling the tool itself
(docs/descriptions-four.md), read when the other readers of the sentence found nothing of
the kind (`reading.read_sentence` calls `fill` on description sentences):

- a ban addressed to the assistant: "Agents must never call it.", "Not to be used by the
  front-desk assistant.", "Do not call this tool.", "Not for use by chatbots." -> `deny_action`
  of the described tool. Only when the clause has no condition ("unless", "before", "if", ...):
  a conditioned ban is left to the readers of conditions;
- a count of calls over the whole conversation: "No more than 4 label reprints in one
  session.", "At most 3 per conversation." -> `max_calls` (an argument's count cannot be "in
  one session": it is the calls that are counted), in place of a count of an argument's items;
- one per entity, said of the tool's own act: "One refund request per order: ..." ->
  `max_calls` per that entity, when the counted noun shares a word with the tool's id.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["fill"]

_WHO = r"(?:assistants?|agents?|models?|bots?|chat\s*bots?|AI|LLMs?|you)"
_SELF = r"(?:it|this(?:\s+(?:tool|function|endpoint|action|method|operation))?|the\s+tool)"
_BANS = (
    re.compile(
        r"\b(?:the\s+|an?\s+|any\s+)?(?:[\w-]+\s+){0,2}?" + _WHO + r"\s+(?:must|should|may|can|"
        r"shall)\s*(?:not|never)\s+(?:ever\s+)?(?:call|use|invoke|run|trigger)\s+" + _SELF + r"\b",
        re.I,
    ),
    re.compile(
        r"\b(?:not|never)\s+(?:to\s+be\s+)?(?:used|called|invoked|run)\s+by\s+(?:the\s+|an?\s+|"
        r"any\s+)?(?:[\w-]+\s+){0,2}?" + _WHO + r"\b",
        re.I,
    ),
    re.compile(
        r"\bnot\s+for\s+(?:use\s+by\s+)?(?:the\s+|an?\s+|any\s+)?(?:[\w-]+\s+){0,2}?"
        + _WHO
        + r"\b",
        re.I,
    ),
    re.compile(
        r"^(?:please\s+)?(?:do\s+not|don't|never)\s+(?:ever\s+)?(?:call|use|invoke|run)\s+"
        + _SELF
        + r"\s*(?:[.;!]|$)",
        re.I,
    ),
)
_CONDITION = re.compile(
    r"\b(?:if|unless|when|whenever|until|before|after|without|except|while|only|instead|"
    r"directly|first|yet|more\s+than|twice|again)\b",
    re.I,
)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "a single": 1, "once": 1, "twice": 2}  # fmt: skip
_N = r"(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_SESSION = re.compile(
    r"^(?:(?:use\s+it|call\s+it)\s+)?(?:no\s+more\s+than|at\s+most|up\s+to|not\s+more\s+than|"
    r"maximum(?:\s+of)?|max\.?)\s+" + _N + r"(?:\s+(?P<noun>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?))?"
    r"\s+(?:in\s+(?:one|a|any|the|each)\s+|per\s+|each\s+)(?:session|conversation|chat|"
    r"dialogue|dialog)\b",
    re.I,
)
_ONE_PER = re.compile(
    r"^(?:only\s+|at\s+most\s+|no\s+more\s+than\s+)?(?:one|a\s+single)\s+(?P<noun>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2}?)\s+per\s+(?P<per>[a-z][\w-]*)\s*(?:[:;.]|$)",
    re.I,
)
_COUNTS = frozenset({"max_calls", "arg_count_bound", "arg_within_bound"})


def fill(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence's rules with this module's reading added (module docstring)."""
    subject = sentence.subject
    if not subject:
        return rules, diagnostics
    text = " ".join(sentence.clean.split())
    emit = _ban(text) if not any(r.operator == "deny_action" for r in rules) else None
    replaced: list[CandidateRule] = []
    if emit is None and not any(r.operator == "max_calls" for r in rules):
        emit = _session_count(text) or _one_per(text, subject)
        if emit is not None:  # a count of "flag changes" read as an argument's: the calls'
            replaced = [r for r in rules if r.operator in _COUNTS]
    if emit is None:
        return rules, diagnostics
    rule = candidate(sentence, emit).model_copy(update={"grounding": "exact"})
    kept = [r for r in rules if r not in replaced]
    notes = [d for d in diagnostics if d.code not in _SUPERSEDED]
    return [*kept, rule], notes


_SUPERSEDED = frozenset({"rule-not-compiled", "unknown-argument"})


def _ban(text: str) -> Emit | None:
    for clause in re.split(r"\s*[;:]\s*|(?<=[.!])\s+", text):
        for shape in _BANS:
            m = shape.search(clause)
            if m is None:
                continue
            rest = clause[m.end() :].strip(" .!")  # "must not use it for X": narrower
            if not rest and not _CONDITION.search(clause):
                return Emit("deny_action", None, {}, 0.8)
    return None


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word.casefold()]


def _session_count(text: str) -> Emit | None:
    m = _SESSION.search(text)
    if m is None or _CONDITION.search(text[m.end() :].split(".")[0]):
        return None
    return Emit("max_calls", None, {"max": _count(m["n"])}, 0.7)


def _one_per(text: str, subject: str) -> Emit | None:
    from specgap.resolve.text import words

    m = _ONE_PER.search(text)
    if m is None:
        return None
    own = set(words(subject))
    if not own & set(words(m["noun"])):
        return None  # "One row per item": not the tool's own act
    return Emit("max_calls", None, {"max": 1, "per": m["per"].casefold()}, 0.7)
