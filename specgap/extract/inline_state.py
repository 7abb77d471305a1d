"""A state written as a field test in a tool's description: "Use ONLY for first-time cards
(issue_reason = 'new_account' or 'first_card')". The described tool is allowed only while
the field holds one of the values: `state_condition(field, allowed)` over the outputs read
before it.

Read only where the sentence restricts the tool to the test ("only", "exclusively",
"solely") and the test is written with `=` (or `==`, `in`) between an argument-like field
name and quoted values; a test in a sentence that does not restrict the tool ("e.g.
status = 'open'") states nothing here. The field test may be only part of what the
sentence requires ("first-time cards on a checking account"); the rule checks that part,
so it is never stronger than the sentence.
"""

from __future__ import annotations

import re

from specgap.extract.grammar_rules import Emit
from specgap.extract.pattern_base import QUOTED
from specgap.extract.segments import Sentence

_ONLY = re.compile(r"\b(?:only|exclusively|solely)\b", re.I)
_TEST = re.compile(
    r"\b(?P<field>[a-z][a-z0-9]*(?:_[a-z0-9]+)*)\s*(?:==?|\bin\b)\s*(?P<values>(?:['\"][^'\"]+"
    r"['\"]\s*(?:,\s*(?:or\s+)?|\bor\s+)?)+)"
)
_EXAMPLE = re.compile(r"\b(?:e\.g\.|for\s+example|for\s+instance|such\s+as|like)\s*[,:]?\s*$", re.I)


def inline_state(sentence: Sentence) -> list[Emit]:
    """`state_condition` on the described tool for a restricting sentence with a field
    test (module docstring); [] otherwise."""
    if sentence.subject is None:
        return []
    text = sentence.clean
    only = _ONLY.search(text)
    if only is None:
        return []
    out: list[Emit] = []
    for m in _TEST.finditer(text, only.end()):
        if _EXAMPLE.search(text[: m.start()]):
            continue  # an example of a value, not the rule's test
        values = [a or b or c for a, b, c in QUOTED.findall(m["values"])]
        if values:
            out.append(Emit("state_condition", None, {"field": m["field"], "allowed": values}, 0.7))
    return out[:1]
