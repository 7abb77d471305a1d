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

The count may open with the tool's verb or a label and say its noun with a passive ("Send no
more than two messages in one conversation", "Rate-limited: no more than five searches in a
conversation", "No more than five emails may be sent in one conversation", "Open at most one
case per member in a conversation", "Only one refund may ever be made against each order"),
name its ceiling last ("Two runs per conversation are the limit") or say it as a ban of a
second call ("Never apply it twice to the same job": one per job) (twenty-eighth session).
A count per an entity is read only when its noun is the tool's own (a word of its id) or a
call's ("calls", "runs", "uses", "requests", "attempts", "times").
"""

from __future__ import annotations

import re

from specgap.extract.count15_gets import ceiling_first
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import singular

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
# what a count "in one X" or "per X" spans when it counts the whole conversation
_TALK = ("session", "conversation", "chat", "dialogue", "dialog")
_TALK_RE = "(?:" + "|".join(_TALK) + ")"
_IN_ONE = r"in\s+(?:one|a|any|the|each|a\s+single)\s+" + _TALK_RE + r"\b"
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "a single": 1, "once": 1, "twice": 2}  # fmt: skip
_N = r"(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_SESSION = re.compile(
    r"^(?:(?:use\s+it|call\s+it|(?:can\s+be\s+)?(?:used|called|run|invoked))\s+)?(?:no\s+more\s+than|"
    r"at\s+most|up\s+to|not\s+more\s+than|maximum(?:\s+of)?|max\.?)\s+"
    + _N.replace("|one|", "|one|once|twice|")
    + r"(?:\s+(?P<noun>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?))?"
    r"\s+(?:in\s+(?:one|a|any|the|each)\s+|per\s+|each\s+)" + _TALK_RE + r"\b",
    re.I,
)
_ONE_PER = re.compile(
    r"^(?:only\s+|at\s+most\s+|no\s+more\s+than\s+)?(?:one|a\s+single)\s+(?P<noun>[a-z][\w-]*"
    r"(?:\s+[a-z][\w-]*){0,2}?)\s+per\s+(?P<per>[a-z][\w-]*)(?:\s+" + _IN_ONE + r")?"
    r"\s*(?:[:;.]|$)",
    re.I,
)
# the ceiling after a verb or a label, the noun with a passive, the scope a conversation or
# an entity ("Open at most one case per member in a conversation")
_CEILING = r"(?:no\s+more\s+than|at\s+most|up\s+to|not\s+more\s+than|maximum(?:\s+of)?|max\.?|only)"
_SCOPED = re.compile(
    r"^(?:[\w-]+(?:\s+[\w-]+)?:\s*)?(?:(?:use|call)\s+it\s+|[a-z]+\s+)??"
    + _CEILING
    + r"\s+"
    + _N.replace("|one|", "|one|a\\s+single|")
    + r"(?:\s+(?P<noun>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?))??"
    r"(?:\s+(?:may|can|will|should|is|are)\s+(?:ever\s+)?(?:be\s+[a-z]+|[a-z]+ed))?"
    r"\s+(?:" + _IN_ONE + r"|(?:per|(?:for|against|on|to)\s+each|each|for\s+any\s+one)"
    r"\s+(?P<per>[a-z][\w-]*)(?:\s+" + _IN_ONE + r")?)\s*(?:[:;.,]|$)",
    re.I,
)
_LIMIT_LAST = re.compile(
    r"^" + _N + r"\s+(?P<noun>[a-z][\w-]*)\s+(?:per|in\s+(?:a|one|each))\s+(?P<per>[a-z][\w-]*)\s+"
    r"(?:is|are)\s+the\s+(?:limit|maximum|most)\b",
    re.I,
)
_NOT_TWICE = re.compile(
    r"^(?:never|do\s+not|don't)\s+(?:[a-z]+\s+)?(?:it|this)\s+twice\s+(?:to|for|on|against|in)\s+"
    r"(?:the\s+same|one|a)\s+(?P<per>[a-z][\w-]*)\s*(?:[.;]|$)",
    re.I,
)
_CONVERSATION = frozenset(_TALK)
_CALLS = frozenset({"call", "run", "use", "request", "attempt", "time", "try"})
_COUNTS = frozenset({"max_calls", "arg_count_bound", "arg_within_bound"})


def fill(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence's rules with this module's reading added (module docstring)."""
    subject = sentence.subject
    if not subject:
        return rules, diagnostics
    text = " ".join(sentence.clean.split())
    text = ceiling_first(text) or text  # "used once per chat at most": "at most once per chat"
    emit = _ban(text) if not any(r.operator == "deny_action" for r in rules) else None
    replaced: list[CandidateRule] = []
    flat = [r for r in rules if r.operator == "max_calls" and not r.params.get("per")]
    twice = _NOT_TWICE.search(text)
    if emit is None and flat and twice is not None and twice["per"].casefold() not in _CONVERSATION:
        # "never send it twice to the same skier": one per skier, not one in the conversation
        emit, replaced = (
            Emit("max_calls", None, {"max": 1, "per": singular(twice["per"])}, 0.7),
            flat,
        )
    if emit is None and not any(r.operator == "max_calls" and not _bare_use(r) for r in rules):
        emit = _session_count(text) or _one_per(text, subject)
        if emit is not None:  # a count of "flag changes" read as an argument's: the calls'
            replaced = [r for r in rules if r.operator in _COUNTS]
        elif (scoped := _scoped(text, subject)) is not None:
            # said over a conversation, the calls are counted, not an argument's items; per
            # an entity ("at most 5 items per order") another reader's count stands
            emit, whole = scoped
            counts = [r for r in rules if r.operator in _COUNTS]
            replaced = counts if whole else []
            emit = emit if whole or not counts else None
    if emit is None:
        return rules, diagnostics
    rule = candidate(sentence, emit).model_copy(update={"grounding": "exact"})
    kept = [r for r in rules if r not in replaced]
    notes = [d for d in diagnostics if d.code not in _SUPERSEDED]
    return [*kept, rule], notes


