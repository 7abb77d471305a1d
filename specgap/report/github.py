"""GitHub Actions: workflow-command annotations and the job's step summary.

Used when `GITHUB_ACTIONS=true`: each finding becomes a `::error`/`::warning`/`::notice`
line on the file and span it concerns, and the Markdown report is appended to the file
named by `GITHUB_STEP_SUMMARY`, once per job: a job that runs `specgap eval` several times
(one per report format) gets one summary per evaluated revision, not one per command.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from specgap.evaluate.results import EvalResult
from specgap.report.findings import findings

_COMMAND = {"error": "error", "warning": "warning", "note": "notice"}


def active(environ: Mapping[str, str] | None = None) -> bool:
    return (environ if environ is not None else os.environ).get("GITHUB_ACTIONS") == "true"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def annotation_lines(result: EvalResult) -> list[str]:
    lines = []
    for f in findings(result):
        props = []
        if f.path:
            props.append(f"file={_prop(f.path)}")
        if f.span is not None:
            props += [
                f"line={f.span.start_line}",
                f"col={f.span.start_col}",
                f"endLine={f.span.end_line}",
                f"endColumn={f.span.end_col}",
            ]
        props.append(f"title={_prop('specgap ' + f.rule_id + ': ' + f.title)}")
        lines.append(f"::{_COMMAND[f.level]} {','.join(props)}::{_data(f.message)}")
    return lines


def append_summary(
    markdown: str, environ: Mapping[str, str] | None = None, key: str = ""
) -> Path | None:
    """Append to the step summary file; returns its path, or None when there is none or
    when a summary with the same `key` (the revision evaluated) is already in it."""
    target = (environ if environ is not None else os.environ).get("GITHUB_STEP_SUMMARY")
    if not target:
        return None
    path = Path(target)
    marker = f"<!-- specgap-summary {key} -->\n" if key else ""
    if marker:
        try:
            if marker in path.read_text("utf-8"):
                return None
        except (OSError, UnicodeDecodeError):
            pass  # no summary yet (or one we cannot read): write ours
    with path.open("a", encoding="utf-8") as handle:
        handle.write((markdown if markdown.endswith("\n") else markdown + "\n") + marker)
    return path
