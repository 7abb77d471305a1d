"""A bound on an argument said in two shapes the bound readers leave, and a range misread as
a list of values.

- a label and its bound, with words about the unit between them: "Deposit: whole euros,
  between 20 and 400", "4. Hull length - metres, at most 18", "Group size: 2–12" -> "the
  <label> must be <bound>";
- the bound in the second of two predicates of one subject: "the declared value is entered
  in whole dollars and may not exceed 9,000" -> "the declared value may not exceed 9,000";
- "must be between 10 and 60" read by a coordination reader as the values `between 10`
  and `60`: an allowlist (or a ban) of such values holds no value a call passes; it is
  dropped when the sentence states the range.

Only a sentence no bound was read from is respelled, and only the respelling's
`arg_within_bound` rules are kept: the argument is bound by the compiler as for any bound
(an unknown one is reported there). Not read: a label that is a whole clause, a bound with
no number.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from specgap.extract.noact_respell import spelt
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

__all__ = ["label_bound", "reread", "without_range_values"]

Read = Callable[[Sentence], tuple[list[CandidateRule], list[Diagnostic]]]

_NUM = r"[$€£]?\s?\d[\d,]*(?:\.\d+)?"
_BOUND = (
    r"(?P<bound>between\s+" + _NUM + r"\s+and\s+" + _NUM + r"|(?:at\s+most|no\s+more\s+than|"
    r"not\s+more\s+than|up\s+to|max(?:imum)?\.?|at\s+least|no\s+less\s+than|min(?:imum)?\.?)\s+"
    + _NUM
    + r"|"
    + _NUM
    + r"\s*(?:-|–|to)\s*"
    + _NUM
    + r")"
)
_LABEL = re.compile(
    r"^[\s\-*•>#+]*(?:\(?\d{1,2}[a-z]?[.)]\s+)?(?P<label>[A-Za-z][A-Za-z -]{1,40}?)\s*"
    r"(?::|\s-\s|\s–\s)\s*(?:[^:;,.]{1,40},\s*)?" + _BOUND + r"(?:\s+[A-Za-z%°]+)?\s*\.?\s*$",
    re.I,
)
_SECOND = re.compile(
    r"^\W*(?P<subject>(?:the|a|an|each|every|any)\s+[A-Za-z][\w -]{1,40}?)\s+(?:is|are)\s+"
    r"[^;,.]{1,60}?\s+and\s+(?P<bound>(?:may|must|can|should|shall)\s*(?:not|n't)\s+(?:exceed|"
    r"go\s+(?:above|over)|be\s+(?:more|greater|higher|larger|over|above)\s+than?)\s+" + _NUM + r")",
    re.I,
)
_RANGE = re.compile(r"\bbetween\s+" + _NUM + r"\s+and\s+" + _NUM, re.I)
_RANGE_VALUE = re.compile(r"^(?:between|from)\s+\S+$", re.I)
_VALUED = {"resource_in_allowlist": "allowed", "deny_action": "values"}


def label_bound(text: str) -> str | None:
    """The bound respelled as the bound readers read it, or None (module docstring)."""
    m = _LABEL.match(text)
    if m is not None:
        bound = m["bound"]
        if re.match(r"\d|[$€£]", bound):  # "2–12": a range
            low, high = re.split(r"\s*(?:-|–|to)\s*", bound, maxsplit=1)
            if _number(low) > _number(high):
                return None  # "9 to 2": no range
            bound = f"between {low} and {high}"
        return f"The {m['label'].strip().casefold()} must be {bound}."
    m = _SECOND.match(text)
    if m is not None:
        return f"{m['subject'].strip()} {m['bound']}."
    return None


def _number(text: str) -> float:
    return float(re.sub(r"[^\d.]", "", text) or 0)


def without_range_values(clean: str, rules: list[CandidateRule]) -> list[CandidateRule]:
    """The rules without a list of values that is the sentence's range ("between 10",
    "60"), when the sentence states one."""
    if not _RANGE.search(clean):
        return rules
    return [r for r in rules if not _range_listed(r)]


def _range_listed(rule: CandidateRule) -> bool:
    key = _VALUED.get(rule.operator)
    values = rule.params.get(key) if key else None
    return isinstance(values, list) and any(_RANGE_VALUE.match(str(v)) for v in values)


def reread(
    sentence: Sentence, rules: list[CandidateRule], diagnostics: list[Diagnostic], read: Read
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """A bound nothing bounded read again (module docstring); the first reading otherwise."""
    rules = without_range_values(sentence.clean, rules)
    if sentence.subject is not None or any(r.operator == "arg_within_bound" for r in rules):
        return rules, diagnostics
    said = label_bound(sentence.clean)
    if said is None:
        return rules, diagnostics
    found, _ = read(spelt(sentence, said))
    bounds = [r for r in found if r.operator == "arg_within_bound"]
    if not bounds:
        return rules, diagnostics
    words = " ".join(sentence.text.split())
    notes = [d for d in diagnostics if d.code != "rule-not-compiled"]
    return [*rules, *(r.model_copy(update={"text": words}) for r in bounds)], notes
