"""Orderings stated by a table: a column of actions and a column of what must come first.

| Action     | Must come first      |
|------------|----------------------|
| ship_order | weigh_order          |
| Refund     | Look up the payment  |

Each row (a sentence `ship_order: weigh_order` once the table is read) states
`require_before(<action>, before=<prerequisite>)`, located at the row. The columns are told
apart by their headers: the prerequisite column's header says so ("must come first",
"prerequisite", "requires", "depends on", "only after", "call first"), the action column's
names the thing done ("action", "tool", "operation", "step", "task"). A prerequisite cell that
lists several ("weigh_order, print_label") requires each; one with "or" requires any one of
them. An empty cell ("-", "none", "n/a") states nothing.

A table with no such header (a price list, a list of tools, a column headed just "Before",
which may say either way) states no ordering.
"""

from __future__ import annotations

import re
from dataclasses import replace

from specgap.extract.grammar import parse
from specgap.extract.grammar_emit import Emit
from specgap.extract.grammar_rules import candidate
from specgap.extract.order3_tables import FIRST_HEADER, qualifier
from specgap.extract.order_events import event_action
from specgap.extract.order_steps import step_tool
from specgap.extract.segments import Sentence
from specgap.ir import CandidateRule

__all__ = ["row_orders", "table_orders"]

_ROW = re.compile(r"^\s*\|.*\|\s*$")
_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_PREREQUISITE = re.compile(
    r"\b(?:must\s+(?:come|happen|be\s+(?:done|called|run))\s+(?:first|before)|prerequisites?|"
    r"pre-?requisites?|requires?|required\s+(?:first|before(?:hand)?)|depends\s+on|"
    r"dependenc(?:y|ies)|only\s+after|call(?:ed)?\s+first|run\s+first|first\s+call|needs?\s+first|"
    r"must\s+be\s+preceded\s+by|preceded\s+by|"
    # "Must come after", "Only allowed after", "Must follow": the cell is what comes first
    r"(?:must|can\s+only|may\s+only)\s+(?:come\s+after|follow)|(?:only\s+)?allowed\s+after|"
    # "Read first", "Look up first": the step's own verb and "first" (`order3_tables`)
    rf"{FIRST_HEADER})\b",
    re.I,
)
_ACTION = re.compile(
    r"^\W*(?:actions?|tools?|operations?|steps?|tasks?|calls?|functions?)\W*$", re.I
)
_EMPTY = re.compile(r"^\W*(?:-+|\u2014|none|n/?a|nothing|no)?\W*$", re.I)
_SEVERAL = re.compile(r"\s*(?:,|;|\band\b|\+)\s*", re.I)
_ANY = re.compile(r"\s+or\s+|\s*/\s*", re.I)


def _cells(line: str) -> list[str]:
    return [c.strip().strip("*`").strip() for c in line.strip().strip("|").split("|")]


def _columns(header: list[str]) -> tuple[int, int] | None:
    """(action column, prerequisite column) of a header, or None."""
    pre = [i for i, h in enumerate(header) if _PREREQUISITE.search(h)]
    act = [i for i, h in enumerate(header) if _ACTION.match(h)]
    if len(pre) != 1:
        return None
    if not act:  # the first other column names the action
        act = [i for i in range(len(header)) if i != pre[0]][:1]
    return (act[0], pre[0]) if act and act[0] != pre[0] else None


def row_action(cell: str) -> str | None:
    """The action a row's cell names (`_action`), for the other readers of a row."""
    return _action(cell)


def _action(cell: str) -> str | None:
    """The action a cell names: a tool id, a verb phrase, or an action noun."""
    said = cell.strip().strip("`").removesuffix("()")
    if not said:
        return None
    if (tool := step_tool(said)) is not None:
        return tool
    # "Order food": a verb phrase (a cell opening with a tool's verb is no noun phrase)
    return parse(f"You must {said[0].lower()}{said[1:]}").action or event_action(said)


def row_orders(header: list[str], row: list[str]) -> list[Emit]:
    """The orderings one row of a table with `header` states (module docstring)."""
    columns = _columns(header)
    if columns is None or len(row) != len(header):
        return []
    act, pre = columns
    then = _action(row[act])
    if then is None or _EMPTY.match(row[pre]):
        return []
    if _ANY.search(row[pre]):  # "weigh_order or get_order": any one of them
        firsts = [_action(c) for c in _ANY.split(row[pre]) if c.strip()]
        if not firsts or None in firsts:
            return []
        found = [f for f in dict.fromkeys(firsts) if f is not None and f != then]
        return [Emit("require_before", then, {"before": found if len(found) > 1 else found[0]},
                     0.7)] if found else []  # fmt: skip
    out: list[Emit] = []
    for cell in _SEVERAL.split(row[pre]):
        first = _action(cell) if cell.strip() else None
        if first is not None and first != then:
            out.append(Emit("require_before", then, {"before": first}, 0.7))
    only = qualifier(row[act])  # "`set_mode` with `force: true`": the order holds only then
    return [replace(e, condition=only) for e in out] if only else out


def table_orders(sentence: Sentence) -> list[CandidateRule]:
    """The orderings of a table row the sentence is (its header found above it), or []."""
    text = sentence.artifact.text
    start = sentence.raw_range()[0]
    lines = text.splitlines()
    at = text.count("\n", 0, start)
    if at >= len(lines) or not _ROW.match(lines[at]) or _RULE.match(lines[at]):
        return []
    top = at
    while top > 0 and _ROW.match(lines[top - 1]):
        top -= 1
    if top + 1 >= len(lines) or not _RULE.match(lines[top + 1]) or at <= top + 1:
        return []  # the header and its rule line come first; the row is below them
    from specgap.extract.order4_tables import row_confirmations  # "| Requester must confirm |"

    header, row = _cells(lines[top]), _cells(lines[at])
    return [
        candidate(sentence, e) for e in [*row_orders(header, row), *row_confirmations(header, row)]
    ]
