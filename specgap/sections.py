"""Cutting a Markdown prompt at its headings, so a long prompt is re-extracted section by
section: an edit re-reads the section it touched, not the whole prompt.

The cut is only made where it cannot change what the deterministic extractor sees. Its
Markdown reader keeps one piece of state across blocks, the latest heading (the context of
the rules under it), and an ATX heading at the start of a line always closes whatever block
came before it, except inside a fenced code block or an HTML block. So a prompt is cut right
before every line that starts with `#`..`######` and a space, unless it has a code fence or
a line starting with `<` anywhere (then it stays whole), or line separators other than
`\\n` (lines would be counted differently), or a footnote's definition (the rule that marks
the footnote is read with it, `extract.footnotes`, wherever the definition stands).

Results found in a section are moved back into place with `shift`: lines and byte offsets
move, columns stay (a section starts at the start of a line).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeVar

from pydantic import BaseModel

from specgap.ir import Span

_HEADING = re.compile(r"#{1,6}(?:[ \t]|$)")
_UNSAFE = re.compile(r"```|~~~|^[ \t>*+\-0-9.)]*<", re.M)
_OTHER_BREAKS = re.compile("[\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
# a footnote's definition ("[^3]: ..."), often under a "Notes" heading of its own
_FOOTNOTE_DEFINED = re.compile(r"^[ \t]{0,3}\[\^[\w-]{1,24}\]:", re.M)
T = TypeVar("T", bound=BaseModel)


@dataclass(frozen=True)
class Section:
    """A run of whole lines: `text`, and where it starts in the prompt."""

    text: str
    line: int  # lines before it
    byte: int  # UTF-8 bytes before it


def sections(text: str) -> list[Section] | None:
    """The prompt cut before each heading line; None when it must not be cut."""
    if _UNSAFE.search(text) or _OTHER_BREAKS.search(text):
        return None
    if defines_terms(text):  # a term defined in one section is read in another one
        return None
    if _FOOTNOTE_DEFINED.search(text):  # a footnote is read with the rule that marks it
        return None
    out: list[Section] = []
    start = line = byte = 0
    row = 0
    pos = 0
    while pos < len(text):
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end + 1
        if pos > start and _HEADING.match(text, pos):
            chunk = text[start:pos]
            out.append(Section(chunk, line, byte))
            line, byte, start = row, byte + len(chunk.encode()), pos
        row += 1
        pos = end
    out.append(Section(text[start:], line, byte))
    return out


_DEFINING_LINE = re.compile(
    r"^[ \t>*+\-]*(?:#{1,6}[ \t]+)?(?:the\s+|our\s+)?"
    r"(?P<term>[A-Z][\w-]*(?:[ \t]+[A-Z][\w-]*){1,3}|\*\*[^*\n]{2,40}\*\*)[ \t]*"
    r"(?::|\s(?:are|is|means|consist\s+of|comprise|include\s+only)\b|$)",
    re.M,
)


def defines_terms(text: str) -> bool:
    """Whether a prompt may define a term on one line (or as a heading) and say it on
    another (`specgap.extract.allow_terms` reads the term there as its values): then its
    sections are not read apart."""
    for m in _DEFINING_LINE.finditer(text):
        term = m["term"].strip("* ")
        if len(re.findall(r"(?<![\w-])" + re.escape(term) + r"(?![\w-])", text)) >= 2:
            return True
    return quoted_terms_used(text)  # '"X" means ...' then X


# '1.2 A "Verified Customer" means ...', '"Settled" means that ...': a quoted term defined
# (`specgap.extract.prose7_terms` reads the definition)
QUOTED_DEFINITION = re.compile(
    r"[\"“](?P<term>[A-Z][A-Za-z-]*(?:[ \t][A-Z][A-Za-z-]*){0,3})[\"”][ \t]+"
    r"(?:means|is|shall\s+mean|refers\s+to)[ \t]+(?P<body>[^\n]{1,400})"
)


def quoted_terms_used(text: str) -> bool:
    """Whether a prompt defines a quoted term ('"Hold" means ...') that another line uses:
    then its sections are not read apart, so the definition is seen where the term is."""
    if '"' not in text and "“" not in text:
        return False
    terms = dict.fromkeys(m["term"] for m in QUOTED_DEFINITION.finditer(text))
    return any(len(re.findall(r"\b" + re.escape(t) + r"s?\b", text)) >= 2 for t in terms)


def shift_span(span: Span, section: Section) -> Span:
    if not section.line and not section.byte:
        return span
    return span.model_copy(
        update={
            "start_line": span.start_line + section.line,
            "end_line": span.end_line + section.line,
            "start_byte": span.start_byte + section.byte,
            "end_byte": span.end_byte + section.byte,
        }
    )


def shift(item: T, section: Section) -> T:
    """A rule or diagnostic found in `section`, placed in the whole prompt."""
    span = getattr(item, "span", None)
    if span is None or (not section.line and not section.byte):
        return item
    return item.model_copy(update={"span": shift_span(span, section)})
