"""Plain-text tables for the terminal: stable, width-aware, no colour codes in files."""

from __future__ import annotations

from collections.abc import Sequence

from specgap.evaluate.results import Counts, EvalResult, MutationStats, RuleResult
from specgap.ir import CATEGORIES


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


def pct(killed: int, total: int, digits: int = 0) -> str:
    return f"{100 * killed / total:.{digits}f}%" if total else "-"


def render_eval(result: EvalResult, *, base_lines: Sequence[str] = ()) -> str:
    """The default `specgap eval` output: hand-labelled counts per agent, the mutation
    score per category, generated-mutant counts, survivors with the rule they break, and
    the policies no trace or mutant depends on."""
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
    out += ["", *category_table(result)]
    out += ["", *mutant_lines(result.generated, result.generic)]
    out += _policy_lines(result)
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
    survivors = [(a.agent, r) for a in result.agents for r in a.rules if r.survived + r.no_coverage]
    if survivors:
        out += ["", "survived mutants, by the rule they break:"]
        for _, rule in survivors:
            out.append(f"  {rule.location}: {rule.key}: {_survivor_line(rule)}")
    if base_lines:
        out += ["", *base_lines]
    return "\n".join(out) + "\n"


def category_table(result: EvalResult) -> list[str]:
    """Mutation score per check category: hand-labelled unsafe traces + operator mutants."""
    generated = result.generated.by_category
    hand = result.total.coverage_by_category
    scores = result.scores()
    rows = [["category", "hand-labelled", "generated", "survived", "no coverage", "score"]]
    names = list(dict.fromkeys([*CATEGORIES, *scores]))
    for name in names:
        h = hand.get(name)
        g = generated.get(name)
        s = scores[name]
        rows.append(
            [
                name,
                f"{h.killed}/{h.total}" if h else "0/0",
                f"{g.killed}/{g.total}" if g else "0/0",
                str(g.survived if g else 0),
                str(g.no_coverage if g else 0),
                pct(s.killed, s.total, 1),
            ]
        )
    total = result.generated.overall
    overall = result.score
    rows.append(
        [
            "total",
            f"{result.total.unsafe_blocked}/{result.total.unsafe_traces}",
            f"{total.killed}/{total.total}",
            str(total.survived),
            str(total.no_coverage),
            pct(overall.killed, overall.total, 1),
        ]
    )
    return [
        "mutation score by category (hand-labelled + generated):",
        table(rows, right=range(1, 6)),
    ]


def mutant_lines(generated: MutationStats, generic: MutationStats) -> list[str]:
    g, x = generated.overall, generic.overall
    lines = [
        f"generated mutants: {g.total} from operator mutators ({g.killed} killed, "
        f"{g.survived} survived, {g.no_coverage} no coverage)",
        f"generic mutants: {x.total + generic.ignored} ({x.total} break a rule: {x.killed} "
        f"killed, {x.survived} survived, {x.no_coverage} no coverage; "
        f"{generic.ignored} break none)",
    ]
    dropped = generated.duplicates + generic.duplicates
    if dropped or generated.discarded:
        lines.append(
            f"dropped: {dropped} duplicates, {generated.discarded} that did not violate their rule"
        )
    return lines


def _policy_lines(result: EvalResult) -> list[str]:
    rules = [r for a in result.agents for r in a.rules]
    enforced = [r for r in rules if r.status == "enforced"]
    untested = [r for r in enforced if r.untested]
    lines = [
        f"policy mutation: {len(untested)} of {len(enforced)} enforced policies untested "
        "(removing one changes no verdict)"
    ]
    for rule in untested:
        lines.append(f"  {rule.location}: {rule.key}: {rule.title}")
    uncompiled = sum(1 for r in rules if r.status == "not_compiled")
    if uncompiled:
        lines.append(f"{uncompiled} stated rules did not compile to a policy (no mutants)")
    barren = sorted({s.rule for a in result.agents for s in a.skipped if s.rule})
    if barren:
        lines.append(
            f"{len(barren)} policies yielded no mutants (reasons under `skipped` in --format json)"
        )
    return lines


def _survivor_line(rule: RuleResult) -> str:
    total = rule.killed + rule.survived + rule.no_coverage
    lost = rule.survived + rule.no_coverage
    return f"{lost} of {total} mutants survived: {rule.where()}"


def _count_row(name: str, c: Counts) -> list[str]:
    return [
        name,
        str(c.total_traces),
        f"{c.safe_allowed}/{c.safe_traces}",
        f"{c.unsafe_blocked}/{c.unsafe_traces}",
        str(c.false_allows),
        str(c.false_blocks),
        pct(c.unsafe_blocked, c.unsafe_traces),
    ]
