"""The figures of issue 13 item 6, each printed beside its target and its "before" value.

`BEFORE` holds what the benchmarks printed on the code as it was before the speed work
(main at commit 224eab8, 2026-11-30 23:34-23:40 UTC, on the shared 2-core machine at a load
average of 0.5-1.8). They are constants on purpose: a later run prints its own figure next
to them, so the change is visible without checking out the old code. Timings are medians
of wall-clock `perf_counter` samples; on a loaded machine they read high.
"""

from __future__ import annotations

from dataclasses import dataclass

MEASURED_ON = "main 224eab8, 2026-11-30 ~23:35 UTC, 2 cores, load 0.5-1.8"


@dataclass(frozen=True)
class Figure:
    label: str
    unit: str
    target: str  # as the issue states it; "" when it sets none
    before: float | None  # None: not measurable before (the feature did not exist)


FIGURES: dict[str, Figure] = {
    f.label: f
    for f in (
        # Guard.check, reference traces replayed (`executed=True`), median per event
        Figure("guard sql all events", "µs", "<= 2 µs", 5.21),
        Figure("guard sql tool calls (repeated SQL)", "µs", "<= 4 µs", 19.65),
        Figure("guard sql OpenAI dict", "µs", "<= 2 µs", 25.26),
        Figure("guard cloud all events", "µs", "<= 2 µs", 6.41),
        Figure("guard cloud tool calls", "µs", "<= 2 µs", 22.06),
        Figure("guard cloud OpenAI dict", "µs", "<= 2 µs", 14.89),
        Figure("guard sql new query", "µs", "<= 60 µs", 313.0),
        # not measured before; a join with an aggregate, read from its text (`sqljoin`)
        Figure("guard sql new query, join", "µs", "<= 60 µs", None),
        # a query no text grammar takes (a CTE): the parser's own cost; the code before
        # parsed every query not seen before, whatever its shape
        Figure("guard sql new query, parsed", "µs", "", 313.0),
        # the code before read every query not seen before in full, whatever its shape
        Figure("guard sql new values, known shape", "µs", "<= 60 µs", 313.0),
        # at load 0.5-1.8: the same code (224eab8) read 80-83 µs beside main's 65-67 at
        # load ~10 on 2026-12-02; no regression (docs/guard-speed.md, eighth pass)
        Figure("guard 1,000 policies all events", "µs", "", 35.75),
        # `specgap check --agent sql` on generated OpenAI JSONL, whole process
        Figure("check 100,000 events", "events/s", ">= 100,000/s", 16_265),
        Figure("check 1,000,000 events", "events/s", ">= 100,000/s", 18_752),
        Figure("check peak RSS at 100,000", "MB", "flat", 57.0),
        Figure("check peak RSS at 1,000,000", "MB", "flat", 56.8),
        Figure("start-up specgap --help", "ms", "<= 150 ms", 570),
        Figure("start-up specgap build --check", "ms", "<= 150 ms", 600),
        # the full check, as before the build cache (`SPECGAP_NO_BUILD_CACHE=1`)
        Figure("start-up build --check, cache off", "ms", "", 600),
        # evaluation (`python -m benchmarks eval` = evaluator + mutation)
        Figure("evaluator", "µs/event", "", 12.00),
        Figure("kill matrix", "mutants/s", ">= 10,000/s", 17_911),
        Figure("full eval", "ms", "", 125),
        # `specgap audit` did not exist: its "before" is one `check` process on the corpus
        Figure("audit corpus (all cores)", "events/s", "scales with cores", None),
    )
}


def show(label: str, value: float, note: str = "") -> None:
    """Print one figure: today's value, the target, and the before-value."""
    figure = FIGURES[label]
    before = "n/a" if figure.before is None else _num(figure.before)
    change = ""
    if figure.before and value:
        ratio = value / figure.before
        if figure.unit.endswith("/s"):  # a rate: higher is better
            ratio = 1 / ratio
        change = f", now {1 / ratio:.1f}x faster" if ratio < 1 else f", now {ratio:.2f}x slower"
        if figure.unit == "MB":
            change = f", now {value / figure.before:.2f}x"
    target = figure.target or "-"
    print(
        f"   {label:<38} {_num(value):>10} {figure.unit:<9} target {target:<18}"
        f" before {before}{change}{f'  {note}' if note else ''}"
    )


def header() -> None:
    print(f"   (before = {MEASURED_ON})")


def _num(value: float) -> str:
    if value >= 1000:
        return f"{value:,.0f}"
    return f"{value:.2f}" if value < 100 else f"{value:.0f}"
