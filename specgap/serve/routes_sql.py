"""The warehouse routes: `sql.execute` calls decided by the guard, and only then run."""

from __future__ import annotations

from typing import Any

import anyio
from fastapi import APIRouter, Request

from specgap.check import decision_data
from specgap.errors import SpecgapError
from specgap.evaluate.engine import BLOCKING
from specgap.guard import Guard
from specgap.serve.models import SqlExecute, SqlRunTrace
from specgap.serve.problems import diagnostic_json
from specgap.serve.routes import (
    body_of,
    decide_once,
    decide_session,
    holder_of,
    request_steps,
    steer,
)
from specgap.sqlrun import EXECUTE, run_steps
from specgap.sqlwarehouse import Warehouse

router = APIRouter(tags=["sql"])


@router.post("/api/sql/execute")
async def sql_execute(request: Request, body: SqlExecute) -> dict[str, Any]:
    """Decide one `sql.execute` call; only an allowed one runs, read-only, on the warehouse."""
    warehouse: Warehouse = request.app.state.warehouse
    warehouse.require()
    loaded = holder_of(request).current
    guard = loaded.guard(body.agent)
    args: dict[str, Any] = {"query": body.query}
    if body.timeout_seconds is not None:
        args["timeout_seconds"] = body.timeout_seconds
    event = {"type": "tool_call", "name": EXECUTE, "args": args}
    raw = body_of(request)
    if body.session is None:
        decision = decide_once(guard, raw, body.prior_events, event)
    else:
        decision = decide_session(
            request, loaded, raw, body.session, body.agent, body.prior_events, event
        )
    answer: dict[str, Any] = {
        "agent": body.agent,
        "policy": loaded.tag,
        "session": body.session,
        "blocked": decision.blocked,
        "decision": decision_data("request", decision),
        "steer": steer(decision, "mcp"),
        "ran": False,
        "output": None,
        "sql_error": None,
    }
    if decision.action in BLOCKING:
        return answer  # the database never sees it
    answer["ran"] = True
    try:
        rows = await anyio.to_thread.run_sync(warehouse.execute, body.query, body.timeout_seconds)
    except SpecgapError as exc:
        answer["sql_error"] = diagnostic_json(exc.diagnostics[0])
        output: Any = None
    else:
        output = answer["output"] = rows.as_json()
    if body.session is not None:
        from specgap.serve import sessions as session_ops

        session = request.app.state.sessions.get(body.session, body.agent, create=False)
        session_ops.record(
            session, loaded, output, call_id=None, is_error=answer["sql_error"] is not None
        )
    return answer


@router.post("/api/sql/run-trace")
async def sql_run_trace(request: Request, body: SqlRunTrace) -> dict[str, Any]:
    """Replay a trace for real: each call decided, the allowed ones run on the warehouse."""
    warehouse: Warehouse = request.app.state.warehouse
    warehouse.require()
    holder = holder_of(request)
    loaded = holder.current
    shared = loaded.guard(body.agent)  # an unknown agent fails before any work
    key = "events" if body.events is not None else "trace"
    value = body.events if body.events is not None else body.trace
    steps, warnings = request_steps(body_of(request), key, value, shared, body.format)
    # a Guard of its own: the replay runs in a worker thread, apart from other requests
    guard = Guard(loaded.bundle, body.agent, undetermined=holder.undetermined)

    def replay() -> list[dict[str, Any]]:
        return [ran.as_json() for ran in run_steps(guard, warehouse, steps)]

    events = await anyio.to_thread.run_sync(replay)
    denied = sum(e["verdict"] == "deny" for e in events)
    return {
        "agent": body.agent,
        "policy": loaded.tag,
        "events": len(events),
        "denied": denied,
        "ran": sum(e["ran"] for e in events),
        "blocked": denied > 0,
        "decisions": events,
        "diagnostics": [diagnostic_json(d) for d in warnings],
    }
