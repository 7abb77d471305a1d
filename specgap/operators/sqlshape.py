"""Queries that differ from one already read only in the values they compare.

Agents write queries from templates: `... WHERE id = 42 ... LIMIT 10`, then `id = 43`. A
query's facets (tables, row caps, statement verbs) come from its structure, never from the
value a comparison tests, so a query whose tokens equal those of a query already parsed,
except for the string and number literals that directly follow a comparison operator
(`=`, `<>`, `!=`, `<`, `<=`, `>`, `>=`), has the same facets. `shape(query, dialect)` is
that token sequence with those literals replaced by their token type; a numeric literal
anywhere else (a `LIMIT`, `TOP`, `FETCH` count, an offset, an arithmetic term) is kept
as written, as is every identifier and keyword.

Conservative by construction: a query with a comment marker or that the tokenizer rejects
has no shape (the full parser reads it), a shape is remembered only for a query the full
reader read without error, and the lexical hazard scan still runs on every query (it
reads the literals' text). The tokenizer is the dialect's own, the one the parser uses.

A new shape of the simplest kind (`SELECT cols FROM table [WHERE ...] [ORDER BY ...]
[LIMIT n]`, plain names and literals only, generic dialect) is read from its tokens by
`simple_facets`, without the parser; anything outside that token grammar is parsed.
"""

from __future__ import annotations

import functools
import math
import re
import threading
from typing import Any

from sqlglot import Token, TokenType
from sqlglot.dialects.dialect import Dialect
from sqlglot.tokens import Tokenizer

_COMPARISONS = frozenset(
    {TokenType.EQ, TokenType.NEQ, TokenType.LT, TokenType.LTE, TokenType.GT, TokenType.GTE}
)
_VALUES = frozenset({TokenType.STRING, TokenType.NUMBER})
_COMMENT_MARKERS = ("--", "/*", "#")


@functools.lru_cache(maxsize=64)
def _dialect(dialect: str | None) -> Dialect:
    return Dialect.get_or_raise(dialect)


_tokenizers = threading.local()  # a tokenizer keeps the text it reads: one per thread


def _tokenize(query: str, dialect: str | None) -> list[Token]:
    """`_dialect(dialect).tokenize(query)` with a tokenizer made once per thread and
    dialect, not per query (making one builds its lexer tables)."""
    made: dict[str | None, Tokenizer] | None = getattr(_tokenizers, "made", None)
    if made is None:
        made = _tokenizers.made = {}
    tokenizer = made.get(dialect)
    if tokenizer is None:
        tokenizer = made[dialect] = _dialect(dialect).tokenizer()
    return tokenizer.tokenize(query)


def shape(query: str, dialect: str | None) -> tuple[tuple[Any, ...], list[Token]] | None:
    """The query's tokens with compared literals blanked out, and the tokens themselves
    (what the parser reads, so a new shape is not tokenized twice); None when it has no
    shape."""
    if any(marker in query for marker in _COMMENT_MARKERS):
        return None
    try:
        tokens = _tokenize(query, dialect)
    except Exception:  # the full reader says what is wrong with it
        return None
    out: list[Any] = [dialect]
    previous = None
    for token in tokens:
        kind = token.token_type
        if kind in _VALUES and previous in _COMPARISONS:
            out.append(kind)
        else:
            out.append((kind, token.text))
        previous = kind
    return tuple(out), tokens


def parse_tokens(tokens: list[Token], query: str, dialect: str | None, **options: Any) -> Any:
    """`sqlglot.parse(query, read=dialect, **options)` for tokens `shape` already made."""
    return _dialect(dialect).parser(**options).parse(tokens, query)


# -- the simplest SELECT, read from its tokens ---------------------------------------------

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_COMPARE = frozenset(
    {TokenType.EQ, TokenType.NEQ, TokenType.LT, TokenType.LTE, TokenType.GT, TokenType.GTE}
)
_OPERANDS = frozenset({TokenType.NUMBER, TokenType.STRING})
_JOINS = frozenset({TokenType.AND, TokenType.OR})
_DIRECTIONS = frozenset({TokenType.ASC, TokenType.DESC})


def simple_facets(
    tokens: list[Token], dialect: str | None
) -> tuple[tuple[str, ...], tuple[float, ...], tuple[str, ...]] | None:
    """(tables, row caps, verbs) of a query in the generic dialect whose tokens spell

        SELECT (* | name, ...) FROM name
          [WHERE name op (number | string | name) [AND|OR ...]]
          [ORDER BY name [ASC|DESC], ...] [LIMIT digits]

    (`name` a plain ASCII identifier, `op` a comparison), as the full reader would give
    them; None for anything else, which the parser then reads. Every token is placed by
    this grammar, so no word is left for the parser to read differently (`TOP`, `PERCENT`,
    `ROWS`, ...); `tests/security/test_sql_simple.py` holds it to the full reader."""
    if dialect is not None:
        return None
    end = len(tokens)
    if end < 4 or tokens[0].token_type != TokenType.SELECT:
        return None
    at = 1
    if tokens[at].token_type == TokenType.STAR:
        at += 1
    else:
        at = _names(tokens, at, end)
        if at < 0:
            return None
    if at + 1 >= end or tokens[at].token_type != TokenType.FROM or not _name(tokens[at + 1]):
        return None
    table = tokens[at + 1].text
    at += 2
    if at < end and tokens[at].token_type == TokenType.WHERE:
        at += 1
        while True:
            if at + 2 >= end:  # a condition takes three tokens
                return None
            left, op, right = tokens[at], tokens[at + 1], tokens[at + 2]
            if not (_name(left) and op.token_type in _COMPARE):
                return None
            if right.token_type not in _OPERANDS and not _name(right):
                return None
            at += 3
            if at < end and tokens[at].token_type in _JOINS:
                at += 1
                continue
            break
    if at < end and tokens[at].token_type == TokenType.ORDER_BY:
        at += 1
        while True:
            if at >= end or not _name(tokens[at]):
                return None
            at += 1
            if at < end and tokens[at].token_type in _DIRECTIONS:
                at += 1
            if at < end and tokens[at].token_type == TokenType.COMMA:
                at += 1
                continue
            break
    cap = math.inf  # a SELECT from a table, with no LIMIT: no bound
    if at < end and tokens[at].token_type == TokenType.LIMIT:
        if at + 1 >= end or tokens[at + 1].token_type != TokenType.NUMBER:
            return None
        count = tokens[at + 1].text
        if not (count.isascii() and count.isdigit()):
            return None
        cap = float(int(count))
        at += 2
    if at != end:
        return None
    return (table,), (cap,), ("SELECT",)


def _name(token: Token) -> bool:
    return token.token_type == TokenType.VAR and _NAME.fullmatch(token.text) is not None


def _names(tokens: list[Token], at: int, end: int) -> int:
    """The position after `name, name, ...` starting at `at`, or -1."""
    while True:
        if at >= end or not _name(tokens[at]):
            return -1
        at += 1
        if at < end and tokens[at].token_type == TokenType.COMMA:
            at += 1
            continue
        return at
