"""SELECTs with joins, aggregates and grouping, read from their text by one regular
expression: no tokenizer, no parser.

`sqltext.text_facets` reads the simplest SELECT from one table. An agent's reporting queries
go further: `SELECT c.name, COUNT(o.id) AS n FROM customers c JOIN orders o ON o.cid = c.id
WHERE ... GROUP BY c.name ORDER BY n DESC LIMIT 10`. Tokenizing and parsing such a query
costs ~55 µs and walking its tree ~30 µs more; `join_facets` reads the facets the full
reader would give (tables, row cap, `SELECT`) from a strict grammar of the text, and answers
None for anything else (the tokens, then the parser, read it):

    SELECT (* | item, ...) FROM table [JOIN-clause ...]
      [WHERE conditions] [GROUP BY column, ...] [HAVING conditions]
      [ORDER BY (value [ASC|DESC]), ...] [LIMIT digits]

- `table` is `name [[AS] alias]`; a JOIN clause is `[INNER | LEFT|RIGHT|FULL [OUTER]] JOIN
  table ON conditions`;
- a column is `name` or `qualifier.name`; a value is a column or an aggregate written
  without a space before its parenthesis: `COUNT(*)`, `COUNT(col)`, `SUM|AVG|MIN|MAX(col)`;
  an item is a value with an optional `AS alias`;
- a condition is `value op operand` (`op` one of `= <> != < <= > >=`, the operand a value,
  an unsigned decimal number or a `'...'` string of printable ASCII without quotes or
  backslashes), joined by `AND` / `OR`; `ORDER BY` and `GROUP BY` take one space;
- ASCII only; whitespace is space, tab or newline; at most `LONGEST` characters.

A name is never a word sqlglot's tokenizer reads as a keyword (`sqltext.KEYWORDS`), nor a
word of the grammar (`count` is no column here), and, unless it follows a dot, never a word
sqlglot's parser matches by its text anywhere (the upper-case string literals of the
installed `sqlglot/parser.py` and its shared parser modules, read once from the files
without importing sqlglot: `AT`, `FINAL`, `START`, ...), so no alias or column can be read
as a clause. When those files cannot be read, this path answers nothing.

The tables are those after `FROM` and `JOIN`, in that order, each once, as written (an
unquoted name keeps its case); the row cap is the LIMIT, or `inf` without one.
`tests/security/test_sql_join.py` holds every answer to the full reader's, for every word
of a long list in every name slot, and checks that the lexical hazard scan
(`sqlfacets._scan`) finds nothing in what the grammar accepts.
"""

from __future__ import annotations

import functools
import importlib.util
import math
import re
from pathlib import Path

from specgap.operators.sqltext import KEYWORDS

LONGEST = 2000  # longer queries go to the parser: the regular expression stays cheap

_AGGREGATES = ("COUNT", "SUM", "AVG", "MIN", "MAX")
_STRUCTURE = frozenset(
    {
        *("SELECT", "FROM", "WHERE", "AND", "OR", "ORDER", "GROUP", "BY", "ASC", "DESC"),
        *("LIMIT", "AS", "JOIN", "INNER", "LEFT", "RIGHT", "FULL", "OUTER", "ON", "HAVING"),
        *_AGGREGATES,
    }
)
_WS = r"[ \t\n]+"
_OWS = r"[ \t\n]*"
# the query is matched upper-cased (ASCII: same length, same positions), so no pattern
# needs to ignore case
_NAME = rf"(?!(?:{'|'.join(sorted(_STRUCTURE))})(?![A-Z0-9_]))[A-Z_][A-Z0-9_]*"
_COL = rf"{_NAME}(?:\.{_NAME})?"
_AGG = rf"(?:COUNT\({_OWS}(?:\*|{_COL}){_OWS}\)|(?:SUM|AVG|MIN|MAX)\({_OWS}{_COL}{_OWS}\))"
_VALUE = rf"(?:{_AGG}|{_COL})"
_OPERAND = rf"(?:[0-9]+(?:\.[0-9]+)?(?![A-Z0-9_.])|'[ !#-&(-\[\]-~]*'|{_VALUE})"
_CONDITION = rf"{_VALUE}{_OWS}(?:<=|>=|<>|!=|=|<|>){_OWS}{_OPERAND}"
_CONDITIONS = rf"{_CONDITION}(?:{_WS}(?:AND|OR){_WS}{_CONDITION})*"
_ITEM = rf"{_VALUE}(?:{_WS}AS{_WS}{_NAME})?"
_TABLE = rf"{_NAME}(?:{_WS}(?:AS{_WS})?{_NAME})?"
_JOIN = (
    rf"{_WS}(?:(?:INNER|(?:LEFT|RIGHT|FULL)(?:{_WS}OUTER)?){_WS})?JOIN{_WS}{_TABLE}"
    rf"{_WS}ON{_WS}{_CONDITIONS}"
)
_KEY = rf"{_VALUE}(?:{_WS}(?:ASC|DESC))?"
_QUERY_TEXT = (
    rf"{_OWS}SELECT{_WS}(?:\*|{_ITEM}(?:{_OWS},{_OWS}{_ITEM})*)"
    rf"{_WS}(?P<source>FROM{_WS}{_TABLE}(?:{_JOIN})*)"
    rf"(?:{_WS}WHERE{_WS}{_CONDITIONS})?"
    rf"(?:{_WS}GROUP BY{_WS}{_COL}(?:{_OWS},{_OWS}{_COL})*)?"
    rf"(?:{_WS}HAVING{_WS}{_CONDITIONS})?"
    rf"(?:{_WS}ORDER BY{_WS}{_KEY}(?:{_OWS},{_OWS}{_KEY})*)?"
    rf"(?:{_WS}LIMIT{_WS}(?P<limit>[0-9]+))?{_OWS}"
)
# a query's words, read from its bytes (`_words`): strings blanked out (their words are no
# names), a dot kept at the front of the word after it, anything but a letter, a digit, `_`
# or `.` a separator
_STRING = re.compile(rb"'[^']*'")
_SEPARATORS = bytes(
    c if c < 128 and (chr(c).isalnum() or chr(c) in "_.") else 32 for c in range(256)
)
# the table after each FROM and JOIN (the whole word: `cjoin` ends in none)
_TABLES = re.compile(r"'[^']*'|(?<![A-Z0-9_])(?:FROM|JOIN)[ \t\n]+([A-Z_][A-Z0-9_]*)", re.ASCII)


