"""The simplest SELECTs, read from their tokens (`sqlshape.simple_facets`), have exactly the
facets the full reader (the parser) gives them, and anything the parser rejects or reads
in another way is handed to it.

Every word below is tried in every place the token grammar takes a name: as a column, the
table, either side of a comparison and a sort key. Many are words some dialect or the
parser reads by their text (`top`, `percent`, `rows`, `fetch`, `into`, `dual`, ...): a
query the fast path answers must get the parser's facets, and a query the parser fails on
must never be answered by the fast path.
"""

from __future__ import annotations

import itertools

import pytest

from specgap.operators import sqlfacets
from specgap.operators.sqlshape import _dialect, simple_facets
from specgap.operators.values import UnreadableValue

_WORD_LIST = """
id name total_7 orders customers secrets _x A1 Orders top percent rows only ties
fetch next first last offset returning into outfile dual lateral unnest
generate_series sample tablesample qualify window pivot unpivot connect prior start
final for update share nowait skip locked format settings union except intersect
minus glob rlike regexp similar escape collate over partition within filter ignore
respect nulls asc desc limit key values table from where select with recursive as
on using natural join cross outer left right full inner semi anti asof apply by
group having order distinct all any some exists in between like ilike is not and or
xor div mod case when then else end cast interval date time timestamp current_date
current_user user sysdate rownum level count copy delete insert merge replace
truncate drop alter create grant revoke call exec execute pragma attach show
describe explain use set load cache vacuum analyze install export summarize
procedure lock mode of option index force straight_join true false null
"""
WORDS = tuple(_WORD_LIST.split())

TEMPLATES = (
    "SELECT {w} FROM orders LIMIT 5",
    "SELECT id, {w} FROM orders WHERE id = 3 LIMIT 10",
    "SELECT * FROM {w} LIMIT 7",
    "SELECT * FROM {w}",
    "SELECT id FROM orders WHERE {w} = 1 LIMIT 2",
    "SELECT id FROM orders WHERE id > {w} ORDER BY id LIMIT 2",
    "SELECT id FROM orders WHERE a = 'x' AND b <= {w} OR c <> 'y' LIMIT 3",
    "SELECT id FROM orders ORDER BY {w} DESC, id LIMIT 4",
    "SELECT id FROM orders ORDER BY id {w} LIMIT 4",
    "SELECT id FROM orders LIMIT 5 {w}",
    "SELECT {w} 5 id FROM orders LIMIT 5",
    "SELECT id FROM orders {w} LIMIT 5",
)

SHAPES = (  # structure around plain names: which the grammar takes, which it leaves
    "SELECT id FROM orders",
    "SELECT id FROM orders LIMIT 0",
    "SELECT id FROM orders LIMIT 100000000000000000000",
    "SELECT id FROM orders LIMIT 1.5",
    "SELECT id FROM orders LIMIT 1e3",
    "SELECT id FROM orders LIMIT -1",
    "SELECT id FROM orders LIMIT",
    "SELECT id FROM orders LIMIT 5, 1000",
    "SELECT id FROM orders LIMIT 5 OFFSET 10",
    "SELECT id FROM orders WHERE",
    "SELECT id FROM orders WHERE id",
    "SELECT id FROM orders WHERE id =",
    "SELECT id FROM orders WHERE id = 1 AND",
    "SELECT id FROM orders WHERE id = 1 id = 2",
    "SELECT id FROM orders ORDER BY",
    "SELECT id FROM orders ORDER BY id,",
    "SELECT id, FROM orders",
    "SELECT , id FROM orders",
    "SELECT FROM orders",
    "SELECT * , id FROM orders LIMIT 1",
    "SELECT id FROM orders, secrets LIMIT 1",
    "SELECT id FROM orders o LIMIT 1",
    "SELECT id FROM private.orders LIMIT 1",
    'SELECT id FROM "orders" LIMIT 1',
    "SELECT id FROM `orders` LIMIT 1",
    "SELECT id FROM [orders] LIMIT 1",
    "SELECT o.id FROM orders LIMIT 1",
    "SELECT id FROM orders WHERE id = (SELECT 1) LIMIT 1",
    "SELECT id FROM orders WHERE id IN (1, 2) LIMIT 1",
    "SELECT id FROM orders LIMIT 1; DELETE FROM orders",
    "SELECT id FROM orders LIMIT 1 UNION SELECT id FROM secrets",
    "SELECT id INTO backup FROM orders LIMIT 1",
    "SELECT DISTINCT id FROM orders LIMIT 1",
    "SELECT id FROM orders WHERE name = 'é' LIMIT 1",
    "SELECT ïd FROM orders LIMIT 1",
    "SELECT id FROM ordérs LIMIT 1",
    "SELECT id FROM orders LIMIT ３",
    "select id from orders where id >= 2 order by id asc limit 9",
)


