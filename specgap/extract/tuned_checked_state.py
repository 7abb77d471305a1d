"""A check of the very state an action sets, then the action: the thing is read first.

"Check whether the gate is alarm enabled. If it is not, enable it." / "Verify that the
account tied to the card is two-factor enabled.\n  - If it is not, enable it." The check
tests a state of a thing (the gate, the account), and the action sets that state when the
check found it missing. `specgap.extract.order_outcome` leaves such a pair alone because
the check's words ("check gate alarm enabled") name the action's own tool: the state is
what the action is about, not what the check reads. What the check reads is the *thing*:
its record, whichever tool returns it. So:

- the prerequisite is said as reading the thing's details (`get gate details`): the head
  noun of the tested subject ("the account tied to the card": `account`), never the state
  words, so the resolver looks for the tool that reads the thing itself (`get_gate`,
  `get_details_by_id` "for a Gate, ..."), and a near tie stays a tie;
- the action is the consequent's verb with the state words for its pronoun ("enable it":
  `enable alarm`), the tool that sets the state;
- like every reading of `order_outcome`, the order is inferred (the sentence says what to
  do after the check, not that the action needs it), so the rule is reviewed, and a lead
  condition of the check ("if a guest arrives late, check ...") is kept on it.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_emit import Emit

__all__ = ["state_checked_first"]

_DETERMINERS = frozenset(
    {"a", "an", "the", "any", "some", "its", "their", "his", "her", "your", "our", "this",
     "that", "these", "those", "each", "every", "all"}
)  # fmt: skip
# what opens a post-modifier of the subject: "the line associated with ...", "the card on
# file", "the account that the user named", "the booking for tonight"
_POST = re.compile(
    r"\s+(?:[a-z]+ed|with|for|of|on|in|at|from|to|by|that|which|who|whose|where)\b", re.I
)
_SUBJECT = re.compile(r"^(?P<np>.+?)\s+(?:is|are|was|were|has|have|had)\b", re.I)
_PRONOUN = re.compile(r"^(?P<verb>\S+)\s+(?:it|them|this|that|these|those|one)\b", re.I)


def _head(what: str) -> str | None:
    """The head noun phrase of the tested clause's subject, without its post-modifiers and
    possessive ("the line associated with the number": `line`; "the member's card":
    `member card`), or None."""
    m = _SUBJECT.match(what.strip())
    if m is None:
        return None
    np = _POST.split(m["np"], maxsplit=1)[0]
    words = re.findall(r"[a-z][\w-]*", np.replace("'s", " ").replace("\u2019s", " "), re.I)
    words = [w.casefold() for w in words if w.casefold() not in _DETERMINERS]
    return " ".join(words[-3:]) if words else None


def state_checked_first(what: str, action: str, state: list[str], lead: str | None) -> list[Emit]:
    """The inferred ordering (module doc) for a check of `what` ("the line is roaming
    enabled") followed by `action` ("enable it"), `state` the state words the action sets
    (`roaming`); [] when the subject or the action's pronoun cannot be read."""
    head = _head(what)
    pronoun = _PRONOUN.match(action)
    if head is None or pronoun is None or not state:
        return []
    sets = f"{pronoun['verb']} {' '.join(state)}"
    return [Emit("require_before", sets, {"before": f"get {head} details"}, 0.6, condition=lead)]
