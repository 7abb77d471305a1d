"""A self-contained HTML page rendering the Stryker-schema report on the artifact text.

Everything is inline (CSS, a few lines of JS for the status filter, the report JSON), so
the page opens from disk with no network. Each artifact is shown line by line; the span of
every rule that generated mutants is marked with the worst status among them, and the
mutants are listed under the line their rule starts on, linked from the mark.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from specgap.evaluate.results import EvalResult
from specgap.report.stryker import stryker
from specgap.report.templating import environment

STATUSES = ("Survived", "NoCoverage", "Killed", "Ignored")
GENERIC = "generic/"
_RANK = {"Ignored": 0, "Killed": 1, "NoCoverage": 2, "Survived": 3}


@dataclass
class Piece:
    text: str
    status: str | None = None
    anchor: str | None = None
    title: str = ""


@dataclass
class Line:
    number: int
    pieces: list[Piece]
    mutants: list[dict[str, Any]] = field(default_factory=list)
    echoes: list[dict[str, Any]] = field(default_factory=list)  # the rule, stated again here


@dataclass
class FileView:
    path: str
    anchor: str
    lines: list[Line]
    counts: dict[str, int]
    score: float | None
    open: bool  # artifacts that state rules are shown; hand-labelled trace files folded


def _counts(mutants: list[dict[str, Any]]) -> dict[str, int]:
    counts = dict.fromkeys(STATUSES, 0)
    for m in mutants:
        counts[m["status"]] = counts.get(m["status"], 0) + 1
    return counts


def _score(mutants: list[dict[str, Any]]) -> float | None:
    """Killed over scored mutants; generic mutants are shown but, as everywhere, not scored."""
    counts = _counts([m for m in mutants if not m["mutatorName"].startswith(GENERIC)])
    scored = counts["Killed"] + counts["Survived"] + counts["NoCoverage"]
    return counts["Killed"] / scored if scored else None


def file_view(
    n: int,
    path: str,
    data: dict[str, Any],
    echoes: Sequence[dict[str, Any]] = (),
) -> FileView:
    """One artifact, line by line. `echoes` are other statements of rules whose mutants
    are shown at their first statement: marked too, linking there."""
    texts = data["source"].split("\n") if data["source"] else [""]
    marks: dict[int, list[tuple[int, int, dict[str, Any]]]] = {}
    below: dict[int, list[dict[str, Any]]] = {}
    noted: dict[int, list[dict[str, Any]]] = {}
    for m in [*data["mutants"], *echoes]:
        start, end = m["location"]["start"], m["location"]["end"]
        first = min(start["line"], len(texts))
        (noted if m.get("echo") else below).setdefault(first, []).append(m)
        for line in range(first, min(end["line"], len(texts)) + 1):
            width = len(texts[line - 1]) + 1
            lo = start["column"] if line == start["line"] else 1
            hi = end["column"] if line == end["line"] else width
            lo, hi = min(lo, width), min(max(hi, lo + 1), width)
            marks.setdefault(line, []).append((lo, hi, m))
    for found in below.values():
        found.sort(key=lambda m: (-_RANK.get(m["status"], 0), m["mutatorName"], m["description"]))
    lines = []
    for number, text in enumerate(texts, 1):
        pieces = _pieces(text, marks.get(number, []))
        lines.append(Line(number, pieces, below.get(number, []), noted.get(number, [])))
    folded = all(m["mutatorName"] == "hand-labelled" for m in data["mutants"])
    counts = _counts(data["mutants"])
    return FileView(path, f"file-{n}", lines, counts, _score(data["mutants"]), not folded)


def _pieces(text: str, marks: list[tuple[int, int, dict[str, Any]]]) -> list[Piece]:
    if not marks:
        return [Piece(text)]
    cuts = sorted({1, len(text) + 1, *(lo for lo, _, _ in marks), *(hi for _, hi, _ in marks)})
    pieces = []
    for lo, hi in itertools.pairwise(cuts):
        covering = [m for a, b, m in marks if a <= lo and hi <= b]
        chunk = text[lo - 1 : hi - 1]
        if not covering:
            pieces.append(Piece(chunk))
            continue
        worst = max(covering, key=lambda m: _RANK.get(m["status"], 0))
        real = [m for m in covering if not m.get("echo")]
        counts = _counts(real)
        title = ", ".join(f"{v} {k}" for k, v in counts.items() if v)
        if not real:
            title = "; ".join(m["note"] for m in covering)
        pieces.append(Piece(chunk or " ", worst["status"], f"m-{worst['id']}", title))
    return pieces


def _echoes(result: EvalResult, report: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Rules stated in several places (prompt and config): a mark at each other statement."""
    first_of: dict[tuple[str, int, int], list[dict[str, Any]]] = {}
    for path, data in report["files"].items():
        for m in data["mutants"]:
            start = m["location"]["start"]
            first_of.setdefault((path, start["line"], start["column"]), []).append(m)
    out: dict[str, list[dict[str, Any]]] = {}
    for agent in result.agents:
        for rule in agent.rules:
            shown = first_of.get((rule.span.path, rule.span.start_line, rule.span.start_col))
            if not shown or not rule.also_stated_at:
                continue
            worst = max(shown, key=lambda m: _RANK.get(m["status"], 0))
            note = f"{len(shown)} mutants of `{rule.key}`, shown at {rule.location}"
            for span in rule.also_stated_at:
                out.setdefault(span.path, []).append(
                    {
                        "echo": True,
                        "id": worst["id"],
                        "status": worst["status"],
                        "note": note,
                        "location": {
                            "start": {"line": span.start_line, "column": span.start_col},
                            "end": {"line": span.end_line, "column": span.end_col},
                        },
                    }
                )
    return out


