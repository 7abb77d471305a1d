"""A query read through the shape memo (`sqlshape`) has the facets the full reader gives it.

Every query of the bypass and honest lists, and variants of templates whose compared
values, row caps and tables change, are read twice: through `read_sql` (the shape memo
warm, since their siblings went first) and by the full reader on its own. Values that sit
after a comparison may share a shape; a row cap, a table, a second statement, a comment
or a backslash never may.
"""

from __future__ import annotations

import itertools

import pytest
from test_sql_bypass import ALLOWED, BYPASSES

from specgap.operators import sqlfacets
from specgap.operators.sqlshape import shape
from specgap.operators.values import UnreadableValue

TEMPLATES = [
    "SELECT id, name FROM {t} WHERE id = {v} LIMIT {n}",
    "SELECT id FROM {t} WHERE name <> '{s}' AND id >= {v} ORDER BY id LIMIT {n}",
    "SELECT count(*) FROM {t} WHERE status = '{s}' GROUP BY day",
    "SELECT * FROM {t} WHERE a = {v} UNION SELECT * FROM secrets WHERE b = '{s}' LIMIT {n}",
    "SELECT * FROM (SELECT * FROM {t} WHERE id < {v} LIMIT {n}) AS s",
    "WITH {t} AS (SELECT * FROM secrets WHERE x = '{s}') SELECT * FROM {t} LIMIT {n}",
    "SELECT * FROM {t} WHERE id = {v}; DELETE FROM {t} WHERE id = {v}",
    "SELECT * FROM {t} WHERE id = {v} LIMIT {n}, 1000",
    "SELECT * FROM {t} WHERE id = {v} FETCH FIRST {n} ROWS ONLY",
    "SELECT * FROM {t} WHERE note = '{s}' LIMIT {n}",
    "SELECT * FROM {t} WHERE id = -{v} LIMIT {n} + 900",
    "SELECT * FROM {t} WHERE id = {v} LIMIT '{n}'",
]
VALUES = {
    "t": ["orders", "customers", "secrets", '"orders"', "private.orders"],
    "v": ["1", "42", "1e3", "0.5"],
    "s": ["open", "it''s", "a\\b", "--", "x /* y */", "é"],
    "n": ["5", "100", "101", "1000", "ALL"],
}


def _full(query: str) -> object:
    """The full reader alone, no memo of any kind."""
    try:
        return sqlfacets._read_parsed(query, None, sqlfacets._scan(query, sqlfacets._lexer(None)))
    except UnreadableValue as exc:
        return f"unreadable: {exc}"


def _memo(query: str) -> object:
    try:
        return sqlfacets._read(query, None)
    except UnreadableValue as exc:
        return f"unreadable: {exc}"


def _queries() -> list[str]:
    out = [q for _, q in (*BYPASSES, *ALLOWED)]
    keys = list(VALUES)
    for template in TEMPLATES:
        for combo in itertools.product(*(VALUES[k] for k in keys)):
            out.append(template.format(**dict(zip(keys, combo, strict=True))))
    return out


def test_every_query_has_the_facets_of_its_full_reading() -> None:
    sqlfacets._SHAPES.clear()
    queries = _queries()
    shared = 0
    for query in queries:
        found = shape(query, None)
        shared += found is not None and found[0] in sqlfacets._SHAPES
        assert _memo(query) == _full(query), query
    assert shared > len(queries) // 4  # the memo did answer many of them


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("SELECT * FROM orders LIMIT 5", "SELECT * FROM orders LIMIT 500"),
        ("SELECT * FROM orders WHERE a = 1", "SELECT * FROM secrets WHERE a = 1"),
        ("SELECT * FROM orders WHERE a = 1", "SELECT * FROM orders WHERE a = 1 -- x"),
        ("SELECT * FROM orders WHERE a = '1'", "SELECT * FROM orders WHERE a = 1"),
        ("SELECT * FROM t WHERE a = 1 LIMIT 5", "SELECT * FROM t WHERE a = 1 LIMIT 5, 9"),
    ],
)
def test_what_decides_a_facet_is_never_blanked(first: str, second: str) -> None:
    one, two = shape(first, None), shape(second, None)
    assert one is None or two is None or one[0] != two[0]


def test_compared_values_share_a_shape() -> None:
    one = shape("SELECT id FROM orders WHERE id = 1 AND s = 'a' LIMIT 5", None)
    two = shape("SELECT id FROM orders WHERE id = 99 AND s = 'zz' LIMIT 5", None)
    assert one is not None
    assert two is not None
    assert one[0] == two[0]
