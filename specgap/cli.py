"""The command line: a thin shell over `specgap.api`. Parsing, printing and exit codes only."""

from __future__ import annotations

import dataclasses
import functools
import traceback
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from specgap import __version__
from specgap.clistream import emit as emit
from specgap.clistream import flush_stdout as _flush_stdout

# The compiler is imported when a command runs, not when the CLI starts (`--help` stays
# fast): these names are bound lazily, the real imports are for the type checker.
if TYPE_CHECKING:
    from specgap.api import (
        build,
        bundle_schema,
        is_strict_finding,
        keep_answers,
        load_bundle,
        model_added_nothing,
        update_lock,
        write_atomic,
    )
    from specgap.config import Project, load_project
    from specgap.confine import hold_build_lock
    from specgap.errors import ExitCode, error
    from specgap.ir import Bundle, Diagnostic
    from specgap.jsontext import bundle_text
    from specgap.pipeline import Options
    from specgap.weakening import weakened_since_committed
else:
    from specgap.lazy import lazy

    build = lazy("specgap.api", "build")
    bundle_schema = lazy("specgap.api", "bundle_schema")
    is_strict_finding = lazy("specgap.api", "is_strict_finding")
    keep_answers = lazy("specgap.api", "keep_answers")
    load_bundle = lazy("specgap.policyfile", "load_bundle")
    model_added_nothing = lazy("specgap.api", "model_added_nothing")
    update_lock = lazy("specgap.api", "update_lock")
    write_atomic = lazy("specgap.api", "write_atomic")
    load_project = lazy("specgap.config", "load_project")
    hold_build_lock = lazy("specgap.confine", "hold_build_lock")
    ExitCode = lazy("specgap.errors", "ExitCode")
    error = lazy("specgap.errors", "error")
    Diagnostic = lazy("specgap.ir", "Diagnostic")
    bundle_text = lazy("specgap.jsontext", "bundle_text")
    Options = lazy("specgap.pipeline", "Options")
    weakened_since_committed = lazy("specgap.weakening", "weakened_since_committed")

app = typer.Typer(
    name="specgap",
    help="Mine the rules an agent is told, compile them to policy, and prove them on traces.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    # plain help: typer's rich help imports rich's markdown, syntax and traceback
    # modules (~70 ms), half of `specgap --help`
    rich_markup_mode=None,
)
F = TypeVar("F", bound=Callable[..., Any])
_debug = False
_allow_outside = False
_diagnostics_json = False  # --diagnostics-format json


def print_diagnostics(
    diagnostics: tuple[Diagnostic, ...] | list[Diagnostic], *, notes: bool
) -> None:
    for d in sorted(diagnostics, key=Diagnostic.sort_key):
        if d.severity != "note" or notes:
            emit(render_diagnostic(d), err=True)


def render_diagnostic(d: Diagnostic) -> str:
    """`path:line:col: code: message` and its help line, or one JSON object."""
    from specgap.conventions import diagnostic_json

    return diagnostic_json(d) if _diagnostics_json else d.render()