def attention(result: EvalResult, report: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """What a reviewer reads first: the rules with surviving mutants or allowed unsafe
    traces (linked to the mutant in the text), then the rules that did not compile."""
    first: dict[tuple[str, int, int], dict[str, Any]] = {}
    for path, data in report["files"].items():
        for m in data["mutants"]:
            if m["status"] in ("Survived", "NoCoverage"):
                start = m["location"]["start"]
                first.setdefault((path, start["line"], start["column"]), m)
    survivors = []
    for agent in result.agents:
        for rule in agent.rules:
            lost = rule.survived + rule.no_coverage
            if not lost:
                continue
            found = first.get((rule.span.path, rule.span.start_line, rule.span.start_col))
            survivors.append(
                {
                    "status": "Survived" if rule.survived else "NoCoverage",
                    "anchor": f"m-{found['id']}" if found else "",
                    "location": rule.location,
                    "key": rule.key,
                    "text": f"{lost} of {lost + rule.killed} mutants survive; {rule.where()}",
                }
            )
        for trace in agent.traces:
            if trace.kind == "unsafe" and not trace.blocked:
                survivors.append(
                    {
                        "status": "Survived",
                        "anchor": f"m-{agent.agent}:{trace.path}",
                        "location": trace.path,
                        "key": "hand-labelled",
                        "text": f"the unsafe trace is allowed: {trace.description or ''}",
                    }
                )
    not_compiled = [
        {"location": r.location, "note": r.note, "quote": r.quote}
        for a in result.agents
        for r in a.rules
        if r.status == "not_compiled"
    ]
    return {"survivors": survivors, "not_compiled": not_compiled}


def render_html(result: EvalResult) -> str:
    report = stryker(result)
    echoes = _echoes(result, report)
    files = dict(report["files"])
    for path in echoes:
        if path not in files and path in result.sources:
            files[path] = {"language": "text", "source": result.sources[path], "mutants": []}
    views = [
        file_view(n, path, data, echoes.get(path, []))
        for n, (path, data) in enumerate(sorted(files.items()))
    ]
    totals = dict.fromkeys(STATUSES, 0)
    for view in views:
        for status, value in view.counts.items():
            totals[status] = totals.get(status, 0) + value
    tests = {t["id"]: t["name"] for f in report["testFiles"].values() for t in f["tests"]}
    embedded = (
        json.dumps(report, sort_keys=True, ensure_ascii=False)
        .replace("&", "\\u0026")
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
    )
    return (
        environment()
        .get_template("report.html.j2")
        .render(
            files=views,
            attention=attention(result, report),
            totals=totals,
            score=result.score.score,
            statuses=STATUSES,
            tests=tests,
            report_json=embedded,
            revision=result.revision,
            version=report["framework"]["version"],
        )
    )
