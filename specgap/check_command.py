"""The `specgap check` command: its body, shared by the typer command (`specgap.cli`) and
a path that answers the common command lines without typer.

Typer is ~50 ms CPU of a `check` start-up of ~235 ms (its import, the whole command tree,
and a pydantic `TypeAdapter` per parameter; docs/check-speed.md). `main(argv)` reads
command lines of the plain shape `specgap [--debug] [--diagnostics-format F]
[--allow-outside] check --agent A [--policy P] [--config C] [--format F] [--trace-format F]
[--on-error M] [--skip G]... [--only G]... TRACE...` itself and runs the command body below;
anything else (`--help`, a repeated or unknown option, a value it does not know, shell
completion) returns None and the full CLI reads the command line as always. So does
anything that fails before the first event is read (a missing config, a missing or damaged
policy, an unknown agent): typer's command reads it again and reports it, so every error a
user can see comes from one place. A failure after that (an unwritable stdout, an internal
error) is reported by the CLI's own `handled`, imported then.
"""

from __future__ import annotations

import functools
import gc
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from specgap.clistream import emit, flush_stdout

if TYPE_CHECKING:
    from specgap.check import CheckResult
    from specgap.evaluate.engine import OnError, Verdict
    from specgap.ir import Bundle, Diagnostic

# the choices of the CLI's enums (`cli.CheckFormat`, `cli.OnErrorMode`; the trace formats
# are `specgap.evaluate.adapters.TRACE_FORMATS`); a test keeps them equal
CHECK_FORMATS = ("jsonl", "table")
ON_ERROR = ("default", "open", "closed")
VALUED = {
    "--agent": "agent",
    "--config": "config",
    "--policy": "policy",
    "--format": "fmt",
    "--trace-format": "trace_format",
    "--on-error": "on_error",
}
REPEATED = {"--skip": "skip", "--only": "only"}


def run_check(
    bundle: Bundle,
    agent: str,
    traces: list[str],
    *,
    fmt: str,
    trace_format: str,
    skip: list[str],
    only: list[str],
    on_error: OnError,
    undetermined: Verdict,
    render: Callable[[Diagnostic], str],
) -> CheckResult:
    """Decide every event of `traces` and print the decisions; diagnostics go to stderr,
    rendered by `render`. The caller has checked that the bundle has `agent`."""
    from specgap.check import check_traces
    from specgap.jsonline import LineBuffer
    from specgap.progress import progress

    interactive = "-" in traces
    # a pipe from a live agent wants each decision as it is made, a terminal each line as
    # it comes; into a file or a pipe, lines go a block at a time, even when Python's
    # buffering is off (`PYTHONUNBUFFERED`)
    lines = LineBuffer(emit, limit=1 if interactive or sys.stdout.isatty() else 256)
    out = functools.partial(emit, flush=True) if interactive else lines.add
    # a live agent on standard input gets its decisions as they come, with no bar
    with progress("checking traces", None, enabled=False if interactive else None) as done:
        try:
            return check_traces(
                bundle,
                agent,
                traces,
                fmt,
                out,
                trace_format=trace_format,
                report=lambda d: emit(render(d), err=True),
                skip=skip,
                only=only,
                on_error=on_error,
                undetermined=undetermined,
                progress=done,
            )
        finally:
            lines.flush()


def exit_code(result: CheckResult) -> int:
    """2 when an input could not be read, 1 on a finding (a deny, an unknown tool), else 0
    (`specgap.errors.ExitCode`)."""
    return 2 if result.errors else 1 if result.findings else 0


@dataclass
class Request:
    """A `check` command line the typer-free path runs."""

    traces: list[str]
    agent: str = ""
    config: str = ""
    policy: str = ""
    fmt: str = "jsonl"
    trace_format: str = "auto"
    on_error: str = "default"
    skip: list[str] | None = None
    only: list[str] | None = None
    debug: bool = False
    json_diagnostics: bool = False
    allow_outside: bool = False


