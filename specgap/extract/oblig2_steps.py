"""An order read from numbered steps, stated at the later step as well: "## Moving a
booking" over "1. Look up the passenger. 2. Get the crossing. 3. Move the booking." compiles
`require_before(move booking, get crossing)` at the list (`sequences`); the step "3. Move the
booking." obliges the agent to move it, which no operator requires, but it also says where
the order is written: the same rule is stated there too (one policy, `also_stated_at`), so
the step is not left with a note alone. The copy is the very rule (its params, condition and
grounding), moved to the step's sentence: nothing is read twice or made stronger.
"""

from __future__ import annotations

from specgap.extract.procedures import Step
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule

__all__ = ["restated", "stated_here"]


def restated(
    steps: list[Step], rules: list[CandidateRule], at: int
) -> list[tuple[int, CandidateRule]]:
    """(line, rule) for each order rule whose later action is a step's own, at that step's
    first line (none at the line `at` the rules are already stated at)."""
    out: list[tuple[int, CandidateRule]] = []
    last: str | None = None
    where: dict[str, int] = {}
    for step in steps:
        actions = step.actions([last] if last else None)
        for action in actions:
            if step.lines and action not in where:
                where[action] = step.lines[0]
        last = actions[-1] if actions else last
    for rule in rules:
        line = where.get(str(rule.target)) if rule.operator == "require_before" else None
        if line is not None and line != at:
            out.append((line, rule))
    return out


def stated_here(sentence: Sentence, rule: CandidateRule) -> CandidateRule:
    """The rule as stated at `sentence` (its span, quote and text)."""
    return rule.model_copy(
        update={
            "span": sentence.span(),
            "quote": sentence.quote(),
            "text": " ".join(sentence.text.split()),
        }
    )
