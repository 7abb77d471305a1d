"""The command line: a thin shell over `specgap.api`. Parsing, printing and exit codes only."""

from __future__ import annotations

import functools
import json
import sys
import traceback
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from specgap import __version__
from specgap.api import build, bundle_schema, evaluate, is_mention, load_bundle, write_atomic
from specgap.config import Project, load_project
from specgap.errors import ExitCode, SpecgapError, error
from specgap.ir import Bundle, Diagnostic
from specgap.pipeline import Options

app = typer.Typer(
    name="specgap",
    help="Mine the rules an agent is told, compile them to policy, and prove them on traces.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
F = TypeVar("F", bound=Callable[..., Any])
_debug = False


def emit(text: str, *, err: bool = False) -> None:
    (sys.stderr if err else sys.stdout).write(text if text.endswith("\n") else text + "\n")


def print_diagnostics(
    diagnostics: tuple[Diagnostic, ...] | list[Diagnostic], *, notes: bool
) -> None:
    for d in sorted(diagnostics, key=Diagnostic.sort_key):
        if d.severity != "note" or notes:
            emit(d.render(), err=True)


def handled(fn: F) -> F:
    """Bad input -> diagnostics and exit 2; never a traceback unless --debug."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except SpecgapError as exc:
            print_diagnostics(exc.diagnostics, notes=True)
            raise typer.Exit(ExitCode.ERROR) from None
        except (typer.Exit, typer.Abort, KeyboardInterrupt):
            raise
        except Exception as exc:
            if _debug:
                traceback.print_exc()
            emit(f"<internal>:1:1: internal-error: {type(exc).__name__}: {exc}", err=True)
            emit("  help: rerun with --debug and report the traceback", err=True)
            raise typer.Exit(ExitCode.ERROR) from None

    return wrapper  # type: ignore[return-value]


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
) -> None:
    global _debug
    _debug = debug


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
    return load_project(config)


def _options(project: Project, strict: bool, extractor: ExtractorMode | None) -> Options:
    mode = extractor.value if extractor else project.config.extractor
    if mode != "deterministic":
        raise error(
            "extractor-unavailable",
            f"extractor `{mode}` is not available in this version",
            path=project.rel(project.path),
            help="use `--extractor deterministic`",
        )
    return Options(strict=strict, extractor=mode)


@app.command("build")
@handled
def build_cmd(
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
    project = _project(config)
    options = _options(project, strict, extractor)
    if dump_after is not None:
        from specgap.pipeline import dump_after as dump

        emit(dump(project, options, dump_after))
        return
    bundle, _ = build(project, options)
    text = bundle.to_json()
    out = project.out
    shown = project.rel(out)
    print_diagnostics(bundle.diagnostics, notes=verbose)
    strict_failures = [d for d in bundle.diagnostics if is_mention(d)] if strict else []
    if check:
        current = out.read_text("utf-8") if out.is_file() else None
        if current != text:
            why = "does not exist" if current is None else "is stale"
            emit(f"{shown}:1:1: stale-policy: `{shown}` {why}", err=True)
            emit("  help: run `specgap build` and commit the result", err=True)
            raise typer.Exit(ExitCode.FINDINGS)
        emit(f"{shown} is up to date ({_policy_summary(bundle)})")
    else:
        write_atomic(out, text)
        emit(f"wrote {shown}: {_policy_summary(bundle)}")
    if strict_failures:
        emit(f"strict: {len(strict_failures)} unresolved or ambiguous mentions", err=True)
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


@app.command("eval")
@handled
def eval_cmd(
    config: ConfigOpt = None,
    agent: AgentOpt = None,
    fmt: Annotated[EvalFormat, typer.Option("--format", help="Output format.")] = EvalFormat.table,
    output: Annotated[
        Path | None, typer.Option("--output", help="Write to FILE instead of stdout.")
    ] = None,
    fail_under: Annotated[
        float | None,
        typer.Option("--fail-under", help="Exit 1 when the mutation score (0-100) is below SCORE."),
    ] = None,
) -> None:
    """Evaluate the policy on each agent's safe traces and unsafe mutants."""
    project = _project(config)
    bundle, states = build(project, _options(project, False, None))
    result = evaluate(project, bundle, states, agent)
    if fmt is EvalFormat.json:
        text = json.dumps(result.summary(), indent=2, sort_keys=True) + "\n"
    else:
        from specgap.report.table import render_eval

        text = render_eval(result)
    if output is not None:
        write_atomic(output, text)
    else:
        emit(text)
    score = 100 * result.total.mutation_score
    threshold = 100.0 if fail_under is None else fail_under
    if result.total.false_blocks or score < threshold:
        raise typer.Exit(ExitCode.FINDINGS)


class CheckFormat(StrEnum):
    jsonl = "jsonl"
    table = "table"


@app.command("check")
@handled
def check_cmd(
    traces: Annotated[list[str], typer.Argument(help="Trace files, or - for standard input.")],
    agent: Annotated[str, typer.Option("--agent", help="Agent whose policy applies.")],
    config: ConfigOpt = None,
    policy: Annotated[
        Path | None, typer.Option("--policy", help="Policy bundle (default: the project's out).")
    ] = None,
    fmt: Annotated[CheckFormat, typer.Option("--format")] = CheckFormat.jsonl,
) -> None:
    """Check traces against the compiled policy; one decision per event; exit 1 on any deny."""
    from specgap.check import check_traces

    bundle_path = policy or _project(config).out
    bundle = load_bundle(bundle_path, bundle_path.as_posix())
    denied = check_traces(bundle, agent, traces, fmt.value, emit)
    if denied:
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
    """Show a policy's source span, quote, mentions, resolution and enforcement decision."""
    from specgap.explain import explain_policy

    project = _project(config)
    bundle = load_bundle(project.out, project.rel(project.out))
    emit(explain_policy(bundle, policy_id))


@app.command("schema")
@handled
def schema_cmd() -> None:
    """Print the JSON Schema of the policy bundle."""
    emit(bundle_schema())


def main() -> None:
    app()