_SUPERSEDED = frozenset({"rule-not-compiled", "unknown-argument"})
# a count whose target is the call verb alone ("Used at most once per conversation": `use`)
# names no tool; in a description it is the described tool's
_USE_ONLY = frozenset({"use", "used", "call", "called", "run", "invoke", "invoked"})


def _bare_use(rule: CandidateRule) -> bool:
    return (rule.target or "").casefold().strip() in _USE_ONLY


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
    m = _SESSION.search(text) or _ONE_CALL.match(text)
    if m is None or _CONDITION.search(text[m.end() :].split(".")[0]):
        return None
    return Emit("max_calls", None, {"max": _count(m["n"])}, 0.7)


# "One call in a chat.", "A single page per conversation.": the count said bare, of the calls
_ONE_CALL = re.compile(
    r"^(?P<n>one|a\s+single)\s+(?:calls?|uses?|runs?|requests?|pages?|attempts?)\s+"
    r"(?:in\s+(?:one|a|any|the|each)\s+|per\s+|each\s+)" + _TALK_RE + r"\s*[.;]?\s*$",
    re.I,
)


def _one_per(text: str, subject: str) -> Emit | None:
    from specgap.resolve.text import words

    m = _ONE_PER.search(text)
    if m is None:
        return None
    own = set(words(subject))
    if not own & set(words(m["noun"])):
        return None  # "One row per item": not the tool's own act
    return Emit("max_calls", None, {"max": 1, "per": m["per"].casefold()}, 0.7)


def _scoped(text: str, subject: str) -> tuple[Emit, bool] | None:
    """A count said in one of the other shapes of the module docstring, and whether it is
    said over the whole conversation (or as a limit of the tool's own calls), or None."""
    from specgap.resolve.text import words

    m = _SCOPED.search(text) or _LIMIT_LAST.search(text) or _NOT_TWICE.search(text)
    if m is None or _CONDITION.search(re.split(r"[.;]", text[m.end() :])[0]):
        return None
    said = m.groupdict()
    per = (said.get("per") or "").casefold()
    per = "" if per in _CONVERSATION else per
    noun = said.get("noun") or ""
    own = set(words(subject)) & set(words(noun)) or {singular(w) for w in words(noun)} & _CALLS
    if (per or not noun or m.re is not _SCOPED) and noun and not own:
        return None  # "Add at most 5 items per order": the items, not the calls
    if m.re is _SCOPED and not per and not noun and not text[: m.start("n")].strip():
        return None  # (read by `_session_count`)
    n = 1 if m.re is _NOT_TWICE else _count(" ".join(m["n"].split()))
    params: dict[str, object] = {"max": n, **({"per": singular(per)} if per else {})}
    whole = m.re is not _SCOPED or bool(re.search(_IN_ONE, m[0], re.I)) or not noun
    return Emit("max_calls", None, params, 0.7), whole