def _full(query: str) -> object:
    """What the parser makes of the query: its facets, or that it cannot read it."""
    try:
        return sqlfacets._read_parsed(query, None, None)
    except UnreadableValue:
        return "unreadable"


def _fast(query: str, dialect: str | None = None) -> object:
    try:
        tokens = _dialect(dialect).tokenize(query)
    except Exception:
        return None  # the tokenizer rejects it: the full reader says why
    found = simple_facets(tokens, dialect)
    return None if found is None else sqlfacets.SqlFacets(*found)


QUERIES = sorted({t.format(w=w) for t, w in itertools.product(TEMPLATES, WORDS)} | set(SHAPES))


def test_the_fast_path_answers_as_the_parser_or_not_at_all() -> None:
    # one test over the ~2,000 generated queries (as one case each, the runner's own cost per
    # case was most of `make test`'s time on them); every query that differs is named
    answered = {q: fast for q in QUERIES if (fast := _fast(q)) is not None}
    assert len(answered) > 300  # the fast path is taken, not left to the parser every time
    differ = [q for q, fast in answered.items() if fast != _full(q)]
    assert not differ, differ[:20]


@pytest.mark.parametrize(
    ("query", "tables", "cap"),
    [
        ("SELECT id, name FROM orders WHERE id > 5 AND status = 'open' LIMIT 17", ("orders",), 17),
        ("SELECT * FROM customers", ("customers",), float("inf")),
        ("SELECT id FROM Orders ORDER BY id DESC LIMIT 0", ("Orders",), 0),
        (
            "select id from products where a <> b or c = 'd' order by a, b asc limit 100",
            ("products",),
            100,
        ),
    ],
)
def test_the_simplest_selects_take_the_fast_path(
    query: str, tables: tuple[str, ...], cap: float
) -> None:
    assert _fast(query) == sqlfacets.SqlFacets(tables, (cap,), ("SELECT",))
    assert _full(query) == _fast(query)


@pytest.mark.parametrize(
    "query",
    [
        "SELECT id FROM orders LIMIT 5, 1000",
        "SELECT id FROM orders, secrets LIMIT 1",
        'SELECT id FROM "orders" LIMIT 1',
        "SELECT id INTO backup FROM orders LIMIT 1",
        "SELECT top 50 percent id FROM orders",
        "SELECT id FROM orders LIMIT 1 UNION SELECT id FROM secrets",
    ],
)
def test_anything_else_is_left_to_the_parser(query: str) -> None:
    assert _fast(query) is None


@pytest.mark.parametrize("dialect", ["mysql", "postgres", "tsql"])
def test_a_named_dialect_always_goes_to_the_parser(dialect: str) -> None:
    assert _fast("SELECT id FROM orders LIMIT 5", dialect) is None


def test_read_sql_answers_the_fast_path_like_the_parser() -> None:
    query = "SELECT id, code_31337 FROM orders WHERE id > 99 ORDER BY id LIMIT 12"
    assert sqlfacets.read_sql(query) == _full(query)
