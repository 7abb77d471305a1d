"""An allowlist of states said of the object of a preposition (seventeenth session): "Only
enrol students in courses whose status is open", "Add dogs only to slots that are free".

The restriction is on the entity after the preposition (the course), not on what the verb
acts on (the student), and the grammar read neither, so the sentence was reported
`rule-not-compiled`. Said as the ban it means, "Never enrol students in a course whose status
is not open", the state readers of bans (`restrictors._object_state`) read it: a
`state_condition` allowing the listed states of that entity, bound to the read that says
them, or reviewed with its note.
"""

from __future__ import annotations

import re

from specgap.extract.noact_respell import when_none
from specgap.operators.prose import singular

_ONLY = re.compile(
    r"^\W*(?:(?:you\s+)?(?:may|can|should|must)\s+)?(?P<first>only\s+)?(?P<act>(?!only\b)[a-z]+"
    r"(?:\s+(?!(?:in|into|on|onto|to|for|at|with|only)\b)[a-z][\w'-]*){0,3})\s+"
    r"(?(first)|only\s+)(?P<prep>in|into|on|onto|to|for|at|with)\s+"
    r"(?:(?:the|a|an|any)\s+)?(?P<np>[a-z][\w-]*)\s+(?P<rel>that|which|whose\s+[a-z][\w-]*)\s+"
    r"(?P<be>is|are|has|have)\s+(?P<state>(?!not\b)[a-z][\w' -]*?)\s*[.;!]?\s*$",
    re.I,
)


def respelt(text: str) -> str | None:
    """ "Never <act> <prep> a <noun> <that|whose field> is not <state>", or None."""
    m = _ONLY.match(" ".join(text.split()))
    if m is None:
        return None
    be = {"are": "is", "have": "has"}.get(m["be"].casefold(), m["be"].casefold())
    rel = m["rel"].casefold()
    return f"Never {m['act']} {m['prep']} a {singular(m['np'])} {rel} {be} not {m['state']}."


# The sentence read as the ban it means (module docstring) when the first reading gave no rule.
reread = when_none(respelt)
