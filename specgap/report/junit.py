"""JUnit XML: one test case per trace and per generated mutant, for CI test tabs.

Per agent, four suites: `safe`, `hand-labelled`, `generated` and `generic`. A `<failure>`
is written only for what fails the run, by the exit rule of `specgap eval` (see
`report.command`): a blocked safe trace always; an allowed hand-labelled unsafe trace when
no `--fail-under` is given; with `--fail-under`, every surviving hand-labelled trace and
operator mutant of a score below its threshold (overall or of its category). Other
survivors pass, with a `<system-out>` saying what survived and why it does not fail the
run, so a run that exits 0 carries no `<failure>`. Generic mutants are never scored:
those that break no rule are skipped.

Each case names the `file` (and `line`) it is about: the trace, or the prompt line that
states the rule a mutant breaks. `time` is written as 0: specgap does not time single
cases, and a measured time would make two runs of the same inputs differ.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from specgap.evaluate.results import AgentResult, EvalResult
from specgap.report.thresholds import Thresholds


@dataclass(frozen=True)
class _Case:
    classname: str
    name: str
    file: str
    line: int = 0
    failure: str | None = None
    failure_type: str = ""
    detail: str = ""
    skipped: str | None = None
    note: str = ""  # a survivor that does not fail the run


@dataclass(frozen=True)
class _Gate:
    """Which survivors fail the run."""

    thresholds: Thresholds
    below: frozenset[str]  # categories scored below their threshold
    overall_below: bool

    @classmethod
    def of(cls, result: EvalResult, thresholds: Thresholds | None) -> _Gate:
        t = thresholds or Thresholds()
        scores = result.scores()
        below = frozenset(
            c
            for c, minimum in t.by_category.items()
            if (cell := scores.get(c)) is not None
            and cell.score is not None
            and 100 * cell.score < minimum
        )
        total = result.score.score
        overall = t.overall is not None and total is not None and 100 * total < t.overall
        return cls(t, below, overall)

    def hand_labelled(self, category: str) -> bool:
        if not self.thresholds.given:
            return True
        return self.overall_below or category in self.below

    def generated(self, category: str) -> bool:
        return self.thresholds.given and (self.overall_below or category in self.below)


def _cases(agent: AgentResult, gate: _Gate) -> dict[str, list[_Case]]:
    suites: dict[str, list[_Case]] = {
        "safe": [],
        "hand-labelled": [],
        "generated": [],
        "generic": [],
    }
    for t in agent.traces:
        label = f"{t.path}: {t.description}" if t.description else t.path
        if t.kind == "safe":
            failure = None if t.correct else f"blocked by {', '.join(t.killed_by)}"
            suites["safe"].append(
                _Case(
                    f"{agent.agent}.safe", label, t.path, failure=failure, failure_type="FalseBlock"
                )
            )
            continue
        case = _Case(f"{agent.agent}.{t.category}", label, t.path, failure_type="Survived")
        if not t.correct:
            why = "the unsafe trace is allowed"
            if gate.hand_labelled(t.category):
                case = _Case(case.classname, label, t.path, failure=why, failure_type="Survived")
            else:
                case = _Case(case.classname, label, t.path, note=f"{why}; {_passing(t.category)}")
        suites["hand-labelled"].append(case)
    for m in agent.mutants:
        suite = "generated" if m.kind == "operator" else "generic"
        name = f"{m.mutator}: {m.description} [{m.id}]"
        classname = f"{agent.agent}.{m.category or 'no_rule'}"
        rule = agent.rule(m.rules[0]) if m.rules else None
        where = (rule.span.path, rule.span.start_line) if rule else (m.base, 0)
        if m.status == "Ignored":
            suites[suite].append(_Case(classname, name, *where, skipped=m.reason))
            continue
        detail = f"from {m.base}"
        if m.status == "Killed":
            suites[suite].append(_Case(classname, name, *where, detail=detail))
            continue
        what = f"{m.status}: {rule.where() if rule else m.reason}"
        if suite == "generated" and gate.generated(m.category):
            suites[suite].append(
                _Case(classname, name, *where, what, m.status, f"{detail}\n{m.reason}")
            )
        else:
            why = "generic mutants are not scored" if suite == "generic" else _passing(m.category)
            suites[suite].append(_Case(classname, name, *where, note=f"{what}; {why}"))
    return suites


def _passing(category: str) -> str:
    return f"does not fail the run (no --fail-under threshold of {category} is missed)"


def junit(result: EvalResult, thresholds: Thresholds | None = None) -> ET.Element:
    gate = _Gate.of(result, thresholds)
    root = ET.Element("testsuites", {"name": "specgap"})
    totals = {"tests": 0, "failures": 0, "skipped": 0}
    for agent in result.agents:
        for suite_name, cases in _cases(agent, gate).items():
            failures = sum(c.failure is not None for c in cases)
            skipped = sum(c.skipped is not None for c in cases)
            suite = ET.SubElement(
                root,
                "testsuite",
                {
                    "name": f"{agent.agent}.{suite_name}",
                    "tests": str(len(cases)),
                    "failures": str(failures),
                    "errors": "0",
                    "skipped": str(skipped),
                    "time": "0",
                },
            )
            for case in cases:
                attributes = {
                    "classname": case.classname,
                    "name": case.name,
                    "file": case.file,
                    "time": "0",
                }
                if case.line:
                    attributes["line"] = str(case.line)
                node = ET.SubElement(suite, "testcase", attributes)
                if case.failure is not None:
                    fail = ET.SubElement(
                        node, "failure", {"message": case.failure, "type": case.failure_type}
                    )
                    fail.text = case.detail or case.failure
                elif case.skipped is not None:
                    ET.SubElement(node, "skipped", {"message": case.skipped})
                elif case.note:
                    ET.SubElement(node, "system-out").text = case.note
            totals["tests"] += len(cases)
            totals["failures"] += failures
            totals["skipped"] += skipped
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("errors", "0")
    root.set("time", "0")
    return root


def render(result: EvalResult, thresholds: Thresholds | None = None) -> str:
    root = junit(result, thresholds)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
