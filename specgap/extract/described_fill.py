"""A tool description's ordering of its own tool (`described.read`) merged with what the
other readers of the sentence found (`reading.read_sentence` calls `fill` last)."""

from __future__ import annotations

import re

from specgap.extract.described import SELF_NOUN, read
from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.grammar_rules import candidate
from specgap.extract.segments import Sentence
from specgap.extract.temporal import Timed
from specgap.extract.temporal_parts import TOOL_ID
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["fill"]


def fill(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A description sentence's rules with this module's ordering of the described tool
    (`sentence.subject`) where the other readers found none: added when they read no
    ordering at all (their note that nothing compiled goes), put in place of theirs when
    theirs orders the tool before itself or is a phrase around the tool id this reading
    names ("the booking status via `a`": `a`). Any other ordering they read stands."""
    mine = read(sentence.clean, sentence.subject or "")
    if mine is None:
        return rules, diagnostics
    subject = sentence.subject
    # "before calling this function" read as a tool `function`: the described tool itself
    misread = [r for r in rules if r.operator == "require_before" and _ITSELF.match(r.target or "")]
    orders = [r for r in rules if r.operator == "require_before" and r.target == subject]
    others = [b for b in (r.params.get("before") for r in orders) if b and b != subject]
    if others and not all(_within(b, mine) or _unconditioned(b, orders, mine) for b in others):
        return rules, diagnostics
    added = [candidate(sentence, e) for e in mine.emits]
    ids = [str(b) for e in mine.emits for b in _listed(e.params["before"])]
    ids = [i for i in ids if TOOL_ID.fullmatch(i)]
    # "do not call this until `a` has run" read as a state of `a` or a condition that no
    # state binds: the same words, which the ordering compiles
    misread += [r for r in rules if r.operator != "require_before" and _speaks_of(r, ids)]
    kept = [r for r in rules if r not in orders and r not in misread]
    notes = [d for d in diagnostics if d.code not in _SUPERSEDED]
    notes = [d for d in notes if d.code != "condition-not-bound" or not _mentions(d.message, ids)]
    notes += [condition_diagnostic(sentence, r) for r in added if r.condition]
    return [*kept, *added], notes


# what the other readers said of a sentence this module reads
_ITSELF = re.compile(r"^(?:(?:this|the(?:\s+current)?)\s+)?" + SELF_NOUN + r"$", re.I)
_SUPERSEDED = frozenset({"rule-not-compiled", "unresolved-mention", "senseless-rule"})


def _speaks_of(rule: CandidateRule, ids: list[str]) -> bool:
    """Whether a rule's condition or parameters name one of the tools `ids`."""
    said = " ".join([rule.condition or "", *(str(v) for v in rule.params.values())])
    return _mentions(said, ids)


def _mentions(text: str, ids: list[str]) -> bool:
    return any(re.search(rf"(?<![\w]){re.escape(i)}(?![\w])", text) for i in ids)


def _within(before: object, mine: Timed) -> bool:
    """Whether another reader's prerequisite is a phrase around the tool id this module read
    ("the booking status via `a`" around `a`): the same tool, said less exactly."""
    ids = [str(b) for e in mine.emits for b in _listed(e.params["before"])]
    said = [str(b) for b in _listed(before)]
    return bool(ids) and all(
        TOOL_ID.fullmatch(i) is not None and any(i in b and i != b for b in said) for i in ids
    )


def _unconditioned(before: object, orders: list[CandidateRule], mine: Timed) -> bool:
    """Whether another reader's ordering is this reading's, without the condition this
    reading keeps ("only after `a` shows the bike as docked"): the order alone is weaker
    than the sentence, so this reading (reviewed, with its condition) replaces it."""
    kept = [e for e in mine.emits if e.condition and e.params["before"] == before]
    return bool(kept) and all(not r.condition for r in orders if r.params.get("before") == before)


def _listed(before: object) -> list[object]:
    return list(before) if isinstance(before, list | tuple) else [before]
