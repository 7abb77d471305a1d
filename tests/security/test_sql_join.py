"""SELECTs with joins, aggregates and grouping read from their text (`sqljoin.join_facets`)
have exactly the facets the full reader (the parser) gives them; anything else is left to
the tokens and the parser.

Every word of a long list (the words of `test_sql_simple.py`, every keyword of sqlglot's
tokenizer and every word its parser matches by text) is tried in every place the grammar
takes a name; hypothesis builds further queries from the grammar with names drawn from
plain and treacherous words. Whenever the text path answers, the parser must agree, and the
lexical hazard scan must find nothing.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlglot.dialects.dialect import Dialect

from specgap.operators import sqlfacets, sqljoin, sqlquick
from specgap.operators.sqljoin import join_facets, parser_words
from specgap.operators.values import UnreadableValue
from tests.security.test_sql_simple import WORDS, _full

TEMPLATES = (  # {w}: every place the grammar takes a name
    "SELECT {w}.id FROM orders {w} JOIN customers c ON c.id = {w}.cid LIMIT 5",
    "SELECT o.id FROM {w} o JOIN customers c ON c.id = o.cid",
    "SELECT o.id FROM orders o JOIN {w} ON {w}.id = o.cid LIMIT 3",
    "SELECT o.{w} FROM orders o JOIN customers c ON c.id = o.{w} LIMIT 3",
    "SELECT COUNT(o.id) AS {w} FROM orders o GROUP BY o.{w} ORDER BY {w} DESC LIMIT 4",
    "SELECT o.id FROM orders AS {w} LEFT JOIN customers AS c ON c.id = {w}.id WHERE {w}.x > 1",
    "SELECT {w} FROM orders o JOIN customers c ON c.id = o.id HAVING COUNT(*) > {w} LIMIT 2",
    "SELECT MAX(o.{w}) AS m, {w}.a FROM orders o GROUP BY {w}.a LIMIT 1",
    "SELECT SUM({w}) AS s FROM orders WHERE {w} = 'x' GROUP BY {w} ORDER BY s LIMIT 6",
    # words where the grammar takes none: must be refused, or read as the parser reads them
    "SELECT o.id FROM orders o {w} JOIN customers c ON c.id = o.id LIMIT 2",
    "SELECT o.id FROM orders o JOIN customers c ON c.id = o.id {w} LIMIT 2",
    "SELECT o.id FROM orders o JOIN customers c ON c.id = o.id LIMIT 2 {w}",
    "SELECT {w}(o.id) AS n FROM orders o GROUP BY o.id LIMIT 2",
    "SELECT o.id FROM orders o {w} customers c ON c.id = o.id LIMIT 2",
)


def _all_words() -> list[str]:
    keywords = Dialect.get_or_raise(None).tokenizer_class.KEYWORDS
    tokenizer = {w for k in keywords for w in k.split(" ") if w.replace("_", "a").isalnum()}
    parser = parser_words() or frozenset()
    return sorted({w.lower() for w in (*WORDS, *tokenizer, *parser)} | {"at", "c_1", "Tx"})


def _agrees(query: str) -> bool:
    """Whether the text path answered (then as the parser does)."""
    found = join_facets(query)
    if found is None:
        return False
    facets = sqlfacets.SqlFacets(*found)
    assert facets == _full(query), query
    # the hazard scan finds nothing in it (so the text path may run before the scan)
    assert sqlfacets._scan(query, sqlfacets._lexer(None)) is None, query
    return True


def test_every_word_in_every_name_slot() -> None:
    words = _all_words()
    assert len(words) > 700
    answered = sum(_agrees(t.format(w=w)) for t, w in itertools.product(TEMPLATES, words))
    assert answered >= 500  # the path is taken, not only refused


def _respaced(query: str) -> list[str]:
    return [
        query.lower(),
        query.replace(" = ", "=").replace(" > ", ">").replace(", ", ",").replace("( ", "("),
        query.replace(" ", "\n\t"),
        f"  {query}\n",
        query.replace("ORDER BY", "ORDER  BY").replace("GROUP BY", "GROUP\nBY"),
        query.replace("(", " ("),
        f"{query};",
    ]


def test_other_spacing_and_case_answer_as_the_parser_or_not_at_all() -> None:
    answered = 0
    for template, word in itertools.product(TEMPLATES, WORDS):
        for query in _respaced(template.format(w=word)):
            answered += _agrees(query)
    assert answered >= 500


@pytest.mark.parametrize(
    ("query", "tables", "cap"),
    [
        (
            "SELECT c.name, COUNT(o.id) AS n_7 FROM customers c JOIN orders o "
            "ON o.customer_id = c.id WHERE o.total > 300 GROUP BY c.name ORDER BY n_7 DESC "
            "LIMIT 25",
            ("customers", "orders"),
            25,
        ),
        (
            "SELECT * FROM orders o LEFT OUTER JOIN products p ON p.id = o.product_id "
            "INNER JOIN orders o2 ON o2.id = o.id",
            ("orders", "products"),
            float("inf"),
        ),
        (
            "select count(*) as n from Orders having count(*) >= 2 limit 0",
            ("Orders",),
            0,
        ),
        (
            "SELECT p.sku, AVG(p.price) AS mean FROM products AS p RIGHT JOIN orders AS o "
            "ON o.sku = p.sku AND o.qty <> 0 OR o.flag = 'from secrets join x' "
            "GROUP BY p.sku, p.kind HAVING MIN(p.price) > 1.5 ORDER BY mean, p.sku ASC LIMIT 9",
            ("products", "orders"),
            9,
        ),
        (
            "SELECT x.id FROM customers x FULL JOIN customers y ON y.parent = x.id LIMIT 3",
            ("customers",),
            3,
        ),
        (
            "SELECT cjoin.id FROM customers cjoin JOIN orders xfrom ON xfrom.c = cjoin.id",
            ("customers", "orders"),
            float("inf"),
        ),
    ],
)
def test_joins_and_aggregates_are_read_from_their_text(
    query: str, tables: tuple[str, ...], cap: float
) -> None:
    facets = sqlfacets.SqlFacets(tables, (cap,), ("SELECT",))
    assert join_facets(query) == (tables, (cap,), ("SELECT",))
    assert _full(query) == facets
    assert sqlfacets.read_sql(query) == facets
    assert sqlquick.read_sql(query) == facets


@pytest.mark.parametrize(
    "query",
    [
        "SELECT o.id FROM orders o, secrets s WHERE s.id = o.id LIMIT 5",
        "SELECT o.id FROM orders o CROSS JOIN secrets s LIMIT 5",
        "SELECT o.id FROM orders o NATURAL JOIN secrets LIMIT 5",
        "SELECT o.id FROM orders o JOIN secrets s USING (id) LIMIT 5",
        "SELECT o.id FROM orders o JOIN secrets s ON s.id = o.id LIMIT 5, 1000",
        "SELECT o.id FROM orders o JOIN secrets s ON s.id = o.id LIMIT 5 OFFSET 2",
        "SELECT o.id FROM orders o JOIN other.secrets s ON s.id = o.id LIMIT 5",
        'SELECT o.id FROM orders o JOIN "secrets" s ON s.id = o.id LIMIT 5',
        "SELECT o.id FROM orders o JOIN (SELECT id FROM secrets) s ON s.id = o.id LIMIT 5",
        "SELECT o.id FROM orders o JOIN secrets s ON s.id = o.id; DROP TABLE orders",
        "SELECT o.id FROM orders o JOIN secrets s ON s.id = o.id -- LIMIT 5",
        "SELECT o.id FROM orders o JOIN secrets s ON s.id = o.id UNION SELECT 1 LIMIT 5",
        "SELECT o.id FROM orders o JOIN customers at ON at.id = o.id LIMIT 5",
        "SELECT o.id FROM orders final JOIN customers c ON c.id = o.id LIMIT 5",
        "SELECT COUNT (o.id) AS n FROM orders o LIMIT 5",
        "SELECT COUNT(DISTINCT o.id) AS n FROM orders o LIMIT 5",
        "SELECT SUM(*) AS n FROM orders LIMIT 5",
        "SELECT o.id n FROM orders o JOIN customers c ON c.id = o.id LIMIT 5",
        "SELECT o.id FROM orders o JOIN customers c ON c.id = o.id WHERE o.note = 'it''s'",
        "SELECT o.id FROM orders o JOIN customers c ON c.id = o.id WHERE o.id = -1",
        "SELECT o.id FROM orders o JOIN clients ç ON ç.id = o.id LIMIT 5",
        "SELECT o.id FROM orders o JOIN customers c ON c.id = o.id LIMIT 5\r",
        "SELECT TOP 5 o.id FROM orders o JOIN customers c ON c.id = o.id",
        "SELECT o.id INTO backup FROM orders o JOIN customers c ON c.id = o.id",
        "SELECT o.id FROM orders o JOIN customers c ON c.id = o.id FOR UPDATE",
        "SELECT o.id FROM orders o JOIN customers c ON c.id = o.id LIMIT 1e3",
        "SELECT o.id, name FROM orders o JOIN customers c ON c.id = o.id LIMIT 5",
        "SELECT o.id FROM orders o JOIN customers c ON c.id = o.id" + " AND c.a = 1" * 200,
    ],
)
def test_anything_else_is_left_to_the_tokens_or_the_parser(query: str) -> None:
    assert join_facets(query) is None
    try:  # the quick reader hands it on: its answer is the parser's
        answer: object = sqlquick.read_sql(query)
    except UnreadableValue:
        answer = "unreadable"
    assert answer == _full(query)


def test_without_the_parsers_source_the_text_path_answers_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    query = "SELECT o.id FROM orders o JOIN customers c ON c.id = o.id LIMIT 5"
    assert join_facets(query) is not None
    monkeypatch.setattr(sqljoin, "_refused", lambda: None)
    assert join_facets(query) is None


def test_the_parsers_words_are_read_from_the_installed_sqlglot() -> None:
    words = parser_words()
    assert words is not None
    assert {"AT", "FINAL", "INDEXED", "NAME", "START"} <= words


def test_the_words_come_from_the_parser_and_its_shared_modules_not_the_dialects(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "parsers").mkdir()
    (tmp_path / "dialects").mkdir()
    (tmp_path / "parser.py").write_text('MATCH = ("ALPHA", "beta")\n')
    (tmp_path / "parser_core.py").write_text("X = 'GAMMA'\n")
    (tmp_path / "parsers" / "base.py").write_text('Y = "DELTA"\n')
    (tmp_path / "parsers" / "mysql.py").write_text('Z = "EPSILON"\n')
    (tmp_path / "dialects" / "mysql.py").write_text("")
    spec = importlib.machinery.ModuleSpec("sqlglot", None, is_package=True)
    spec.submodule_search_locations = [str(tmp_path)]
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: spec)
    parser_words.cache_clear()
    try:
        assert parser_words() == {"ALPHA", "GAMMA", "DELTA"}
        (tmp_path / "parser.py").unlink()
        parser_words.cache_clear()
        assert parser_words() is None
    finally:
        monkeypatch.undo()
        parser_words.cache_clear()
    assert parser_words() is not None


def test_a_join_is_read_without_importing_sqlglot() -> None:
    """The quick reader keeps sqlglot (~0.3 s to import) out of a run whose queries are
    all of the text grammars."""
    code = (
        "import sys\n"
        "from specgap.operators import sqlquick\n"
        "f = sqlquick.read_sql('SELECT c.id, COUNT(o.id) AS n FROM customers c JOIN orders o "
        "ON o.cid = c.id GROUP BY c.id LIMIT 5')\n"
        "assert f.tables == ('customers', 'orders') and f.limits == (5.0,), f\n"
        "assert 'sqlglot' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- generated from the grammar -----------------------------------------------------------

_PLAIN = st.sampled_from(["orders", "customers", "products", "o", "c", "p2", "n_1", "Sku"])
_ODD = st.sampled_from(["at", "final", "limit", "top", "name", "rows", "join", "key", "count"])


def _grammar(names: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """Queries of `sqljoin`'s grammar with names drawn from `names`."""
    column = st.one_of(names, st.tuples(names, names).map(".".join))
    aggregate = st.one_of(
        st.just("COUNT(*)"),
        st.tuples(st.sampled_from(["COUNT", "SUM", "AVG", "MIN", "MAX"]), column).map(
            lambda p: f"{p[0]}({p[1]})"
        ),
    )
    value = st.one_of(column, column, aggregate)
    operand = st.one_of(value, st.integers(0, 10**6).map(str), st.just("'a b'"), st.just("2.5"))
    condition = st.tuples(value, st.sampled_from(["=", "<>", "!=", "<", "<=", ">", ">="]), operand)
    conditions = st.lists(condition, min_size=1, max_size=3).map(
        lambda cs: " AND ".join(f"{a} {op} {b}" for a, op, b in cs)
    )
    table = st.tuples(names, st.sampled_from(["", " ", " AS "]), names).map(
        lambda t: t[0] if not t[1] else f"{t[0]}{t[1]}{t[2]}"
    )
    kind = st.sampled_from(["JOIN", "INNER JOIN", "LEFT JOIN", "LEFT OUTER JOIN", "FULL JOIN"])
    joins = st.lists(st.tuples(kind, table, conditions), max_size=3).map(
        lambda js: "".join(f" {k} {t} ON {c}" for k, t, c in js)
    )
    items = st.one_of(
        st.just("*"),
        st.lists(
            st.tuples(value, st.one_of(st.just(""), names.map(" AS {}".format))), min_size=1
        ).map(lambda pairs: ", ".join(v + a for v, a in pairs)),
    )
    order = st.tuples(value, st.sampled_from(["", " ASC", " DESC"])).map("".join)
    clauses = st.tuples(
        st.one_of(st.just(""), conditions.map(" WHERE {}".format)),
        st.one_of(
            st.just(""),
            st.lists(column, min_size=1, max_size=2).map(", ".join).map(" GROUP BY {}".format),
        ),
        st.one_of(st.just(""), conditions.map(" HAVING {}".format)),
        st.one_of(st.just(""), order.map(" ORDER BY {}".format)),
        st.one_of(st.just(""), st.integers(0, 500).map(" LIMIT {}".format)),
    ).map("".join)
    return st.tuples(items, table, joins, clauses).map(
        lambda q: f"SELECT {q[0]} FROM {q[1]}{q[2]}{q[3]}"
    )


@settings(max_examples=100, deadline=None)
@given(_grammar(_PLAIN))
def test_generated_queries_of_plain_names_are_read_as_the_parser_reads_them(query: str) -> None:
    assert _agrees(query), query  # every name plain: the text path answers


@settings(max_examples=100, deadline=None)
@given(_grammar(st.one_of(_PLAIN, _PLAIN, _ODD)))
def test_generated_queries_of_any_names_answer_as_the_parser_or_not_at_all(query: str) -> None:
    _agrees(query)
