"""A state, not a step: "pay a claim only after it has been approved" reads as an ordering
(approve the claim, then pay it) only when approving is something a tool of the agent does.
When no tool is named by that verb, nothing the agent calls can come first: the words say
the state the claim must be in (`approved`), which the rule grammar binds as a
`state_condition` (or keeps, reviewed, when it cannot bind it).
"""

from __future__ import annotations

import re

from specgap.extract.grammar import Clause, parse
from specgap.extract.grammar_words import current_tool_verbs
from specgap.extract.pattern_base import lemma
from specgap.extract.temporal import Timed

__all__ = ["state_before", "state_not_step"]


# what is done to a tool, never to a record: "after `get_visit` has been run / called"
_CALLED = frozenset({"run", "call", "use", "execute", "invoke", "trigger"})


def state_not_step(clause: Clause, timed: Timed) -> bool:
    """Whether the ordering `timed` read from a sentence is the state of the clause's
    condition instead: every rule is a `require_before` whose step is the condition's
    participle (`approve claim` from "after it has been approved"), that participle names
    no tool's verb, and the condition binds. Outside a build (no tools known) the ordering
    stands."""
    cond = clause.condition
    tools = current_tool_verbs()
    if cond is None or not cond.bound or cond.negated or not tools or not timed.emits:
        return False
    if cond.kind not in {"after", "if", "only_if"} or timed.obliges is not None:
        return False
    done = {lemma(v.split()[0]) for v in cond.values}
    if done <= _CALLED:
        return False  # "after `t` has been run": a call, never a state
    for emit in timed.emits:
        before = str(emit.params.get("before", "")).split()
        if emit.operator != "require_before" or not before or lemma(before[0]) not in done:
            return False
    return not done & tools


# "before the parcel is in transit", "before it ships": a state (or an event) after `before`
_BEFORE_STATE = re.compile(
    r"\bbefore(?=\s+(?:(?:the|its|their)\s+[a-z][\w-]*|it|they)\s+(?:is|are|has|have|gets?|"
    r"[a-z]+s)\b)",
    re.I,
)


def state_before(text: str, clause: Clause) -> Clause | None:
    """ "A shipment can only be cancelled before the parcel is in transit", "only redirect
    a parcel before it ships": allowed only until that state holds, the clause read as
    "... until ..." (a ban once it does), when the state is no step a tool of the agent
    performs ("only refund before cancelling the booking" stays an ordering). None for
    any other sentence: a ban ("never X before S") or a permission ("X may be done before
    S") says nothing of what holds once S does."""
    if clause.negated or clause.modality != "only":  # "may X before S": a permission
        return None
    m = _BEFORE_STATE.search(text)
    tools = current_tool_verbs()
    if m is None or not tools:
        return None
    alt = parse(text[: m.start()] + "until " + text[m.end() :])  # same length, same offsets
    cond = alt.condition
    if cond is None or not cond.bound or not re.match(r"until\b", cond.text, re.I):
        return None
    if {lemma(v.split()[0]) for v in cond.values} & tools:
        return None  # "... before it is cancelled", `cancel_booking` exists: an ordering
    return alt
