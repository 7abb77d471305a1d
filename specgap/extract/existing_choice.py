"""An existing thing offered as one of several choices: "the deposit must go back to the
original card or to an existing voucher", "credit either the booking's own account or an
existing wallet".

The operator's prose pattern reads "... an existing X" as "X must come from a tool output"
over every call (`arg_grounded` on `*`, its argument the words X). When X is one member of
an either/or choice, that reading is not the sentence's rule: the rule is the choice (the
original card, which one earlier output names, or a voucher another output lists), and the
grounding of one member alone says nothing a checker can hold a call to (the call may take
the other choice). `without_existing_choice` drops such a reading and puts a located
`rule-not-compiled` note in its place, so the sentence is never a silent loss.

Kept as it was: an existing thing that is the only one allowed ("the label must be an
existing one", "send it to an existing address"), and every other rule of the sentence.
"""

from __future__ import annotations

import re

from specgap.extract.pattern_base import ANY_TOOL
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["without_existing_choice"]


def _choice(text: str, what: str) -> bool:
    """Whether `what` is said as "existing <what>" after an `or` of a choice."""
    said = r"\s+".join(re.escape(w) for w in what.split())
    return (
        re.search(
            r"\bor\s+(?:to\s+|into\s+|onto\s+|on\s+)?(?:an?\s+|the\s+|any\s+|one\s+)?"
            r"(?:already\s+)?existing\s+" + said + r"\b",
            text,
            re.I,
        )
        is not None
    )


def without_existing_choice(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """`rules` without an "existing X" grounding whose X is one member of a choice, and
    `notes` with a note for it (module docstring); both unchanged otherwise."""
    dropped = [
        r
        for r in rules
        if r.operator == "arg_grounded"
        and r.target in (None, ANY_TOOL)
        and isinstance(r.params.get("arg"), str)
        and _choice(sentence.clean, str(r.params["arg"]))
    ]
    if not dropped:
        return rules, notes
    what = str(dropped[0].params["arg"])
    note = Diagnostic(
        code="rule-not-compiled",
        message=f"this sentence reads like a rule but does not compile: an existing `{what}` "
        "is one member of a choice, and no operator checks that a value is one of several "
        "sources (each from its own tool output)",
        severity="note",
        span=sentence.span(),
        help="name the argument and the tools whose outputs may supply it, or check this "
        "rule by hand",
    )
    return [r for r in rules if r not in dropped], [*notes, note]
