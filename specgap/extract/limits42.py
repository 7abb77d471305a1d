"""A table of limits (forty-second session): a datasheet's ratings, a specification's operating
limits, a service level's bounds. Its columns name a lower and an upper bound (`Min` and
`Max`, `Minimum` and `Maximum`, `Lower` and `Upper`), often a usual figure (`Typ`, `Nominal`,
`Default`) and a unit, and each row names the thing bounded, often the function and its
argument ("BOOK_MACHINE (hours)").

Each row is said the way the bound readers read a bound: "<function> <argument>: from MIN
to MAX <unit>" (or "at least MIN", "at most MAX"); the row's label is said too when no cell
names the function by its id ("Refund: from 1 to 90 GBP"). A usual figure binds nothing and is
left out, and a row with neither a lower nor an upper figure states no rule. The unit is spelt
out ("s" is seconds, "h" hours); a bound on calls ("calls", "times") is a count of the
function's calls, per what the row's label counts by ("Moves per booking": at most one call per
booking), and its lower figure is no rule.

A case in square brackets in a cell ("Machine time [pro members]") holds the row in that case
only ("only for pro members"), and "[except X]" takes X out of it ("except for X"): the
sentence's rules keep it as their condition (`Sentence.held`). A row without a case whose
bound another row gives for a case holds except in that case: the table gives the other figure
there, so a bound read for everyone would be stronger than the table.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from specgap.operators.prose import UNIT_WORDS

__all__ = ["Limits", "table_rows"]

_LOW = re.compile(r"^(?:min(?:imum)?\.?|lower(?:\s+(?:limit|bound))?|floor|least)$", re.I)
_HIGH = re.compile(r"^(?:max(?:imum)?\.?|upper(?:\s+(?:limit|bound))?|ceiling|cap|most)$", re.I)
_USUAL = re.compile(
    r"^(?:typ(?:ical)?\.?|nom(?:inal)?\.?|default|usual|normal|avg\.?|average|mean|expected)$",
    re.I,
)
_UNIT = re.compile(r"^(?:units?|uom|measured\s+in)$", re.I)
_FIGURE = re.compile(
    r"^[£$€]?\s*(?P<n>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<f>\d+))?\s*[a-z%]{0,8}$", re.I
)
# a cell that leaves the bound out: empty, a dash, "n/a", "none"
_BLANK = re.compile(r"^\s*(?:[-\u2013\u2014]+|n/?a|none|\u2026|\.\.\.)?\s*$", re.I)
_CASE = re.compile(r"\s*\[(?P<case>[^\[\]]{2,80})\](?!\()")
_EXCEPT = re.compile(r"^(?:except|but\s+not|not\s+for|excluding)\s+", re.I)
_PER = re.compile(r"\bper\s+(?P<per>[a-z][a-z_-]*)\b", re.I)
_CALLS = frozenset({"call", "calls", "time", "times", "request", "requests", "attempt", "attempts"})
# "BOOK_MACHINE (hours)": a function and, in brackets, its argument
_ARGUMENT = re.compile(r"\s*\((?P<arg>[A-Za-z_][\w.-]*)\)\s*$")

Cell = tuple[str, int, int]  # content, offset, column
# a cell that names a function by its id (`book_session`, `BOOKINGS_PKG.BOOK_MACHINE`,
# `bookSession`), maybe with its argument in brackets
_IDENTIFIER = re.compile(r"^`?[A-Za-z][\w.\-]*(?:[_.]|[a-z][A-Z])[\w.\-]*`?$")


def _bare(cell: str) -> str:
    return _ARGUMENT.sub("", _CASE.sub("", cell)).strip()


@dataclass(frozen=True)
class Limits:
    """The roles of a limits table's columns and the cases its rows are given for."""

    low: int | None
    high: int | None
    skipped: frozenset[int]  # usual-figure and unit columns: no word of a row's subject
    unit: int | None
    cased: tuple[tuple[str, str], ...]  # (a row's subject, the case a row gives it for)

    @classmethod
    def of(cls, header: Sequence[str], rows: Sequence[Sequence[str]]) -> Limits | None:
        """The table's roles when its header names a lower or an upper bound beside a second
        figure or a unit (a lone "Max" column is a count, read as before), else None."""
        names = [" ".join(h.replace("*", " ").split()) for h in header]
        low = next((i for i, h in enumerate(names) if _LOW.match(h)), None)
        high = next((i for i, h in enumerate(names) if _HIGH.match(h)), None)
        usual = {i for i, h in enumerate(names) if _USUAL.match(h)}
        unit = next((i for i, h in enumerate(names) if _UNIT.match(h)), None)
        if low is None and high is None:
            return None
        if (low is None or high is None) and not usual and unit is None:
            return None
        skipped = frozenset({*usual, *(() if unit is None else (unit,))})
        table = cls(low, high, skipped, unit, ())
        cased = {
            (table.subject(enumerate(row)), case)
            for row in rows
            for cell in row
            for case in _cases(cell)
        }
        return cls(low, high, skipped, unit, tuple(sorted(cased)))

    def subject(self, cells: Iterable[tuple[int, str]]) -> str:
        """The words of a row's cells (column, content) that name what it bounds, without
        their cases."""
        return " | ".join(
            " ".join(_CASE.sub("", content).casefold().split())
            for column, content in sorted(cells)
            if column not in self.skipped
            and column not in {self.low, self.high}
            and content.strip()  # (an empty cell is no word of it, in source or in tokens)
        )

    def unread(self, cells: Sequence[Cell]) -> bool:
        """Whether the row's lower or upper cell holds words that are no plain figure ("2 per
        day", "see note"): the row says something this reading cannot, so it is read as an
        ordinary row (a sentence of its cells) rather than dropped."""
        by_column = {column: content for content, _, column in cells}
        return any(
            not _BLANK.match(by_column.get(column, "")) and _figure((by_column[column], 0)) is None
            for column in (self.low, self.high)
            if column is not None
        )

    def row(self, cells: Sequence[Cell]) -> tuple[str, list[int], str | None] | None:
        """The row said as a bound (module docstring) with each character's source offset
        and the case it holds in ("only for pro members", "except for pro members"), or None when it
        gives no lower and no upper figure."""
        by_column = {column: (content, at) for content, at, column in cells}
        low = _figure(by_column.get(self.low)) if self.low is not None else None
        high = _figure(by_column.get(self.high)) if self.high is not None else None
        if low is None and high is None:
            return None
        unit_cell = by_column.get(self.unit) if self.unit is not None else None
        unit = " ".join(unit_cell[0].split()) if unit_cell else ""
        said = _Said()
        cases: list[str] = []
        per: str | None = None
        named = [c for c in cells if c[2] not in self.skipped and _IDENTIFIER.match(_bare(c[0]))]
        for content, at, column in cells:
            if column in self.skipped or column in {self.low, self.high}:
                continue
            cases += _cases(content)
            plain = _CASE.sub("", content).strip()
            counted = _PER.search(plain)
            per = per or (counted["per"] if counted is not None else None)
            if not plain or (named and (content, at, column) not in named):
                continue  # (a label beside the function's own name: what it says is per)
            start = at + content.find(plain[:1])
            argued = _ARGUMENT.search(plain)
            if argued is not None:  # "BOOK_MACHINE (hours)": "BOOK_MACHINE hours"
                said.add(": " if said.text else "", start)
                said.copy(plain[: argued.start()], start)
                said.add(" ", start + argued.start())
                said.copy(argued["arg"], start + plain.index(argued["arg"], argued.start()))
                continue
            said.add(": " if said.text else "", start)
            said.copy(plain, start)
        if not said.text:
            return None
        calls = unit.casefold() in _CALLS
        unit_said = UNIT_WORDS.get(unit.casefold(), unit) if not calls else ""
        high_cell = by_column.get(self.high) if self.high is not None else None
        unit_at = unit_cell[1] if unit_cell else (high_cell or ("", cells[-1][1]))[1]
        if calls:
            if high is None:
                return None  # a least number of calls: no rule a count states
            said.add(": at most ", high[1])
            said.copy(high[0], high[1])
            said.add(" call" if high[0] == "1" else " calls", unit_at)
            if per is not None:
                said.add(f" per {per}", unit_at)
        elif low is not None and high is not None:
            said.add(": from ", low[1])
            said.add(low[0], low[1])
            said.add(" to ", high[1])
            said.add(high[0], high[1])
        elif low is not None:
            said.add(": at least ", low[1])
            said.add(low[0], low[1])
        elif high is not None:
            said.add(": at most ", high[1])
            said.add(high[0], high[1])
        if unit_said:
            said.add(" " + unit_said, unit_at)
        text, offsets = said.text, said.offsets
        excepted = [_EXCEPT.sub("", case) for case in cases if _EXCEPT.match(case)]
        held = [case for case in cases if not _EXCEPT.match(case)]
        if not cases:  # a row for everyone, when another gives the same thing for a case
            mine = self.subject((column, content) for content, _, column in cells)
            excepted = [c for s, c in self.cased if s == mine and not _EXCEPT.match(c)]
        case = " and ".join(
            [*(f"only for {c}" for c in held), *(f"except for {c}" for c in excepted)]
        )
        return text, [*offsets, offsets[-1] + 1], case or None


