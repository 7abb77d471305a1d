"""`Otherwise`: the negation of the condition said just before.

"If the ticket is urgent, escalate it. Otherwise, do not close it." The second sentence's
condition is "the ticket is not urgent": the condition of the sentence before it (in the
same paragraph), negated. A bound state stays bound with its negation flipped (so the ban
holds unless the ticket is urgent: `state_condition`, allowed `urgent`); an unbound one is
kept as `unless <C>` (reviewed). A pronoun object ("close it") is the entity that condition
names. With no condition before it, `otherwise` stays as it is: unbound, so the rule is
reviewed, never an unconditional ban.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.grammar import Clause, parse
from specgap.extract.grammar_conditions import Condition, read_condition
from specgap.extract.segments import Sentence

_PRONOUNS = frozenset({"it", "them", "this", "that", "they", "one", "any"})
# "If S, do X; otherwise, do not do Y": the clause after `otherwise` in the same sentence
_INSIDE = re.compile(r"[;,.]\s*(?:and\s+|but\s+)?otherwise\b\s*,?", re.I)
_BREAK = re.compile(r"\n\s*\n|^\s*#", re.M)
_LAST_SENTENCE = re.compile(r"(?:^|(?<=[.!?])\s+|\n\s*[-*\d.)]*\s*)(?P<s>[^.!?\n]+[.!?]?)\s*$")


def with_otherwise(sentence: Sentence, clause: Clause) -> Clause:
    """The clause, its `otherwise` replaced by the negated condition of the sentence before
    (module docstring); any other clause unchanged."""
    cond = clause.condition
    inside = _INSIDE.search(sentence.clean)
    if cond is not None and cond.kind != "otherwise" and inside and cond.end <= inside.start():
        # the sentence's condition belongs to the clause before `otherwise`: the rule is the
        # clause after it, under that condition negated
        text = sentence.clean
        rest = parse(" " * inside.end() + text[inside.end() :])  # same offsets
        if rest.condition is not None or rest.verb is None:
            return clause
        if rest.object == "one" and clause.object:  # "open a claim; otherwise do not open one"
            rest = replace(rest, object=clause.object)
        return _negated(replace(rest, condition=replace(cond, kind="otherwise")), cond)
    if cond is None or cond.kind != "otherwise" or cond.start > 3:
        return clause
    before = _previous(sentence)
    if before is None:
        return clause
    prev, _, _ = read_condition(before)
    if prev is None or prev.kind not in {"if", "only_if", "while"}:
        return clause
    if clause.object == "one":  # "If S, open a claim. Otherwise, do not open one."
        said = parse(before).object
        clause = replace(clause, object=said) if said else clause
    return _negated(clause, prev)


def _negated(clause: Clause, prev: Condition) -> Clause:
    """The clause under `prev` negated (its `otherwise`)."""
    cond = clause.condition
    assert cond is not None
    words = re.sub(r"^(?:only\s+)?(?:if|when|whenever|while|once)\s+", "", prev.text, flags=re.I)
    negated = Condition(
        "if", f"unless {words}", cond.start, cond.end, prev.entity, prev.field, prev.values,
        not prev.negated,
    )  # fmt: skip
    obj = clause.object
    if obj in _PRONOUNS and prev.entity:
        obj = prev.entity  # "do not close it": the ticket the condition is about
    return replace(clause, condition=negated, object=obj)


def _previous(sentence: Sentence) -> str | None:
    """The sentence right before this one in its paragraph, or None."""
    start = sentence.offsets[0] if sentence.offsets else 0
    text = sentence.artifact.text[max(0, start - 600) : start]
    breaks = list(_BREAK.finditer(text))
    if breaks:
        text = text[breaks[-1].end() :]
    m = _LAST_SENTENCE.search(text)
    return m["s"].strip() if m else None
