"""Reports a reviewer can act on: SARIF rules documented and located at the prompt line,
JUnit failures exactly when the run fails, Stryker scoring what specgap scores, one step
summary per run, the HTML page leading with what needs attention."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from jsonschema import validators

from specgap.api import build, evaluate
from specgap.config import Project, load_project
from specgap.evaluate.results import EvalResult
from specgap.report.command import failures
from specgap.report.compare import compare
from specgap.report.html import render_html
from specgap.report.jsonout import render as render_json
from specgap.report.junit import render as render_junit
from specgap.report.sarif import sarif
from specgap.report.stryker import stryker
from specgap.report.thresholds import Thresholds
from tests.cli_helpers import specgap
from tests.conftest import ROOT

DATA = ROOT / "tests" / "data"
PROMPT = "fixtures/sql/prompt.md"
ORDERING = "Always call `sql.schema_lookup` before `sql.execute`"


def _evaluate(project: Project) -> EvalResult:
    bundle, states = build(project)
    return evaluate(project, bundle, states, mutants=True)


@pytest.fixture(scope="module")
def result() -> EvalResult:
    return _evaluate(load_project(ROOT / "specgap.toml"))


def _copy(tmp_path: Path) -> Path:
    for name in ("fixtures", "registries", "policy"):
        shutil.copytree(ROOT / name, tmp_path / name)
    shutil.copy(ROOT / "specgap.toml", tmp_path / "specgap.toml")
    return tmp_path


def _edited(tmp_path: Path, new: str | None) -> EvalResult:
    """The reference project with the SQL ordering rule reworded to `new` (None: removed)."""
    root = _copy(tmp_path)
    prompt = root / PROMPT
    lines = prompt.read_text().splitlines(keepends=True)
    edited = [
        (line.replace(ORDERING, new) if new is not None else "") if ORDERING in line else line
        for line in lines
    ]
    prompt.write_text("".join(edited))
    return _evaluate(load_project(root / "specgap.toml"))


def test_every_sarif_rule_is_documented_for_code_scanning(result: EvalResult) -> None:
    run = sarif(result)["runs"][0]
    for rule in run["tool"]["driver"]["rules"]:
        assert rule["shortDescription"]["text"]
        assert rule["fullDescription"]["text"] != rule["shortDescription"]["text"]
        assert "**Fix:**" in rule["help"]["markdown"]
        assert "**" not in rule["help"]["text"]
    for found in run["results"]:
        for location in found.get("locations", []):
            assert location["physicalLocation"]["region"]["startLine"] >= 1


def test_an_allowed_unsafe_trace_points_at_the_rule_that_did_not_compile(
    tmp_path: Path,
) -> None:
    head = _edited(tmp_path, "Always call the catalogue browser before `sql.execute`")
    run = sarif(head)["runs"][0]
    [allowed] = [r for r in run["results"] if r["ruleId"] == "false-allow"]
    where = allowed["locations"][0]["physicalLocation"]
    assert where["artifactLocation"]["uri"] == PROMPT
    stated = (
        (ROOT / PROMPT)
        .read_text()
        .splitlines()
        .index(next(line for line in (ROOT / PROMPT).read_text().splitlines() if ORDERING in line))
    )
    assert where["region"]["startLine"] == stated + 1
    related = allowed["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert related.endswith("no_schema_lookup.json")
    assert validate(sarif(head)) == []


def test_a_rule_lost_against_the_base_is_a_located_warning(
    tmp_path: Path, result: EvalResult
) -> None:
    head = _edited(tmp_path, None)
    base = json.loads(render_json(result))
    log = sarif(head, compare(head, base, "base.json"))
    lost = [r for r in log["runs"][0]["results"] if r["ruleId"] == "lost-enforcement"]
    assert len(lost) == 1
    assert lost[0]["level"] == "warning"
    assert lost[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == PROMPT
    assert "sql.schema_lookup" in lost[0]["message"]["text"]
    assert validate(log) == []
    # without a base there is nothing to compare: no such finding
    assert all(r["ruleId"] != "lost-enforcement" for r in sarif(head)["runs"][0]["results"])


def validate(log: object) -> list[str]:
    schema = json.loads((DATA / "sarif-schema-2.1.0.json").read_text())
    validator = validators.validator_for(schema)(schema)
    return [e.message for e in validator.iter_errors(log)]


@pytest.mark.parametrize(
    ("thresholds", "failing"),
    [
        (None, 0),  # the reference run exits 0: survivors are reported, not failed
        (Thresholds(overall=100.0), 3),
        (Thresholds(overall=50.0), 0),
        (Thresholds(by_category={"business_logic_validation": 100.0}), 3),
        (Thresholds(by_category={"workflow_ordering_validation": 100.0}), 0),
    ],
    ids=["no-threshold", "overall-missed", "overall-met", "category-missed", "other-category"],
)
def test_junit_fails_exactly_what_fails_the_run(
    result: EvalResult, thresholds: Thresholds | None, failing: int
) -> None:
    root = ET.fromstring(render_junit(result, thresholds).split("\n", 1)[1])
    found = root.findall(".//failure")
    assert len(found) == failing
    run_fails = bool(failures(result, thresholds or Thresholds())[0])
    assert run_fails == bool(found)
    survivors = root.findall(".//testcase/system-out")
    assert len(survivors) + failing >= 3  # the three survivors are reported either way
    for case in root.iter("testcase"):
        assert case.get("time") == "0"
        assert (ROOT / case.get("file", "missing")).is_file()


def test_junit_fails_an_allowed_unsafe_trace_when_no_threshold_is_given(
    tmp_path: Path,
) -> None:
    head = _edited(tmp_path, None)
    root = ET.fromstring(render_junit(head).split("\n", 1)[1])
    [failure] = root.findall(".//failure")
    case = next(c for c in root.iter("testcase") if c.find("failure") is not None)
    assert case.get("file", "").endswith("no_schema_lookup.json")
    assert failure.get("type") == "Survived"


def test_stryker_scores_the_mutants_specgap_scores(result: EvalResult) -> None:
    report = stryker(result)
    statuses = [m["status"] for f in report["files"].values() for m in f["mutants"]]
    detected = statuses.count("Killed")
    valid = detected + statuses.count("Survived") + statuses.count("NoCoverage")
    assert (detected, valid) == (result.score.killed, result.score.total)
    assert "Ignored" in statuses  # generic mutants are listed, not scored


@pytest.mark.slow
def test_the_step_summary_is_written_once_per_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    for fmt in ("sarif", "junit", "json"):
        run = specgap("eval", "--format", fmt, "--output", str(tmp_path / f"r.{fmt}"), cwd=ROOT)
        assert run.code == 0, run.stderr
    assert summary.read_text().count("## specgap mutation coverage") == 1
    run = specgap("eval", "--agent", "sql", "--format", "json", cwd=ROOT)
    assert summary.read_text().count("## specgap mutation coverage") == 2  # another run


def test_the_html_page_leads_with_survivors_and_rules_that_did_not_compile(
    tmp_path: Path,
) -> None:
    head = _edited(tmp_path, "Always call the catalogue browser before `sql.execute`")
    page = render_html(head)
    attention = page.index('id="attention"')
    assert attention < page.index('<section id="file-')
    section = page[attention : page.index('<section id="file-')]
    assert "Survivors" in section
    assert "Rules that did not compile" in section
    assert "catalogue browser" in section
    anchors = [a.split('"')[0] for a in section.split('href="#')[1:]]
    assert anchors
    for anchor in anchors:
        assert f'id="{anchor}"' in page


def _multitool() -> Path | None:
    found = os.environ.get("SARIF_MULTITOOL")
    if found:
        return Path(found)
    local = (
        ROOT / ".ci" / ".cache" / "sarif-multitool" / "node_modules" / ".bin" / "sarif-multitool"
    )
    return local if local.exists() else None


@pytest.mark.slow
def test_sarif_passes_githubs_validation_rules(tmp_path: Path, result: EvalResult) -> None:
    """The SARIF multitool's GitHub rule set (`--rule-kind Gh`) reports no error (install
    it with `.ci/sarif-multitool.sh`)."""
    tool = _multitool()
    if tool is None:
        pytest.skip("the SARIF multitool is not installed (.ci/sarif-multitool.sh)")
    head = _edited(tmp_path / "head", "Always call the catalogue browser before `sql.execute`")
    undocumented = sarif(result)
    for rule in undocumented["runs"][0]["tool"]["driver"]["rules"]:
        del rule["help"]
    logs = {
        "reference": sarif(result),
        "head": sarif(head, compare(head, json.loads(render_json(result)), "b")),
        "undocumented": undocumented,  # the validator does check: this one must fail
    }
    for name, log in logs.items():
        path = tmp_path / f"{name}.sarif"
        path.write_text(json.dumps(log))
        out = tmp_path / f"{name}.validation.sarif"
        done = subprocess.run(
            [str(tool), "validate", "--rule-kind", "Gh", "--output", str(out), str(path)],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert out.is_file(), done.stdout + done.stderr
        found = json.loads(out.read_text())["runs"][0].get("results", [])
        errors = [r for r in found if r.get("level", "warning") == "error"]
        assert bool(errors) == (name == "undocumented"), done.stdout
