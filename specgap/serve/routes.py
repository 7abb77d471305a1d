"""The policy and validation routes. Handlers are `async` and never await between taking
the policy snapshot and answering, so one request sees one policy and one Guard state."""

from __future__ import annotations

import io
import itertools
import json
from typing import Any

import anyio
from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse, Response
from pydantic import ValidationError

from specgap.check import decision_data
from specgap.errors import SpecgapError
from specgap.evaluate.adapters.base import Context, Step
from specgap.evaluate.adapters.reader import read_steps
from specgap.evaluate.engine import BLOCKING, Decision
from specgap.formats import parse_json
from specgap.guard import Guard
from specgap.ir import Diagnostic
from specgap.positions import TextIndex
from specgap.serve import sessions as session_ops
from specgap.serve.models import RecordResult, SteerFormat, ValidateEvent, ValidateTrace
from specgap.serve.problems import (
    BODY_KEY,
    REQUEST,
    body_diagnostics,
    diagnostic_json,
    one,
    request_diagnostics,
    value_text,
)
from specgap.serve.state import Loaded, PolicyHolder

router = APIRouter()
hot = APIRouter()  # included first: routes are matched in order, and this one is the busiest
_requests = itertools.count()


def holder_of(request: Request) -> PolicyHolder:
    holder: PolicyHolder = request.app.state.holder
    return holder


def body_of(request: Request) -> bytes:
    body: bytes = request.scope.get(BODY_KEY, b"")
    return body


@router.get("/", include_in_schema=False)
async def console() -> FileResponse:
    from specgap.serve.app import STATIC

    return FileResponse(STATIC / "index.html", media_type="text/html")


@router.get("/healthz", tags=["server"])
async def healthz(request: Request) -> dict[str, Any]:
    """Liveness: the server answers and has a policy in force."""
    version = holder_of(request).version()
    return {"status": "ok", "policy": version["status"], "revision": version["revision"]}


@router.get("/api/policy", tags=["policy"])
async def policy(request: Request) -> Response:
    """The compiled bundle in force (what `specgap build` wrote)."""
    loaded = holder_of(request).current
    return Response(bundle_text(loaded), media_type="application/json")


_texts: dict[str, str] = {}


def bundle_text(loaded: Loaded) -> str:
    text = _texts.get(loaded.sha256)
    if text is None:
        _texts.clear()
        text = _texts[loaded.sha256] = loaded.bundle.to_json()
    return text


@router.get("/api/policy/version", tags=["policy"])
async def policy_version(request: Request) -> dict[str, Any]:
    """Hash, revision and build time of the policy in force; `status` is `stale` and
    `failed` says why when the file changed but does not load (the last good one stays)."""
    return holder_of(request).version()


@router.get("/api/evaluate", tags=["policy"])
async def evaluate(request: Request, agent: str | None = Query(default=None)) -> Response:
    """The mutation evaluation of the project's traces, as `specgap eval --format json`."""
    from specgap.serve.evaluation import evaluation

    text = await evaluation(request.app, agent)
    return Response(text, media_type="application/json")


@router.get("/api/traces", tags=["policy"])
async def traces(request: Request) -> list[dict[str, Any]]:
    """The project's bundled traces (safe and unsafe, per agent), for the console."""
    from specgap.serve.evaluation import bundled_traces

    return bundled_traces(request.app.state.config.project)


@router.get("/api/llm/health", tags=["server"])
async def llm_health(request: Request) -> dict[str, Any]:
    """What `specgap doctor` checks (Ollama reachable, model present, a smoke extraction)."""
    from specgap.doctor import run_doctor

    project = request.app.state.config.project
    report = await anyio.to_thread.run_sync(run_doctor, project)
    s = report.settings
    return {
        "ok": report.ok,
        "model": s.model,
        "host": s.shown_host,
        "timeout": s.timeout,
        "checks": [
            {"name": c.name, "status": c.status, "detail": c.detail, "help": c.help}
            for c in report.checks
        ],
    }


def steer(decision: Decision, fmt: SteerFormat) -> dict[str, Any] | None:
    """The message for the model when the call is blocked or ran with warnings."""
    warned = any(h.effect in ("warn", "log") for h in decision.hits)
    if decision.action not in BLOCKING and not warned:
        return None
    if fmt == "openai":
        return decision.to_openai_message()
    if fmt == "anthropic":
        return decision.to_anthropic_block()
    return decision.to_mcp_result()


def located(body: bytes, pointer: str, exc: SpecgapError) -> SpecgapError:
    """Diagnostics without a span, placed at `pointer` of the request body."""
    text = body.decode("utf-8", "replace")
    try:
        _, ranges = parse_json(text, REQUEST)
    except SpecgapError:
        return exc
    start, end = ranges.get(pointer, (0, 0))
    span = TextIndex(REQUEST, text).span(start, end)
    return SpecgapError(
        d if d.span else d.model_copy(update={"span": span, "path": None}) for d in exc.diagnostics
    )


def decide_once(guard: Guard, body: bytes, prior: list[Any], event: Any) -> Decision:
    """Replay `prior` as history that ran, then decide `event`, in a trace of its own."""
    key = f"request:{next(_requests)}"
    try:
        for n, value in enumerate(prior):
            try:
                guard.check(value, trace=key, executed=True)
            except SpecgapError as exc:
                raise located(body, f"/prior_events/{n}", exc) from None
        try:
            return guard.check(event, trace=key)
        except SpecgapError as exc:
            raise located(body, "/event", exc) from None
    finally:
        guard.end(key)


