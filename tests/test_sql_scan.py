"""The SQL lexical scan jumps over plain characters; it must say exactly what the
character-by-character scan says (the same hazard, the same flat reading) on any text."""

from __future__ import annotations

import random

import pytest

from specgap.operators import sqlfacets
from specgap.operators.sqlfacets import _DOLLAR_QUOTE, _hazard, _Lexer, _line_end, _skip_block
from specgap.operators.values import UnreadableValue


def _skip_quoted_slowly(sql: str, i: int, lexer: _Lexer) -> int:
    quote, j, n = sql[i], i + 1, len(sql)
    while j < n:
        if sql[j] == "\\" and not lexer.backslash_escapes:
            raise _hazard("a backslash inside quotes is an escape in MySQL and PostgreSQL `E''`")
        if sql[j] == "\\":
            j += 2
            continue
        if sql[j] == quote:
            if sql[j + 1 : j + 2] == quote:
                j += 2
                continue
            return j + 1
        j += 1
    return n


def _scan_slowly(sql: str, lexer: _Lexer) -> str | None:
    i, n = 0, len(sql)
    flat: list[tuple[int, int]] = []
    while i < n:
        ch = sql[i]
        if ch in "'\"`":
            i = _skip_quoted_slowly(sql, i, lexer)
        elif sql.startswith("--", i):
            after = sql[i + 2 : i + 3]
            if after and not after.isspace():
                raise _hazard(f"`--{after}` is a comment here but two minus signs in MySQL")
            i = _line_end(sql, i)
        elif ch == "#" and not lexer.hash_comments:
            raise _hazard("`#` starts a comment in MySQL")
        elif sql.startswith("/*", i):
            if sql.startswith("/*!", i):
                raise _hazard("`/*! ... */` is a comment here but code in MySQL")
            i = _skip_block(sql, i, flat)
        elif ch == "$" and _DOLLAR_QUOTE.match(sql, i):
            raise _hazard("`$...$` quotes a string in PostgreSQL")
        else:
            i += 1
    if not flat:
        return None
    out = list(sql)
    for at, _ in flat:
        out[at : at + 2] = "  "
    return "".join(out)


def _answer(scan: object, sql: str, lexer: _Lexer) -> tuple[str, str | None]:
    try:
        return "read", scan(sql, lexer)  # type: ignore[operator]
    except UnreadableValue as exc:
        return "hazard", str(exc)


PIECES = ["SELECT", " ", "a", "'", '"', "`", "\\", "-", "--", "-- ", "#", "/*", "*/", "/*!",
          "$", "$$", "$x$", "\n", "\r", "é", "1"]  # fmt: skip


@pytest.mark.parametrize("backslash", [False, True])
@pytest.mark.parametrize("hashes", [False, True])
def test_the_quick_scan_answers_as_the_slow_one(backslash: bool, hashes: bool) -> None:
    lexer = _Lexer(backslash_escapes=backslash, hash_comments=hashes)
    rng = random.Random(5)
    for _ in range(3000):
        sql = "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 14)))
        fast = _answer(sqlfacets._scan, sql, lexer)
        assert fast == _answer(_scan_slowly, sql, lexer), repr(sql)
