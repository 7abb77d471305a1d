"""`specgap audit`, registered on the main typer app (see `specgap.audit`)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from specgap.cli import (
    CheckAgentOpt,
    CheckFormat,
    CheckFormatOpt,
    ConfigOpt,
    OnErrorMode,
    OnErrorOpt,
    OnlyOpt,
    PolicyOpt,
    SkipOpt,
    TraceFormat,
    TraceFormatOpt,
    app,
    committed_bundle,
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
    agent: CheckAgentOpt,
    config: ConfigOpt = None,
    policy: PolicyOpt = None,
    trace_format: TraceFormatOpt = TraceFormat.auto,
    fmt: CheckFormatOpt = CheckFormat.jsonl,
    skip: SkipOpt = None,
    only: OnlyOpt = None,
    on_error: OnErrorOpt = OnErrorMode.default,
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
    from specgap.audit import audit
    from specgap.errors import ExitCode

    project, _, bundle = committed_bundle(config, policy)
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
