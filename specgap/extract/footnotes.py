"""A rule whose sentence carries a footnote marker, and whose footnote makes an exception:
"Stays run from 1 to 28 nights.[^3]" with "[^3]: Members of the gold club may stay longer."

Markdown footnotes put the exception to a rule out of its sentence. Read alone, the sentence
states the rule for everyone, and enforcing it would be stronger than the policy: it would
refuse the gold member's 30-night stay the footnote allows. So a rule read from a sentence
that points at a footnote which reads as an exception (`_EXCEPTION`: "unless", "except", "does
not apply", "may stay longer", "up to", "only if", ...) is kept with that footnote as
its condition: `review_only`, with the `condition-not-bound` note that quotes it. A footnote
that only gives a reason ("[^1]: Two cars were unlocked by mistake in 2025.") changes nothing,
nor does a marker whose footnote is not in the same file. The footnote's own line is read as
any other sentence (it may state a rule of its own).
"""

from __future__ import annotations

import re

from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

_MARK = re.compile(r"\[\^(?P<id>[\w-]{1,24})\](?!:)")
# what a footnote says when it makes an exception to the rule it hangs on
_EXCEPTION = re.compile(
    r"\b(?:unless|except(?:ions?|ed)?|exempt(?:ed|ion)?|(?:does|do)\s+not\s+apply|doesn't\s+apply|"
    r"other\s+than|instead|however|longer|beyond|up\s+to|"
    r"at\s+(?:most|least)|(?:may|can)\s+(?:also\s+)?(?:go|stay|run|book|exceed|extend|have|take|"
    r"skip|waive|bring|keep)|only\s+(?:if|when|for|while)|waived?)\b",
    re.I,
)
_LIMIT = 400  # the longest footnote text kept as a condition


def _definition(text: str, mark: str) -> str | None:
    """The first line of footnote `mark`'s definition in `text`, or None."""
    m = re.search(rf"^[ \t]{{0,3}}\[\^{re.escape(mark)}\]:[ \t]*(?P<said>\S[^\n]*)$", text, re.M)
    return None if m is None else " ".join(m["said"].split())[:_LIMIT]


def footnoted(
    sentence: Sentence, rules: list[CandidateRule], notes: list[Diagnostic]
) -> tuple[list[CandidateRule], list[Diagnostic]]:
    """`rules` each under the exception its sentence's footnote makes, with their notes
    (module docstring); unchanged when no footnote marked in it makes one."""
    if not rules or "[^" not in sentence.text:
        return rules, notes
    said = [
        f"[^{m['id']}]: {text}"
        for m in _MARK.finditer(sentence.text)
        if (text := _definition(sentence.artifact.text, m["id"])) and _EXCEPTION.search(text)
    ]
    if not said:
        return rules, notes
    exception = "; ".join(said)
    kept: list[CandidateRule] = []
    added: list[Diagnostic] = []
    for rule in rules:
        if rule.condition is not None and exception in rule.condition:
            kept.append(rule)
            continue
        condition = f"{rule.condition}; {exception}" if rule.condition else exception
        rule = rule.model_copy(update={"condition": f"unless the footnote says so ({condition})"})
        kept.append(rule)
        added.append(condition_diagnostic(sentence, rule))
    return kept, [*notes, *added]
