"""`specgap eval` behind the command line: render, write, annotate, decide.

The evaluation itself is handed in (`run(request, evaluate, ...)`): this package renders
results and never imports an evaluator.

Exit rule (documented in the README): 1 when a safe trace is blocked (false block); when
no `--fail-under` is given, also when a hand-labelled unsafe trace is allowed (as before);
when `--fail-under` is given, when any of its thresholds is not met. Generated mutants
that survive fail the run only through `--fail-under`. 0 otherwise; 2 for bad input.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from specgap.errors import ExitCode
from specgap.evaluate.results import EvalResult
from specgap.report import github
from specgap.report.compare import Diff, compare, load_base, summary_lines
from specgap.report.thresholds import Thresholds, check, parse

FORMATS = ("table", "json", "markdown", "sarif", "junit", "stryker", "html")
MACHINE = frozenset({"json", "sarif", "junit", "stryker", "html"})
Emit = Callable[..., None]  # emit(text, err=False)


@dataclass(frozen=True)
class EvalRequest:
    fmt: str = "table"
    output: Path | None = None
    base: Path | None = None
    fail_under: tuple[str, ...] = ()
    seed: int = 0
    agent: str | None = None


def render(
    result: EvalResult,
    fmt: str,
    diff: Diff | None = None,
    thresholds: Thresholds | None = None,
) -> str:
    """The report in one of `FORMATS`, rendered from the one result model; `thresholds`
    (`--fail-under`) decide which JUnit cases fail, as they decide the exit code."""
    if fmt == "json":
        from specgap.report.jsonout import render as render_json

        return render_json(result)
    if fmt == "markdown":
        from specgap.report.markdown import render_markdown

        return render_markdown(result, diff)
    if fmt == "sarif":
        from specgap.report.sarif import render as render_sarif

        return render_sarif(result, diff)
    if fmt == "junit":
        from specgap.report.junit import render as render_junit

        return render_junit(result, thresholds)
    if fmt == "stryker":
        from specgap.report.stryker import render as render_stryker

        return render_stryker(result)
    if fmt == "html":
        from specgap.report.html import render_html

        return render_html(result)
    from specgap.report.table import render_eval

    return render_eval(result, base_lines=summary_lines(diff) if diff else ())


def run(
    request: EvalRequest,
    evaluate: Callable[[], EvalResult],
    emit: Emit,
    write: Callable[[Path, str], None],
    environ: dict[str, str] | None = None,
) -> ExitCode:
    """Evaluate (`evaluate()`, called once, after the request's inputs are checked),
    render, write or print, annotate on GitHub, and return the exit code."""
    thresholds = parse(request.fail_under)  # bad thresholds fail before any work
    base = None
    if request.base is not None:
        base = load_base(request.base, request.base.as_posix())
    result = evaluate()
    diff = compare(result, base, request.base.as_posix()) if base and request.base else None
    text = render(result, request.fmt, diff, thresholds)
    if request.output is not None:
        write(request.output, text)
    else:
        emit(text)
    if github.active(environ):
        # annotations go to stdout unless stdout carries a machine-readable report
        to_err = request.output is None and request.fmt in MACHINE
        for line in github.annotation_lines(result):
            emit(line, err=to_err)
        from specgap.report.markdown import render_markdown

        key = f"{result.revision} {request.agent or '*'} {request.seed}"
        github.append_summary(render_markdown(result, diff), environ, key)
    failed, notes = failures(result, thresholds)
    for note in notes:
        emit(f"fail-under: {note}", err=True)
    for failure in failed:
        emit(f"eval failed: {failure}", err=True)
    return ExitCode.FINDINGS if failed else ExitCode.OK


def failures(result: EvalResult, thresholds: Thresholds) -> tuple[list[str], list[str]]:
    """Why the run fails (the exit rule above), and notes on thresholds that had nothing
    to measure."""
    failed: list[str] = []
    notes: list[str] = []
    if result.total.false_blocks:
        failed.append(f"{result.total.false_blocks} safe traces are blocked (false blocks)")
    if thresholds.given:
        below, notes = check(result, thresholds)
        failed += below
    elif result.total.false_allows:
        failed.append(
            f"{result.total.false_allows} hand-labelled unsafe traces are allowed (false allows)"
        )
    return failed, notes
