"""Prose in blocks the extractor does not read: a located note for each rule-like line.

Headings name sections and are not read for rules either; a heading that states one ("##
Never refund a deposit after the trip") gets a note (`statements.states_rule`), the label
of a list ("## Never", "## Prohibited actions") none: it frames the items under it.

The extractor reads a Markdown prompt's paragraphs, list items and blockquotes
(`segments.markdown_sentences`). CommonMark makes two other kinds of block of what a policy
author may mean as prose: text indented by four spaces after a blank line (an indented code
block: plain-text policies with indented points) and raw HTML (`<table>`, `<details>`,
`<p>`). Nothing there is read for rules, so that none of their rules is lost without a word,
each line of such a block is checked on its own (a table cell's tags blanked out, so that
each cell is a clause and the line keeps its length and place) with the sentence test of
`leftovers.leftover`, strong cues only (a modal, a bound, a ban, a requirement, a
precondition, a permission): an imperative in an indented block is as likely code as an
instruction. A fenced code block (```` ``` ````) is code or an example by the author's own
mark, and is left alone.
"""

from __future__ import annotations

import re

from specgap.artifacts import Artifact
from specgap.extract.answers import question
from specgap.extract.leftovers import leftover
from specgap.extract.markdown import COMMONMARK
from specgap.extract.rulelike import as_written, cue_of
from specgap.extract.segments import Sentence
from specgap.extract.statements import states_rule
from specgap.ir import Diagnostic

__all__ = ["unread_notes"]

_BLOCKS = frozenset({"code_block", "html_block"})
_KIND = {
    "code_block": "an indented block (Markdown reads it as code; unindent prose)",
    "html_block": "raw HTML",
}
_STRONG = frozenset({"modal", "bound", "prohibition", "requirement", "precondition", "permission"})
_STRONG |= {"finality", "deadline", "confirmation", "scope", "setting"}  # `terse_cues`
_TAG = re.compile(r"<[^>\n]*>")
_ONLY_TAGS = re.compile(r"^[\s|]*$")


def unread_notes(artifact: Artifact) -> list[Diagnostic]:
    """A `rule-not-compiled` note for each rule-like line of an indented or HTML block of a
    Markdown prompt, in order; a line that reads like no rule gets none."""
    text = artifact.text
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    out: list[Diagnostic] = []
    tokens = COMMONMARK.parse(text)
    for n, token in enumerate(tokens):
        if token.type == "inline" and n > 0 and tokens[n - 1].type == "heading_open":
            note = _heading(artifact, token.content, starts, token.map)
            out += [] if note is None else [note]
            continue
        if token.type not in _BLOCKS or token.map is None:
            continue
        first, last = token.map
        for row in range(first, min(last, len(starts) - 1)):
            sentence = _line(artifact, starts[row], starts[row + 1])
            if sentence is None:
                continue
            cue = as_written(cue_of(sentence.clean), sentence.clean, sentence.text)
            if cue is None or cue.kind not in _STRONG:
                continue
            note = leftover(sentence, piece=True, unread=_KIND[token.type])
            if note is not None:
                out.append(note)
    return out


def _heading(
    artifact: Artifact, content: str, starts: list[int], where: list[int] | None
) -> Diagnostic | None:
    """The note on a heading that states a rule ("## Never refund a deposit"): headings
    name sections and are not read for rules (`statements.states_rule`)."""
    if where is None or not content.strip() or not states_rule(content):
        return None
    if question(content) is not None:  # "### Can I refund?": its answer states the rule
        return None
    line_start, line_end = starts[where[0]], starts[min(where[1], len(starts) - 1)]
    at = artifact.text.find(content, line_start, line_end)
    if at < 0:
        return None
    sentence = Sentence(artifact, content, tuple(range(at, at + len(content) + 1)))
    return leftover(sentence, piece=True, unread="a heading")


def _line(artifact: Artifact, start: int, end: int) -> Sentence | None:
    """The line's prose as a sentence at its place: tags blanked out (a cell boundary reads
    as a clause boundary), surrounding blanks trimmed; None when nothing is left."""
    raw = artifact.text[start:end].rstrip("\r\n")
    blanked = _TAG.sub(lambda m: " |" + " " * (len(m[0]) - 2), raw)  # same length
    if _ONLY_TAGS.match(blanked):
        return None
    a = len(blanked) - len(blanked.lstrip(" \t|"))
    b = len(blanked.rstrip(" \t|"))
    if b - a < 3:
        return None
    return Sentence(artifact, blanked[a:b], tuple(range(start + a, start + b + 1)))
