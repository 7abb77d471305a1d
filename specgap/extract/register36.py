"""A rules register exported as CSV (thirty-sixth session): a spreadsheet of rules pasted into the
prompt in a fenced ```` ```csv ```` (or ```` ```tsv ````) block, one rule a row.

    Only rows whose status says live are in force.

    ```csv
    ref,area,applies_to,rule,status
    K01,booking,booking,"Search sessions before you book one, every time.",live
    K02,booking,booking,Book at most two sessions a chat.,live
    K03,refunds,refund,Refund the whole fee on request.,retired
    ```

A fenced block is otherwise code or an example, left alone by the prose readers. A block whose
info string is `csv` or `tsv`, or whose first line is a header of plain column names one of
which names the rule's text ("rule", "requirement", "instruction", "policy", ...), is a
register: each row is said as its rule cell, located at that cell, under the row's topic (a
column such as "applies_to", "area" or "scope") as its heading when there is one, else under
the heading above the block.

A row is in force unless its status column ("status", "state", "stage") says otherwise:

- when the text before the block names the status values that are in force ("only rows whose
  status says live"), a row with another value binds nothing;
- else a value that reads as withdrawn or not yet adopted ("retired", "draft", "superseded",
  "deprecated", "proposed", "inactive", "archived", ...) binds nothing.

The cells are split by a small reader that keeps each cell's offset in the prompt (the `csv`
module gives the values but not where they sit): a cell in double quotes may hold the
delimiter, and a doubled quote inside it is one quote. A quoted cell running over a line end is
read to its closing quote.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["Row", "register_block", "register_rows"]

_INFO = {"csv": ",", "tsv": "\t"}
_RULE_HEAD = re.compile(
    r"^(?:rules?|rule[ _]?text|text|requirements?|instructions?|polic(?:y|ies)|statements?|"
    r"wording|guidelines?|controls?|directives?|what|must)$",
    re.I,
)
_STATUS_HEAD = re.compile(r"^(?:status|state|stage|lifecycle|in[ _]?force|live|active)$", re.I)
_TOPIC_HEAD = re.compile(
    r"^(?:applies[ _]?to|area|scope|topic|section|category|subject|context|when)$", re.I
)
_WITHDRAWN = re.compile(
    r"^(?:retired|draft|drafts?|superseded|deprecated|proposed|inactive|archived|obsolete|"
    r"removed|withdrawn|revoked|rejected|suspended|disabled|paused|pending|under[ _]review|"
    r"wip|planned|no|false|off|n|0|expired)$",
    re.I,
)
# a plain column name: a word or a few, no sentence
_HEAD_CELL = re.compile(r"^[A-Za-z][\w .?/-]{0,30}$")
_FENCE = re.compile(r"^[ \t]{0,3}(?:`{3,}|~{3,})")


@dataclass(frozen=True)
class Row:
    """One row's rule cell as said (quotes undone), each character's offset in the prompt (one
    extra entry marks the end), and the row's topic (or '' when it has none)."""

    said: str
    offsets: list[int]
    topic: str


def _cells(text: str, at: int, delimiter: str) -> tuple[list[tuple[str, list[int]]], int]:
    """The cells of the record starting at `text[at]`, each with its characters' offsets, and
    where the next record starts."""
    cells: list[tuple[str, list[int]]] = []
    chars: list[str] = []
    offsets: list[int] = []
    quoted = False
    i = at
    while i < len(text):
        c = text[i]
        if quoted:
            if c == '"' and text[i + 1 : i + 2] == '"':
                chars.append('"')
                offsets.append(i)
                i += 2
                continue
            if c == '"':
                quoted = False
            else:
                chars.append(c)
                offsets.append(i)
        elif c == '"' and not chars:
            quoted = True
        elif c == delimiter:
            cells.append(("".join(chars), offsets))
            chars, offsets = [], []
        elif c == "\n":
            break
        elif c != "\r":
            chars.append(c)
            offsets.append(i)
        i += 1
    cells.append(("".join(chars), offsets))
    return cells, i + 1