def handled(fn: F) -> F:
    """Bad input -> diagnostics and exit 2; never a traceback unless --debug."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from specgap.errors import SpecgapError  # caught below: the class itself, not lazy

        try:
            try:
                return fn(*args, **kwargs)
            finally:
                _flush_stdout()  # a closed pipe is a diagnostic here, not at interpreter exit
        except SpecgapError as exc:
            print_diagnostics(exc.diagnostics, notes=True)
            raise typer.Exit(ExitCode.ERROR) from None
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except Exception as exc:
            if _debug:
                traceback.print_exc()
            internal = Diagnostic(
                code="internal-error",
                message=f"{type(exc).__name__}: {exc}",
                path="<internal>",
                help="rerun with --debug and report the traceback",
            )
            emit(render_diagnostic(internal), err=True)
            raise typer.Exit(ExitCode.ERROR) from None

    return wrapper  # type: ignore[return-value]


class DiagnosticsFormat(StrEnum):
    text = "text"
    json = "json"


def _version(value: bool) -> None:
    if value:
        emit(f"specgap {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
    debug: Annotated[
        bool, typer.Option("--debug", help="Show tracebacks of internal errors.")
    ] = False,
    diagnostics_format: Annotated[
        DiagnosticsFormat,
        typer.Option("--diagnostics-format", help="Diagnostics on stderr as text or JSON lines."),
    ] = DiagnosticsFormat.text,
    allow_outside: Annotated[
        bool, typer.Option("--allow-outside", help="Read and write outside the project root.")
    ] = False,
) -> None:
    global _debug, _diagnostics_json, _allow_outside
    _debug = debug
    _diagnostics_json = diagnostics_format == "json"
    _allow_outside = allow_outside


ConfigOpt = Annotated[
    Path | None,
    typer.Option("--config", help="Project config (default: specgap.toml found upward)."),
]
AgentOpt = Annotated[str | None, typer.Option("--agent", help="Only this agent.")]


class ExtractorMode(StrEnum):
    deterministic = "deterministic"
    llm = "llm"
    auto = "auto"
    ensemble = "ensemble"


def _project(config: Path | None) -> Project:
    from specgap.errors import SpecgapError

    project = dataclasses.replace(load_project(config), allow_outside=_allow_outside)
    if not project.config.agents:  # nothing to build: do not write an empty bundle over one
        shown = project.path.as_posix()
        raise SpecgapError(
            [
                Diagnostic(
                    code="no-agents",
                    message=f"`{shown}` defines no agents",
                    path=shown,
                    help="add an `[[agents]]` table with an `id` and its `prompts`",
                )
            ]
        )
    return project


def _options(
    project: Project, strict: bool, extractor: ExtractorMode | None, offline: bool = False
) -> Options:
    """Mode from `--extractor` or the config; LLM settings and the extraction lock are read
    here, so a bad setting or a damaged lock fails before any work."""
    from specgap.extract.llm import offline_requested
    from specgap.pipeline import prepare

    mode = extractor.value if extractor else project.config.extractor
    options = Options(strict=strict, extractor=mode, offline=offline or offline_requested())
    return prepare(project, options)


@app.command("build")
@handled
def build_cmd(
    ctx: typer.Context,
    config: ConfigOpt = None,
    check: Annotated[
        bool, typer.Option("--check", help="Do not write; exit 1 if the committed policy is stale.")
    ] = False,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit 1 on any unresolved or ambiguous tool mention.")
    ] = False,
    extractor: Annotated[ExtractorMode | None, typer.Option("--extractor")] = None,
    offline: Annotated[
        bool, typer.Option("--offline", help="Never contact a model server.")
    ] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Also print notes.")] = False,
    dump_after: Annotated[
        str | None,
        typer.Option("--dump-after", help="Print the agents' state after STAGE as JSON."),
    ] = None,
) -> None:
    """Compile the policy of every agent to the bundle (default policy/policy.json)."""
    from specgap.buildcache import Request, up_to_date
    from specgap.buildrecord import Recorder

    # what the build reads, for the build cache (docs/build-cache.md)
    modes = (None if extractor is None else extractor.value, offline, _allow_outside)
    request = Request(None if config is None else str(config), strict, *modes)
    recorder = Recorder.start(request, ctx.call_on_close)
    project = _project(config)
    options = _options(project, strict, extractor, offline)
    hold_build_lock(project.out, ctx.call_on_close)  # until the command ends
    if dump_after is not None:
        from specgap.pipeline import dump_after as dump

        emit(dump(project, options, dump_after))
        return
    from specgap.extract.modes import ExtractionFailed

    try:
        bundle, states = build(project, options)
    except ExtractionFailed as exc:  # the other artifacts' answers need not be asked again
        if not check and (kept := keep_answers(options, exc.entries)) is not None:
            emit(kept)
        raise
    text = bundle_text(bundle)
    out = project.out
    shown = project.rel(out)
    weakened = weakened_since_committed(project, bundle)  # before the write replaces it
    reported = [d for state in states for d in state.reported]  # why the model failed
    print_diagnostics((*bundle.diagnostics, *weakened, *reported), notes=verbose)
    found = (*bundle.diagnostics, *weakened)
    strict_failures = [d for d in found if is_strict_finding(d)] if strict else []
    if check:
        current = out.read_text("utf-8") if out.is_file() else None
        if current != text:
            why = "does not exist" if current is None else "is stale"
            emit(f"{shown}:1:1: stale-policy: `{shown}` {why}", err=True)
            emit("  help: run `specgap build` and commit the result", err=True)
            raise typer.Exit(ExitCode.FINDINGS)
        emit(up_to_date(shown, _policy_summary(bundle)))
    else:
        write_atomic(out, text)
        emit(f"wrote {shown}: {_policy_summary(bundle)}")
        if (message := update_lock(options, states)) is not None:
            emit(message)
    printed = (*bundle.diagnostics, *reported)
    recorder.save(project, options.extractor, text, printed, _policy_summary(bundle))
    if strict_failures:
        emit(
            f"strict: {len(strict_failures)} findings (unresolved mentions, weakened rules)",
            err=True,
        )
        raise typer.Exit(ExitCode.FINDINGS)
    if model_added_nothing(bundle, options.extractor):
        emit(f"{options.extractor}: the model contributed no rule (see llm-no-rules)", err=True)
        raise typer.Exit(ExitCode.FINDINGS)


def _policy_summary(bundle: Bundle) -> str:
    policies = [p for a in bundle.agents for p in a.policies]
    levels = {
        lvl: sum(p.enforcement == lvl for p in policies)
        for lvl in ("enforce", "review_only", "eval_required")
    }
    detail = ", ".join(f"{n} {lvl}" for lvl, n in levels.items() if n)
    return f"{len(bundle.agents)} agents, {len(policies)} policies ({detail})"


class EvalFormat(StrEnum):
    table = "table"
    json = "json"
    markdown = "markdown"
    sarif = "sarif"
    junit = "junit"
    stryker = "stryker"
    html = "html"


@app.command("eval")
@handled
def eval_cmd(
    config: ConfigOpt = None,
    agent: AgentOpt = None,
    fmt: Annotated[EvalFormat, typer.Option("--format", help="Output format.")] = EvalFormat.table,
    output: Annotated[
        Path | None, typer.Option("--output", help="Write to FILE instead of stdout.")
    ] = None,
    base: Annotated[
        Path | None,
        typer.Option("--base", help="A previous `--format json` result to diff against."),
    ] = None,
    fail_under: Annotated[
        list[str] | None,
        typer.Option(
            "--fail-under",
            metavar="[CATEGORY=]SCORE",
            help="Exit 1 when the mutation score (0-100), overall or of CATEGORY, is below "
            "SCORE; repeatable.",
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the generic mutators.")] = 0,
    extractor: Annotated[ExtractorMode | None, typer.Option("--extractor")] = None,
    offline: Annotated[
        bool, typer.Option("--offline", help="Never contact a model server.")
    ] = False,
) -> None:
    """Evaluate the policy on hand-labelled traces and generated mutants; report coverage."""
    from specgap.api import evaluate
    from specgap.evaluate.results import EvalResult
    from specgap.report.command import EvalRequest, run

    project = _project(config)
    bundle, states = build(project, _options(project, False, extractor, offline))
    model = [d for d in bundle.diagnostics if d.code.startswith("llm-")]  # what is scored
    print_diagnostics([*model, *(d for state in states for d in state.reported)], notes=True)
    request = EvalRequest(
        fmt=fmt.value,
        output=output,
        base=base,
        fail_under=tuple(fail_under or ()),
        seed=seed,
        agent=agent,
    )
    from specgap.progress import progress

    agents = [s for s in states if agent is None or s.config.id == agent]
    with progress("evaluating", len(agents)) as done:

        def result() -> EvalResult:
            return evaluate(project, bundle, states, agent, mutants=True, seed=seed, progress=done)

        code = run(request, result, emit, write_atomic)
    if code:
        raise typer.Exit(code)


class CheckFormat(StrEnum):
    jsonl = "jsonl"
    table = "table"


class TraceFormat(StrEnum):
    auto = "auto"
    native = "native"
    openai = "openai"
    responses = "responses"
    anthropic = "anthropic"
    mcp = "mcp"
    otel = "otel"
    langchain = "langchain"


class OnErrorMode(StrEnum):
    default = "default"
    open = "open"
    closed = "closed"


# the options `check` and `audit` share
CheckAgentOpt = Annotated[str, typer.Option("--agent", help="Agent whose policy applies.")]
PolicyOpt = Annotated[
    Path | None, typer.Option("--policy", help="Policy bundle (default: the project's out).")
]
TraceFormatOpt = Annotated[
    TraceFormat, typer.Option("--trace-format", help="Input format (default: sniffed).")
]
CheckFormatOpt = Annotated[CheckFormat, typer.Option("--format", help="Output format.")]
SkipOpt = Annotated[
    list[str] | None, typer.Option("--skip", help="Tool glob never checked (repeatable).")
]
OnlyOpt = Annotated[
    list[str] | None, typer.Option("--only", help="Check only tools matching (repeatable).")
]
OnErrorOpt = Annotated[
    OnErrorMode,
    typer.Option("--on-error", help="Internal check errors: closed, open, or by enforcement."),
]


def committed_bundle(
    config: Path | None, policy: Path | None
) -> tuple[Project | None, Path, Bundle]:
    """The project (read when there is one to read: its config chooses the undetermined
    verdict), the bundle's path and the committed bundle that `check` and `audit` decide by."""
    project = _project(config) if policy is None or config is not None else None
    bundle_path = policy if policy is not None else project.out if project else Path()
    return project, bundle_path, load_bundle(bundle_path, bundle_path.as_posix())


