"""The `sql` agent's SQLite warehouse behind the guard: allowed queries really run, blocked
ones never reach the database (its bytes are unchanged and SQLite's hooks saw nothing)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from specgap.evaluate.adapters import read_paths
from specgap.guard import Guard
from specgap.sqlrun import EXECUTE, run_steps
from specgap.sqlwarehouse import Warehouse, seed, to_sqlite
from tests.cli_helpers import LOCATED, specgap
from tests.conftest import ROOT
from tests.serve_support import JSON, SCHEMA, make_app

SAFE = sorted((ROOT / "fixtures" / "sql" / "traces" / "safe").glob("*.json"))
UNSAFE = sorted((ROOT / "fixtures" / "sql" / "traces" / "unsafe").glob("*.json"))


class Hooks:
    """What SQLite reported on every connection the warehouse opened."""

    def __init__(self) -> None:
        self.statements: list[str] = []
        self.accesses: list[tuple[int, str | None]] = []

    def warehouse(self, path: Path) -> Warehouse:
        return Warehouse(
            path,
            on_statement=self.statements.append,
            on_access=lambda action, what: self.accesses.append((action, what)),
        )


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "warehouse.sqlite"
    seed(path)
    return path


def replay(path: Path, warehouse: Warehouse) -> list[Any]:
    guard = Guard(ROOT / "policy" / "policy.json", "sql")
    return list(run_steps(guard, warehouse, read_paths([str(path)], guard.registry)))


def test_seed_writes_the_four_tables_and_keeps_an_existing_file(db: Path) -> None:
    with sqlite3.connect(db) as conn:
        counts = {
            t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
            for t in ("customers", "orders", "products", "payments")
        }
    assert counts == {"customers": 8, "orders": 40, "products": 8, "payments": 40}
    before = digest(db)
    run = specgap("sql", "seed", "--db", str(db))
    assert run.code == 2
    assert LOCATED.match(run.stderr)
    assert "warehouse-exists" in run.stderr
    assert digest(db) == before
    again = specgap("sql", "seed", "--db", str(db), "--force")
    assert again.code == 0
    assert again.stdout.startswith(f"wrote {db.as_posix()}: customers 8")


@pytest.mark.parametrize("path", SAFE, ids=lambda p: p.stem)
def test_every_allowed_query_of_the_safe_traces_runs(db: Path, path: Path) -> None:
    hooks = Hooks()
    results = replay(path, hooks.warehouse(db))
    calls = [r for r in results if r.decision.tool == EXECUTE]
    assert calls
    for ran in calls:
        assert not ran.decision.blocked
        assert ran.ran
        assert ran.error is None
        assert ran.output["sql"] in hooks.statements  # SQLite itself ran it
        assert isinstance(ran.output["rows"], list)


@pytest.mark.parametrize("path", UNSAFE, ids=lambda p: p.stem)
def test_a_blocked_query_never_reaches_the_database(db: Path, path: Path) -> None:
    before = digest(db)
    hooks = Hooks()
    results = replay(path, hooks.warehouse(db))
    blocked = [r for r in results if r.decision.blocked]
    assert blocked
    assert all(not r.ran for r in blocked)
    ran_sql = [r.output["sql"] for r in results if r.ran and r.decision.tool == EXECUTE]
    lookups = ("PRAGMA table_info(", "SELECT name FROM sqlite_schema")
    # SQLite saw the schema lookups and the queries that were allowed, nothing else
    assert [s for s in hooks.statements if not s.startswith(lookups)] == ran_sql
    assert not any(what == "payments" for _, what in hooks.accesses)
    assert digest(db) == before


def test_the_api_runs_an_allowed_query_and_answers_rows(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    hooks = Hooks()
    app.state.warehouse = hooks.warehouse(app.state.warehouse.path)
    client = TestClient(app)
    body = {
        "query": "SELECT name, stock FROM products WHERE stock = 0 ORDER BY id LIMIT 10",
        "prior_events": [SCHEMA],
    }
    data = client.post("/api/sql/execute", content=json.dumps(body), headers=JSON).json()
    assert (data["blocked"], data["ran"], data["sql_error"]) == (False, True, None)
    assert data["output"]["rows"] == [["Lamp", 0], ["Notebook", 0]]
    assert hooks.statements == [data["output"]["sql"]]


@pytest.mark.parametrize(
    ("query", "prior"),
    [
        ("SELECT id FROM products LIMIT 5", []),  # no schema lookup first
        ("DELETE FROM products", [SCHEMA]),
        ("SELECT card_number FROM payments LIMIT 5", [SCHEMA]),
        ("SELECT id FROM orders LIMIT 5000", [SCHEMA]),
    ],
)
def test_the_api_never_sends_a_blocked_query_to_sqlite(
    tmp_path: Path, query: str, prior: list[Any]
) -> None:
    app = make_app(tmp_path)
    hooks = Hooks()
    app.state.warehouse = hooks.warehouse(app.state.warehouse.path)
    before = digest(app.state.warehouse.path)
    body = {"query": query, "prior_events": prior}
    data = TestClient(app).post("/api/sql/execute", content=json.dumps(body), headers=JSON).json()
    assert (data["blocked"], data["ran"], data["output"]) == (True, False, None)
    assert hooks.statements == []
    assert hooks.accesses == []
    assert digest(app.state.warehouse.path) == before


def test_a_session_runs_the_lookup_then_the_query(tmp_path: Path) -> None:
    client = TestClient(make_app(tmp_path))
    event = {"agent": "sql", "session": "w", "event": SCHEMA}
    client.post("/api/validate/event", content=json.dumps(event), headers=JSON)
    body = {"query": "SELECT COUNT(*) FROM orders LIMIT 1", "session": "w"}
    data = client.post("/api/sql/execute", content=json.dumps(body), headers=JSON).json()
    assert data["output"]["rows"] == [[40]]


def test_run_trace_over_the_api(tmp_path: Path) -> None:
    client = TestClient(make_app(tmp_path))
    for path in (*SAFE, *UNSAFE):
        body = {"trace": json.loads(path.read_text())}
        data = client.post("/api/sql/run-trace", content=json.dumps(body), headers=JSON).json()
        assert data["blocked"] is (path in UNSAFE)
        for event in data["decisions"]:
            if event["tool"] == EXECUTE:
                assert event["ran"] is (event["verdict"] != "deny")


def test_without_a_warehouse_the_sql_routes_say_how_to_seed(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.state.warehouse = Warehouse(tmp_path / "absent.sqlite")
    answer = TestClient(app).post(
        "/api/sql/execute", content=json.dumps({"query": "SELECT 1"}), headers=JSON
    )
    assert answer.status_code == 404
    diagnostic = answer.json()["error"]["diagnostics"][0]
    assert diagnostic["code"] == "missing-warehouse"
    assert "specgap sql seed" in diagnostic["help"]


def test_the_cli_replays_traces_and_exits_by_the_decisions(db: Path) -> None:
    policy = str(ROOT / "policy" / "policy.json")
    safe = specgap("sql", "run-trace", "--policy", policy, "--db", str(db), *map(str, SAFE))
    assert safe.code == 0, safe.stderr
    lines = [json.loads(x) for x in safe.stdout.splitlines()]
    assert sum(x["ran"] for x in lines if x["tool"] == EXECUTE) == 3
    unsafe = specgap(
        "sql",
        "run-trace",
        "--policy",
        policy,
        "--db",
        str(db),
        "--format",
        "table",
        str(UNSAFE[0]),
    )
    assert unsafe.code == 1
    assert "not run" in unsafe.stdout
    missing = specgap("sql", "run-trace", "--policy", policy, "--db", str(db), "nope.json")
    assert missing.code == 2
    assert "missing-artifact" in missing.stderr


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        (
            "SELECT 1 FROM orders WHERE placed_at > now() - interval '7 days'",
            "DATETIME(CURRENT_TIMESTAMP, '-7 days')",
        ),
        (
            "SELECT 1 FROM orders WHERE placed_at < now() + interval '2 hours'",
            "DATETIME(CURRENT_TIMESTAMP, '+2 hours')",
        ),
        ("SELEC nonsense ((", "SELEC nonsense (("),
    ],
)
def test_postgres_queries_are_translated_for_sqlite(query: str, expected: str) -> None:
    assert expected in to_sqlite(query)


def test_the_warehouse_refuses_writes_even_if_asked(db: Path) -> None:
    from specgap.errors import SpecgapError

    before = digest(db)
    with pytest.raises(SpecgapError) as caught:
        Warehouse(db).execute("DELETE FROM products")
    assert caught.value.diagnostics[0].code == "sql-error"
    assert digest(db) == before
