"""A table that marks, row by row, whether a value is allowed:

    | Currency | Accepted |
    |----------|----------|
    | EUR      | yes      |
    | RUB      | no       |

`flag_rows` reads a table with one column of yes/no marks whose header says the values are
allowed (`allowed`, `accepted`, `supported`, `permitted`, `available`, `enabled`, a
`bookable`-like word) and one column of values whose header names the argument. The rows
marked yes are the only values: the table becomes one sentence, "allowed currency: `EUR`,
`USD`", which the closed-list grammar reads (`allowlists`); each value sits where its cell
is, the words added where the table starts, so the rule cites the table. A table whose
marks are not all yes/no, with fewer than two rows marked yes, or with more than one column
of values, is left as it was.
"""

from __future__ import annotations

import re

from specgap.extract.segments import Sentence
from specgap.extract.value_tables import cell_spans, is_rule_line

_FLAG = re.compile(
    r"^(?:allowed|accepted|supported|permitted|available|enabled|approved|offered|valid|"
    r"[a-z]+able)\??$",
    re.I,
)
_YES = frozenset({"yes", "y", "true", "allowed", "✓", "✔", "x", "ok", "accepted", "supported"})
_NO = frozenset({"no", "n", "false", "not allowed", "✗", "✘", "-", "—", "", "blocked"})
_HEAD = re.compile(r"^[A-Za-z][\w -]{0,40}$")
# a column of actions, not values: "| Action | Allowed? |" bans the rows marked no (`keyed`)
_ACTIONS = re.compile(
    r"\b(?:actions?|tools?|functions?|operations?|requests?|tasks?|steps?|activit(?:y|ies)|"
    r"commands?|changes?|what|use\s+cases?|cases?)\b",
    re.I,
)


def is_flag_header(header: list[str]) -> bool:
    """Two columns: the values (named by a noun) and a yes/no mark saying they are allowed."""
    cells = [c.strip("`* ") for c in header]
    flags = [i for i, c in enumerate(cells) if _FLAG.match(c)]
    if len(cells) != 2 or len(flags) != 1:
        return False
    named = cells[1 - flags[0]]
    return bool(_HEAD.match(named)) and not _ACTIONS.search(named)


def flag_rows(sentence: Sentence) -> list[Sentence] | None:
    """The table as one sentence of its allowed values, or None (module docstring)."""
    lines = sentence.text.split("\n")
    if len(lines) < 4 or "|" not in lines[0] or not is_rule_line(lines[1]):
        return None
    header_spans = cell_spans(lines[0])
    header = [lines[0][a:b].strip("`* ") for a, b in header_spans]
    if not is_flag_header(header):
        return None
    flag = next(i for i, h in enumerate(header) if _FLAG.match(h))
    name = 1 - flag
    offsets = sentence.offsets
    start = len(lines[0]) + 1 + len(lines[1]) + 1
    allowed: list[tuple[int, int]] = []
    for line in lines[2:]:
        spans = cell_spans(line)
        if len(spans) != 2:
            return None
        mark = line[spans[flag][0] : spans[flag][1]].strip().casefold()
        if mark not in _YES | _NO:
            return None  # a column of other words: prices, notes, not marks
        a, b = spans[name]
        value = line[a:b].strip("`")
        if mark in _YES and value:
            at = start + a + (1 if line[a] == "`" else 0)
            allowed.append((at, at + len(value)))
        start += len(line) + 1
    if len(allowed) < 2:
        return None
    text = f"Allowed {header[name].casefold()}:"
    placed = [offsets[0]] * len(text)
    for n, (a, b) in enumerate(allowed):
        glue = " `" if n == 0 else ", `"
        text += glue + sentence.text[a:b] + "`"
        placed += [offsets[a]] * len(glue) + list(offsets[a:b]) + [offsets[b - 1]]
    placed.append(offsets[allowed[-1][1] - 1] + 1)
    return [Sentence(sentence.artifact, text, tuple(placed), sentence.context, sentence.subject)]
