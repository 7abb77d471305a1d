"""The simplest SELECTs read from their text (`sqltext.text_facets`, one regular expression)
have exactly the facets the token fast path (`simple_facets`) and the full reader (the
parser) give them; anything else is left to those.

The queries are those of `test_sql_simple.py` (every word in every name slot, and the shapes
around them), each also written with other spacing and case, plus every keyword of sqlglot's
tokenizer in every name slot.
"""

from __future__ import annotations

import itertools

import pytest
from sqlglot.dialects.dialect import Dialect

from specgap.operators import sqlfacets, sqlquick
from specgap.operators.sqltext import KEYWORDS, text_facets
from specgap.operators.values import UnreadableValue
from tests.security.test_sql_simple import QUERIES, TEMPLATES, _fast, _full


def _respaced(query: str) -> list[str]:
    """The query as written, and with other spacing and case (which the grammar may or may
    not take: either way the answer must be the parser's)."""
    return [
        query,
        query.lower(),
        query.replace(" = ", "=").replace(" > ", ">").replace(" <= ", "<="),
        query.replace(", ", " ,").replace(" ", "\t"),
        query.replace(" ", "\n  "),
        f"  {query}\n",
        query.replace("ORDER BY", "ORDER  BY").replace("order by", "order\nby"),
        f"{query};",
    ]


def _agrees(query: str) -> bool:
    """Whether the text path answered (then as the token path and the parser do)."""
    found = text_facets(query)
    if found is None:
        return False
    facets = sqlfacets.SqlFacets(*found)
    assert facets == _full(query), query
    assert facets == _fast(query), query
    # the hazard scan finds nothing in it (so the text path may run before the scan)
    assert sqlfacets._scan(query, sqlfacets._lexer(None)) is None, query
    assert sqlquick.read_sql(query) == facets
    return True


@pytest.mark.parametrize("spacing", [0, 1, 2, 3])
def test_the_text_path_answers_as_the_parser_or_not_at_all(spacing: int) -> None:
    answered = sum(_agrees(_respaced(q)[spacing]) for q in QUERIES)
    assert answered >= 100  # the path is taken, not only refused


def test_other_spacings_answer_as_the_parser_or_not_at_all() -> None:
    for query in QUERIES:
        for variant in _respaced(query)[4:]:
            _agrees(variant)


@pytest.mark.parametrize(
    ("query", "tables", "cap"),
    [
        ("SELECT id, name FROM orders WHERE id > 5 AND status = 'open' LIMIT 17", ("orders",), 17),
        ("SELECT * FROM customers", ("customers",), float("inf")),
        ("SELECT id FROM Orders ORDER BY id DESC LIMIT 0", ("Orders",), 0),
        ("select id from products where a<>b or c='d, e' order by a, b asc limit 100", None, 100),
        ("SELECT id,name FROM orders WHERE total >= 10.5 LIMIT 3", ("orders",), 3),
        ("\tSELECT id\nFROM orders\nWHERE id != 2\nLIMIT 9\n", ("orders",), 9),
        ("SELECT id FROM orders WHERE note = '#1 -- /* $$ ok' LIMIT 2", ("orders",), 2),
    ],
)
def test_the_simplest_selects_are_read_from_their_text(
    query: str, tables: tuple[str, ...] | None, cap: float
) -> None:
    found = text_facets(query)
    assert found is not None, query
    assert found[1] == (cap,)
    if tables is not None:
        assert found[0] == tables
    assert sqlfacets.SqlFacets(*found) == _full(query)


@pytest.mark.parametrize(
    "query",
    [
        "SELECT id FROM orders LIMIT 5, 1000",
        "SELECT id FROM orders LIMIT 5 OFFSET 10",
        "SELECT id FROM orders, secrets LIMIT 1",
        'SELECT id FROM "orders" LIMIT 1',
        "SELECT id FROM orders WHERE name = 'it''s' LIMIT 1",
        "SELECT id FROM orders WHERE name = 'a\\' LIMIT 1",
        "SELECT id FROM orders WHERE name = 'é' LIMIT 1",
        "SELECT id FROM ordérs LIMIT 1",
        "SELECT id FROM orders WHERE id == 1 LIMIT 1",
        "SELECT id FROM orders WHERE id <=> 1 LIMIT 1",
        "SELECT id FROM orders WHERE id = -1 LIMIT 1",
        "SELECT id FROM orders WHERE id = 1e3 LIMIT 1",
        "SELECT id FROM orders LIMIT 1; DELETE FROM orders",
        "SELECT id FROM orders LIMIT 1 -- more",
        "SELECT id FROM orders\rLIMIT 1",
        "SELECT top 50 percent id FROM orders",
        "SELECT id FROM orders GROUP BY id LIMIT 1",
        "SELECT id FROM orders WHERE id = limit LIMIT 1",
        "SELECT id FROM orders WHERE a = 1 AND and = 2 LIMIT 1",
        "SELECT fetch FROM orders LIMIT 1",
    ],
)
def test_anything_else_is_left_to_the_tokens_or_the_parser(query: str) -> None:
    assert text_facets(query) is None


def test_read_sql_takes_the_text_path_first() -> None:
    query = "SELECT id, code_4242 FROM customers WHERE id > 7 ORDER BY id LIMIT 21"
    assert text_facets(query) is not None
    assert sqlfacets.read_sql(query) == _full(query)


def test_every_keyword_in_every_name_slot() -> None:
    keywords = Dialect.get_or_raise(None).tokenizer_class.KEYWORDS
    words = sorted({w.lower() for k in keywords for w in k.split(" ") if w.isidentifier()})
    answered = 0
    for template, word in itertools.product(TEMPLATES, words):
        for query in _respaced(template.format(w=word))[:3]:
            answered += _agrees(query)
    assert answered >= 100


def test_the_written_out_keywords_are_the_installed_sqlglots() -> None:
    """`sqltext.KEYWORDS` spares importing sqlglot; a sqlglot release that reads another
    word as a keyword must fail here, not let the text path take it for a name."""
    keywords = Dialect.get_or_raise(None).tokenizer_class.KEYWORDS
    first_words = {k.split(" ")[0] for k in keywords}
    assert {w for w in first_words if w.replace("_", "a").isalnum()} == KEYWORDS


@pytest.mark.parametrize(
    "query",
    [
        "SELECT id FROM orders LIMIT 5",
        "SELECT id FROM orders",
        "SELECT id FROM orders LIMIT 5, 1000",
        "SELECT id FROM orders o JOIN secrets s ON o.id = s.id LIMIT 5",
        "DELETE FROM orders",
        "SELECT id FROM orders /*! UNION SELECT * FROM secrets */ LIMIT 5",
        "SELEC id FROM orders",
        "SELECT id FROM orders; DROP TABLE orders",
    ],
)
def test_the_quick_reader_answers_and_fails_as_the_full_reader(query: str) -> None:
    def answer(read: object) -> object:
        try:
            return read(query)  # type: ignore[operator]
        except UnreadableValue as exc:
            return ("unreadable", str(exc))

    assert answer(sqlquick.read_sql) == answer(sqlfacets.read_sql)
    assert answer(lambda q: sqlquick.read_sql(q, "postgres")) == answer(
        lambda q: sqlfacets.read_sql(q, "postgres")
    )
