"""Bullets under a lead naming the action: the lead says what is done, each bullet when.

    Refunds:
    - only for cancelled bookings
    - never for attended bookings

Each bullet is read as "<lead>: <bullet>" ("Refunds: only for cancelled bookings"), the
action prefix the state grammar reads (`state_positions.action_prefix`). Only a bullet that
reads no action of its own is completed so, and only under a short lead line ending with a
colon, in the same paragraph; anything else is left as it was.
"""

from __future__ import annotations

import re

from specgap.extract.grammar import Clause, parse
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import choose
from specgap.extract.segments import Sentence

__all__ = ["led_bullet"]

_BULLET = re.compile(r"^\s*(?:[-*\u2022]|\d+[.)])\s+")
_LEAD = re.compile(
    r"^\s*(?:#+\s*)?(?P<lead>[A-Za-z][\w' -]{1,48}?)\s*:\s*$|"
    r"^\s*#+\s*(?P<head>[A-Za-z][\w' -]{1,48}?)\s*$|"  # a heading naming the action
    r"^\s*(?:\*\*|__)(?P<bold>[A-Za-z][\w' -]{1,48}?)\s*:?\s*(?:\*\*|__)\s*:?\s*$"  # a bold label
)
_WHEN = re.compile(
    r"^\W*(?:only|never|not)\s+(?:for|on|to|with|if|when|while|once|after|unless|until)\b", re.I
)
# "- Only booked stays." under "## Cancelling a stay": the kind the action is for
_ONLY_KIND = re.compile(
    r"^(?P<only>\W*only)\s+(?!(?:for|on|to|with|if|when|while|once|after|unless|until|the|an?|"
    r"one|once|twice)\b)(?=[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}\s*[.;]?\s*$)",
    re.I,
)


def led_bullet(sentence: Sentence, clause: Clause) -> list[Emit]:
    """The rules of a bullet completed by its lead (module docstring); [] for any other
    sentence."""
    if sentence.subject is not None:
        return []
    said = _BULLET.sub("", sentence.clean).strip()
    if (kind := _ONLY_KIND.match(said)) is not None:  # ("booked stays" read no action)
        said = f"{kind['only']} for{said[kind.end('only') :]}"
    elif clause.verb is not None:
        return []
    if not _WHEN.match(said):
        return []
    lead = _lead(sentence)
    if lead is None or len(lead.split()) > 4:
        return []
    answer = choose(parse(f"{lead}: {said}"))
    return answer if isinstance(answer, list) else []


def _lead(sentence: Sentence) -> str | None:
    """The lead line of the bullet list the sentence is an item of, or None."""
    start = sentence.offsets[0] if sentence.offsets else 0
    text = sentence.artifact.text
    line_start = text.rfind("\n", 0, start) + 1
    if not _BULLET.match(text[line_start : start + 3]):
        return None
    lines = text[max(0, line_start - 2000) : line_start].split("\n")[:-1]
    for line in reversed(lines):
        if _BULLET.match(line) or not line.strip():
            continue  # (a heading may stand a blank line above its list)
        m = _LEAD.match(line)
        return (m["lead"] or m["head"] or m["bold"]) if m is not None else None
    return None


bullet_lead = _lead  # the lead line a bullet is an item of (`first15_labels`)
BULLET = _BULLET
