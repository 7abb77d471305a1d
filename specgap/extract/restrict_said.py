"""A modifier that only says what every call of the tool does restricts nothing.

The extractor keeps any prepositional phrase after a banned action as the ban's condition
(`restrictors`, `restrict_modifiers`): "never sell clay to children", "do not book firings on
weekends" hold for some calls only. It cannot tell, from the sentence alone, the phrases that
name what each call of the tool involves anyway: "never flag a vehicle for inspection"
(`flagVehicle`: "Flag a vehicle for inspection."), "never withdraw an accession from the
collection", "do not issue vouchers to passengers" (`issueVoucher(passengerId, ...)`). Kept as
a condition, such a phrase leaves a plain ban `review_only`: weaker than the sentence.

Once the rule's tool is known, `said_by_tool` drops such a kept condition, when it is one
prepositional phrase of plain words (no number, quote, negation, comparison, relative clause
or participle) and the tool's description says the same preposition with the same words
("for inspection" in "Flag a vehicle for inspection", "to passengers" in "Issue a voucher to
a passenger"). A bare noun the tool's arguments name (`passengerId`) is not enough: "to
students" may be every call, or a class (students, not staff).

A phrase with any other word ("to children", "from the archive collection", "on evening
crossings") is kept: the rule stays reviewed. The `condition-not-bound` note made for the
dropped condition is stale and goes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from specgap.extract.pattern_base import singular
from specgap.ir import Diagnostic, ResolvedRule
from specgap.registry import Registry, Tool

__all__ = ["said_by_tool"]

_PLAIN = frozenset(
    {"deny_action", "max_calls", "arg_within_bound", "arg_count_bound", "require_confirmation"}
)
_DET = r"(?:(?:the|a|an|any|all|each|every|their|his|her|its|our|your|this|that)\s+)"
_PHRASE = re.compile(
    r"^\s*(?P<prep>to|for|from|in|into|on|onto|with|at|of|via|through|by)\s+" + _DET + r"?"
    r"(?P<words>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,3})\s*[.!]?\s*$",
    re.I,
)
# a word that makes a phrase restrict ("to passengers who ...", "for other members")
_RESTRICTING = frozenset(
    {"that", "which", "who", "whom", "whose", "where", "than", "other", "except", "not", "no",
     "only", "under", "over", "above", "below", "outside", "without", "before", "after",
     "during", "within", "unless", "if", "when", "new", "old", "same", "different", "another",
     "own", "certain", "some", "specific", "particular", "choice", "named", "asked", "and",
     "or", "but"}
)  # fmt: skip


def said_by_tool(
    registry: Registry, resolved: Iterable[ResolvedRule], diagnostics: Sequence[Diagnostic]
) -> tuple[tuple[ResolvedRule, ...], tuple[Diagnostic, ...]]:
    """Every resolved rule, a kept condition that only says what the tool does dropped
    (module docstring); and the notes made for the conditions dropped (now stale)."""
    out: list[ResolvedRule] = []
    stale: list[Diagnostic] = []
    for each in resolved:
        rule = each.rule
        tool = (
            registry.by_id.get(each.target.tool_id or "")
            if each.target.status == "resolved"
            else None
        )
        if tool is None or not rule.condition or rule.operator not in _PLAIN:
            out.append(each)
            continue
        if not _said(tool, rule.condition):
            out.append(each)
            continue
        out.append(each.model_copy(update={"rule": rule.model_copy(update={"condition": None})}))
        said = repr(rule.condition)
        stale += [
            d
            for d in diagnostics
            if d.code == "condition-not-bound" and d.span == rule.span and said in d.message
        ]
    return tuple(out), tuple(stale)


def _said(tool: Tool, condition: str) -> bool:
    m = _PHRASE.match(condition)
    if m is None:
        return False
    words = [w.casefold() for w in m["words"].split()]
    if any(w in _RESTRICTING or w.endswith(("ing", "ed")) for w in words):
        return False
    return _described(tool.description, m["prep"].casefold(), words)


def _described(description: str, prep: str, words: list[str]) -> bool:
    """Whether the description says `prep` and then the same words (determiners, number
    and case aside): "for inspection", "from the studio records"."""
    wanted = [singular(w) for w in words]
    for m in re.finditer(r"\b" + prep + r"\s+" + _DET + r"?", description, re.I):
        after = re.findall(r"[A-Za-z][\w-]*", description[m.end() :])[: len(wanted)]
        if [singular(w.casefold()) for w in after] == wanted:
            return True
    return False
