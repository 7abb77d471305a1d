"""`specgap check`: decisions for traces against a compiled bundle, streamed per event.

Inputs are read through the trace adapters (any supported format, JSONL streamed line by
line) and decided by a `Guard` replaying each trace, so `check` and the run-time guard
give the same answers. Output is one JSON object per event, or a table row per tool call
or finding, written as soon as the event is decided.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from specgap.evaluate.adapters import read_paths
from specgap.evaluate.engine import Decision, Hit, OnError, Verdict
from specgap.evaluate.identity import FINDING_CODES, UNREADABLE
from specgap.guard import Guard, select_agent
from specgap.ir import Bundle, Diagnostic
from specgap.jsonline import decision_line
from specgap.registry import Registry, agent_registry


@dataclass
class CheckResult:
    events: int = 0
    denied: int = 0
    flagged: int = 0  # events with an identity finding (`unknown-tool`, ...), denied or not
    traces: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)

    @property
    def findings(self) -> int:
        """Events that make `specgap check` exit 1: denied, or calling no registered tool."""
        return self.denied + self.flagged


def bundle_registry(bundle: Bundle, agent: str) -> Registry:
    """The registry of one agent of a bundle (an unknown agent raises a diagnostic)."""
    return agent_registry(select_agent(bundle, agent))


def hit_json(hit: Hit) -> dict[str, Any]:
    return {
        "policy": hit.policy,
        "action": hit.action,
        "effect": hit.effect,
        "enforcement": hit.enforcement,
        "category": hit.category,
        "reason": hit.reason,
        "message": hit.message,
        "source": hit.source,
        "undetermined": hit.undetermined,
        "error": hit.error,
    }


def decision_json(trace: str, decision: Decision) -> str:
    """One line of `--format jsonl`: keys sorted, so equal decisions print equal bytes
    (`json.dumps(decision_data(...), sort_keys=True, ensure_ascii=False)`, made faster)."""
    return decision_line(trace, decision)


def decision_data(trace: str, decision: Decision) -> dict[str, Any]:
    """A decision as plain data: what `--format jsonl` prints and `specgap serve` returns."""
    return {
        "trace": trace,
        "event": "message" if decision.name is None else "tool_call",
        "index": decision.index,
        "origin": decision.origin,
        "tool": decision.tool,
        "name": decision.name,
        "call_id": decision.call_id,
        "verdict": decision.verdict,
        "action": decision.action,
        "flags": list(decision.flags),
        "hits": [hit_json(h) for h in decision.hits],
    }


def decision_row(decision: Decision) -> str | None:
    """One line of `--format table`, for tool calls and for anything with findings."""
    if decision.tool is None and decision.name is None and not decision.hits:
        return None
    reasons = "; ".join(f"{h.policy}: {h.reason}" for h in decision.hits)
    name = decision.name or "-"
    row = f"{decision.verdict:<12} {decision.action:<7} {name:<24} {decision.origin}  {reasons}"
    return row.rstrip()


IDENTITY_POLICIES = frozenset(f"specgap.{code}" for code in FINDING_CODES)


def unreadable_line(diagnostic: Diagnostic, on_error: OnError, fmt: str) -> str:
    """The decision line of an event the adapters could not read: `deny` when failing
    closed, `undetermined` otherwise."""
    closed = on_error == "closed"
    where = diagnostic.span.location() if diagnostic.span else diagnostic.path or "<input>"
    verdict, action = ("deny", "deny") if closed else ("undetermined", "observe")
    reason = f"{diagnostic.code}: {diagnostic.message}"
    if fmt != "jsonl":
        return f"{verdict:<12} {action:<7} {'-':<24} {where}  {UNREADABLE}: {reason}"
    hit = {
        "policy": f"specgap.{UNREADABLE}",
        "action": "deny",
        "effect": action,
        "enforcement": "enforce",
        "category": "interface_validation",
        "reason": reason,
        "message": "the event could not be read",
        "source": where,
        "undetermined": not closed,
        "error": False,
    }
    data = {
        "trace": (diagnostic.span.path if diagnostic.span else diagnostic.path) or "<input>",
        "event": "unreadable",
        "index": None,
        "origin": where,
        "tool": None,
        "name": None,
        "call_id": None,
        "verdict": verdict,
        "action": action,
        "flags": [UNREADABLE],
        "hits": [hit],
    }
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


TABLE_HEADER = f"{'verdict':<12} {'action':<7} {'tool':<24} origin  findings"


def check_traces(
    bundle: Bundle,
    agent: str,
    paths: list[str],
    fmt: str,
    emit: Callable[[str], None],
    *,
    trace_format: str = "auto",
    report: Callable[[Diagnostic], None] | None = None,
    skip: Iterable[str] = (),
    only: Iterable[str] = (),
    on_error: OnError = "default",
    undetermined: Verdict = "undetermined",
    progress: Callable[[str], None] | None = None,
    findings_only: bool = False,
    guard: Guard | None = None,
) -> CheckResult:
    """Print one decision per event as it is decided; diagnostics go to `report`.
    `undetermined` is the project's verdict for findings that lack evidence; `progress`
    is called with each trace's key when it is done. `findings_only` prints only the lines
    of the events that make the command exit non-zero: denied, flagged (`unknown-tool`,
    ...) or unreadable (what `specgap audit` reports). A `guard` made with the same settings
    may be handed in to be reused (its traces are ended as they finish)."""
    if guard is None:
        guard = Guard(
            bundle, agent, skip=skip, only=only, on_error=on_error, undetermined=undetermined
        )
    result = CheckResult()

    def collect(diagnostic: Diagnostic) -> None:
        result.diagnostics.append(diagnostic)
        if report is not None:
            report(diagnostic)
        if diagnostic.severity == "error" and reading:
            # an event that cannot be read still gets its line: a consumer never misses one
            result.events += 1
            result.denied += on_error == "closed"
            emit(unreadable_line(diagnostic, on_error, fmt))

    reading = True

    if fmt == "table" and not findings_only:
        emit(TABLE_HEADER)
    check = guard.check
    jsonl = fmt == "jsonl"
    # counted here and added to `result` at the end (`collect` counts unreadable events)
    events = denials = flags = 0
    for key, event in read_paths(paths, guard.registry, fmt=trace_format, report=collect):
        if event is None:
            guard.end(key)
            result.traces += 1
            if progress is not None:
                progress(key)
            continue
        decision = check(event, trace=key, executed=True)
        events += 1
        denied = decision.verdict == "deny"
        if denied:
            denials += 1
        flagged = False
        hits = decision.hits
        if hits:
            for hit in hits:  # a loop, not `any(...)`: no generator per event
                if hit.policy in IDENTITY_POLICIES:
                    flagged = True
                    flags += 1
                    break
        if findings_only and not (flagged or denied):
            continue
        if jsonl:
            emit(decision_line(key, decision))
        else:
            row = decision_row(decision)
            if row is not None:
                emit(row)
    reading = False
    result.events += events
    result.denied += denials
    result.flagged += flags
    if trace_format != "auto" and result.events == 0 and not result.errors:
        # adapters skip objects that are not theirs, so a mixed log stays readable; a whole
        # input with nothing of the forced format is a wrong `--trace-format`
        collect(no_events(paths, trace_format))
    return result


def no_events(paths: list[str], trace_format: str) -> Diagnostic:
    """The diagnostic of an input with no event of a forced `--trace-format`."""
    shown = ", ".join(f"`{p}`" for p in paths)
    return Diagnostic(
        code="no-events",
        message=f"no `{trace_format}` events in {shown}",
        path=paths[0] if paths[0] != "-" else "<stdin>",
        help="check `--trace-format`, or leave it out to detect the format",
    )
