"""The SQL dialect is a setting of the tool in the registry: it reaches the compiled policy
and the guard reads queries in it; left unset, the strict generic dialect applies."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import specgap

from specgap.guard import Guard, load_policy
from specgap.operators.sqlfacets import read_sql
from specgap.operators.values import UnreadableValue

LOOKUP = {"name": "schema_lookup", "args": {"table": "orders"}}


def _guard(project: Path) -> Guard:
    return Guard(load_policy(project / "policy" / "policy.json"), agent="sql")


def _denied(guard: Guard, query: str) -> bool:
    guard.check(LOOKUP, executed=True)
    return guard.check({"name": "execute_sql", "args": {"query": query}}).blocked


@pytest.mark.parametrize(
    ("dialect", "query", "denied"),
    [
        ("mysql", "SELECT id FROM `orders` LIMIT 5", False),
        ("mysql", "SELECT id FROM `secrets` LIMIT 5", True),
        ("mysql", "SELECT id FROM orders LIMIT 5, 1000", True),
        (None, "SELECT id FROM `orders` LIMIT 5", True),  # strict: backticks do not parse
        ("postgres", "SELECT id FROM orders LIMIT 5", False),
    ],
)
def test_registry_dialect_reaches_the_guard(
    project_dir: Path, dialect: str | None, query: str, denied: bool
) -> None:
    if dialect is not None:
        registry = project_dir / "registries" / "sql.yaml"
        text = registry.read_text()
        for facet in ("sql_tables", "sql_limit", "sql_verb"):
            text = text.replace(f"extract: {facet}}}", f"extract: {facet}, dialect: {dialect}}}")
        registry.write_text(text)
    build = specgap("build", cwd=project_dir)
    assert build.code == 0, build.stderr
    assert _denied(_guard(project_dir), query) is denied


def test_unknown_dialect_fails_the_build_and_denies_at_run_time(project_dir: Path) -> None:
    registry = project_dir / "registries" / "sql.yaml"
    text = registry.read_text()
    registry.write_text(
        text.replace("extract: sql_limit}", "extract: sql_limit, dialect: klingon}")
    )
    build = specgap("build", cwd=project_dir)
    assert build.code == 2
    assert "unknown-sql-dialect" in build.stderr
    assert "registries/sql.yaml:" in build.stderr
    with pytest.raises(UnreadableValue, match="unknown SQL dialect `klingon`"):
        read_sql("SELECT 1 LIMIT 1", "klingon")  # were it compiled anyway: denied at run time
