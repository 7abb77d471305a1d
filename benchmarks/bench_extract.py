"""Extraction against the gold lists (`tests/gold/*.yaml`, format and scoring: docs/gold.md).

Every gold file's domain is built from `../shared/corpus/<domain>` with the deterministic
extractor in a temporary folder and scored by `benchmarks.extract_score`. One row per domain,
then a total per split (`tuned`: domains the extractor is developed on; `heldout`: kept out
of its tuning, the honest estimate; `unseen`: the blind set of `tests/gold_unseen/`, domains
written for the project that live beside their gold and are in no corpus; `unseen2` ..
`unseen39`: the second to thirty-ninth blind sets, `tests/gold_unseen2/`,
`tests/gold_unseen3/`, `tests/gold_unseen4/`, `tests/gold_unseen5/`, `tests/gold_unseen6/`,
`tests/gold_unseen7/`, `tests/gold_unseen8/`, `tests/gold_unseen9/`, `tests/gold_unseen10/`,
`tests/gold_unseen11/`, `tests/gold_unseen12/`, `tests/gold_unseen13/`, `tests/gold_unseen14/`,
`tests/gold_unseen15/`, `tests/gold_unseen16/`, `tests/gold_unseen17/`,
`tests/gold_unseen18/`, `tests/gold_unseen19/`, `tests/gold_unseen20/`,
`tests/gold_unseen21/`, `tests/gold_unseen22/`, `tests/gold_unseen23/`,
`tests/gold_unseen24/`, `tests/gold_unseen25/`, `tests/gold_unseen26/`,
`tests/gold_unseen27/`, `tests/gold_unseen28/`, `tests/gold_unseen29/`,
`tests/gold_unseen30/`, `tests/gold_unseen31/`, `tests/gold_unseen32/`,
`tests/gold_unseen33/`, `tests/gold_unseen34/`, `tests/gold_unseen35/`,
`tests/gold_unseen36/`, `tests/gold_unseen37/`, `tests/gold_unseen38/` and
`tests/gold_unseen39/`, alike). Totals are micro-averages (sums of counts). The thirty-five
oldest blind sets were opened for development
(`benchmarks.gold.OPENED`): two more rows sum them (`ALL dev`) and the sets still blind
(`ALL blind`, the honest estimate beside `heldout`), without the sets written this session
(`benchmarks.gold.APART`: their own `TOTAL` row only, so `ALL blind` stays comparable).

    python -m benchmarks extract [--json] [--json=FILE] [--misses[=all]] [--alarms]
                                 [--stages] [--corpus=DIR] [--gold=DIR]

`--json` prints the figures as JSON instead of the table; `--json=FILE` writes them to FILE
as well; `--misses` lists, per tuned domain, the expectations no policy matched and the
policies that matched none (`--misses=dev` adds the opened sets, `--misses=all` every split:
reading the misses of a held-out or blind domain while developing the extractor spoils it as
a test). A domain whose gold
file is absent is not scored; without the corpus the benchmark says so and scores the unseen
set alone. `--gold=DIR` scores that folder only. With `--misses`, the enforced rules on a
wrong tool and the conditional expectations enforced without their condition are listed
too, and `--alarms` adds the false alarms (`rule-not-compiled` notes
on sentences the gold lists as no rule). `--stages` prints, per split and expected operator,
how many expectations were matched and how far the missed ones got (counts only, no
sentence, so it may be read on every split).
"""

from __future__ import annotations

import contextlib
import json
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, get_args

from benchmarks.extract_score import Score, build_domain, score
from benchmarks.gold import (
    APART,
    CORPUS,
    GOLD_DIR,
    OPENED,
    UNSEEN2_DIR,
    UNSEEN3_DIR,
    UNSEEN4_DIR,
    UNSEEN5_DIR,
    UNSEEN6_DIR,
    UNSEEN7_DIR,
    UNSEEN8_DIR,
    UNSEEN9_DIR,
    UNSEEN10_DIR,
    UNSEEN11_DIR,
    UNSEEN12_DIR,
    UNSEEN13_DIR,
    UNSEEN14_DIR,
    UNSEEN15_DIR,
    UNSEEN16_DIR,
    UNSEEN17_DIR,
    UNSEEN18_DIR,
    UNSEEN19_DIR,
    UNSEEN20_DIR,
    UNSEEN21_DIR,
    UNSEEN22_DIR,
    UNSEEN23_DIR,
    UNSEEN24_DIR,
    UNSEEN25_DIR,
    UNSEEN26_DIR,
    UNSEEN27_DIR,
    UNSEEN28_DIR,
    UNSEEN29_DIR,
    UNSEEN30_DIR,
    UNSEEN31_DIR,
    UNSEEN32_DIR,
    UNSEEN33_DIR,
    UNSEEN34_DIR,
    UNSEEN35_DIR,
    UNSEEN36_DIR,
    UNSEEN37_DIR,
    UNSEEN38_DIR,
    UNSEEN39_DIR,
    Gold,
    GoldError,
    check_gold,
    gold_files,
    load_gold,
    unseen_gold_files,
)

