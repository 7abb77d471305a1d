"""A figure written with a second one in brackets (forty-first session): "2 (3) bookings in one
chat", "skeins 1 to 10 (1 to 20)", as a pattern or a price list gives one figure for one kind
of customer and the bracketed one for another; or with a second one for a case after "or"
("three extras at most, or five for a corporate account", "five bids in a chat at most, or ten
when client_type reads trade").

Which figure holds depends on a case the prompt states elsewhere (a key such as "figures are
written Standard (Guild)"), so a bound read from the first figure alone is too strict for the
case the bracketed figure is for. Each rule of the sentence whose number is a figure so
written keeps the choice as its condition and is reviewed (`review_only`, with a note): never a
bound stronger than the text. A bracket that holds no figure ("2 (two)", "(max)") is not one,
nor an "or" that offers no case ("two or three").
"""

from __future__ import annotations

import re

from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators.prose import SPELT, SPELT_NUMBERS

__all__ = ["held"]

_FIGURE = r"\d+(?:\.\d+)?"
_PAIRED = re.compile(
    rf"(?P<a>{_FIGURE})(?:\s*(?:to|-|–)\s*(?P<b>{_FIGURE}))?\s*\(\s*(?P<c>{_FIGURE})"
    rf"(?:\s*(?:to|-|–)\s*(?P<d>{_FIGURE}))?\s*\)"
)
_NUMERIC = ("max", "min", "max_seconds", "max_items", "min_items", "count")
# "..., or five for a corporate account": another figure, and the case it holds in
_OR_CASE = re.compile(
    rf"\bor\s+(?:up\s+to\s+|as\s+(?:many|much)\s+as\s+)?(?P<m>{_FIGURE}|(?:{SPELT}))\b"
    r"(?:\s+[a-z]+)?\s+"
    r"(?P<case>(?:for|when|if|where|while|on|with|once)\b[^;.]*)",
    re.I,
)


def held(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The rules, each bound by a figure written with another in brackets held under the
    choice between them (module docstring)."""
    pairs = list(_PAIRED.finditer(sentence.clean))
    alternative = _OR_CASE.search(sentence.clean)
    if not (pairs or alternative) or not rules:
        return rules, notes
    figures = {float(m[k]): m[0] for m in pairs for k in ("a", "b") if m[k]}
    if alternative is not None:
        alt = " ".join(alternative[0].split())
        other = _value(alternative["m"])
        figures.update({v: alt for r in rules for v in _looser(r, other) if v not in figures})
    out: list[CandidateRule] = []
    added: list[Diagnostic] = []
    for rule in rules:
        said = next((figures[v] for v in _numbers(rule) if v in figures), None)
        if said is None or rule.condition:  # (under a condition of its own: reviewed already)
            out.append(rule)
            continue
        case = (
            f"another figure holds {said[3:]}"
            if said.startswith("or ")
            else f"the figure written '{said}': the one in brackets holds in another case"
        )
        held_rule = rule.model_copy(update={"condition": case})
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


def _value(said: str) -> float | None:
    word = said.casefold()
    if word in SPELT_NUMBERS:
        return float(SPELT_NUMBERS[word])
    try:
        return float(said)
    except ValueError:
        return None


def _looser(rule: CandidateRule, other: float | None) -> list[float]:
    """The rule's figures that the other figure loosens for its case (a higher maximum, a
    lower minimum; either when it cannot be told): "14 days at most, or 3 where ..." only
    tightens a case, so the 14 holds for every call and stays as it is."""
    out = []
    for key in _NUMERIC:
        value = rule.params.get(key)
        if not isinstance(value, int | float) or isinstance(value, bool):
            continue
        if other is None or (other < value if key.startswith("min") else other > value):
            out.append(float(value))
    return out
