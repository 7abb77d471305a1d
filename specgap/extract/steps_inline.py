"""What one step of an inline numbered procedure does, and which earlier steps it needs.

"To retire a kennel, follow these steps in order: 1) Cancel all bookings for the kennel,
2) Release every keeper assigned to it, and 3) Prefix the kennel's label with 'OLD' and
archive its record." Two readings `sequences` lacked:

- **A step of several verb phrases** whose first names no action on the tools ("prefix the
  label ... and archive its record"): the step's actions are those of its verb phrases that
  read as actions, a possessive `its` standing for the thing the step names with `'s`
  ("archive kennel record"). A step read whole by the grammar keeps that reading.
- **A step over a set that may be empty** ("cancel *all* bookings for the kennel", "release
  *every* keeper assigned to it"): a set that belongs to the thing the procedure works on,
  which that thing may lack (a bare "all licenses" names the work and is not read so). With
  nothing in the set the step makes no call, so the step after it cannot
  require that step always. It requires it only when the set is not empty (a condition no
  state test binds: the rule is reviewed), and it also requires the step before it, back to
  the nearest step that always makes a call.

A step that names no set ("archive the record") always makes its call, and the ordering is
the plain chain; nothing here adds an ordering between steps that are not consecutive
unless every step between them may be empty.
"""

from __future__ import annotations

import re

from specgap.extract.coordination import actions_of
from specgap.extract.order_steps import step_action

__all__ = ["empty_condition", "needed_steps", "step_actions"]

# a verb phrase joined by "and" / a comma to the one before it, opening with its own verb
_VERB_BREAK = re.compile(r"\s*,\s*(?:and\s+)?(?=[a-z]+\s)|\s+and\s+(?=[a-z]+\s)", re.I)
# "the kennel's label": the thing a later `its` in the same step stands for
_POSSESSOR = re.compile(r"\bthe\s+(?P<n>[a-z][\w-]*)'s\b", re.I)
_ITS = re.compile(r"\bits\b", re.I)
# "Cancel all bookings for the kennel", "release every keeper", "delete each of the holds"
_OVER_ALL = re.compile(
    r"^\W*(?:[a-z]+\s+){1,2}?(?P<q>all|every|each)\s+(?P<of>of\s+(?:the|its|their)\s+|the\s+)?"
    r"(?P<set>[a-z][^,.;:()]*?)\s*[,.;]?\s*$",
    re.I,
)

# "bookings *for the kennel*", "permissions *linked to the role*": a set that belongs to the
# thing the procedure works on, which that thing may well lack; a bare set ("all licenses")
# names the work to do, and is not read as possibly empty
_OWNED = re.compile(
    r"\b(?:for|of|on|in|from|associated\s+with|linked\s+to|assigned\s+to|attached\s+to|"
    r"belonging\s+to|owned\s+by|tied\s+to|held\s+by|granted\s+to)\s+(?:the|this|that|its|it|them|"
    r"their)\b",
    re.I,
)


def step_actions(step: str) -> list[str]:
    """The actions of one step (module docstring): the grammar's reading of the whole step,
    else the actions of its verb phrases that read as actions, in order."""
    whole = step_action(step)
    if whole is not None:
        return [whole]
    owner = _POSSESSOR.search(step)
    found: list[str] = []
    for part in _VERB_BREAK.split(step.strip().rstrip(".!")):
        if owner is not None:
            part = _ITS.sub(owner["n"], part)
        for action in actions_of(part):
            if action not in found:
                found.append(action)
    return found


def empty_condition(step: str) -> str | None:
    """When a step over a set ("delete all holds on the kennel") makes a call: `only if there
    are holds on the kennel`; None for a step that always makes its call."""
    m = _OVER_ALL.match(step.strip())
    if m is None or len(m["set"].split()) > 8 or _OWNED.search(m["set"]) is None:
        return None
    one = m["q"].casefold() != "all" and not m["of"]  # "every keeper": one at a time
    return f"only if there {'is a' if one else 'are'} {' '.join(m['set'].split())}"


def needed_steps(conditions: list[str | None], k: int) -> list[tuple[int, str | None]]:
    """The earlier steps step `k` requires, nearest first, each with the condition under
    which it holds: the step before, and while that one may be empty (`conditions[j]` is
    its condition), the one before it too."""
    out: list[tuple[int, str | None]] = []
    j = k - 1
    while j >= 0:
        out.append((j, conditions[j]))
        if conditions[j] is None:
            break
        j -= 1
    return out