class _Said:
    def __init__(self) -> None:
        self.text = ""
        self.offsets: list[int] = []

    def add(self, words: str, at: int) -> None:
        """Words the row does not write, placed at `at`."""
        self.text += words
        self.offsets.extend([at] * len(words))

    def copy(self, words: str, at: int) -> None:
        """Words the row writes from `at` on."""
        self.text += words
        self.offsets.extend(range(at, at + len(words)))


def _cases(cell: str) -> list[str]:
    """The cases a cell names in square brackets ("[pro members]")."""
    return [m["case"].strip() for m in _CASE.finditer(cell)]


def _figure(cell: tuple[str, int] | None) -> tuple[str, int] | None:
    if cell is None:
        return None
    m = _FIGURE.match(cell[0].strip())
    if m is None:
        return None
    n = m["n"].replace(",", "") + (f".{m['f']}" if m["f"] else "")
    return n, cell[1]


def table_rows(lines: Sequence[str]) -> list[list[str]]:
    """The body rows of a pipe table's source lines (header and rule line first), each a list
    of its cells' text."""
    rows = []
    for line in lines[2:]:
        body = line.strip()
        if not body.startswith("|") and "|" not in body:
            continue
        body = body[1:] if body.startswith("|") else body
        body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
        rows.append([c.strip() for c in re.split(r"(?<!\\)\|", body)])
    return rows