@app.command("check")
@handled
def check_cmd(
    traces: Annotated[list[str], typer.Argument(help="Trace files, or - for standard input.")],
    agent: CheckAgentOpt,
    config: ConfigOpt = None,
    policy: PolicyOpt = None,
    trace_format: TraceFormatOpt = TraceFormat.auto,
    fmt: CheckFormatOpt = CheckFormat.jsonl,
    skip: SkipOpt = None,
    only: OnlyOpt = None,
    on_error: OnErrorOpt = OnErrorMode.default,
) -> None:
    """Check traces against the compiled policy; one decision per event; exit 1 on any deny
    or call to a tool the registry does not know."""
    from specgap.check_command import run_check

    project, bundle_path, bundle = committed_bundle(config, policy)
    if bundle.agent(agent) is None:
        known = ", ".join(f"`{a.id}`" for a in bundle.agents) or "none"
        raise error(
            "unknown-agent",
            f"the policy has no agent `{agent}`",
            path=bundle_path.as_posix(),
            help=f"agents in this policy: {known}",
        )
    result = run_check(
        bundle,
        agent,
        traces,
        fmt=fmt.value,
        trace_format=trace_format.value,
        skip=skip or [],
        only=only or [],
        on_error=on_error.value,
        undetermined=project.config.undetermined if project else "undetermined",
        render=render_diagnostic,
    )
    if result.errors:
        raise typer.Exit(ExitCode.ERROR)
    if result.findings:
        raise typer.Exit(ExitCode.FINDINGS)


