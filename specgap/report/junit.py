"""JUnit XML: one test case per trace and per generated mutant, for CI test tabs.

Per agent, four suites: `safe` (a blocked safe trace fails), `hand-labelled` (an allowed
unsafe trace fails), `generated` (a surviving or uncovered operator mutant fails) and
`generic` (the same for generic mutants; those that break no rule are skipped). No
timestamps or durations are written, so the file is reproducible.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from specgap.evaluate.suite import AgentResult, EvalResult


@dataclass(frozen=True)
class _Case:
    classname: str
    name: str
    failure: str | None = None
    failure_type: str = ""
    detail: str = ""
    skipped: str | None = None


def _cases(agent: AgentResult) -> dict[str, list[_Case]]:
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
            suites["safe"].append(_Case(f"{agent.agent}.safe", label, failure, "FalseBlock"))
        else:
            failure = None if t.correct else "the unsafe trace is allowed"
            suites["hand-labelled"].append(
                _Case(f"{agent.agent}.{t.category}", label, failure, "Survived")
            )
    for m in agent.mutants:
        suite = "generated" if m.kind == "operator" else "generic"
        name = f"{m.mutator}: {m.description} [{m.id}]"
        classname = f"{agent.agent}.{m.category or 'no_rule'}"
        if m.status == "Ignored":
            suites[suite].append(_Case(classname, name, skipped=m.reason))
            continue
        failure = None
        detail = f"from {m.base}"
        if m.status != "Killed":
            rule = agent.rule(m.rules[0]) if m.rules else None
            failure = f"{m.status}: {rule.where() if rule else m.reason}"
            detail += f"\n{m.reason}"
        suites[suite].append(_Case(classname, name, failure, m.status, detail))
    return suites


def junit(result: EvalResult) -> ET.Element:
    root = ET.Element("testsuites", {"name": "specgap"})
    totals = {"tests": 0, "failures": 0, "skipped": 0}
    for agent in result.agents:
        for suite_name, cases in _cases(agent).items():
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
                },
            )
            for case in cases:
                node = ET.SubElement(
                    suite, "testcase", {"classname": case.classname, "name": case.name}
                )
                if case.failure is not None:
                    fail = ET.SubElement(
                        node, "failure", {"message": case.failure, "type": case.failure_type}
                    )
                    fail.text = case.detail or case.failure
                elif case.skipped is not None:
                    ET.SubElement(node, "skipped", {"message": case.skipped})
            totals["tests"] += len(cases)
            totals["failures"] += failures
            totals["skipped"] += skipped
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("errors", "0")
    return root


def render(result: EvalResult) -> str:
    root = junit(result)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