def request_of(argv: list[str]) -> Request | None:
    """The request `argv` states, or None when typer should read it (see the module)."""
    words = list(argv)
    request = Request(traces=[])
    seen: set[str] = set()
    while words and words[0].startswith("-"):  # options of `specgap` itself
        word = words.pop(0)
        name, equals, value = word.partition("=")
        if name in seen:
            return None
        seen.add(name)
        if word == "--debug":
            request.debug = True
        elif word == "--allow-outside":
            request.allow_outside = True
        elif name == "--diagnostics-format":
            value = value if equals else (words.pop(0) if words else "")
            if value not in ("text", "json"):
                return None
            request.json_diagnostics = value == "json"
        else:
            return None
    if not words or words.pop(0) != "check":
        return None
    seen.clear()
    while words:
        word = words.pop(0)
        if word == "-" or not word.startswith("-"):
            request.traces.append(word)
            continue
        name, equals, value = word.partition("=")
        if name in VALUED or name in REPEATED:
            if not equals:
                if not words:
                    return None
                value = words.pop(0)
            if not value or value.startswith("-"):
                return None  # typer reads `--agent --x` as a value; leave such lines to it
            if name in REPEATED:
                held = getattr(request, REPEATED[name]) or []
                setattr(request, REPEATED[name], [*held, value])
                continue
            if name in seen:
                return None
            seen.add(name)
            setattr(request, VALUED[name], value)
        else:
            return None
    from specgap.evaluate.adapters import TRACE_FORMATS

    if (
        not request.traces
        or not request.agent
        or request.fmt not in CHECK_FORMATS
        or request.on_error not in ON_ERROR
        or request.trace_format not in TRACE_FORMATS
    ):
        return None
    return request


def main(argv: list[str]) -> int | None:
    """Run `specgap ARGV` when it is a plain `check` command line and its policy reads;
    the exit code, or None to hand the command line to the full CLI."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return 130  # as typer's main answers it, at any moment of the run


def _main(argv: list[str]) -> int | None:
    if "_SPECGAP_COMPLETE" in os.environ:  # typer's shell completion
        return None
    # nothing made while starting up (the imported modules, the bundle) is garbage: the
    # collector would only walk it again and again
    gc.disable()
    try:
        request = request_of(argv)
        if request is None:
            return None
        found = _bundle(request)
    finally:
        gc.enable()
    if found is None:
        return None
    bundle, undetermined = found
    gc.freeze()  # and move it out of the collector's sight for the rest of the run
    render = _renderer(request.json_diagnostics)
    try:
        try:
            result = run_check(
                bundle,
                request.agent,
                request.traces,
                fmt=request.fmt,
                trace_format=request.trace_format,
                skip=request.skip or [],
                only=request.only or [],
                on_error=request.on_error,  # type: ignore[arg-type]
                undetermined=undetermined,
                render=render,
            )
        finally:
            flush_stdout()
    except Exception as exc:
        return _failed(exc, request)
    return exit_code(result)


def _bundle(request: Request) -> tuple[Bundle, Verdict] | None:
    """The policy bundle and the project's undetermined verdict, as `cli.committed_bundle`
    finds them, when the bundle reads and has the agent; None leaves the reporting of what
    is wrong to the full CLI."""
    try:
        from specgap.policyfile import load_bundle

        undetermined: Verdict = "undetermined"
        if request.policy and not request.config:
            path = Path(request.policy)
        else:  # the project's config is read (its `out`, its undetermined verdict)
            import dataclasses

            from specgap.config import load_project

            config = Path(request.config) if request.config else None
            project = dataclasses.replace(load_project(config), allow_outside=request.allow_outside)
            if not project.config.agents:
                return None
            path = Path(request.policy) if request.policy else project.out
            undetermined = project.config.undetermined
        bundle = load_bundle(path, path.as_posix())
    except Exception:
        return None
    return (bundle, undetermined) if bundle.agent(request.agent) is not None else None


def _renderer(json_diagnostics: bool) -> Callable[[Diagnostic], str]:
    """`cli.render_diagnostic` under `--diagnostics-format`."""
    if json_diagnostics:
        from specgap.conventions import diagnostic_json

        return diagnostic_json
    return lambda d: d.render()


def _failed(exc: Exception, request: Request) -> int:
    """Report a failure during the run as the typer command would (`cli.handled`)."""
    import typer

    from specgap import cli

    cli._debug = request.debug
    cli._diagnostics_json = request.json_diagnostics
    cli._allow_outside = request.allow_outside

    def fail() -> None:
        raise exc

    try:
        cli.handled(fail)()
    except typer.Exit as done:
        return int(done.exit_code)
    return 2  # `handled` always exits on a failure