@app.command("resolve")
@handled
def resolve_cmd(
    mention: Annotated[str, typer.Argument(help="How prose refers to a tool.")],
    agent: AgentOpt = None,
    config: ConfigOpt = None,
    context: Annotated[str, typer.Option("--context", help="Words around the mention.")] = "",
) -> None:
    """Show how a mention resolves against an agent's registry, and why."""
    from specgap.explain import explain_mention

    project = _project(config)
    emit(explain_mention(project, agent, mention, context))


@app.command("explain")
@handled
def explain_cmd(
    policy_id: Annotated[str, typer.Argument(metavar="POLICY_ID")],
    config: ConfigOpt = None,
) -> None:
    """Show a policy's source span, quote, mentions, resolution and enforcement decision;
    given FILE:LINE instead, the policies and diagnostics stated at that line."""
    from specgap.explain import explain_policy
    from specgap.explain_at import LOCATION, explain_location

    project = _project(config)
    shown = project.rel(project.out)
    at = LOCATION.fullmatch(policy_id)
    if at is not None:  # policy ids have no colon
        bundle = load_bundle(project.out, shown)
        emit(explain_location(bundle, project.rel(Path(at["path"])), int(at["line"])))
        return
    emit(explain_policy(load_bundle(project.out, shown), policy_id, shown))


