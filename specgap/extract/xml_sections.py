"""Sections of a prompt marked with XML-like tags, read as Markdown sections.

Prompt writers often divide a system prompt with tags on lines of their own: `<rules>` ...
`</rules>`, `<money>`, `<access_and_security>`, `<tool_guidance>`. That is a convention of
prompt writing, not HTML; but CommonMark reads a line holding only a tag as the start of a raw
HTML block that runs to the next blank line, so every rule under such a tag was raw HTML to
the extractor, not prose (`unread` only noted the rule-like lines).

So, before anything reads a Markdown prompt, each line that holds one such tag and nothing else
is rewritten in place, at its own length, so that no offset, line or column moves:

- an opening tag becomes a heading of its name, `<access_and_security>` -> `# access and
  security` (`<` and `>` make room for `# `; `_` and `-` become spaces), which names the
  section as a heading does;
- a closing tag becomes blank, which ends the paragraph before it.

A tag's attributes (`<rule id="3">`) are dropped with it. Left as they are: the tags of HTML's
own elements (`<details>`, `<table>`, `<div>`: HTML by the author's choice, and `unread` notes
their rule-like lines), a tag inside a fenced block, and the tags of examples (`<example>`,
`<examples>`, `<sample_call>`, `<dialogue>`, `<transcript>`): an example shows what an
exchange looks like and states no rule, so its block stays unread, as a fenced example does.
A tag in the middle of a line of prose is left alone too: blanking it would move the words
after it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from specgap.artifacts import Artifact
from specgap.extract.ids7_respell import fenced_spans
from specgap.extract.pattern_base import split_words

__all__ = ["tag_sections"]

# a line holding one tag and nothing else (up to three spaces in front, as Markdown allows)
_TAG_LINE = re.compile(
    r"^(?P<lead>[ \t]{0,3})<(?P<close>/?)(?P<name>[A-Za-z][\w.-]*)(?:\s[^<>\n]*)?>[ \t]*$", re.M
)
# CommonMark's block-level HTML elements (its HTML block start condition 6) and the inline
# elements a prompt may use: a tag of one of these is HTML
_HTML = frozenset(
    split_words(
        """address article aside base basefont blockquote body caption center col colgroup dd
    details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2
    h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav noframes ol
    optgroup option p param search section summary table tbody td tfoot th thead title tr
    track ul a abbr b bdi bdo br cite code data dfn em i img input kbd label mark q s samp
    small span strong sub sup time u var wbr pre script style textarea"""
    )
)
# the names of example blocks: what they hold shows an exchange and states no rule
_EXAMPLE = re.compile(r"example|sample|dialog|transcript|demo", re.I)


def tag_sections(artifacts: Iterable[Artifact]) -> tuple[Artifact, ...]:
    """The artifacts with each Markdown prompt's tag lines rewritten (module docstring); an
    artifact with none, or no Markdown prompt, is returned as it is."""
    return tuple(_rewritten(a) for a in artifacts)


def _rewritten(artifact: Artifact) -> Artifact:
    if artifact.kind != "prompt" or artifact.data is not None:
        return artifact
    text = artifact.text
    fenced = fenced_spans(text)

    def line(m: re.Match[str]) -> str:
        name = m["name"]
        if (
            name.casefold() in _HTML
            or _EXAMPLE.search(name)
            or any(a <= m.start() < b for a, b in fenced)
        ):
            return m[0]
        if m["close"]:
            return " " * len(m[0])
        words = re.sub(r"[_.-]+", " ", name).strip()
        heading = f"{m['lead']}# {words}"
        return heading.ljust(len(m[0]))

    new = _TAG_LINE.sub(line, text)
    if new == text or len(new) != len(text):
        return artifact
    return Artifact(
        artifact.kind, artifact.path, new, artifact.sha256, artifact.data, artifact.ranges
    )
