"""A value that must be the one on record (sixteenth session): "Refunds are issued to the
original payment method only", "Only refund to the original card", "Rebook with the same
passenger name".

"The original X" is no value a call can be compared with by itself: it is the X a read of the
record returned earlier. The sentence is read as `arg_grounded` on the argument the noun
names, with the tools' outputs as its source (`from_tools: ["*"]`): a value that no tool
returned in the session is refused. Which read holds "the original" is not said, so any
tool's output counts; a value the user typed is not one. It was a `rule-not-compiled` note.
"""

from __future__ import annotations

import re

from specgap.extract.grammar import parse
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.noact_respell import Read
from specgap.extract.pattern_base import ANY_TOOL
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

_ORIGINAL = re.compile(
    r"\b(?:(?:to|into|onto|with|using|via|by|on)\s+)?(?:the|their|its|his|her)\s+(?:original|same|"
    r"existing|recorded)\s+(?P<np>[a-z][\w-]*(?:\s+(?!only\b|on\b)[a-z][\w-]*)?)"
    r"(?:\s+(?:only|on\s+file|on\s+record))?\s*[.!]?\s*$",
    re.I,
)


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence read as a value on record (module docstring) when it gave no rule."""
    del read  # read here by the grammar's clause alone
    if sentence.subject is not None or rules:
        return rules, diagnostics
    m = _ORIGINAL.search(sentence.clean)
    if m is None:
        return rules, diagnostics
    clause = parse(sentence.clean)
    restricts = clause.modality in {"only", "must"} and not clause.negated
    if clause.action is None or not restricts:
        return rules, diagnostics
    action = clause.action.removesuffix(f" {m['np'].casefold()}").removesuffix(" original")
    # the argument by the noun's head ("payment method": `method`), as arguments are named
    params = {"facet": m["np"].split()[-1].casefold(), "from_user": False, "from_tools": [ANY_TOOL]}
    return [candidate(sentence, Emit("arg_grounded", action, params, 0.7))], []
