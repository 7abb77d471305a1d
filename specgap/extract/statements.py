"""Where one sentence of the segmenter holds several statements, and what frames a list.

The segmenter ends a sentence at a stop. Terse policies write one statement per line with no
stop, and a Markdown table is one paragraph to CommonMark, so such a "sentence" holds a
statement per line; a note located at its first line leaves the others silent. `parts`
cuts a sentence at each line that starts a statement of its own (see `_breaks`), dropping
a table's `|---|` rule.

Some statements read like a rule only because of what frames them:
- a list under a line or heading that says its items are rules ("Never:", "Do not:",
  "Restrictions", "The following are not permitted:"): `frame_of`;
- a table row under a header cell that says so ("Allowed?", "Max per day", "Rule");
- a short answer ("No.", "Yes, once.") to a question asking whether something may or must
  be done ("Can I rebook a ferry?").
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from dataclasses import dataclass

from specgap.extract.rulelike import cue_of
from specgap.extract.segments import Sentence

__all__ = ["LIST_ITEM", "Frame", "Scope", "answered", "frame_of", "header_frame", "is_table_row",
           "parts", "states_rule"]  # fmt: skip

LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s")

_RULE_ROW = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
# a line starts a statement of its own: a capital, a digit, a table cell, a list marker,
# a code span or a quote, after a line that does not run on (a comma, a hyphen, a word
# that needs what follows, e.g. "the", "and", "to")
_STARTS = re.compile(r"^\s*(?:[A-Z0-9|`\"'(]|[-*+•]\s|\*\*)")
_RUNS_ON = re.compile(
    r"(?:[,(\-–—/&+]|\b(?:the|a|an|and|or|but|nor|of|to|in|on|at|for|from|with|by|into|onto|"
    r"about|as|than|that|which|who|whose|if|when|because|unless|although|since|your|their|our|"
    r"its|my|his|her|this|these|those|each|every|any|some|is|are|be|must|should|shall|will|"
    r"may|can|not))\s*$",
    re.I,
)

# a permission frames no rules ("You can look up a customer using:" announces the means)
_CUES = frozenset({"modal", "prohibition", "requirement", "bound", "precondition"})
# the nouns that head a list of rules ("Restrictions:", "## Limits", "| Rule |")
_FRAME_NOUNS = re.compile(
    r"\b(?:rules?|requirements?|restrictions?|limits?|limitations?|constraints?|prohibitions?|"
    r"polic(?:y|ies)|guidelines?|guardrails?|conditions?|obligations?|don'?ts|do'?s|"
    r"max(?:imum)?|min(?:imum)?|caps?|quotas?|allowances?|eligib(?:le|ility)|approvals?|"
    r"deadlines?|sign-?offs?|approv(?:es|ed|ers?)|authori[sz](?:ation|ed|es)|who\s+(?:can|may)|"
    r"windows?|cut-?offs?|notice\s+periods?|lead\s+times?|^do$)\b",
    re.I,
)
_FRAME_WORDS = 8  # a frame is a short label: longer lines say something of their own


@dataclass(frozen=True)
class Frame:
    """Why the statements under a line read like rules: the line's words and where it is."""

    kind: str  # list heading | table column | answer
    words: str
    since: int | None = None  # an answer's: where its question starts in the artifact


def parts(sentence: Sentence, *, every_line: bool = False) -> list[Sentence]:
    """The statements of `sentence`, one per line that starts a statement of its own (the
    sentence itself when it has one), without a table's `|---|` rule. `every_line`: each
    line is one (the lines under a frame: "Never:" then "hazmat on weekends")."""
    text = sentence.text
    if "\n" not in text:
        return [sentence]
    cuts = [0]
    at = text.find("\n")
    while at >= 0:
        if every_line or (
            not _RUNS_ON.search(text[cuts[-1] : at]) and _STARTS.match(text[at + 1 :])
        ):
            cuts.append(at + 1)
        at = text.find("\n", at + 1)
    cuts.append(len(text))
    out: list[Sentence] = []
    for a, b in itertools.pairwise(cuts):
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if b - a < 3 or _RULE_ROW.match(text[a:b]):
            continue
        out.append(
            Sentence(
                sentence.artifact,
                text[a:b],
                sentence.offsets[a : b + 1],
                sentence.context,
                sentence.subject,
            )
        )
    return out if len(out) > 1 else [sentence]


def is_table_row(text: str) -> bool:
    return text.lstrip().startswith("|") and text.count("|") >= 2


def frame_of(text: str) -> str | None:
    """The words of a short line or heading that says the items under it are rules, or
    None: a strong cue of its own ("Never:", "Not allowed", "Allowed?") or a noun that
    heads a list of rules ("Restrictions:", "Limits")."""
    label = re.sub(r"^[\s#>*_\-+•]+|[\s*_:]+$", "", text).strip()
    if not label or len(label.split()) > _FRAME_WORDS:
        return None
    cue = cue_of(label)
    if cue is not None and cue.words == "only" and not label.casefold().startswith("only"):
        cue = None  # "Diagnostic Actions (Read-only)": a kind of action, not a restriction
    if (cue is not None and cue.kind in _CUES) or _FRAME_NOUNS.search(label):
        return label
    return None


def header_frame(row: str) -> str | None:
    """The header cell of a table row that makes the rows under it rules ("Allowed?")."""
    for cell in row.strip().strip("|").split("|"):
        words = frame_of(cell)
        if words is not None:
            return words
    return None


