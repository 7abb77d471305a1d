"""A confirmation step in a bulleted procedure: "To refuel data you should:" followed by
"- Confirm the price" and "- Apply the data to the line". The step after the confirmation
is done once the user said yes: `require_confirmation` on its action, stated at the
confirmation's line.

Only within a procedure: the bullets follow a line that introduces them (it ends with a
colon), the confirmation is an imperative bullet of its own ("Confirm the price", "Get the
user's confirmation", "Ask the user to confirm"), and the next bullet of the same list is
an unconditional imperative naming a tool action. Anything else (a condition on either
bullet, a question, a last bullet, a list that no line introduces) states no confirmation
here.
"""

from __future__ import annotations

import re

from specgap.extract.grammar import parse
from specgap.extract.grammar_rules import NOT_ACTIONS, Emit
from specgap.extract.grammar_words import IMPERATIVE_VERBS
from specgap.extract.segments import Sentence

_BULLET = re.compile(r"^\s*(?:[-*\u2022+]|\d{1,2}[.)])\s+(?P<text>\S.*?)\s*$")
_CONFIRM_STEP = re.compile(
    r"^(?:confirm\b|get\s+(?:the\s+)?(?:user'?s?|customer'?s?|their)\s+(?:explicit\s+)?"
    r"(?:confirmation|approval|consent)\b|ask\s+(?:the\s+)?(?:user|customer|them)\s+to\s+"
    r"confirm\b|obtain\s+(?:explicit\s+)?(?:confirmation|approval|consent)\b)",
    re.I,
)
_NOT_STEPS = frozenset({"ask", "tell", "inform", "explain", "confirm", "say", "let"})


def confirmed_step(sentence: Sentence) -> list[Emit]:
    """`require_confirmation` on the next bullet's action when the sentence is a
    confirmation bullet of a procedure (module docstring); [] otherwise."""
    if sentence.subject is not None:
        return []
    text = sentence.artifact.text
    start, _ = sentence.raw_range()
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line_end = len(text) if line_end < 0 else line_end
    here = _BULLET.match(text[line_start:line_end])
    if here is None or not _CONFIRM_STEP.match(here["text"]):
        return []
    if start > line_start + here.start("text"):
        return []  # a later sentence of the bullet, not the bullet itself
    if not _introduced(text, line_start):
        return []
    nxt = _next_bullet(text, line_end)
    if nxt is None:
        return []
    clause = parse(nxt)
    if clause.condition is not None or clause.negated or not clause.imperative:
        return []
    verb = clause.verb
    if verb is None or verb not in IMPERATIVE_VERBS or verb in NOT_ACTIONS | _NOT_STEPS:
        return []
    if not clause.object or clause.object.split()[0] in {"it", "them", "this", "that"}:
        return []
    assert clause.action is not None
    return [Emit("require_confirmation", clause.action, {}, 0.7)]


def _introduced(text: str, line_start: int) -> bool:
    """The list the line belongs to follows a line ending with a colon."""
    at = line_start
    while at > 0:
        prev_start = text.rfind("\n", 0, at - 1) + 1
        line = text[prev_start : at - 1]
        if _BULLET.match(line) is None:
            return bool(line.strip()) and line.rstrip().endswith(":")
        at = prev_start
    return False


def _next_bullet(text: str, line_end: int) -> str | None:
    """The text of the bullet on the line right after `line_end`, or None."""
    if line_end >= len(text):
        return None
    stop = text.find("\n", line_end + 1)
    line = text[line_end + 1 : len(text) if stop < 0 else stop]
    m = _BULLET.match(line)
    return m["text"].replace("*", " ") if m is not None else None
