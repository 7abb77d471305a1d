"""A question that opens a line is the condition of the instructions after it.

Terse policies write conditions as questions: "Damaged parcel? Photograph it, then open a
claim." The instructions hold only when the answer is yes, so a rule read from them is never
the unconditional rule: it keeps the question as its condition (`review_only`, with a
located `condition-not-bound` note), as any condition the grammar cannot bind.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from specgap.extract.grammar_notes import condition_diagnostic
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

# list markers, then the question: "- Damaged parcel? " before the sentence on its line
_QUESTION = re.compile(r"^[\s\-*•>#+]*(?:\(?\d{1,2}[.)]\s+)?(?P<q>[^\n?]{3,120}\?)\s*$")

# a question asking what, why or how is answered, not a yes or no the rule holds under
_ASKS = re.compile(r"^(?:why|how|who|whom|whose|which|where|what(?!\s+if\b))\b", re.I)

Read = tuple[Sentence, list[CandidateRule], list[Diagnostic]]


def question_before(sentence: Sentence) -> str | None:
    """The question standing before the sentence on its own line, if any."""
    text = sentence.artifact.text
    start = sentence.raw_range()[0]
    line = text[text.rfind("\n", 0, start) + 1 : start]
    m = _QUESTION.match(line)
    if m is None or _ASKS.match(m["q"].lstrip(" -*•>#+")):
        return None  # "Why was it refused? Because ...": asks for a reason, no condition
    return " ".join(m["q"].split())


def asked(read: Iterable[Read]) -> Iterator[Read]:
    """Each sentence's rules, under the question before it on its line when there is one."""
    for sentence, found, notes in read:
        # an answer read with its question (`answers`) states the rule whole
        question = question_before(sentence) if found and sentence.asked is None else None
        if question is None:
            yield sentence, found, notes
            continue
        rules = [
            r if r.condition else r.model_copy(update={"condition": f"if: {question}"})
            for r in found
        ]
        kept = [condition_diagnostic(sentence, r) for r in rules if r.condition]
        noted = {d.message for d in notes}
        yield sentence, rules, [*notes, *(d for d in kept if d.message not in noted)]
