"""Findings at source locations: what SARIF and GitHub annotations both report.

One finding per rule whose generated mutants survive, per stated rule that is not
enforced, per enforced policy that is untested, per hand-labelled trace judged wrong, and
per build diagnostic (unresolved or ambiguous mentions, sentences that compiled to no
rule). Rule ids are stable kebab-case codes; fingerprints hash what a finding is about
(agent, rule key or trace path, code), never line numbers, so they survive edits.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from specgap.evaluate.suite import EvalResult
from specgap.ir import Severity, Span

RULES: dict[str, tuple[str, Severity]] = {
    "survived-mutant": ("Generated mutants that break this rule are not stopped", "warning"),
    "unenforced-rule": ("A stated rule is not enforced by the compiled policy", "note"),
    "untested-policy": ("Removing this policy changes no verdict of any trace", "note"),
    "false-allow": ("A hand-labelled unsafe trace is allowed", "error"),
    "false-block": ("A safe trace is blocked", "error"),
}


@dataclass(frozen=True)
class Finding:
    rule_id: str
    level: Severity
    message: str
    path: str | None
    span: Span | None
    fingerprint: str
    title: str


def _fingerprint(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


def findings(result: EvalResult) -> list[Finding]:
    out: list[Finding] = []
    for agent in result.agents:
        for rule in agent.rules:
            lost = rule.survived + rule.no_coverage
            if lost:
                total = lost + rule.killed
                out.append(
                    Finding(
                        "survived-mutant",
                        "warning",
                        f"{lost} of {total} generated mutants breaking `{rule.key}` survived: "
                        f"{rule.where()}",
                        rule.span.path,
                        rule.span,
                        _fingerprint(agent.agent, rule.key, "survived-mutant"),
                        f"survived mutants: {rule.key}",
                    )
                )
            if rule.status != "enforced":
                out.append(
                    Finding(
                        "unenforced-rule",
                        "note",
                        f"`{rule.title}` is {rule.where()}",
                        rule.span.path,
                        rule.span,
                        _fingerprint(agent.agent, rule.key, "unenforced-rule"),
                        f"not enforced: {rule.key}",
                    )
                )
            if rule.untested:
                out.append(
                    Finding(
                        "untested-policy",
                        "note",
                        f"removing `{rule.key}` changes no verdict of any trace or mutant "
                        f"({rule.title})",
                        rule.span.path,
                        rule.span,
                        _fingerprint(agent.agent, rule.key, "untested-policy"),
                        f"untested policy: {rule.key}",
                    )
                )
        for trace in agent.traces:
            if trace.correct:
                continue
            code = "false-allow" if trace.kind == "unsafe" else "false-block"
            what = trace.description or trace.path
            message = (
                f"the unsafe trace is allowed: {what}"
                if code == "false-allow"
                else f"the safe trace is blocked by {', '.join(trace.killed_by)}: {what}"
            )
            out.append(
                Finding(
                    code,
                    "error",
                    message,
                    trace.path,
                    None,
                    _fingerprint(agent.agent, trace.path, code),
                    f"{code}: {trace.path}",
                )
            )
    for d in result.diagnostics:
        path = d.span.path if d.span else d.path
        out.append(
            Finding(
                d.code,
                d.severity,
                d.message + (f" (help: {d.help})" if d.help else ""),
                path,
                d.span,
                _fingerprint(d.code, path or "", d.message, _quote(result, d.span)),
                d.code,
            )
        )
    return _unique(out)


def _quote(result: EvalResult, span: Span | None) -> str:
    """The text at a span: what a diagnostic is about, whatever line it moves to."""
    if span is None:
        return ""
    text = result.sources.get(span.path)
    if text is None:
        return f"{span.start_line}:{span.start_col}"
    return text.encode()[span.start_byte : span.end_byte].decode(errors="replace")


def _unique(found: list[Finding]) -> list[Finding]:
    """The same finding twice (same text, same file) gets an occurrence number."""
    seen: dict[str, int] = {}
    out = []
    for f in found:
        n = seen.get(f.fingerprint, 0)
        seen[f.fingerprint] = n + 1
        out.append(f if n == 0 else replace(f, fingerprint=f"{f.fingerprint}:{n + 1}"))
    return out


def describe(rule_id: str) -> tuple[str, Severity]:
    """Short description and default level of a finding code."""
    return RULES.get(rule_id, (rule_id.replace("-", " ").capitalize(), "warning"))
