"""`specgap serve` and `specgap sql seed | run-trace`, registered on the main typer app."""

from __future__ import annotations

import ipaddress
import json
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from specgap.cli import (
    CheckFormat,
    ConfigOpt,
    ExtractorMode,
    TraceFormat,
    _options,
    app,
    emit,
    handled,
)

if TYPE_CHECKING:
    from specgap.config import Project
    from specgap.errors import ExitCode, error
else:  # imported when a command runs: `specgap --help` stays fast
    from specgap.lazy import lazy

    ExitCode = lazy("specgap.errors", "ExitCode")
    error = lazy("specgap.errors", "error")

PolicyOpt = Annotated[
    Path | None, typer.Option("--policy", help="Policy bundle (default: the project's out).")
]
DbOpt = Annotated[
    Path | None,
    typer.Option("--db", help="SQLite warehouse (default: .specgap/warehouse.sqlite)."),
]


def _maybe_project(config: Path | None) -> Project | None:
    from specgap.doctor import find_project

    return find_project(config)


def _policy(project: Project | None, policy: Path | None) -> tuple[Path, str]:
    if policy is not None:
        return policy, policy.as_posix()
    if project is None:
        raise error(
            "missing-config",
            "no `specgap.toml` here or above, and no `--policy`",
            path="specgap.toml",
            help="run in a specgap project, or pass `--policy policy/policy.json`",
        )
    return project.out, project.rel(project.out)


