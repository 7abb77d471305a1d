"""A prompt told in the past tense, read in the present (forty-eighth session).

Some prompts state their rules as what a good conversation did: a quality scorecard ("VISIT
was run on the visit before it was moved"), the methods section of a study ("Refunds were
made only for bookings whose status was cancelled"), an audit's criteria. The readers read
rules in the present ("is moved", "whose status is cancelled"); a past auxiliary leaves them
a sentence they cannot place, and its condition ("whose status was held") no state to bind.

So each sentence of a prompt whose prose is told in the past is read in the present: `was`
-> `is`, `were` -> `are`, `had` -> `has`, `went` -> `goes` (and their negatives), each
word's case kept. The words said in the present cite the past ones they stand for, so every
rule read keeps its quote in the file's own words.

A prompt is told in the past when at least a third of its prose lines (not headings, not
code) carry a past auxiliary, and at least six do. A prompt that only recounts the past in
places (an incident log's "What happened: the job was already on site") stays as written:
its rules are stated in the present, and its stories are no rules.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator

from specgap.artifacts import Artifact
from specgap.extract.segments import Sentence

__all__ = ["told", "told_in_past"]

_PRESENT = {
    "was": "is",
    "were": "are",
    "had": "has",
    "went": "goes",
    "wasn't": "isn't",
    "weren't": "aren't",
    "hadn't": "hasn't",
}
_PAST = re.compile(r"(?<![\w`'\u2019-])(?:" + "|".join(_PRESENT) + r")(?![\w`'\u2019-])", re.I)
_CODE = re.compile(r"`[^`\n]*`")
_SHARE = 1 / 3  # of the prose lines
_LEAST = 6  # lines


def _prose(line: str) -> bool:
    bare = line.strip()
    return bool(bare) and not bare.startswith(("#", "```", "~~~", "|", "<"))


@functools.lru_cache(maxsize=64)
def told_in_past(text: str) -> bool:
    """Whether a prompt's prose is told in the past (module docstring)."""
    lines = [line for line in text.split("\n") if _prose(line)]
    past = sum(1 for line in lines if _PAST.search(_CODE.sub("", line)))
    return past >= _LEAST and past >= _SHARE * len(lines)


def _present(word: str) -> str:
    said = _PRESENT[word.lower()]
    if word.isupper() and len(word) > 1:
        return said.upper()
    return said[0].upper() + said[1:] if word[0].isupper() else said


def told(artifact: Artifact, sentences: Iterable[Sentence]) -> Iterator[Sentence]:
    """The artifact's sentences, read in the present when it is a prompt told in the past
    (module docstring); as they are otherwise."""
    if artifact.kind != "prompt" or artifact.data is not None or not told_in_past(artifact.text):
        return iter(sentences)
    return (_in_present(sentence) for sentence in sentences)


def _in_present(sentence: Sentence) -> Sentence:
    code = [(m.start(), m.end()) for m in _CODE.finditer(sentence.text)]
    past = [
        m for m in _PAST.finditer(sentence.text) if not any(a <= m.start() < b for a, b in code)
    ]
    for m in reversed(past):  # from the end: each stretch's offsets still hold
        sentence = sentence.replaced(m.start(), m.end(), _present(m[0]))
    return sentence
