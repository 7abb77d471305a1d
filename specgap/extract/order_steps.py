"""Steps said by a tool id alone, and the goal a list of steps is for.

"Steps for a refund: 1. get_booking 2. refund_booking": each numbered step may be a bare tool
id (its own action), and the list is for a goal said by a noun (`for a refund`: `refund`).
The step that is the goal itself (`refund_booking`, whose verb is the goal's) needs the step
before it whenever it is done, so that order holds always; the other steps are ordered
within the goal only, a scope no state test binds, so those rules are reviewed.
"""

from __future__ import annotations

import re

from specgap.extract.grammar import parse

_TOOL = re.compile(
    r"^\W*`?(?P<id>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|(?>[a-z]+(?:[A-Z][a-z0-9]+)+))`?(?:\(\))?\W*$"
)


def step_tool(step: str) -> str | None:
    """The tool id a step is said by alone (`get_booking`, "`getBooking()`"), else None."""
    m = _TOOL.match(step)
    return m["id"] if m is not None else None


def step_action(step: str) -> str | None:
    """The action of one step: the tool id it is, else its clause's action."""
    return step_tool(step) or parse(step).action


def order_goal(scope: str | None) -> str | None:
    """The action a scope `within: for a refund` names (`refund`), else None."""
    from specgap.extract.order_events import event_action

    m = re.match(r"^within:\s*for\s+(?P<n>.+)$", scope or "", re.I)
    return event_action(m["n"]) if m is not None else None


def _words(action: str) -> list[str]:
    return [w.casefold() for w in re.findall(r"[A-Za-z][a-z0-9]*|[A-Z]+(?![a-z])", action)]


def is_goal_step(goal: str | None, action: str) -> bool:
    """The step's action is the goal's: the same verb, and the goal's object's head noun (if
    it names any) among the step's words (`refund` and `refund_booking`; `store new
    accession` and `store_accession`)."""
    if goal is None:
        return False
    want, have = _words(goal), _words(action)
    if not (want and have) or want[0] != have[0]:
        return False
    # its object's head noun ("store a new accession": `accession`), not every modifier
    return len(want) < 2 or want[-1] in have[1:] or set(want[1:]) <= set(have[1:])
