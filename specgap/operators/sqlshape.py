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
"""

from __future__ import annotations

import functools
from typing import Any

from sqlglot import Token, TokenType
from sqlglot.dialects.dialect import Dialect

_COMPARISONS = frozenset(
    {TokenType.EQ, TokenType.NEQ, TokenType.LT, TokenType.LTE, TokenType.GT, TokenType.GTE}
)
_VALUES = frozenset({TokenType.STRING, TokenType.NUMBER})
_COMMENT_MARKERS = ("--", "/*", "#")


@functools.lru_cache(maxsize=64)
def _dialect(dialect: str | None) -> Dialect:
    return Dialect.get_or_raise(dialect)


def shape(query: str, dialect: str | None) -> tuple[tuple[Any, ...], list[Token]] | None:
    """The query's tokens with compared literals blanked out, and the tokens themselves
    (what the parser reads, so a new shape is not tokenized twice); None when it has no
    shape."""
    if any(marker in query for marker in _COMMENT_MARKERS):
        return None
    try:
        tokens = _dialect(dialect).tokenize(query)
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
