"""Numbered steps that must run in order: "follow this fixed order: 1. Create the account.
2. Assign groups." or "follow these steps in order: 1) ..., 2) ..., and 3) ...".

Each step is read by the grammar into its action (verb + object, the mention the resolver
maps to a tool); each step requires the one before it (`require_before`), stated at the
sentence that announces the order. Steps cut into sentences of their own by the sentence
splitter are gathered back while only their numbers stand between them.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator

from specgap.extract.grammar import parse
from specgap.extract.grammar_rules import Emit, candidate, condition_diagnostic
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule, Diagnostic

_ANNOUNCE = re.compile(
    r"\b(?:(?:fixed|following|this|these|strict|exact|same|unchangeable|specific)\s+)*"
    r"(?:order|sequence|steps|stages)\b[^:]*:\s*(?P<rest>.*)$|\bin\s+(?:this|the\s+following)\s+"
    r"order\s*:\s*(?P<rest2>.*)$",
    re.I,
)
_ORDERED = re.compile(
    r"\b(?:must|should|shall|always|has\s+to|have\s+to|follow|adhere|in\s+order|fixed|"
    r"unchangeable|strict)\b",
    re.I,
)
_NUMBER = re.compile(r"(?:^|\s|,)(?:and\s+)?\(?(\d{1,2})[.)]\s+")
_GAP = re.compile(r"^\s*(?:\d{1,2}[.)])?\s*$")


def read_all(
    sentences: Iterable[Sentence],
) -> Iterator[tuple[Sentence, list[CandidateRule], list[Diagnostic]]]:
    """Every sentence with the rules it states; a sentence announcing numbered steps
    states their order, and the steps that follow it as sentences of their own state
    nothing else."""
    from specgap.extract.reading import read_sentence

    pending = list(sentences)
    i = 0
    while i < len(pending):
        sentence = pending[i]
        steps, used = _steps(sentence, pending[i + 1 :])
        if len(steps) >= 2:
            rules = list(_ordered(sentence, steps))
            found, notes = read_sentence(sentence)
            notes = [n for n in notes if n.code != "rule-not-compiled"]
            if any(r.condition for r in rules):
                notes.append(condition_diagnostic(sentence, rules[0]))
            yield sentence, [*found, *rules], notes
            i += 1 + used
            continue
        found, notes = read_sentence(sentence)
        yield sentence, found, notes
        i += 1


def _steps(sentence: Sentence, after: list[Sentence]) -> tuple[list[str], int]:
    """The step texts a sentence announces, and how many following sentences they took."""
    m = _ANNOUNCE.search(sentence.clean)
    if m is None or not _ORDERED.search(sentence.clean):
        return [], 0
    rest = m["rest"] if m["rest"] is not None else m["rest2"] or ""
    inline = _split(rest)
    if len(inline) >= 2:
        return inline, 0
    if rest.strip() and not _GAP.match(rest):
        return [], 0
    steps: list[str] = []
    end = sentence.raw_range()[1]
    for n, nxt in enumerate(after):
        start, stop = nxt.raw_range()
        if not _GAP.match(sentence.artifact.text[end:start]) or "\n" in sentence.artifact.text[
            end:start
        ].strip(" "):
            return steps, n
        steps.append(nxt.clean.strip().rstrip("."))
        end = stop
    return steps, len(after)


def _split(text: str) -> list[str]:
    marks = list(_NUMBER.finditer(text))
    if len(marks) < 2 or [int(m[1]) for m in marks] != list(range(1, len(marks) + 1)):
        return []
    parts = []
    for a, b in zip(marks, [*marks[1:], None], strict=False):
        chunk = text[a.end() : b.start() if b else len(text)]
        parts.append(chunk.strip(" ,.;").removesuffix(", and").removesuffix(" and"))
    return parts


_SCOPE = re.compile(
    r"^(?P<scope>.*?)\s*,?\s*\b(?:must|should|shall|has\s+to|have\s+to|always\s+)?\s*"
    r"(?:follow|adhere|proceed|go|be\s+done|run|happen)\b",
    re.I,
)
_NO_SCOPE = re.compile(r"^(?:(?:you|we|the\s+agent|always|please)\s*)*$", re.I)


def _ordered(sentence: Sentence, steps: list[str]) -> Iterator[CandidateRule]:
    """`require_before` for each step after the first. The order of a named process ("the
    onboarding process must follow ...", "to remove a role, follow ...") holds within that
    process only: a scope no state test binds, so the rules keep it and stay for review."""
    actions = [parse(step).action for step in steps]
    m = _SCOPE.match(sentence.clean.strip(" -*"))
    scope = " ".join(m["scope"].split()).strip(" ,") if m else ""
    condition = None if _NO_SCOPE.match(scope) else f"within: {scope}"
    for first, then in itertools.pairwise(actions):
        if first and then and first != then:
            emit = Emit("require_before", then, {"before": first}, 0.7, condition=condition)
            yield candidate(sentence, emit)
