"""The ASGI app of `specgap serve`: the validation API, the SQL warehouse and the console.

`create_app(ServeConfig(...))` loads the policy (a bad bundle at start-up raises
`SpecgapError`), and returns a FastAPI app whose lifespan watches the policy file (and, with
`watch`, rebuilds it from sources as `specgap watch` does). Routes are in `routes` and
`routes_sql`; errors become the JSON of `problems`.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import anyio
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from specgap import __version__
from specgap.config import Project
from specgap.errors import SpecgapError
from specgap.ir import Diagnostic
from specgap.pipeline import Options
from specgap.serve.gate import Gate
from specgap.serve.problems import (
    BODY_KEY,
    REQUEST,
    body_diagnostics,
    problem_body,
    request_diagnostics,
)
from specgap.serve.sessions import Sessions
from specgap.serve.state import PolicyHolder
from specgap.sqlwarehouse import DEFAULT_DB, Warehouse

STATIC = Path(__file__).parent / "static"
MAX_BODY = 1 << 20


def _stderr(line: str) -> None:
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


@dataclass
class ServeConfig:
    """What `specgap serve` was given. `project` is optional: without one the server enforces
    a bundle, and the routes that need sources (`/api/evaluate`, bundled traces) say so."""

    policy: Path
    policy_display: str
    project: Project | None = None
    token: str | None = None
    max_body: int = MAX_BODY
    db: Path = DEFAULT_DB
    watch: bool = False  # rebuild the policy from sources on every save
    options_for: Callable[[Project], Options] | None = None  # for `watch`
    reload: bool = True  # follow changes of the policy file
    log: Callable[[str], None] = field(default=_stderr)


def create_app(config: ServeConfig) -> FastAPI:
    undetermined = config.project.config.undetermined if config.project else "undetermined"
    holder = PolicyHolder(
        config.policy, config.policy_display, undetermined=undetermined, on_change=config.log
    )
    holder.load_first()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        stop = threading.Event()
        tasks = []
        if config.reload:
            tasks.append(asyncio.create_task(_follow(holder, stop)))
        builder = _start_watch(config, stop) if config.watch else None
        try:
            yield
        finally:
            stop.set()
            for task in tasks:
                task.cancel()
            if builder is not None:
                await anyio.to_thread.run_sync(builder.join, 5.0)

    app = FastAPI(
        title="specgap",
        version=__version__,
        description="Decisions of a compiled specgap policy over HTTP, a SQLite warehouse "
        "behind the guard, and a console.",
        lifespan=lifespan,
        docs_url=None,  # the Swagger page loads scripts from a CDN; /openapi.json is enough
        redoc_url=None,
    )
    app.state.config = config
    app.state.holder = holder
    app.state.sessions = Sessions()
    app.state.warehouse = Warehouse(config.db)
    app.state.evaluations = {}
    _handlers(app)
    from specgap.serve import routes, routes_sql

    app.include_router(routes.hot)
    app.include_router(routes.router)
    app.include_router(routes_sql.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(Gate, token=config.token, max_body=config.max_body)
    return app


async def _follow(holder: PolicyHolder, stop: threading.Event) -> None:
    """Reload the policy whenever its file changes (checked on every file event, and at
    least once a second in case a watcher misses an editor's rename)."""
    from watchfiles import awatch

    folder = holder.path.resolve().parent
    target = str(holder.path.resolve())
    try:
        async for _ in awatch(
            folder,
            watch_filter=lambda _, path: path == target,
            stop_event=stop,  # type: ignore[arg-type]
            rust_timeout=1000,
            yield_on_timeout=True,
            recursive=False,
            debounce=50,
            step=20,
        ):
            await anyio.to_thread.run_sync(holder.refresh)
    except (OSError, RuntimeError) as exc:  # no watcher here: poll instead
        holder.on_change(f"watching {holder.display} failed ({exc}); polling every second")
        while not stop.is_set():
            await anyio.to_thread.run_sync(holder.refresh)
            await asyncio.sleep(1.0)


def _start_watch(config: ServeConfig, stop: threading.Event) -> threading.Thread:
    """`specgap watch` in a thread: its Session rewrites the policy, `_follow` reloads it."""
    from specgap.watch import Session, watch

    assert config.project is not None
    assert config.options_for is not None
    session = Session(config.project.path, config.options_for, config.log, config.log)

    def run() -> None:
        try:
            watch(session, stop=stop)
        except Exception as exc:  # the server goes on with the last policy
            config.log(f"<internal>:1:1: internal-error: watch stopped: {exc}")

    thread = threading.Thread(target=run, name="specgap-watch", daemon=True)
    thread.start()
    return thread


def _handlers(app: FastAPI) -> None:
    @app.exception_handler(SpecgapError)
    async def bad_input(request: Request, exc: SpecgapError) -> JSONResponse:
        body = problem_body(exc.diagnostics)
        return JSONResponse(body, status_code=body["error"]["status"])

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        found = request_diagnostics(request.scope.get(BODY_KEY), exc.errors())
        return JSONResponse(problem_body(found, 422), status_code=422)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        code = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code, "http-error")
        message = {
            404: f"there is no `{request.url.path}`",
            405: f"`{request.url.path}` does not take `{request.method}`",
        }.get(exc.status_code, str(exc.detail).lower())
        if exc.status_code == 400:  # the body did not parse: say where, as the CLI would
            located = body_diagnostics(request.scope.get(BODY_KEY, b""))
            if located:
                return JSONResponse(problem_body(located, 422), status_code=422)
        found = Diagnostic(code=code, message=message, path=REQUEST, help="see /openapi.json")
        return JSONResponse(problem_body([found], exc.status_code), status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        found = Diagnostic(
            code="internal-error",
            message=f"{type(exc).__name__}: {exc}",
            path="<internal>",
            help="this is a bug in specgap; the server log has the traceback",
        )
        return JSONResponse(problem_body([found], 500), status_code=500)
