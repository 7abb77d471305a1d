"""A state, not a step: "pay a claim only after it has been approved" reads as an ordering
(approve the claim, then pay it) only when approving is something a tool of the agent does.
When no tool is named by that verb, nothing the agent calls can come first: the words say
the state the claim must be in (`approved`), which the rule grammar binds as a
`state_condition` (or keeps, reviewed, when it cannot bind it).
"""

from __future__ import annotations

from specgap.extract.grammar import Clause
from specgap.extract.grammar_words import current_tool_verbs
from specgap.extract.pattern_base import lemma
from specgap.extract.temporal import Timed

__all__ = ["state_not_step"]


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
    for emit in timed.emits:
        before = str(emit.params.get("before", "")).split()
        if emit.operator != "require_before" or not before or lemma(before[0]) not in done:
            return False
    return not done & tools