@functools.cache
def parser_words() -> frozenset[str] | None:
    """The upper-case string literals of the installed sqlglot's parser source (the words
    its parser matches by their text): `parser.py`, any other top-level `parser*.py`, and
    the shared modules under `parsers/` (those not named after a dialect, as `base.py`), so
    a release that moves parser code there is still read; None when `parser.py` cannot be
    read."""
    try:
        spec = importlib.util.find_spec("sqlglot")  # finds the package without importing it
    except (ImportError, ValueError):
        return None
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        root = Path(folder)
        if not (root / "parser.py").is_file():
            continue
        dialects = {p.stem for p in root.glob("dialects/*.py")} - {"__init__", "dialect"}
        shared = [p for p in root.glob("parsers/*.py") if p.stem not in dialects]
        words: set[str] = set()
        for source in sorted([*root.glob("parser*.py"), *shared]):
            try:
                text = source.read_text(encoding="utf-8")
            except (OSError, UnicodeError):
                return None
            words.update(_LITERAL.findall(text))
        return frozenset(words)
    return None


_LITERAL = re.compile(r"[\"']([A-Z][A-Z0-9_]*)[\"']")


@functools.cache
def _query() -> re.Pattern[str]:
    """The grammar, compiled on first use (~35 ms: a run that meets no such query, or only
    the simplest ones, never pays it)."""
    return re.compile(_QUERY_TEXT, re.ASCII)


@functools.cache
def _refused() -> frozenset[bytes] | None:
    """The words refused as a name not after a dot, and those refused after one, written
    with the dot (`.WORD`), as `_words` gives them (the grammar's own words never reach the
    test: `_NAME` refuses them)."""
    contextual = parser_words()
    if contextual is None:
        return None
    plain = (KEYWORDS | contextual) - _STRUCTURE
    dotted = {f".{word}" for word in KEYWORDS - _STRUCTURE}
    return frozenset(word.encode("ascii") for word in plain | dotted)


def _words(upper: str) -> list[bytes]:
    """The words of an ASCII query the grammar matched, strings left out: a name not after
    a dot as itself, one after a dot as `.NAME` (and numbers, which are never refused). In
    what the grammar matches no name follows a digit or a quote, so each name is a whole
    word here, as a scan for names that starts at each word boundary reads it."""
    text = upper.encode("ascii")
    if b"'" in text:
        text = _STRING.sub(b" ", text)
    return text.replace(b".", b" .").translate(_SEPARATORS).split()


def join_facets(query: str) -> tuple[tuple[str, ...], tuple[float, ...], tuple[str, ...]] | None:
    """(tables, row caps, verbs) of a query of the grammar above in the generic dialect, as
    the full reader gives them; None for anything else."""
    if len(query) > LONGEST or not query.isascii():
        return None
    upper = query.upper()
    if "SELECT" not in upper:
        return None
    found = _query().fullmatch(upper)
    if found is None:
        return None
    refused = _refused()
    if refused is None:
        return None
    if not refused.isdisjoint(_words(upper)):
        return None
    at = found.start("source")  # the tables are read from the FROM and JOIN clauses only
    spans = [m.span(1) for m in _TABLES.finditer(upper, at, found.end("source"))]
    tables = tuple(dict.fromkeys(query[a:b] for a, b in spans if a >= 0))
    limit = found.group("limit")
    cap = math.inf if limit is None else float(int(limit))
    return tables, (cap,), ("SELECT",)
