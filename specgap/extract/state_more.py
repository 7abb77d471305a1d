"""A second condition said after the first: "only confirmed bookings may be refunded, and
only if the visitor is not banned". The grammar reads one condition per clause (here the
subject's state); the other, a clause of its own after it, is as necessary as the first, so
it gets its own rule on the same action: a `state_condition` when it binds, else the ban
keeping that condition (reviewed). Each rule alone is weaker than the sentence, never
stronger; together they say all of it, and no condition is dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.conditional_rules import conditional
from specgap.extract.grammar import Clause
from specgap.extract.grammar_conditions import read_condition
from specgap.extract.grammar_rules import candidate
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule

__all__ = ["second_condition"]

_AND = re.compile(r",?\s*(?:and|but)\s+(?:also\s+)?$", re.I)


def second_condition(
    sentence: Sentence, clause: Clause, rules: list[CandidateRule]
) -> list[CandidateRule]:
    """The rules, with one more for a condition the sentence adds after the clause's own
    with ", and only if ..." (module docstring); unchanged otherwise."""
    cond = clause.condition
    if cond is None or sentence.subject is not None or clause.action is None:
        return rules
    carried = any(r.operator == "state_condition" or r.condition is not None for r in rules)
    if not carried and cond.bound and rules and cond.kind == "only_if":
        # "can be moved at most once, and only while reserved": the count was read, the
        # state it is said with is a rule as well (never dropped)
        said = conditional(replace(clause, modality="only"))
        return (
            [*rules, *(candidate(sentence, e) for e in said)] if isinstance(said, list) else rules
        )
    if not any(r.operator == "state_condition" for r in rules):
        return rules  # the clause's own state was read (by the grammar or a pattern)
    text = sentence.clean
    rest = " " * cond.end + text[cond.end :]  # same offsets, the first condition blanked
    other, _, at = read_condition(rest)
    if other is None or at <= cond.end or other.kind == "otherwise":
        return rules
    if not _AND.search(text[:at]):
        return rules  # "... if A, when B": not a second requirement joined to the first
    answer = conditional(replace(clause, condition=other))
    if not isinstance(answer, list):
        return rules
    return [*rules, *(candidate(sentence, emit) for emit in answer)]
