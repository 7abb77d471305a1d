"""`specgap audit`, registered on the main typer app (see `specgap.audit`)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from specgap.cli import (
    CheckFormat,
    ConfigOpt,
    OnErrorMode,
    TraceFormat,
    _project,
    app,
    emit,
    handled,
    render_diagnostic,
)


class AuditEngine(StrEnum):
    local = "local"
    dask = "dask"
    ray = "ray"


@app.command("audit")
@handled
def audit_cmd(
    traces: Annotated[
        list[str], typer.Argument(help="Trace files, or folders of them (.json, .jsonl).")
    ],
    agent: Annotated[str, typer.Option("--agent", help="Agent whose policy applies.")],
    config: ConfigOpt = None,
    policy: Annotated[
        Path | None, typer.Option("--policy", help="Policy bundle (default: the project's out).")
    ] = None,
    trace_format: Annotated[
        TraceFormat, typer.Option("--trace-format", help="Input format (default: sniffed).")
    ] = TraceFormat.auto,
    fmt: Annotated[
        CheckFormat, typer.Option("--format", help="Output format.")
    ] = CheckFormat.jsonl,
    skip: Annotated[
        list[str] | None, typer.Option("--skip", help="Tool glob never checked (repeatable).")
    ] = None,
    only: Annotated[
        list[str] | None, typer.Option("--only", help="Check only tools matching (repeatable).")
    ] = None,
    on_error: Annotated[
        OnErrorMode,
        typer.Option("--on-error", help="Internal check errors: closed, open, or by enforcement."),
    ] = OnErrorMode.default,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=0, help="Worker processes (default 0: every core).")
    ] = 0,
    engine: Annotated[
        AuditEngine,
        typer.Option("--engine", help="Where to run: this machine, a Dask or a Ray cluster."),
    ] = AuditEngine.local,
    address: Annotated[
        str | None,
        typer.Option("--address", help="The Dask scheduler or Ray head (default: start one)."),
    ] = None,
) -> None:
    """Decide a corpus of traces as `check` does, on every core or a cluster; print the
    findings (denied, flagged, unreadable events) and a summary; exit 1 on any finding."""
    from specgap.api import load_bundle
    from specgap.audit import audit
    from specgap.errors import ExitCode

    project = _project(config) if policy is None or config is not None else None
    bundle_path = policy if policy is not None else project.out if project else Path()
    bundle = load_bundle(bundle_path, bundle_path.as_posix())
    result = audit(
        bundle,
        agent,
        traces,
        emit,
        fmt=fmt.value,
        trace_format=trace_format.value,
        skip=skip or (),
        only=only or (),
        on_error=on_error.value,
        undetermined=project.config.undetermined if project else "undetermined",
        jobs=jobs or None,
        engine=engine.value,
        address=address,
        report=lambda d: emit(render_diagnostic(d), err=True),
    )
    if result.errors:
        raise typer.Exit(ExitCode.ERROR)
    if result.findings:
        raise typer.Exit(ExitCode.FINDINGS)
