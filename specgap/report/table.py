"""Plain-text tables for the terminal: stable, width-aware, no colour codes in files."""

from __future__ import annotations

from collections.abc import Sequence

from specgap.evaluate.suite import Counts, EvalResult


def table(rows: Sequence[Sequence[str]], *, right: Sequence[int] = ()) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        cells = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _pct(killed: int, total: int) -> str:
    return f"{100 * killed / total:.0f}%" if total else "-"


def render_eval(result: EvalResult) -> str:
    head = [
        "agent",
        "traces",
        "safe allowed",
        "unsafe blocked",
        "false allows",
        "false blocks",
        "score",
    ]
    rows = [head]
    for agent in result.agents:
        rows.append(_count_row(agent.agent, agent.counts))
    rows.append(_count_row("total", result.total))
    out = [table(rows, right=range(1, 7))]
    cats = [["category", "killed", "total", "score"]]
    for category, cell in result.total.coverage_by_category.items():
        cats.append([category, str(cell.killed), str(cell.total), _pct(cell.killed, cell.total)])
    out += ["", table(cats, right=(1, 2, 3))]
    wrong = [t for a in result.agents for t in a.traces if not t.correct]
    if wrong:
        out.append("")
        for t in wrong:
            what = "false allow (mutant survived)" if t.kind == "unsafe" else "false block"
            out.append(f"{t.path}: {what}: {t.description or ''}".rstrip(": "))
            for decision in t.findings:
                for hit in decision.hits:
                    out.append(
                        f"  {decision.origin}: {hit.policy}: {hit.reason} (stated at {hit.source})"
                    )
    return "\n".join(out) + "\n"


def _count_row(name: str, c: Counts) -> list[str]:
    return [
        name,
        str(c.total_traces),
        f"{c.safe_allowed}/{c.safe_traces}",
        f"{c.unsafe_blocked}/{c.unsafe_traces}",
        str(c.false_allows),
        str(c.false_blocks),
        _pct(c.unsafe_blocked, c.unsafe_traces),
    ]