@app.command("schema")
@handled
def schema_cmd() -> None:
    """Print the JSON Schema of the policy bundle."""
    emit(bundle_schema())


@app.command("doctor")
@handled
def doctor_cmd(config: ConfigOpt = None) -> None:
    """Check LLM extraction: Ollama reachable, model present, a smoke extraction validates."""
    from specgap.doctor import find_project, run_doctor

    report = run_doctor(find_project(config))
    emit(report.render())
    if not report.ok:
        raise typer.Exit(ExitCode.FINDINGS)


@app.command("watch")
@handled
def watch_cmd(
    config: ConfigOpt = None,
    once: Annotated[
        bool, typer.Option("--once", help="Build once, print the report and exit (for scripts).")
    ] = False,
    debounce: Annotated[
        int,
        typer.Option("--debounce", min=1, help="Rebuild once saves pause for this many ms."),
    ] = 50,
    strict: Annotated[
        bool, typer.Option("--strict", help="Unresolved or ambiguous mentions are errors.")
    ] = False,
    extractor: Annotated[ExtractorMode | None, typer.Option("--extractor")] = None,
    offline: Annotated[
        bool, typer.Option("--offline", help="Never contact a model server.")
    ] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Also report notes.")] = False,
) -> None:
    """Rebuild the policy on every save and show what changed; Ctrl-C stops."""
    from specgap.watch import Session, watch

    session = Session(
        config,
        lambda project: _options(project, strict, extractor, offline),
        emit,
        lambda text: emit(text, err=True),
        notes=verbose,
        debug=_debug,
    )
    if once:
        _project(config)  # like `build`: no agents is an error, not an empty bundle
        code = session.rebuild().exit_code
        if code != ExitCode.OK:
            raise typer.Exit(code)
        return
    try:
        watch(session, debounce_ms=debounce)
    except KeyboardInterrupt:
        emit("stopped")


registry_app = typer.Typer(
    name="registry",
    help="Canonical tool registries: import them from the tool definitions vendors ship.",
    no_args_is_help=True,
)
app.add_typer(registry_app, name="registry")


class ImportFrom(StrEnum):
    openai = "openai"
    anthropic = "anthropic"
    mcp = "mcp"
    openapi = "openapi"


@registry_app.command("import")
@handled
def registry_import_cmd(
    files: Annotated[list[Path], typer.Argument(help="Tool definition files (JSON or YAML).")],
    source: Annotated[ImportFrom, typer.Option("--from", help="The shape of the files.")],
    output: Annotated[
        Path | None, typer.Option("--output", help="Write the registry YAML to FILE, not stdout.")
    ] = None,
    namespace: Annotated[
        str | None,
        typer.Option(
            "--namespace",
            help="Namespace of every imported id (default: the MCP server name or OpenAPI "
            'title; none for OpenAI and Anthropic files; "" for none).',
        ),
    ] = None,
) -> None:
    """Import tools as a registry: namespaced ids, collisions reported, never overwritten."""
    from specgap.importers import import_registry, render_registry

    imported = import_registry(source.value, [(p, p.as_posix()) for p in files], namespace)
    print_diagnostics(imported.diagnostics, notes=True)
    text = render_registry(imported)
    summary = (
        f"{len(imported.tools)} tools, {len(imported.hooks)} lifecycle hooks, "
        f"{len(imported.diagnostics)} diagnostics"
    )
    if output is None:
        emit(text)
        emit(f"imported {summary}", err=True)
    else:
        write_atomic(output, text)
        emit(f"wrote {output.as_posix()}: {summary}")


import specgap.cli_controls  # noqa: E402  (`controls`, registered when imported)
from specgap.cli_init import register as _register_init  # noqa: E402
from specgap.cli_integrations import register as _register_integrations  # noqa: E402

_register_init(app)
_register_integrations(app)


def main() -> None:
    app()


# `serve` and `sql` live in their own module, which registers them on `app` when imported.
import specgap.cli_audit  # noqa: E402  (`audit`, registered when imported)
import specgap.cli_serve  # noqa: E402, F401
