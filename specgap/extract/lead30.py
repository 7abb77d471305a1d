"""A condition said before a rule whose subject is a tool id (thirtieth session): "If the job
is `done`, `cancel_job` is not allowed.", "Unless the member is gold tier, `refund_job` may
not exceed 80 dollars."

The readers read a tool id that opens its sentence as the rule's subject ("`cancel_job` is
not allowed if ...") and a condition that opens a sentence before an imperative ("If ...,
never call `t`"); a condition before a tool id is read by neither, and the line compiled to
nothing. When it did, it is read again two ways, and never without its condition:

- with the condition moved after the rule ("`cancel_job` is not allowed if the job is
  `done`."): kept when that reads the condition as a state test (a `state_condition`) and
  loses nothing else the rule alone says (a bound stays a bound);
- else the rule alone, each of its rules keeping the condition as said ("unless the member
  is gold tier"): a condition no reader binds keeps the rule for review, never enforced
  flat.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.grammar_notes import held_under
from specgap.extract.noact_respell import read_as
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

# "If X, `t` ...", "Unless X, `t` ...": the lead, then a rule whose subject is a tool id
_LEAD = re.compile(
    r"^\W*(?P<lead>(?:if|unless|when|whenever|while|once|for)\s+[^,;:]{3,160}?),\s+"
    r"(?P<rest>`[^`\s]+`\s[^;]+?)\s*[.!]?\s*$",
    re.I,
)


def reread(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """The sentence's rules, read again when a condition before a tool id left it with none
    (module docstring)."""
    if rules or sentence.subject is not None:
        return rules, notes
    m = _LEAD.match(sentence.clean)
    if m is None:
        return rules, notes
    lead, rest = m["lead"], m["rest"]
    moved, moved_notes = read_as(sentence, f"{rest} {lead[:1].lower()}{lead[1:]}.", read)
    alone, alone_notes = read_as(sentence, f"{rest}.", read)
    kinds = {r.operator for r in moved}
    if any(r.operator == "state_condition" for r in moved) and all(
        r.operator in kinds for r in alone if r.operator != "deny_action"
    ):  # the ban is a state test now, and nothing else the rule says was lost
        return moved, moved_notes
    if not alone:
        return rules, notes
    held, said = held_under(sentence, alone, alone, lead)
    kept = [d for d in alone_notes if d.code != "rule-not-compiled"]
    return held, [*kept, *said]
