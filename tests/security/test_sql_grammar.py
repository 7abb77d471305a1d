"""Generated SQL against the `sql` agent's decision, judged by sqlglot's own reading.

A small grammar writes queries from allowed and forbidden parts (tables of other schemas,
CTEs that shadow allowed names, subqueries, row limits of every shape, destructive
statements, comments). The oracle reads each query with sqlglot's scope analysis, which
is independent of `sqlfacets`: the guard must deny exactly when sqlglot sees a table outside
the allowlist, an outer row cap that is missing or over 100, or a statement that is not a
query.
"""

from __future__ import annotations

import itertools

import sqlglot
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlglot import exp
from sqlglot.optimizer.scope import traverse_scope
from trace_support import reference_bundle

from specgap.guard import Guard

ALLOWED = {"customers", "orders", "products"}
# allowed parts weigh more, so that about half of the queries pass
TABLES = ["customers", "orders", "products"] * 4 + ["secrets", "private.customers"]
LIMITS = ["LIMIT 1", "LIMIT 100", "FETCH FIRST 50 ROWS ONLY"] * 3 + [
    *("", "LIMIT 101", "LIMIT ALL", "FETCH FIRST 500 ROWS ONLY")
]

GUARD = Guard(reference_bundle(), agent="sql")
_traces = itertools.count()


@st.composite
def _source(draw: st.DrawFn, depth: int = 0) -> str:
    if depth < 1 and draw(st.integers(0, 3)) == 0:
        inner = draw(_select(depth + 1))
        return f"({inner}) AS s{depth}"
    table = draw(st.sampled_from(TABLES))
    alias = draw(st.sampled_from(["", " t", " AS x", " orders"]))
    return table + alias


@st.composite
def _select(draw: st.DrawFn, depth: int = 0) -> str:
    sources = [draw(_source(depth)), *draw(st.lists(_source(depth), max_size=1))]
    joiner = draw(st.sampled_from([", ", " CROSS JOIN "]))
    limit = draw(st.sampled_from(LIMITS))
    comment = draw(st.sampled_from(["", " /* note */", " -- note\n"]))
    return f"SELECT *{comment} FROM {joiner.join(sources)} {limit}".rstrip()


@st.composite
def _query(draw: st.DrawFn) -> str:
    body = draw(_select())
    if draw(st.integers(0, 3)) == 0:
        name = draw(st.sampled_from(["customers", "recent", "orders"]))
        inner = draw(_select(1))
        body = f"WITH {name} AS ({inner}) {body}"
    kind = draw(st.sampled_from(["query"] * 9 + ["delete", "drop", "second"]))
    if kind == "delete":
        return f"DELETE FROM {draw(st.sampled_from(TABLES))}"
    if kind == "drop":
        return f"DROP TABLE {draw(st.sampled_from(TABLES))}"
    if kind == "second":
        return f"{body}; DELETE FROM orders"
    return body


def _oracle_denies(query: str) -> bool:
    statements = sqlglot.parse(query)
    for statement in statements:
        if not isinstance(statement, exp.Query):
            return True
        for scope in traverse_scope(statement):
            for source in scope.sources.values():
                if isinstance(source, exp.Table):
                    name = ".".join(p.name for p in source.parts)
                    if name not in ALLOWED:
                        return True
        limit = statement.args.get("limit")
        if limit is None:
            return True
        count = limit.args.get("count") if isinstance(limit, exp.Fetch) else limit.expression
        if not (isinstance(count, exp.Literal) and count.this.isdigit()):
            return True
        if int(count.this) > 100:
            return True
    return False


@settings(max_examples=60)
@given(_query())
def test_decision_matches_sqlglots_reading(query: str) -> None:
    trace = f"g{next(_traces)}"
    GUARD.check({"name": "schema_lookup", "args": {"table": "orders"}}, trace=trace, executed=True)
    decision = GUARD.check({"name": "execute_sql", "args": {"query": query}}, trace=trace)
    GUARD.end(trace)
    assert (decision.verdict == "deny") == _oracle_denies(query), (
        query,
        [h.reason for h in decision.hits],
    )
