"""Where things are in a text: character offsets to lines, columns and UTF-8 bytes, and
JSON pointers to the character ranges of values."""

from __future__ import annotations

import bisect
import itertools
from typing import Any

from specgap.ir import Span

Ranges = dict[str, tuple[int, int]]
"""JSON pointer -> (start, end) character offsets of the value; "<pointer>#key" for keys."""


class TextIndex:
    """Converts character offsets of one text into lines, columns and byte offsets."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.text = text
        self._byte_starts: list[int] | None = None
        self._line_starts = [0]
        for i, ch in enumerate(text):
            if ch == "\n":
                self._line_starts.append(i + 1)

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a character offset."""
        line = bisect.bisect_right(self._line_starts, offset) - 1
        return line + 1, offset - self._line_starts[line] + 1

    def byte(self, offset: int) -> int:
        line = bisect.bisect_right(self._line_starts, offset) - 1
        start = self._line_starts[line]
        return self._line_bytes()[line] + len(self.text[start:offset].encode())

    def _line_bytes(self) -> list[int]:
        """UTF-8 offset of every line start, computed on first use."""
        if self._byte_starts is None:
            starts, total = [], 0
            for a, b in itertools.pairwise([*self._line_starts, len(self.text)]):
                starts.append(total)
                total += len(self.text[a:b].encode())
            self._byte_starts = starts
        return self._byte_starts

    def offset(self, line: int, col: int) -> int:
        """Character offset of a 1-based (line, column)."""
        line = max(1, min(line, len(self._line_starts)))
        return min(self._line_starts[line - 1] + max(col, 1) - 1, len(self.text))

    def span(self, start: int, end: int) -> Span:
        sl, sc = self.position(start)
        el, ec = self.position(end)
        return Span(
            path=self.path,
            start_line=sl,
            start_col=sc,
            end_line=el,
            end_col=ec,
            start_byte=self.byte(start),
            end_byte=self.byte(end),
        )


def escape_pointer(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def pointer_along(data: Any, loc: tuple[Any, ...]) -> str:
    """The JSON pointer of the deepest value of `data` along a validation error's location
    (`loc` may hold entries that are not in the data, such as a validator's name: skipped)."""
    parts: list[str] = []
    node = data
    for part in loc:
        if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and part in node:
            node = node[part]
        else:
            continue
        parts.append(escape_pointer(str(part)))
    return "".join(f"/{p}" for p in parts)