def decide_session(
    request: Request,
    loaded: Loaded,
    body: bytes,
    req_session: str,
    agent: str,
    prior: list[Any],
    event: Any,
) -> Decision:
    sessions = request.app.state.sessions
    session = sessions.get(req_session, agent, create=True)
    for n, value in enumerate(prior):
        try:
            session_ops.decide(session, loaded, value, executed=True)
        except SpecgapError as exc:
            raise located(body, f"/prior_events/{n}", exc) from None
    try:
        return session_ops.decide(session, loaded, event)
    except SpecgapError as exc:
        raise located(body, "/event", exc) from None


class FastJSON(Response):
    """JSON written by `json.dumps` straight away: the hot route skips FastAPI's encoder,
    which walks every value again and costs more than the decision itself."""

    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode()


def _body_schema(model: type[ValidateEvent]) -> dict[str, Any]:
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


@hot.post(
    "/api/validate/event",
    tags=["validate"],
    response_class=FastJSON,
    openapi_extra=_body_schema(ValidateEvent),
)
async def validate_event(request: Request) -> Any:
    """One decision for one event, before the tool runs."""
    # the body is validated here rather than by FastAPI: on the busiest route its
    # dependency machinery cost as much as the decision (same model, same diagnostics)
    raw = body_of(request)
    try:
        body = ValidateEvent.model_validate_json(raw)
    except ValidationError as exc:
        found = body_diagnostics(raw) or request_diagnostics(raw, exc.errors())
        raise SpecgapError(found) from None
    loaded = holder_of(request).current
    guard = loaded.guard(body.agent)
    if body.session is None:
        decision = decide_once(guard, raw, body.prior_events, body.event)
        trace = "request"
    else:
        decision = decide_session(
            request, loaded, raw, body.session, body.agent, body.prior_events, body.event
        )
        trace = f"session:{body.session}"
    return FastJSON(
        {
            "agent": body.agent,
            "policy": loaded.tag,
            "session": body.session,
            "blocked": decision.blocked,
            "action": decision.action,
            "decision": decision_data(trace, decision),
            "steer": steer(decision, body.steer_format),
        }
    )


@router.post("/api/sessions/{session_id}/result", tags=["validate"])
async def session_result(request: Request, session_id: str, body: RecordResult) -> dict[str, Any]:
    """The output of the session's latest allowed call, so later checks see it."""
    loaded = holder_of(request).current
    session = request.app.state.sessions.get(session_id, None, create=False)
    session_ops.record(session, loaded, body.result, call_id=body.call_id, is_error=body.is_error)
    return {"session": session_id, "recorded": True, "events": len(session.history)}


@router.delete("/api/sessions/{session_id}", tags=["validate"])
async def end_session(request: Request, session_id: str) -> dict[str, Any]:
    """Forget a finished conversation."""
    request.app.state.sessions.end(session_id)
    return {"session": session_id, "ended": True}


def request_steps(
    body: bytes, key: str, value: Any, guard: Guard, fmt: str
) -> tuple[list[Step], list[Diagnostic]]:
    """The trace in the request read by the adapters, diagnostics located in the body."""

    text = value_text(body, key)
    if text is None:  # cannot happen for a body pydantic accepted; stay correct anyway
        text = json.dumps(value)
    found: list[Diagnostic] = []
    ctx = Context(guard.registry, found.append)
    steps = list(read_steps(io.BytesIO(text.encode("utf-8")), REQUEST, ctx, fmt))
    if any(d.severity == "error" for d in found):
        raise SpecgapError(found)
    if not any(event is not None for _, event in steps):
        raise one(
            "no-events",
            "the request holds no events",
            help="send `events` as a list in any trace format, or `trace` as a document",
        )
    return steps, found


@router.post("/api/validate/trace", tags=["validate"])
async def validate_trace(request: Request, body: ValidateTrace) -> dict[str, Any]:
    """One decision per event of a whole trace, replayed as a log of what ran."""
    holder = holder_of(request)
    loaded = holder.current
    loaded.guard(body.agent)  # an unknown agent fails before any work
    key = "events" if body.events is not None else "trace"
    value = body.events if body.events is not None else body.trace
    raw = body_of(request)

    def replay() -> tuple[list[dict[str, Any]], list[Diagnostic]]:
        # in a worker thread with a Guard of its own: a long trace never holds up the
        # event loop, where single decisions are answered
        guard = Guard(loaded.bundle, body.agent, undetermined=holder.undetermined)
        steps, warnings = request_steps(raw, key, value, guard, body.format)
        decisions = [
            decision_data(trace, guard.check(event, trace=trace, executed=True))
            for trace, event in steps
            if event is not None
        ]
        return decisions, warnings

    decisions, warnings = await anyio.to_thread.run_sync(replay)
    denied = sum(d["verdict"] == "deny" for d in decisions)
    return {
        "agent": body.agent,
        "policy": loaded.tag,
        "events": len(decisions),
        "denied": denied,
        "blocked": denied > 0,
        "decisions": decisions,
        "diagnostics": [diagnostic_json(d) for d in warnings],
    }
