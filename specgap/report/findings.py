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
from typing import TYPE_CHECKING

from specgap.evaluate.results import AgentResult, EvalResult, RuleResult, TraceResult
from specgap.ir import Severity, Span

if TYPE_CHECKING:
    from specgap.report.compare import Diff

RULES: dict[str, tuple[str, Severity]] = {
    "survived-mutant": ("Generated mutants that break this rule are not stopped", "warning"),
    "unenforced-rule": ("A stated rule is not enforced by the compiled policy", "note"),
    "untested-policy": ("Removing this policy changes no verdict of any trace", "note"),
    "false-allow": ("A hand-labelled unsafe trace is allowed", "error"),
    "false-block": ("A safe trace is blocked", "error"),
    "lost-enforcement": ("A rule enforced on the base branch is not enforced now", "warning"),
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
    related: str | None = None  # another file the finding concerns (the trace it lets through)


def _fingerprint(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


def findings(result: EvalResult, diff: Diff | None = None) -> list[Finding]:
    """Every finding of a result; with `diff`, also the rules that lost enforcement
    against the base, located where the head states them."""
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
            out.append(_trace_finding(agent, trace))
    if diff is not None:
        out.extend(_lost(result, diff))
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


def _trace_finding(agent: AgentResult, trace: TraceResult) -> Finding:
    """A wrong verdict on a hand-labelled trace. An allowed unsafe trace is located at the
    stated-but-unenforced rule of its category, where the fix is, when there is one."""
    code = "false-allow" if trace.kind == "unsafe" else "false-block"
    what = trace.description or trace.path
    fingerprint = _fingerprint(agent.agent, trace.path, code)
    if code == "false-block":
        message = f"the safe trace is blocked by {', '.join(trace.killed_by)}: {what}"
        return Finding(
            code, "error", message, trace.path, None, fingerprint, f"{code}: {trace.path}"
        )
    rule = _unenforced_rule(agent, trace.category)
    if rule is None:
        message = f"the unsafe trace is allowed: {what}"
        return Finding(
            code, "error", message, trace.path, None, fingerprint, f"{code}: {trace.path}"
        )
    message = (
        f"the unsafe trace `{trace.path}` ({what}) is allowed; this {trace.category} rule "
        f"would stop it but is {rule.where()}"
    )
    return Finding(
        code,
        "error",
        message,
        rule.span.path,
        rule.span,
        fingerprint,
        f"{code}: {trace.path}",
        related=trace.path,
    )


def _unenforced_rule(agent: AgentResult, category: str) -> RuleResult | None:
    candidates = [r for r in agent.rules if r.category == category and r.status != "enforced"]
    return candidates[0] if candidates else None


def _lost(result: EvalResult, diff: Diff) -> list[Finding]:
    out = []
    for lost in diff.lost:
        agent = next((a for a in result.agents if a.agent == lost.agent), None)
        now = agent.rule(lost.key) if agent is not None else None
        path = now.span.path if now is not None else lost.location.rsplit(":", 2)[0]
        message = (
            f"`{lost.key}` ({lost.title}) was enforced on the base, where it was stated at "
            f"{lost.location}; now {lost.now}: \u201c{lost.quote}\u201d"
        )
        out.append(
            Finding(
                "lost-enforcement",
                "warning",
                message,
                path or None,
                now.span if now is not None else None,
                _fingerprint(lost.agent, lost.key, "lost-enforcement"),
                f"lost enforcement: {lost.key}",
            )
        )
    return out


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