def _db(project: Project | None, db: Path | None) -> Path:
    from specgap.sqlwarehouse import DEFAULT_DB

    if db is not None:
        return db
    return (project.root if project else Path.cwd()) / DEFAULT_DB


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@app.command("serve")
@handled
def serve_cmd(
    host: Annotated[str, typer.Option("--host", help="Address to bind.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="Port; 0 picks a free one.")
    ] = 8787,
    policy: PolicyOpt = None,
    config: ConfigOpt = None,
    watch: Annotated[
        bool, typer.Option("--watch", help="Rebuild the policy from sources on every save.")
    ] = False,
    token: Annotated[
        str | None,
        typer.Option(
            "--token",
            envvar="SPECGAP_TOKEN",
            help="Bearer token the API requires (needed to bind beyond loopback).",
        ),
    ] = None,
    max_body: Annotated[
        int, typer.Option("--max-body", min=1, help="Largest request body, in bytes.")
    ] = 1 << 20,
    db: DbOpt = None,
    extractor: Annotated[
        ExtractorMode | None, typer.Option("--extractor", help="Extractor of `--watch` rebuilds.")
    ] = None,
) -> None:
    """Serve the validation API, the SQL warehouse and the console over HTTP."""
    import uvicorn

    from specgap.serve.app import ServeConfig, create_app

    if not is_loopback(host) and not token:
        raise error(
            "token-required",
            f"binding to `{host}` exposes the API beyond this machine",
            path="<command line>",
            help="pass `--token` or set `SPECGAP_TOKEN`, or bind to 127.0.0.1",
        )
    project = _maybe_project(config)
    if watch and project is None:
        raise error(
            "missing-config",
            "`--watch` rebuilds from sources, and there is no `specgap.toml`",
            path="specgap.toml",
            help="run in a specgap project, or pass `--config`",
        )
    path, shown = _policy(project, policy)
    if watch and project is not None and path.resolve() != project.out.resolve():
        raise error(
            "watch-policy-mismatch",
            f"`--watch` rebuilds `{project.rel(project.out)}`, not `{shown}`",
            path="<command line>",
            help="leave out `--policy` with `--watch`, or set `out` in the project config",
        )
    settings = ServeConfig(
        policy=path,
        policy_display=shown,
        project=project,
        token=token or None,
        max_body=max_body,
        db=_db(project, db),
        watch=watch,
        options_for=(lambda p: _options(p, False, extractor, True)) if watch else None,
    )
    web = create_app(settings)
    sock = _listen(host, port)
    bound = sock.getsockname()[1]
    where = f"[{host.strip('[]')}]" if ":" in host else host
    emit(f"serving http://{where}:{bound}/ (policy {shown}); Ctrl-C stops", err=True)
    server = uvicorn.Server(uvicorn.Config(web, log_level="warning", access_log=False))
    with sock:
        server.run(sockets=[sock])


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound here so a busy port is a diagnostic (and `--port 0`
    picks a free one, printed)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM
        )[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise error(
            "cannot-listen",
            f"cannot listen on `{host}`: {exc.strerror or exc}",
            path="<command line>",
            help="pass `--host` an address of this machine, such as 127.0.0.1",
        ) from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise error(
            "cannot-listen",
            f"cannot listen on `{host}:{port}`: {exc.strerror or exc}",
            path="<command line>",
            help="pick another `--port` (or `--port 0` for any free one)",
        ) from None
    return sock


sql_app = typer.Typer(
    name="sql",
    help="The `sql` agent's SQLite warehouse: seed it, replay traces through the guard.",
    no_args_is_help=True,
    rich_markup_mode=None,  # plain help, as `specgap --help` (see cli.py)
)
app.add_typer(sql_app, name="sql")


@sql_app.command("seed")
@handled
def sql_seed_cmd(
    db: DbOpt = None,
    config: ConfigOpt = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing warehouse.")] = False,
) -> None:
    """Create the warehouse: customers, orders, products, and an unapproved `payments`."""
    from specgap.sqlwarehouse import seed

    path = _db(_maybe_project(config), db)
    counts = seed(path, force=force)
    detail = ", ".join(f"{table} {n}" for table, n in counts.items())
    emit(f"wrote {path.as_posix()}: {detail} rows")


@sql_app.command("run-trace")
@handled
def sql_run_trace_cmd(
    traces: Annotated[list[str], typer.Argument(help="Trace files, or - for standard input.")],
    agent: Annotated[str, typer.Option("--agent", help="Agent whose policy applies.")] = "sql",
    policy: PolicyOpt = None,
    config: ConfigOpt = None,
    db: DbOpt = None,
    trace_format: Annotated[
        TraceFormat, typer.Option("--trace-format", help="Input format (default: sniffed).")
    ] = TraceFormat.auto,
    fmt: Annotated[CheckFormat, typer.Option("--format", help="Output format.")] = (
        CheckFormat.jsonl
    ),
) -> None:
    """Replay traces for real: each call is decided, allowed SQL runs on the warehouse.
    Exit 1 when any call was denied, 2 on bad input."""
    from specgap.evaluate.adapters import read_paths
    from specgap.guard import Guard, load_policy
    from specgap.ir import Diagnostic
    from specgap.sqlrun import run_steps
    from specgap.sqlwarehouse import Warehouse

    project = _maybe_project(config)
    path, _ = _policy(project, policy)
    undetermined = project.config.undetermined if project else "undetermined"
    guard = Guard(load_policy(path), agent, undetermined=undetermined)
    warehouse = Warehouse(_db(project, db))
    warehouse.require()
    errors: list[Diagnostic] = []

    def report(d: Diagnostic) -> None:
        emit(d.render(), err=True)
        if d.severity == "error":
            errors.append(d)

    steps = read_paths(traces, guard.registry, fmt=trace_format.value, report=report)
    denied = 0
    shown: str | None = None
    for ran in run_steps(guard, warehouse, steps):
        denied += ran.decision.blocked
        if fmt == CheckFormat.table and ran.trace != shown:
            shown = ran.trace
            emit(f"== {shown}")
        if fmt == CheckFormat.jsonl:
            emit(json.dumps(ran.as_json(), sort_keys=True, ensure_ascii=False))
        elif ran.decision.name is not None:
            d = ran.decision
            what = "not run" if not ran.ran else "error" if ran.error else _size(ran.output)
            reasons = "; ".join(f"{h.policy}: {h.reason}" for h in d.hits if h.effect != "observe")
            emit(f"{d.verdict:<8} {d.name:<16} {what:<10} {reasons}".rstrip())
        if ran.error is not None:
            emit(ran.error.render(), err=True)
    if errors:
        raise typer.Exit(ExitCode.ERROR)
    if denied:
        raise typer.Exit(ExitCode.FINDINGS)


def _size(output: object) -> str:
    if isinstance(output, dict) and isinstance(output.get("rows"), list):
        return f"{len(output['rows'])} rows"
    return "ran"