_PERMISSION_QUESTION = re.compile(
    r"^[\s\-*•>#_]*(?:(?:Q(?:uestion)?\s*\d*\s*[:.)])[\s*_]*)?(?:can|may|must|should|do|does|is|"
    r"are|am)\s[^?]{3,160}\?\W*$",
    re.I,
)
_SHORT_ANSWER = re.compile(
    r"^[\s\-*•>_]*(?:A(?:nswer)?\s*\d*\s*[:.)][\s*_]*)?(?P<a>yes|no|nope|only|never|not|always|"
    r"absolutely|sure|of\s+course|unfortunately)\b",
    re.I,
)


_LABELLED_ANSWER = re.compile(r"^[\s\-*•>_]*A(?:nswer)?\s*\d*\s*[:.)][\s*_]*(?P<a>[\w'-]+)", re.I)
_LABELLED_QUESTION = re.compile(r"^[\s\-*•>#_]*Q(?:uestion)?\s*\d*\s*[:.)]", re.I)


def answered(question: str, answer: str) -> Frame | None:
    """The frame of `answer` when it answers `question`, asking whether something may or
    must be done, with a yes, a no or a restriction ("Only on weekdays."), or with anything
    when both are labelled (`Q:` ... `A:` ...), as an FAQ writes."""
    if not _PERMISSION_QUESTION.match(question.strip()):
        return None
    found = _SHORT_ANSWER.match(answer)
    labelled = _LABELLED_ANSWER.match(answer)  # "A: Small floats are fine.": any answer
    if found is None and (labelled is None or not _LABELLED_QUESTION.match(question)):
        return None
    said = found["a"] if found is not None else labelled["a"] if labelled is not None else ""
    asked = " ".join(question.split()).strip("*# ")
    return Frame("answer", f"{said.casefold()}` to `{asked}")


class Scope:
    """What frames the sentences of one artifact as they come, in order: a line ending
    with a colon that frames the list items after it, a framing heading over list items,
    a permission question (a sentence or the heading) that the next sentence answers."""

    def __init__(self) -> None:
        self._intro: Frame | None = None
        self._last: Sentence | None = None
        self._first_under = False  # the sentence is the first under its heading

    def frame(self, sentence: Sentence) -> Frame | None:
        """What frames `sentence` as a rule, if anything (call once per sentence, in order)."""
        last, self._last = self._last, sentence
        if sentence.subject is not None:
            return None
        same = last is not None and last.artifact is sentence.artifact
        self._first_under = bool(sentence.context) and (
            last is None or not same or last.context != sentence.context
        )
        if last is not None and same:
            answer = answered(last.text, sentence.text)
            if answer is not None:  # the note cites the question and its answer
                return dataclasses.replace(answer, since=last.raw_range()[0])
            if self._intro is not None and not _continues(last, sentence):
                self._intro = None
        if self._first_under:
            answer = answered(sentence.context, sentence.text)  # "### Can I rebook?" "No."
            if answer is not None:
                return answer
        if self._intro is not None and (_list_item(sentence) or _next_line(last, sentence)):
            return self._intro  # its list, or the lines right under it ("Never:\nX\nY")
        heading = frame_of(sentence.context) if sentence.context else None
        if heading is None or not (_list_item(sentence) or _fragment(sentence.text)):
            return None
        return Frame("list heading", heading)  # "## Prohibited" over "- X" or "Hazmat."

    def after(self, sentence: Sentence) -> None:
        """Record `sentence` once read: a line ending with a colon may frame what follows."""
        if sentence.subject is None and sentence.text.rstrip().endswith(":"):
            words = frame_of(sentence.text)
            self._intro = None if words is None else Frame("list heading", words + ":")


_LABEL_WORDS = 2


def states_rule(heading: str) -> bool:
    """Whether a heading states a rule of its own ("Never refund a deposit after the trip"):
    a strong cue outside parentheses, and more than the label of the list it frames
    ("Never", "Prohibited actions"); a count in words ("one item per entry") and a kind
    ("(Read-only)", "(prose fields only)") describe its section."""
    cue = cue_of(re.sub(r"\([^)]*\)", " ", heading))  # "(prose fields only)": an aside
    if cue is None or cue.kind not in _CUES:
        return False
    if (cue.kind == "bound" and not re.search(r"\d", cue.words)) or re.search(r"-only\b", heading):
        return False
    return not (len(heading.split()) <= _LABEL_WORDS and frame_of(heading) is not None)


def _next_line(last: Sentence | None, sentence: Sentence) -> bool:
    """Whether `sentence` starts on the line right after `last` ends (no blank line)."""
    if last is None or last.artifact is not sentence.artifact:
        return False
    gap = sentence.artifact.text[last.raw_range()[1] : sentence.raw_range()[0]]
    return gap.count("\n") == 1 and not gap.strip()


# a fragment with no verb of its own: "Hazmat on weekend slots."; "This section lists ..."
# and "Pallets are weighed" have one
_VERB = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|will|would|can|could|should|must|may|might|"
    r"does|do|did|this|these|here|below|following|we|you|i)\b",
    re.I,
)
_FRAGMENT_WORDS = 8


def _fragment(text: str) -> bool:
    return len(text.split()) <= _FRAGMENT_WORDS and not _VERB.search(text)


def _list_item(sentence: Sentence) -> bool:
    text = sentence.artifact.text
    start = sentence.raw_range()[0]
    return bool(LIST_ITEM.match(text[text.rfind("\n", 0, start) + 1 :]))


def _continues(last: Sentence, sentence: Sentence) -> bool:
    """Whether `sentence` goes on the list `last` was in: the same section, and no line
    between them that is neither blank nor a list item's."""
    if last.context != sentence.context:
        return False
    gap = sentence.artifact.text[last.raw_range()[1] : sentence.raw_range()[0]]
    return all(not line.strip() or LIST_ITEM.match(line) for line in gap.split("\n")[1:])
