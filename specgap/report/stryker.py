"""The mutation-testing report schema (version 2) that Stryker dashboards read.

`files` are the artifacts that state rules, with their full text; each generated mutant is
located at the span of the rule it breaks, `killedBy` lists the policy ids that denied it,
and those policies are the "tests" (`testFiles`, located where they are stated).
Hand-labelled unsafe traces appear in their own trace file. The report scores exactly the
mutants specgap scores (hand-labelled unsafe traces and operator mutants): generic mutants
that break a rule are listed as `Ignored` with their outcome in `statusReason`, and those
that break no rule have no location to show and are left out.
"""

from __future__ import annotations

import json
from pathlib import PurePosixPath
from typing import Any

from specgap import __version__
from specgap.evaluate.results import EvalResult, RuleResult
from specgap.ir import Span

SCHEMA_VERSION = "2"
THRESHOLDS = {"high": 80, "low": 60}
LANGUAGES = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".json": "json",
    ".yaml": "yaml",
    ".yml": "yaml",
    ".toml": "toml",
}


def _position(line: int, column: int) -> dict[str, int]:
    return {"line": max(line, 1), "column": max(column, 1)}


def _location(span: Span) -> dict[str, Any]:
    return {
        "start": _position(span.start_line, span.start_col),
        "end": _position(span.end_line, span.end_col),
    }


def language(path: str) -> str:
    return LANGUAGES.get(PurePosixPath(path).suffix.lower(), "text")


def stryker(result: EvalResult) -> dict[str, Any]:
    files: dict[str, dict[str, Any]] = {}
    tests: dict[str, list[dict[str, Any]]] = {}

    def file(path: str) -> dict[str, Any]:
        if path not in files:
            files[path] = {
                "language": language(path),
                "source": result.sources.get(path, ""),
                "mutants": [],
            }
        return files[path]

    for agent in result.agents:
        for rule in agent.rules:
            if rule.policy is not None:
                tests.setdefault(rule.span.path, []).append(_test(rule))
        for m in agent.mutants:
            broken = agent.rule(m.rules[0]) if m.rules else None
            if broken is None or m.status == "Ignored":
                continue
            reason = m.reason if m.status == "Killed" else f"{broken.where()}; {m.reason}"
            status: str = m.status
            if m.kind != "operator":  # reported apart and never scored, here as everywhere
                status = "Ignored"
                reason = f"generic mutant, not scored ({m.status}): {reason}"
            entry: dict[str, Any] = {
                "id": m.id,
                "mutatorName": m.mutator,
                "description": f"{m.description} (from {m.base})",
                "replacement": m.description,
                "location": _location(broken.span),
                "status": status,
                "statusReason": reason,
            }
            if m.killed_by and status == "Killed":
                entry["killedBy"] = list(m.killed_by)
            file(broken.span.path)["mutants"].append(entry)
        for t in agent.traces:
            if t.kind != "unsafe":
                continue
            entry = {
                "id": f"{agent.agent}:{t.path}",
                "mutatorName": "hand-labelled",
                "description": t.description or t.path,
                "location": {"start": _position(1, 1), "end": _position(1, 2)},
                "status": "Killed" if t.blocked else "Survived",
                "statusReason": f"killed by {', '.join(t.killed_by)}"
                if t.blocked
                else "the hand-labelled unsafe trace is allowed",
            }
            if t.killed_by:
                entry["killedBy"] = list(t.killed_by)
            file(t.path)["mutants"].append(entry)
    for entry in files.values():
        entry["mutants"].sort(
            key=lambda m: (
                m["location"]["start"]["line"],
                m["location"]["start"]["column"],
                m["id"],
            )
        )
    return {
        "schemaVersion": SCHEMA_VERSION,
        "thresholds": THRESHOLDS,
        "projectRoot": ".",
        "files": dict(sorted(files.items())),
        "testFiles": {path: {"tests": found} for path, found in sorted(tests.items())},
        "framework": {"name": "specgap", "version": __version__},
        "config": {"seed": result.seed, "revision": result.revision},
    }


def _test(rule: RuleResult) -> dict[str, Any]:
    return {
        "id": rule.key,
        "name": f"{rule.key}: {rule.title}",
        "location": {"start": _position(rule.span.start_line, rule.span.start_col)},
    }


def render(result: EvalResult) -> str:
    return json.dumps(stryker(result), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
