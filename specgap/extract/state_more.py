"""A second condition said after the first: "only confirmed bookings may be refunded, and
only if the visitor is not banned". The grammar reads one condition per clause (here the
subject's state); the other, a clause of its own after it, is as necessary as the first, so
it gets its own rule on the same action: a `state_condition` when it binds, else the ban
keeping that condition (reviewed). Each rule alone is weaker than the sentence, never
stronger; together they say all of it, and no condition is dropped silently.

The second condition's keyword may be elided: "only grant a pass when the member asks, and
the member's tier is 'gold'" ("and [when] the tier is"). Its state, when it binds, is a
`state_condition` of its own; when it does not, nothing is added (no ban on words not read).
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
    text = sentence.clean
    if not any(r.operator == "state_condition" for r in rules):
        # "only when A, and B": B's own keyword elided; its state is a rule as well
        return [*rules, *_elided_state(sentence, clause, rules)]
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


# ", and the member's standing is 'good'": a second state after "only when A", its "when"
# elided (the same length, so offsets still hold)
_ELIDED = re.compile(r"^\s*,\s*and\s+(?!(?:only|if|when|while|unless|once|then|so|never|not)\b)")


def _elided_state(
    sentence: Sentence, clause: Clause, rules: list[CandidateRule]
) -> list[CandidateRule]:
    """The `state_condition` of a second, bound state said after the clause's own
    condition with its keyword elided ("only grant a pass when asked, and the member's
    tier is 'gold'"); [] when there is none, when the clause's own condition was not kept
    by any rule, or when the second one does not bind (never a ban on what is not read)."""
    cond = clause.condition
    if cond is None or cond.kind not in {"only_if", "if", "when"}:
        return []
    if not any(r.condition is not None for r in rules):
        return []
    text = sentence.clean
    m = _ELIDED.match(text[cond.end :])
    if m is None:
        return []
    joined = m.group(0)
    marked = joined[: len(joined) - 4].rstrip() + " if "
    marked = marked.rjust(len(joined))
    rest = " " * cond.end + marked + text[cond.end + len(joined) :]
    other, _, _ = read_condition(rest)
    if other is None or not other.bound or other.start < cond.end:
        return []
    answer = conditional(replace(clause, condition=other))
    if not isinstance(answer, list):
        return []
    return [candidate(sentence, e) for e in answer if e.operator == "state_condition"]
