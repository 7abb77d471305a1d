"""The simplest SELECT of a query never seen before, read from its text by one regular
expression: no tokenizer, no parser.

`sqlshape.simple_facets` reads `SELECT cols FROM table [WHERE ...] [ORDER BY ...] [LIMIT n]`
from sqlglot's tokens; making those tokens costs more than the rest of the check of a new
query. `text_facets` accepts a strict subset of that token grammar straight from the text,
and answers None for anything else (then the tokens, and if need be the parser, read it):

- ASCII only; whitespace is space, tab or newline; names are `[A-Za-z_][A-Za-z0-9_]*` and
  never a word sqlglot's tokenizer reads as a keyword (nor the first word of a keyword of
  several words, `GROUP BY`, ...), so each is the `VAR` token `simple_facets` takes;
- a comparison is `name op operand` with `op` one of `= <> != < <= > >=`, the operand a
  name, an unsigned decimal number or a `'...'` string of printable ASCII without quotes or
  backslashes; conditions are joined by `AND` / `OR`;
- `ORDER BY` is written with one space, sort keys may take `ASC` / `DESC`; `LIMIT` takes
  ASCII digits; nothing else follows (no `;`, no comment, no second statement).

Whatever it accepts, `simple_facets` accepts with the same facets, and so does the full
reader: `tests/security/test_sql_text.py` holds it to both. The lexical hazard scan of
`sqlfacets._scan` still runs before it, on every query.
"""

from __future__ import annotations

import functools
import math
import re

from sqlglot.dialects.dialect import Dialect

_STRUCTURE = ("SELECT", "FROM", "WHERE", "AND", "OR", "ORDER", "BY", "ASC", "DESC", "LIMIT")
_WS = r"[ \t\n]+"
_OWS = r"[ \t\n]*"
_NAME = rf"(?!(?:{'|'.join(_STRUCTURE)})(?![A-Za-z0-9_]))[A-Za-z_][A-Za-z0-9_]*"
_OPERAND = rf"(?:[0-9]+(?:\.[0-9]+)?(?![A-Za-z0-9_.])|'[ !#-&(-\[\]-~]*'|{_NAME})"
_CONDITION = rf"{_NAME}{_OWS}(?:<=|>=|<>|!=|=|<|>){_OWS}{_OPERAND}"
_KEY = rf"{_NAME}(?:{_WS}(?:ASC|DESC))?"
_QUERY = re.compile(
    rf"{_OWS}SELECT{_WS}(?P<cols>\*|{_NAME}(?:{_OWS},{_OWS}{_NAME})*)"
    rf"{_WS}FROM{_WS}(?P<table>{_NAME})"
    rf"(?:{_WS}WHERE{_WS}(?P<where>{_CONDITION}(?:{_WS}(?:AND|OR){_WS}{_CONDITION})*))?"
    rf"(?:{_WS}ORDER BY{_WS}(?P<order>{_KEY}(?:{_OWS},{_OWS}{_KEY})*))?"
    rf"(?:{_WS}LIMIT{_WS}(?P<limit>[0-9]+))?{_OWS}",
    re.ASCII | re.IGNORECASE,
)
# the words of a clause, and its strings (skipped: their words are no names)
_WORDS = re.compile(r"'[^']*'|[A-Za-z_][A-Za-z0-9_]*", re.ASCII)
_JOINERS = frozenset(("AND", "OR", "ASC", "DESC"))


@functools.lru_cache(maxsize=1)
def _keywords() -> frozenset[str]:
    """Every word the generic tokenizer reads as a keyword, or as the start of one."""
    keywords = Dialect.get_or_raise(None).tokenizer_class.KEYWORDS
    return frozenset(k.split(" ")[0] for k in keywords)


def text_facets(query: str) -> tuple[tuple[str, ...], tuple[float, ...], tuple[str, ...]] | None:
    """(tables, row caps, verbs) of a query of the grammar above in the generic dialect,
    as `simple_facets` and the full reader give them; None for anything else."""
    if not query.isascii():
        return None
    found = _QUERY.fullmatch(query)
    if found is None:
        return None
    keywords = _keywords()
    cols, table, where, order, limit = found.group("cols", "table", "where", "order", "limit")
    if table.upper() in keywords:
        return None
    for clause in (cols, where, order):
        if clause:
            for word in _WORDS.findall(clause):
                upper = word.upper()
                if upper in keywords and not (upper in _JOINERS or word[0] == "'"):
                    return None
    cap = math.inf if limit is None else float(int(limit))
    return (table,), (cap,), ("SELECT",)
