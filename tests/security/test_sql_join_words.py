"""`sqljoin._words`: the words of a query the join grammar matched, read from its bytes in
one pass, refuse exactly what the two regular-expression scans they replaced refused (names
not after a dot; names after one), on generated queries of every name and hand-written ones
with strings, decimals and qualified columns."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specgap.operators import sqljoin
from specgap.operators.sqltext import KEYWORDS
from tests.security.test_sql_join import _grammar

# the scans `_words` replaced: strings first (their words are no names)
_PLAIN = re.compile(r"'[^']*'|(?<![.A-Z0-9_])([A-Z_][A-Z0-9_]*)", re.ASCII)
_DOTTED = re.compile(r"'[^']*'|\.([A-Z_][A-Z0-9_]*)", re.ASCII)


def _scanned(upper: str) -> bool:
    """Whether the two scans refuse `upper` (a name is a refused word)."""
    words = sqljoin.parser_words()
    assert words is not None
    plain = (KEYWORDS | words) - sqljoin._STRUCTURE
    dotted = KEYWORDS - sqljoin._STRUCTURE
    return not (
        plain.isdisjoint(_PLAIN.findall(upper)) and dotted.isdisjoint(_DOTTED.findall(upper))
    )


def _read(upper: str) -> bool:
    refused = sqljoin._refused()
    assert refused is not None
    return not refused.isdisjoint(sqljoin._words(upper))


_NAMES = st.sampled_from(
    [
        "kiln",
        "glaze",
        "k",
        "g2",
        "cone_6",
        "Batch",
        "at",
        "final",
        "name",
        "key",
        "rows",
        "start",
        "select_x",
        "x_from",
        "tray",
        "seed",
        "lot_9",
        "order_",
        "_id",
        "dates",
    ]
)
_STRINGS = st.sampled_from(["'open'", "'FINAL AT START'", "'a.b c'", "''", "'key = 1'"])


def _with_strings(query: str, string: str) -> str:
    return query.replace("'a b'", string)


def _refuses_as_scanned(query: str, string: str) -> None:
    upper = _with_strings(query, string).upper()
    if sqljoin._query().fullmatch(upper) is None:
        return  # the words are read only of a query the grammar matched
    assert _read(upper) == _scanned(upper), query


# a hundred queries in the fast suite, a thousand under `slow` (`make check`, CI)
test_words_refuse_what_the_scans_refused = settings(max_examples=100, deadline=None)(
    given(_grammar(_NAMES), _STRINGS)(_refuses_as_scanned)
)
test_words_refuse_what_the_scans_refused_deep = pytest.mark.slow(
    settings(max_examples=1000, deadline=None)(
        given(_grammar(_NAMES), _STRINGS)(_refuses_as_scanned)
    )
)


QUERIES = [
    "SELECT k.glaze, COUNT(*) AS n FROM kilns k JOIN firings f ON f.kiln = k.id "
    "WHERE f.cone >= 6 AND f.note = 'at final start' GROUP BY k.glaze LIMIT 20",
    "SELECT s.lot FROM seeds s LEFT JOIN trays t ON t.seed = s.id WHERE t.depth < 2.5",
    "SELECT s.name FROM seeds s JOIN trays t ON t.seed = s.id",  # `name`: refused
    "SELECT s.lot FROM seeds final JOIN trays t ON t.seed = final.id",  # alias `final`
    "SELECT g.pilot FROM gliders g JOIN flights f ON f.glider = g.tail WHERE f.x = 'name'",
    "SELECT g.rows FROM gliders g JOIN flights f ON f.glider = g.tail",  # `.rows` after a dot
    "SELECT MAX(f.height) FROM flights f JOIN gliders g ON g.tail = f.glider ORDER BY g.tail",
    "SELECT b.berth FROM berths b INNER JOIN ferries v ON v.berth = b.id WHERE v.len > 10.25",
]


@pytest.mark.parametrize("query", QUERIES)
def test_written_queries(query: str) -> None:
    upper = query.upper()
    assert sqljoin._query().fullmatch(upper) is not None
    assert _read(upper) == _scanned(upper)


def test_a_string_holds_no_names() -> None:
    """A refused word inside a string refuses nothing; outside one it does."""
    inside = "SELECT s.lot FROM seeds s JOIN trays tr ON tr.seed = s.id WHERE tr.tag = 'final'"
    outside = "SELECT s.lot FROM seeds s JOIN trays final ON final.seed = s.id"
    assert not _read(inside.upper())
    assert _read(outside.upper())
    assert sqljoin.join_facets(inside) == (("seeds", "trays"), (float("inf"),), ("SELECT",))
