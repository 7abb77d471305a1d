"""A count of calls said with no verb, read again as the count readers read it.

- a tool's id counted: "one `approve_refund` per claim, ever", "no more than three
  verifyPin attempts in one chat", "two `ledger.Post` calls per invoice" -> "call T at most N
  times (per X)";
- a new thing counted ("| New hangars per session | 2 |"): its creations, "create at most
  N <things>";
- a thing that gets the count ("an order gets one exchange, ever"): per that thing (a
  person who gets it, or a count said "in one chat", is the conversation's);
- a noun counted behind a label or a warning, or with a tail that only says "in all":
  "WARNING: one refund per order per chat", "one swap per berth, ever", "Reminders per
  conversation: 2", a table row "| Hull surveys per session | 3 |" or "| Tickets | one
  per passenger per session |" -> "at most N <noun> (per X)".

The conversation ("per chat", "in one session", "per conversation") is what one trace is:
said alone, the count is per trace; said with an entity ("per order per chat"), per the
entity. Only a sentence nothing counted was read from is respelled, and only the respelling's
`max_calls` rules are kept (the count readers decide whether the noun names an act: "one
pallet per order" counts no calls and stays unread).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.noact_respell import spelt
from specgap.extract.people import PERSON
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import NUMBER_WORDS, is_toolish

__all__ = ["counted", "reread"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_N = r"(?:\d+|" + "|".join(NUMBER_WORDS) + r"|a\s+single)"
_Q = (
    r"(?:(?:no\s+more\s+than|not\s+more\s+than|at\s+most|up\s+to|only|just|a\s+maximum\s+of|"
    r"max(?:imum)?\.?)\s+)?"
)
_WORD = r"(?!(?:per|for|in|a|an|the|and|or|is|are|of|to)\b)[A-Za-z][\w.-]*"
_NOUN = r"(?P<noun>(?:" + _WORD + r"\s+){0,2}?" + _WORD + r")"
_WHOLE = r"(?:chat|conversation|session|call|contact|interaction|dialogue)"
_SPAN = r"(?:\s+(?:per|in\s+(?:one|a|the|each|any)|each|a)\s+" + _WHOLE + r")"
_PER = (
    r"(?:\s+(?:per|for\s+(?:each|every|a|an|one|the\s+same))\s+(?!"
    + _WHOLE
    + r"\b)(?P<per>[a-z][\w-]*))?"
)
_TAIL = r"\s*(?:,?\s*(?:ever|in\s+all|in\s+total|at\s+most|max(?:imum)?))?\s*(?:[.;!]|$)"
# "one approveLoan per request, ever"; "no more than 3 verify_pin attempts in one chat"
_COUNT = re.compile(
    r"^\W*(?:[A-Z]+\s*:\s*)?(?:(?P<one>a|an|each|every|the|any)\s+(?P<holder>[a-z][\w-]*)\s+"
    r"(?:gets?|has|have)\s+)?"
    + _Q
    + r"(?P<n>"
    + _N
    + r")\s+"
    + _NOUN
    + r"(?:\s+(?:attempts?|calls?|tries|runs?))?"
    + _PER
    + _SPAN
    + r"?"
    + _TAIL,
    re.I,
)
# "Reminders per conversation: 2", "| hull surveys per session | 3 |"
_ROW = re.compile(
    r"^\W*" + _NOUN + _PER + _SPAN + r"?\s*(?:[:|=]\s*|\s+)" + _Q + r"(?P<n>" + _N + r")\W*$",
    re.I,
)
# "| Tickets | one per passenger per session |"
_ROW_PER = re.compile(
    r"^\W*"
    + _NOUN
    + r"\s*(?:[:|]\s*|\s+)"
    + _Q
    + r"(?P<n>"
    + _N
    + r"|once|twice)(?:\s+(?:times?|calls?))?"
    + _PER
    + _SPAN
    + r"?\W*$",
    re.I,
)
_LIMITED = re.compile(
    r"\b(?:no\s+more\s+than|not\s+more\s+than|at\s+most|up\s+to|only|just|maximum|max|ever|"
    r"per|attempts?|calls?|tries|in\s+(?:one|a|each|any)\s+" + _WHOLE + r")\b|\|",
    re.I,
)
_ONCE = {"once": "one", "twice": "two", "a single": "one"}
_NOT_NOUN = frozenset({"time", "times", "day", "days", "hour", "hours", "minute", "minutes"})


def counted(text: str) -> str | None:
    """The count respelled as the count readers read it, or None (module docstring)."""
    clause = re.split(r"(?<=[.;!])\s+", text.strip(), maxsplit=1)[0]
    m = _COUNT.match(clause) or _ROW.match(clause) or _ROW_PER.match(clause)
    if m is None:
        return None
    noun = m["noun"].strip().strip("`").rstrip(".")
    n = _ONCE.get(m["n"].casefold(), m["n"])
    if not noun or noun.split()[-1].casefold() in _NOT_NOUN:
        return None
    if not (m["per"] or _LIMITED.search(clause)):
        return None  # "Two adults.": a number, no limit said
    holder = m.groupdict().get("holder")
    spanned = re.search(_SPAN, clause, re.I) is not None  # "in one chat": the trace's own
    thing = holder is not None and re.fullmatch(PERSON + "s?", holder, re.I) is None
    if not m["per"] and holder and thing and not spanned and m["one"].casefold() != "the":
        per = f" per {holder.casefold()}"  # "an order gets one exchange, ever": per order
    else:
        per = f" per {m['per']}" if m["per"] else ""
    if _tool_id(noun):
        return f"Call {noun} at most {n} times{per}."
    made = re.match(r"(?:new|newly\s+created)\s+(?P<thing>.+)$", noun, re.I)
    if made is not None:  # "new buckets per session": buckets created
        return f"Create at most {n} {made['thing'].casefold()}{per}."
    return f"At most {n} {noun.casefold()}{per}."


def _tool_id(token: str) -> bool:
    return " " not in token and (is_toolish(token) or "_" in token)


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A verbless count nothing counted read again (module docstring); the first reading
    when the respelling gives no count."""
    if sentence.subject is not None or any(r.operator == "max_calls" for r in rules):
        return rules, diagnostics
    said = counted(sentence.clean)
    if said is None:
        return rules, diagnostics
    found, _ = read(spelt(sentence, said))
    counts = [r for r in found if r.operator == "max_calls"]
    if not counts:
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    notes = [d for d in diagnostics if d.code != "rule-not-compiled"]
    return [*rules, *(r.model_copy(update={"text": words}) for r in counts)], notes
