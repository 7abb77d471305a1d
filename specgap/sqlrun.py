"""Replaying the `sql` agent's traces for real: the guard decides each call, and only an
allowed `sql.execute` / `sql.schema_lookup` call then runs against the SQLite warehouse.

A blocked call never reaches the database. An allowed call's real output (rows, or the
schema) is recorded in the guard, so later decisions of the trace see what actually ran.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from specgap.check import decision_data
from specgap.errors import SpecgapError
from specgap.evaluate.adapters.base import Step
from specgap.evaluate.engine import BLOCKING, Decision
from specgap.events import ToolCall
from specgap.guard import Guard
from specgap.ir import Diagnostic
from specgap.sqlwarehouse import Warehouse

EXECUTE = "sql.execute"
SCHEMA_LOOKUP = "sql.schema_lookup"
TOOLS = (EXECUTE, SCHEMA_LOOKUP)


@dataclass(frozen=True)
class Ran:
    """One event of a replayed trace: the decision, and what running the call gave."""

    trace: str
    decision: Decision
    ran: bool = False
    output: Any = None
    error: Diagnostic | None = None

    def as_json(self) -> dict[str, Any]:
        from specgap.serve.problems import diagnostic_json

        data = decision_data(self.trace, self.decision)
        data["ran"] = self.ran
        data["output"] = self.output
        data["sql_error"] = diagnostic_json(self.error) if self.error else None
        return data


def call(warehouse: Warehouse, event: ToolCall) -> Any:
    """Run one call of the agent's tools on the warehouse; raises SpecgapError (`sql-error`)."""
    args = event.args
    if event.tool == EXECUTE:
        query = args.get("query")
        if not isinstance(query, str) or not query.strip():
            raise _bad_args("`query` must be a non-empty string")
        timeout = args.get("timeout_seconds")
        if timeout is not None and not isinstance(timeout, int | float):
            raise _bad_args("`timeout_seconds` must be a number")
        return warehouse.execute(query, float(timeout) if timeout else None).as_json()
    table = args.get("table")
    if table is not None and not isinstance(table, str):
        raise _bad_args("`table` must be a string")
    return warehouse.schema_lookup(table)


def _bad_args(message: str) -> SpecgapError:
    return SpecgapError([Diagnostic(code="sql-error", message=message, path="<warehouse>")])


def run_steps(guard: Guard, warehouse: Warehouse, steps: Iterable[Step]) -> Iterator[Ran]:
    """Decide every event; run the allowed calls of the warehouse's tools, record their output."""
    for key, event in steps:
        if event is None:
            guard.end(key)
            continue
        decision = guard.check(event, trace=key)
        if not isinstance(event, ToolCall) or event.tool not in TOOLS:
            yield Ran(key, decision)
            continue
        if decision.action in BLOCKING:
            yield Ran(key, decision)  # never reaches the database
            continue
        try:
            output = call(warehouse, event)
        except SpecgapError as exc:
            guard.record(None, trace=key, call_id=event.call_id, is_error=True)
            yield Ran(key, decision, ran=True, error=exc.diagnostics[0])
            continue
        guard.record(output, trace=key, call_id=event.call_id)
        yield Ran(key, decision, ran=True, output=output)
