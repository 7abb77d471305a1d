"""A real SQLite warehouse for the `sql` reference agent: seeded, read-only, hooked.

`seed(path)` writes a small, deterministic analytics database: `customers`, `orders` and
`products` (the tables the agent may query) and `payments` (a table it must not, for
negative tests). `Warehouse` answers the agent's two tools for real:

- `execute(query)` runs one statement on a read-only connection, with an authorizer that
  refuses anything but reading, a row cap and a time limit;
- `schema_lookup(table)` lists the tables, or the columns of one table.

The agent writes PostgreSQL (`now() - interval '7 days'`); queries are translated to SQLite
with sqlglot first. Every connection the warehouse opens reports each statement SQLite runs
(`on_statement`, SQLite's trace callback) and each access it authorizes (`on_access`), so a
test can prove that a statement the guard blocked never reached the database.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from specgap.errors import SpecgapError, error

DEFAULT_DB = Path(".specgap/warehouse.sqlite")
MAX_ROWS = 1000
DIALECT = "postgres"

SCHEMA = """
CREATE TABLE customers (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, country TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE products (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, stock INTEGER NOT NULL,
    price_cents INTEGER NOT NULL
);
CREATE TABLE orders (
    id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),
    product_id INTEGER NOT NULL REFERENCES products(id), quantity INTEGER NOT NULL,
    placed_at TEXT NOT NULL, status TEXT NOT NULL, total_cents INTEGER NOT NULL
);
CREATE TABLE payments (
    id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(id),
    card_number TEXT NOT NULL, amount_cents INTEGER NOT NULL
);
"""

_CUSTOMERS = ("Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken")
_COUNTRIES = ("PT", "NL", "DE", "FR", "IE", "SE")
_PRODUCTS = (
    ("Desk", 12, 24900),
    ("Chair", 30, 8900),
    ("Monitor", 8, 17900),
    ("Keyboard", 55, 4900),
    ("Mouse", 70, 1900),
    ("Cable", 200, 900),
    ("Lamp", 0, 3900),
    ("Notebook", 0, 500),
)
_STATUSES = ("paid", "paid", "shipped", "refunded", "paid")


def rows() -> dict[str, list[tuple[Any, ...]]]:
    """The seed data: fixed, so two seeds write the same database."""
    customers = [
        (
            n + 1,
            name,
            f"{name.lower()}@example.com",
            _COUNTRIES[n % len(_COUNTRIES)],
            f"2025-0{1 + n % 9}-1{n % 10} 09:00:00",
        )
        for n, name in enumerate(_CUSTOMERS)
    ]
    products = [(n + 1, *p) for n, p in enumerate(_PRODUCTS)]
    orders = []
    payments = []
    for n in range(40):
        customer = 1 + (n * 5) % len(customers)
        product = 1 + (n * 3) % len(products)
        quantity = 1 + n % 3
        total = quantity * products[product - 1][3]
        day = 1 + n % 28
        placed = f"2026-{1 + n % 11:02d}-{day:02d} {8 + n % 10:02d}:15:00"
        orders.append((n + 1, customer, product, quantity, placed, _STATUSES[n % 5], total))
        payments.append((n + 1, n + 1, f"4000-0000-0000-{n + 1:04d}", total))
    return {"customers": customers, "products": products, "orders": orders, "payments": payments}


def seed(path: Path, *, force: bool = False) -> dict[str, int]:
    """Write the warehouse to `path` (atomically); an existing file is kept unless `force`.
    Returns the number of rows per table."""
    shown = path.as_posix()
    if path.exists() and not force:
        raise error(
            "warehouse-exists",
            f"`{shown}` already exists",
            path=shown,
            help="pass `--force` to recreate it, or `--db` another path",
        )
    data = rows()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.close(fd)
    except OSError as exc:
        raise error(
            "unwritable-output",
            f"cannot write `{shown}`: {exc.strerror or exc}",
            path=shown,
            help="pass a `--db` path whose folder can be created and written",
        ) from None
    try:
        with contextlib.closing(sqlite3.connect(tmp)) as conn:
            conn.executescript(SCHEMA)
            for table, values in data.items():
                marks = ", ".join("?" * len(values[0]))
                conn.executemany(f"INSERT INTO {table} VALUES ({marks})", values)
            conn.commit()
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)
    return {table: len(values) for table, values in data.items()}


def to_sqlite(query: str, dialect: str = DIALECT) -> str:
    """The query in SQLite's dialect; a query sqlglot cannot read is left for SQLite to judge.
    `x ± interval 'N unit'` becomes `DATETIME(x, '±N unit')`, which sqlglot leaves alone."""
    import sqlglot
    from sqlglot import exp
    from sqlglot.errors import SqlglotError

    def interval(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.Sub | exp.Add) and isinstance(node.expression, exp.Interval):
            amount = node.expression.this.name if node.expression.this else ""
            unit = node.expression.unit.name if node.expression.unit else ""
            sign = "-" if isinstance(node, exp.Sub) else "+"
            modifier = exp.Literal.string(f"{sign}{amount} {unit}".strip().lower())
            return exp.Anonymous(this="DATETIME", expressions=[node.this, modifier])
        return node

    try:
        parsed = sqlglot.parse(query, read=dialect)
    except SqlglotError:
        return query
    if len(parsed) != 1 or parsed[0] is None:
        return query  # SQLite refuses several statements itself
    return parsed[0].transform(interval).sql(dialect="sqlite")


@dataclass(frozen=True)
class Rows:
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    truncated: bool
    sql: str  # what SQLite ran

    def as_json(self) -> dict[str, Any]:
        return {
            "columns": list(self.columns),
            "rows": [list(r) for r in self.rows],
            "truncated": self.truncated,
            "sql": self.sql,
        }


# What a read-only query may do; anything else (writes, ATTACH, most PRAGMAs) is refused.
_READ = frozenset(
    {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION, sqlite3.SQLITE_RECURSIVE}
)
_PRAGMAS = frozenset({"table_info"})


class Warehouse:
    """The seeded database, opened read-only for every call."""

    def __init__(
        self,
        path: Path,
        *,
        on_statement: Callable[[str], None] | None = None,
        on_access: Callable[[int, str | None], None] | None = None,
        max_rows: int = MAX_ROWS,
    ) -> None:
        self.path = path
        self.on_statement = on_statement
        self.on_access = on_access
        self.max_rows = max_rows

    def exists(self) -> bool:
        return self.path.is_file()

    def require(self) -> None:
        if not self.exists():
            shown = self.path.as_posix()
            raise error(
                "missing-warehouse",
                f"there is no warehouse at `{shown}`",
                path=shown,
                help="run `specgap sql seed` first",
            )

    @contextlib.contextmanager
    def _connect(self, deadline: float | None) -> Iterator[sqlite3.Connection]:
        self.require()
        uri = f"{self.path.resolve().as_uri()}?mode=ro"
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        try:
            conn.set_authorizer(self._authorize)
            if self.on_statement is not None:
                conn.set_trace_callback(self.on_statement)
            if deadline is not None:
                conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 1000)
            yield conn
        finally:
            conn.close()

    def _authorize(
        self, action: int, arg1: str | None, arg2: str | None, db: str | None, trigger: str | None
    ) -> int:
        if self.on_access is not None:
            self.on_access(action, arg1)
        if action in _READ or (action == sqlite3.SQLITE_PRAGMA and arg1 in _PRAGMAS):
            return sqlite3.SQLITE_OK
        return sqlite3.SQLITE_DENY

    def execute(self, query: str, timeout_seconds: float | None = None) -> Rows:
        """Run one read-only statement; at most `max_rows` rows come back."""
        sql = to_sqlite(query)
        deadline = time.monotonic() + timeout_seconds if timeout_seconds else None
        with self._connect(deadline) as conn:
            try:
                cursor = conn.execute(sql)
                found = cursor.fetchmany(self.max_rows + 1)
            except sqlite3.Error as exc:
                raise _sql_error(exc, sql) from None
            columns = tuple(c[0] for c in cursor.description or ())
        return Rows(columns, tuple(found[: self.max_rows]), len(found) > self.max_rows, sql)

    def schema_lookup(self, table: str | None = None) -> dict[str, Any]:
        """`{"tables": [...]}`, or `{"columns": {name: type}}` of one table."""
        with self._connect(None) as conn:
            try:
                if not table:
                    found = conn.execute(
                        "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"
                    ).fetchall()
                    return {"tables": [name for (name,) in found]}
                quoted = '"' + table.replace('"', '""') + '"'
                info = conn.execute(f"PRAGMA table_info({quoted})").fetchall()
                columns = [(row[1], row[2]) for row in info]
            except sqlite3.Error as exc:
                raise _sql_error(exc, "schema lookup") from None
        if not columns:
            raise error(
                "sql-error",
                f"the warehouse has no table `{table}`",
                path="<warehouse>",
                help="call schema lookup without a table to list them",
            )
        return {"columns": {name: kind.lower() for name, kind in columns}}


def _sql_error(exc: sqlite3.Error, sql: str) -> SpecgapError:
    message = str(exc).rstrip(".")
    if isinstance(exc, sqlite3.DatabaseError) and "not authorized" in message:
        message += " (the warehouse is read-only)"
    if "interrupted" in message:
        message = "the statement ran past its time limit"
    return error("sql-error", f"{message}: `{sql}`", path="<warehouse>")