def _records(body: str, base: int, delimiter: str) -> Iterator[list[tuple[str, list[int]]]]:
    at = 0
    while at < len(body):
        cells, after = _cells(body, at, delimiter)
        if any(said.strip() for said, _ in cells):
            yield [(said, [base + o for o in offsets]) for said, offsets in cells]
        at = after


def _delimiter(info: str, body: str) -> str | None:
    words = info.split()
    if words and words[0].casefold() in _INFO:
        return _INFO[words[0].casefold()]
    first = next((line for line in body.splitlines() if line.strip()), "")
    for delimiter in ("\t", ",", ";"):
        heads = [h.strip() for h in first.split(delimiter)]
        plain = len(heads) >= 3 and all(_HEAD_CELL.match(h) for h in heads)
        if plain and any(_RULE_HEAD.match(h) for h in heads):
            return delimiter
    return None


def register_block(info: str, body: str) -> bool:
    """Whether a fenced block with this info string and body is a register (module docstring)."""
    delimiter = _delimiter(info, body)
    if delimiter is None:
        return False
    first = next((line for line in body.splitlines() if line.strip()), "")
    return len(first.split(delimiter)) >= 2


def _rule_column(header: list[str], rows: list[list[str]]) -> int:
    named = [i for i, h in enumerate(header) if _RULE_HEAD.match(h.strip())]
    if named:
        return named[0]

    def length(i: int) -> float:
        return sum(len(r[i]) for r in rows if i < len(r)) / max(len(rows), 1)

    return max(range(len(header)), key=length)


def _in_force(values: set[str], before: str) -> set[str]:
    """The status values the text before the block says are in force (none when it says none):
    a sentence with 'only' that names some of the column's values."""
    found: set[str] = set()
    for sentence in re.split(r"(?<=[.!?;])\s+", before):
        if not re.search(r"\bonly\b", sentence, re.I):
            continue
        lowered = sentence.casefold()
        # the values named before any word of negation ("live are in force; retired ... not")
        cut = re.search(r"\b(?:not|no|never|nothing)\b|;", lowered)
        head = lowered[: cut.start()] if cut else lowered
        for value in values:
            if value and re.search(rf"(?<![\w-]){re.escape(value.casefold())}(?![\w-])", head):
                found.add(value)
    return found


def register_rows(info: str, text: str, start: int, end: int) -> Iterator[Row]:
    """The rows in force of the register in the block's body `text[start:end]`, each said as
    its rule cell; `text[:start]` is read for the values in force."""
    delimiter = _delimiter(info, text[start:end]) or ","
    body = text[start:end]
    lines = body.split("\n")
    while lines and (_FENCE.match(lines[-1]) or not lines[-1].strip()):
        lines.pop()  # the closing fence
    records = list(_records("\n".join(lines), start, delimiter))
    if len(records) < 2:
        return
    header = [said.strip() for said, _ in records[0]]
    rows = records[1:]
    said_rows = [[said.strip() for said, _ in row] for row in rows]
    rule = _rule_column(header, said_rows)
    status = next((i for i, h in enumerate(header) if _STATUS_HEAD.match(h)), None)
    topic = next((i for i, h in enumerate(header) if _TOPIC_HEAD.match(h)), None)
    values = {row[status] for row in said_rows if status is not None and status < len(row)}
    named = _in_force(values, text[:start]) if status is not None else set()
    for row, plain in zip(rows, said_rows, strict=True):
        if rule >= len(row) or not plain[rule]:
            continue
        if status is not None and status < len(plain):
            value = plain[status]
            if (named and value not in named) or (not named and _WITHDRAWN.match(value)):
                continue
        said, offsets = row[rule]
        lead = len(said) - len(said.lstrip())
        said, offsets = said.strip(), offsets[lead : lead + len(said.strip())]
        offsets = [*offsets, offsets[-1] + 1]
        where = plain[topic] if topic is not None and topic < len(plain) else ""
        yield Row(said, offsets, where)
