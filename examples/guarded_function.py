"""`@guarded(guard)` on plain Python tool functions (no framework).

The first `execute_sql` comes before any `schema_lookup`, which the SQL agent's prompt
forbids: it does not run, and the function returns the guard's message instead.
"""

from __future__ import annotations

from pathlib import Path

from specgap import Guard
from specgap.integrations.decorator import guarded

POLICY = Path(__file__).resolve().parent.parent / "policy" / "policy.json"
guard = Guard(POLICY, agent="sql")


@guarded(guard)
def schema_lookup(table: str | None = None) -> str:
    return "customers(id, name), orders(id, customer_id, total)"


@guarded(guard)
def execute_sql(query: str) -> str:
    return f"ran: {query}"


if __name__ == "__main__":
    print(execute_sql("SELECT count(*) FROM orders"))  # blocked: no schema lookup yet
    print(schema_lookup())
    print(execute_sql("SELECT count(*) FROM orders"))  # allowed now
    print(execute_sql("DELETE FROM orders"))  # blocked: a destructive statement
