"""The shared vocabulary of the rule grammar's operator choice: what a reading emits
(`Emit`), a part of a rule no operator compiles (`Gap`), and which verbs a tool call performs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from specgap.extract.grammar import IMPERATIVE_VERBS, Clause
from specgap.ir import CandidateRule
from specgap.operators import OPERATORS

# Verbs of talk and thought, not of a tool call: "never guess", "do not mention".
NOT_ACTIONS = frozenset(
    {"be", "have", "do", "say", "tell", "mention", "guess", "assume", "think", "reply",
     "respond", "answer", "talk", "speak", "proceed", "continue", "know", "forget", "hesitate",
     "try", "attempt", "need", "want", "let", "fabricate", "invent", "make", "use", "utilize",
     "follow", "treat", "consider", "remember", "ensure", "ask", "inform", "explain"}
)  # fmt: skip


@dataclass(frozen=True)
class Emit:
    operator: str
    target: str | None  # None: the tool the sentence's section is about
    params: dict[str, Any]
    confidence: float
    condition: str | None = None  # kept when it could not be bound: the rule is review_only
    # mention -> the text it was read from, when not the rule's own sentence (a previous step)
    contexts: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Gap:
    """A part of a rule-like sentence that no operator compiles: `code` and why."""

    code: str
    message: str
    help: str


Answer = list[Emit] | Gap | None
Chooser = Callable[[Clause], Answer]


READS = frozenset({"check", "verify", "look", "read", "get", "fetch", "retrieve", "review"})


def acts(c: Clause) -> bool:
    """The clause's verb is one a tool call performs (a known action verb, or a passive)."""
    if c.action is None or c.verb in NOT_ACTIONS:
        return False
    return c.verb in IMPERATIVE_VERBS


def recast(
    rule: CandidateRule, operator: str, params: dict[str, Any], **update: Any
) -> CandidateRule:
    """The rule read again as another operator (its check category that operator's), with
    any other field set too (a condition, a target)."""
    category = OPERATORS[operator].category
    fields = {"operator": operator, "params": params, "check_category": category, **update}
    return rule.model_copy(update=fields)
