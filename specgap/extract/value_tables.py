"""Values of arguments given as a Markdown table:

    | Field   | Allowed values     |
    |---------|--------------------|
    | urgency | low, normal, high  |

The table is one paragraph to the sentence splitter. `table_rows` reads a table whose
header names the argument (`field`, `argument`, `parameter`, `setting`, `name`) in one
column and the only values in another (`allowed values`, `accepted values`, `valid
values`, `permitted values`, `options`) and gives one sentence per row, "allowed values for
the urgency: low, normal, high", which the closed-list grammar reads (`allowlists`). The
words added to a row sit where the row starts, so the rule cites the row. A table with
other headers (steps, examples, prices) is left as it was.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

from specgap.extract.segments import Sentence

_NAMES = re.compile(r"^(?:field|argument|parameter|param|setting|name|key|attribute)s?$", re.I)
_VALUES = re.compile(
    r"^(?:(?:the\s+)?(?:only\s+)?(?:allowed|accepted|valid|permitted|supported|acceptable)"
    r"(?:\s+values?)?|options|allowed\s+options)$",
    re.I,
)
_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


def is_values_header(header: list[str]) -> bool:
    """A header naming one argument column and one allowed-values column: the table is read
    whole, here."""
    from specgap.extract.allow_tables import is_flag_header

    cells = [c.strip() for c in header]
    return (
        sum(bool(_NAMES.match(c)) for c in cells) == 1
        and sum(bool(_VALUES.match(c)) for c in cells) == 1
    ) or is_flag_header(cells)  # "| Currency | Accepted |": rows marked yes or no


def table_rows(sentence: Sentence) -> list[Sentence] | None:
    """One sentence per row of a table of allowed values (module docstring), or None when
    the sentence is no such table."""
    lines = sentence.text.split("\n")
    if len(lines) < 3 or not _RULE.match(lines[1]) or "|" not in lines[0]:
        return None
    header = [c.strip() for c in _cells(lines[0])]
    names = [i for i, c in enumerate(header) if _NAMES.match(c)]
    values = [i for i, c in enumerate(header) if _VALUES.match(c)]
    if len(names) != 1 or len(values) != 1:
        return None
    rows: list[Sentence] = []
    start = len(lines[0]) + 1 + len(lines[1]) + 1
    for line in lines[2:]:
        row = _row(sentence, line, start, names[0], values[0])
        if row is not None:
            rows.append(row)
        start += len(line) + 1
    return rows or None


def _cells(line: str) -> list[str]:
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    return inner.split("|")


def is_rule_line(line: str) -> bool:
    """The line under a Markdown table's header (`|---|---|`)."""
    return bool(_RULE.match(line))


def cell_spans(line: str) -> list[tuple[int, int]]:
    """(start, end) of each cell's trimmed text in a table line."""
    return _spans(line)


def _spans(line: str) -> list[tuple[int, int]]:
    """(start, end) of each cell's trimmed text in the line."""
    out: list[tuple[int, int]] = []
    bars = [i for i, ch in enumerate(line) if ch == "|"]
    lead = line[: bars[0]].strip() if bars else line.strip()
    edges = ([] if lead == "" else [-1]) + bars
    if line.rstrip()[-1:] != "|":
        edges.append(len(line))
    for a, b in pairwise(edges):
        cell = line[a + 1 : b]
        text = cell.strip()
        at = a + 1 + (cell.find(text) if text else 0)
        out.append((at, at + len(text)))
    return out


def _row(sentence: Sentence, line: str, start: int, name: int, values: int) -> Sentence | None:
    from specgap.extract.values3_tables import referenced

    spans = _spans(line)
    if len(spans) <= max(name, values):
        return None
    (na, nb), (va, vb) = spans[name], spans[values]
    arg, listed = line[na:nb], line[va:vb]
    if not arg or not listed or ("," not in listed and " or " not in listed):
        return None
    arg = referenced(line, spans, (name, values)) or arg.strip("`")  # an "applies to" column
    offsets = sentence.offsets
    head = f"Allowed values for the {arg}: "
    text = head + listed
    placed = [offsets[start + na]] * len(head) + list(offsets[start + va : start + vb])
    placed.append(offsets[start + vb - 1] + 1)
    return Sentence(sentence.artifact, text, tuple(placed), sentence.context, sentence.subject)


def expand_tables(sentences: Iterator[Sentence]) -> Iterator[Sentence]:
    """The sentences, each table of allowed values (or of the actions that need the user's
    confirmation, `confirm_tables`) replaced by one sentence per row."""
    from specgap.extract.allow_tables import flag_rows
    from specgap.extract.confirm_tables import confirmation_rows

    for s in sentences:
        rows = table_rows(s) if s.subject is None and "|" in s.text else None
        if rows is None and s.subject is None and "|" in s.text:
            rows = confirmation_rows(s)  # "| Cancel a booking | Yes |" under "Confirmation"
        if rows is None and s.subject is None and "|" in s.text:
            rows = flag_rows(s)  # "| EUR | yes |" under "| Currency | Accepted |"
        if rows is None:
            yield s
        else:
            yield from rows