# the splits a gold file may name, in the order the table prints them (one list: the schema's)
SPLITS: tuple[str, ...] = get_args(Gold.model_fields["split"].annotation)
COLUMNS = (
    ("domain", 36),
    ("sent", 5),
    ("exp", 5),
    ("prose", 6),
    ("P", 6),
    ("P*", 6),
    ("R", 6),
    ("enf", 5),
    ("wrong", 6),
    ("cond", 5),
    ("silent", 7),
    ("alarm", 6),
)


def _ratio(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def _row(name: str, s: Score) -> str:
    cells = (
        name,
        s.sentences,
        s.expectations,
        s.prose,
        _ratio(s.precision),
        _ratio(s.precision_of_claims),
        _ratio(s.recall),
        s.enforce,
        s.wrong_tool,
        s.condition_dropped,
        s.silent,
        s.alarms,
    )
    return "".join(
        f"{c!s:<{w}}" if i == 0 else f"{c!s:>{w}}"
        for i, (c, (_, w)) in enumerate(zip(cells, COLUMNS, strict=True))
    )


def measure(
    corpus: Path, golds: Sequence[Gold], homes: Mapping[str, Path] | None = None
) -> tuple[dict[str, Score], list[str]]:
    """Score of every gold domain present in the corpus (or in its folder of `homes`, for
    domains that live beside their gold), and notes on what was skipped."""
    scores: dict[str, Score] = {}
    notes: list[str] = []
    for gold in golds:
        domain_dir = (homes or {}).get(gold.domain) or corpus / gold.domain
        if not domain_dir.is_dir():
            notes.append(f"{gold.domain}: not in the corpus, skipped")
            continue
        with tempfile.TemporaryDirectory(prefix="specgap-gold-") as tmp:
            built = build_domain(gold, domain_dir, Path(tmp))
            problems = check_gold(gold, domain_dir, built.tools)
            notes.extend(f"gold problem: {p}" for p in problems)
            # sources of converted tool files are relative to the build folder
            with contextlib.chdir(tmp):
                scores[gold.domain] = score(
                    gold,
                    built.sites,
                    built.artifacts,
                    built.policies,
                    built.diagnostics,
                    built.canonical,
                )
    return scores, notes


def _option(options: Sequence[str], name: str) -> str | None:
    """The value of `NAME=VALUE` among the options, if given."""
    return next((o.split("=", 1)[1] for o in options if o.startswith(f"{name}=")), None)


def print_stages(split: str, total: Score) -> None:
    """Matched / expected per operator, then the stages of the misses, most first."""
    operators = sorted({op for op, _ in total.stages})
    if not operators:
        return
    print(f"   stages of {split}:")
    for op in operators:
        counts = {stage: n for (o, stage), n in total.stages.items() if o == op}
        print(f"     {op}: {counts.get('matched', 0)}/{sum(counts.values())}")
        for stage, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            if stage != "matched":
                print(f"       {n:4d}  {stage}")
    if total.unmatched:
        print(f"   unmatched of {split} ({sum(total.unmatched.values())}):")
        for (op, enforcement, where), n in sorted(
            total.unmatched.items(), key=lambda kv: (-kv[1], kv[0])
        ):
            print(f"       {n:4d}  {op} [{enforcement}] on {where}")


def run(options: Sequence[str] = ()) -> None:
    as_json = "--json" in options
    out = _option(options, "--json")
    misses_of = {"all": SPLITS, "dev": ("tuned", *OPENED)}.get(
        _option(options, "--misses") or "", ("tuned",)
    )
    misses = "--misses" in options or _option(options, "--misses") is not None
    corpus = Path(_option(options, "--corpus") or CORPUS)
    gold_dir = Path(_option(options, "--gold") or GOLD_DIR)
    # the blind set needs no corpus: its domains are in the gold's own folders
    unseen = (
        []
        if _option(options, "--gold")
        else [
            *unseen_gold_files(),
            *unseen_gold_files(UNSEEN2_DIR),
            *unseen_gold_files(UNSEEN3_DIR),
            *unseen_gold_files(UNSEEN4_DIR),
            *unseen_gold_files(UNSEEN5_DIR),
            *unseen_gold_files(UNSEEN6_DIR),
            *unseen_gold_files(UNSEEN7_DIR),
            *unseen_gold_files(UNSEEN8_DIR),
            *unseen_gold_files(UNSEEN9_DIR),
            *unseen_gold_files(UNSEEN10_DIR),
            *unseen_gold_files(UNSEEN11_DIR),
            *unseen_gold_files(UNSEEN12_DIR),
            *unseen_gold_files(UNSEEN13_DIR),
            *unseen_gold_files(UNSEEN14_DIR),
            *unseen_gold_files(UNSEEN15_DIR),
            *unseen_gold_files(UNSEEN16_DIR),
            *unseen_gold_files(UNSEEN17_DIR),
            *unseen_gold_files(UNSEEN18_DIR),
            *unseen_gold_files(UNSEEN19_DIR),
            *unseen_gold_files(UNSEEN20_DIR),
            *unseen_gold_files(UNSEEN21_DIR),
            *unseen_gold_files(UNSEEN22_DIR),
            *unseen_gold_files(UNSEEN23_DIR),
            *unseen_gold_files(UNSEEN24_DIR),
            *unseen_gold_files(UNSEEN25_DIR),
            *unseen_gold_files(UNSEEN26_DIR),
            *unseen_gold_files(UNSEEN27_DIR),
            *unseen_gold_files(UNSEEN28_DIR),
            *unseen_gold_files(UNSEEN29_DIR),
            *unseen_gold_files(UNSEEN30_DIR),
            *unseen_gold_files(UNSEEN31_DIR),
            *unseen_gold_files(UNSEEN32_DIR),
            *unseen_gold_files(UNSEEN33_DIR),
            *unseen_gold_files(UNSEEN34_DIR),
            *unseen_gold_files(UNSEEN35_DIR),
            *unseen_gold_files(UNSEEN36_DIR),
            *unseen_gold_files(UNSEEN37_DIR),
            *unseen_gold_files(UNSEEN38_DIR),
            *unseen_gold_files(UNSEEN39_DIR),
        ]
    )
    if not corpus.is_dir():
        print(
            f"   corpus not found at {corpus}: only the unseen set is measured",
            file=sys.stderr if as_json else sys.stdout,
        )
        if not unseen:
            return
    started = time.perf_counter()
    golds: list[Gold] = []
    homes: dict[str, Path] = {}
    for path in [*(gold_files(gold_dir) if corpus.is_dir() else []), *unseen]:
        try:
            golds.append(load_gold(path))
        except GoldError as exc:
            print(f"   {exc}", file=sys.stderr)
            continue
        if path in unseen:
            homes[golds[-1].domain] = path.parent
    scores, notes = measure(corpus, golds, homes)
    split_of = {g.domain: g.split for g in golds}
    totals = {split: Score() for split in SPLITS}
    for domain, s in scores.items():
        totals[split_of[domain]].add(s)
    groups = {
        "dev": [s for s in SPLITS if s in OPENED],
        "blind": [
            s for s in SPLITS if s.startswith("unseen") and s not in OPENED and s not in APART
        ],
    }
    group_totals = {name: Score() for name in groups}
    for name, members in groups.items():
        for split in members:
            group_totals[name].add(totals[split])
    figures: dict[str, Any] = {
        "domains": {d: {"split": split_of[d], **s.figures()} for d, s in sorted(scores.items())},
        "totals": {split: t.figures() for split, t in totals.items()},
        "groups": {name: t.figures() for name, t in group_totals.items()},
        "skipped": sorted(
            p.name
            for p in (corpus.iterdir() if corpus.is_dir() else ())
            if p.is_dir() and not p.name.startswith("_") and p.name not in split_of
        ),
    }
    if out:
        Path(out).write_text(json.dumps(figures, indent=2, sort_keys=True) + "\n", "utf-8")
    if as_json:
        print(json.dumps(figures, indent=2, sort_keys=True))
        return
    print(
        "   " + "".join(f"{n:<{w}}" if i == 0 else f"{n:>{w}}" for i, (n, w) in enumerate(COLUMNS))
    )
    for split in SPLITS:
        rows = [(d, s) for d, s in sorted(scores.items()) if split_of[d] == split]
        for domain, s in rows:
            print("   " + _row(domain, s))
        if rows:
            print("   " + _row(f"TOTAL {split} ({len(rows)})", totals[split]))
    for name, members in groups.items():
        n = sum(split_of[d] in members for d in scores)
        if n:
            label = f"{members[0]}..{members[-1]}" if len(members) > 1 else members[0]
            print("   " + _row(f"ALL {name}: {label} ({n})", group_totals[name]))
    for note in notes:
        print(f"   {note}")
    if figures["skipped"]:
        print(f"   no gold: {', '.join(figures['skipped'])}")
    print(
        "   sent: gold sentences; exp: checkable expectations; prose: policies from prose; "
        "enf: of those, enforce; wrong: enforce on the wrong tool; cond: condition dropped; "
        "P*: precision without review readings of sentences the gold marks not checkable; "
        "silent: rule sentences with neither a policy nor a located diagnostic; "
        "alarm: rule-not-compiled notes on sentences the gold lists as no rule"
    )
    if "--stages" in options:
        for split in SPLITS:
            print_stages(split, totals[split])
    if misses:
        for domain, s in sorted(scores.items()):
            if split_of[domain] not in misses_of:
                continue
            for line in s.misses:
                print(f"   {domain}: missed {line}")
            for line in s.extra:
                print(f"   {domain}: unmatched {line}")
            for line in s.wrong:
                print(f"   {domain}: wrong tool {line}")
            for line in s.dropped:
                print(f"   {domain}: condition dropped {line}")
            if "--alarms" in options:
                for line in s.alarm_lines:
                    print(f"   {domain}: alarm {line}")
            for line in s.unreported:
                print(f"   {domain}: silent {line}")
    print(f"   ({len(scores)} domains in {time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    run(sys.argv[1:])
