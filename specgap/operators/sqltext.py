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
`sqlfacets._scan` finds nothing in what this grammar accepts (no comment marker, quote
other than `'`, backslash or `$` outside its strings, no backslash inside them), so the
text path may run before it; the tests check that too.

sqlglot is not imported here (it takes ~0.3 s): its generic tokenizer's keywords are
written out below, and a test holds them to the installed sqlglot's.
"""

from __future__ import annotations

import math
import re

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


# the first word of every keyword of sqlglot's generic tokenizer (`Tokenizer.KEYWORDS`)
_KEYWORD_TEXT = """
ALL ALTER ANALYZE AND ANTI ANY APPLY ARRAY AS ASC ASOF AUTOINCREMENT AUTO_INCREMENT
BEGIN BETWEEN BIGDECIMAL BIGINT BIGNUM BIGNUMERIC BINARY BIT BLOB BOOL BOOLEAN BPCHAR
BYTE BYTEA CACHE CALL CASE CHAR CHARACTER CLOB CLUSTER COLLATE COLUMN COMMENT COMMIT
CONNECT CONSTRAINT COPY CREATE CROSS CUBE CURRENT_CATALOG CURRENT_DATE CURRENT_SCHEMA
CURRENT_TIME CURRENT_TIMESTAMP CURRENT_USER DATABASE DATE DATEMULTIRANGE DATERANGE
DATETIME DEC DECFLOAT DECIMAL DECIMAL128 DECIMAL256 DECIMAL32 DECIMAL64 DEFAULT DELETE
DESC DESCRIBE DISTINCT DISTRIBUTE DIV DOUBLE DROP ELSE END ENUM ESCAPE EXCEPT EXECUTE
EXISTS EXPLAIN FALSE FETCH FILE FILTER FIRST FIXED FLOAT FLOAT4 FLOAT8 FOR FOREIGN
FORMAT FROM FULL FUNCTION GEOGRAPHY GEOMETRY GLOB GRANT GROUP GROUPING HAVING HUGEINT
ILIKE IN INDEX INET INNER INSERT INT INT1 INT128 INT16 INT2 INT256 INT32 INT4
INT4MULTIRANGE INT4RANGE INT64 INT8 INT8MULTIRANGE INT8RANGE INTEGER INTERSECT INTERVAL
INTO IS ISNULL JOIN JSON JSONB KEEP KILL LATERAL LEFT LIKE LIMIT LIST LOAD LOCALTIME
LOCALTIMESTAMP LOCK LONG LONGBLOB LONGTEXT LONGVARCHAR MAP MEDIUMBLOB MEDIUMINT
MEDIUMTEXT MERGE NAMESPACE NATURAL NCHAR NEXT NOT NOTNULL NULL NULLABLE NUMBER NUMERIC
NUMMULTIRANGE NUMRANGE NVARCHAR NVARCHAR2 OBJECT OFFSET ON OPERATOR OPTIMIZE OR ORDER
ORDINALITY OUT OUTER OVER OVERLAPS OVERWRITE PARTITION PARTITIONED PARTITIONED_BY
PERCENT PIVOT PRAGMA PREPARE PRIMARY PROCEDURE QUALIFY RANGE REAL RECURSIVE REF
REFERENCES REGEXP RENAME REPLACE RETURNING REVOKE RIGHT RLIKE ROLLBACK ROLLUP ROW ROWS
SCHEMA SELECT SEMI SEQUENCE SESSION SESSION_USER SET SETTINGS SHORT SHOW SIMILAR
SMALLINT SOME SORT SQL STR STRAIGHT_JOIN STRING STRUCT TABLE TABLESAMPLE TEMP TEMPORARY
TEXT THEN TIME TIMESTAMP TIMESTAMPLTZ TIMESTAMPNTZ TIMESTAMPTZ TIMESTAMP_LTZ
TIMESTAMP_NTZ TIMETZ TIME_NS TINYBLOB TINYINT TINYTEXT TRIGGER TRUE TRUNCATE
TSMULTIRANGE TSRANGE TSTZMULTIRANGE TSTZRANGE UHUGEINT UINT UINT128 UINT256 UNCACHE
UNION UNIQUE UNKNOWN UNNEST UNPIVOT UPDATE USE USING UUID VACUUM VALUES VARBINARY
VARCHAR VARCHAR2 VARIANT VECTOR VIEW VOLATILE WHEN WHERE WINDOW WITH XOR
"""
KEYWORDS = frozenset(_KEYWORD_TEXT.split())


def text_facets(query: str) -> tuple[tuple[str, ...], tuple[float, ...], tuple[str, ...]] | None:
    """(tables, row caps, verbs) of a query of the grammar above in the generic dialect,
    as `simple_facets` and the full reader give them; None for anything else."""
    if not query.isascii():
        return None
    found = _QUERY.fullmatch(query)
    if found is None:
        return None
    keywords = KEYWORDS
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
