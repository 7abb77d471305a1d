"""A figure written with a second one in brackets (forty-first session): "2 (3) bookings in one
chat", "skeins 1 to 10 (1 to 20)", as a pattern or a price list gives one figure for one kind
of customer and the bracketed one for another.

Which figure holds depends on a case the prompt states elsewhere (a key such as "figures are
written Standard (Guild)"), so a bound read from the first figure alone is too strict for the
case the bracketed figure is for. Each rule of the sentence whose number is a figure so
written keeps the choice as its condition and is reviewed (`review_only`, with a note): never a
bound stronger than the text. A bracket that holds no figure ("2 (two)", "(max)") is not one.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["held"]

_FIGURE = r"\d+(?:\.\d+)?"
_PAIRED = re.compile(
    rf"(?P<a>{_FIGURE})(?:\s*(?:to|-|–)\s*(?P<b>{_FIGURE}))?\s*\(\s*(?P<c>{_FIGURE})"
    rf"(?:\s*(?:to|-|–)\s*(?P<d>{_FIGURE}))?\s*\)"
)
_NUMERIC = ("max", "min", "max_seconds", "max_items", "min_items", "count")


def held(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules, each bound by a figure written with another in brackets held under the
    choice between them (module docstring)."""
    pairs = list(_PAIRED.finditer(sentence.clean))
    if not pairs or not rules:
        return rules, notes
    figures = {float(m[k]): m[0] for m in pairs for k in ("a", "b") if m[k]}
    out: list[CandidateRule] = []
    added: list[Diagnostic] = []
    for rule in rules:
        said = next((figures[v] for v in _numbers(rule) if v in figures), None)
        if said is None:
            out.append(rule)
            continue
        case = f"the figure written '{said}': the one in brackets holds in another case"
        held_rule = rule.model_copy(
            update={"condition": f"{rule.condition}; and {case}" if rule.condition else case}
        )
        out.append(held_rule)
        added.append(condition_diagnostic(sentence, held_rule))
    return out, [*notes, *added]


def _numbers(rule: CandidateRule) -> list[float]:
    found = []
    for key in _NUMERIC:
        value = rule.params.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            found.append(float(value))
    return found
