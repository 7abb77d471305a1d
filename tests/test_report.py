"""The machine-readable reports: SARIF and Stryker validate against their published schemas
(shipped in tests/data), JUnit is well-formed, the HTML page is self-contained."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from jsonschema import validators

from specgap.api import build, evaluate
from specgap.config import Project, load_project
from specgap.evaluate.results import EvalResult
from specgap.report.github import annotation_lines
from specgap.report.html import render_html
from specgap.report.junit import render as render_junit
from specgap.report.sarif import sarif
from specgap.report.stryker import stryker
from specgap.report.thresholds import Thresholds

DATA = Path(__file__).resolve().parent / "data"


def _evaluate(project: Project) -> EvalResult:
    bundle, states = build(project)
    return evaluate(project, bundle, states, mutants=True)


@pytest.fixture(scope="module")
def result() -> EvalResult:
    return _evaluate(load_project(Path(__file__).resolve().parent.parent / "specgap.toml"))


def _errors(schema_file: str, document: Any) -> list[str]:
    schema = json.loads((DATA / schema_file).read_text())
    validator = validators.validator_for(schema)(schema)
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]


def test_sarif_validates_against_the_sarif_2_1_0_schema(result: EvalResult) -> None:
    log = sarif(result)
    assert _errors("sarif-schema-2.1.0.json", log) == []
    broken = copy.deepcopy(log)
    broken["runs"][0]["results"][0]["level"] = "fatal"
    assert _errors("sarif-schema-2.1.0.json", broken)  # the schema does check


def test_sarif_results_sit_on_the_rule_spans(result: EvalResult) -> None:
    run = sarif(result)["runs"][0]
    ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert {"survived-mutant", "unenforced-rule", "untested-policy"} <= set(ids)
    survived = [r for r in run["results"] if r["ruleId"] == "survived-mutant"]
    (where,) = [r["locations"][0]["physicalLocation"] for r in survived]
    assert where["artifactLocation"]["uri"] == "fixtures/sql/prompt.md"
    assert (where["region"]["startLine"], where["region"]["startColumn"]) == (17, 3)
    for r in run["results"]:
        assert ids[r["ruleIndex"]] == r["ruleId"]
    prints = [r["partialFingerprints"]["specgap/v1"] for r in run["results"]]
    assert len(prints) == len(set(prints))


def test_sarif_fingerprints_survive_line_shifts(project_dir: Path, result: EvalResult) -> None:
    prompt = project_dir / "fixtures" / "sql" / "prompt.md"
    prompt.write_text("An extra opening paragraph.\n\n" + prompt.read_text())
    shifted = _evaluate(load_project(project_dir / "specgap.toml"))

    def located(r: EvalResult) -> dict[str, int]:
        out = {}
        for found in sarif(r)["runs"][0]["results"]:
            region = found.get("locations", [{}])[0].get("physicalLocation", {}).get("region", {})
            out[found["partialFingerprints"]["specgap/v1"]] = region.get("startLine", 0)
        return out

    before, after = located(result), located(shifted)
    assert set(before) == set(after)
    moved = {k for k in before if after[k] != before[k]}
    assert moved  # the sql prompt's findings moved down two lines, and kept their fingerprints
    assert all(after[k] == before[k] + 2 for k in moved)


def test_stryker_validates_against_the_mutation_testing_report_schema(result: EvalResult) -> None:
    report = stryker(result)
    assert _errors("mutation-testing-report-schema.json", report) == []
    broken = copy.deepcopy(report)
    next(iter(broken["files"].values()))["mutants"][0]["status"] = "Bogus"
    assert _errors("mutation-testing-report-schema.json", broken)


def test_stryker_locates_mutants_at_rule_spans_and_names_their_killers(result: EvalResult) -> None:
    report = stryker(result)
    assert report["schemaVersion"] == "2"
    tests = {t["id"] for f in report["testFiles"].values() for t in f["tests"]}
    prompt = report["files"]["fixtures/sql/prompt.md"]
    assert prompt["language"] == "markdown"
    assert prompt["source"] == result.sources["fixtures/sql/prompt.md"]
    survived = [m for m in prompt["mutants"] if m["status"] == "Survived"]
    assert len(survived) == 3
    assert {m["location"]["start"]["line"] for m in survived} == {17}
    for file in report["files"].values():
        for m in file["mutants"]:
            assert set(m.get("killedBy", [])) <= tests
            assert (m["status"] == "Killed") == bool(m.get("killedBy"))


def test_junit_counts_match_its_cases(result: EvalResult) -> None:
    # a threshold the reference agents miss: their survivors fail the run, and the report
    root = ET.fromstring(render_junit(result, Thresholds(overall=100.0)).split("\n", 1)[1])
    cases = root.findall("./testsuite/testcase")
    assert int(root.get("tests", "-1")) == len(cases)
    assert int(root.get("failures", "-1")) == len(root.findall("./testsuite/testcase/failure"))
    assert int(root.get("skipped", "-1")) == len(root.findall("./testsuite/testcase/skipped"))
    failed = [c.find("failure") for c in cases if c.find("failure") is not None]
    assert len(failed) == 3
    assert all("not enforced" in (f.get("message") or "") for f in failed if f is not None)
    names = {s.get("name") for s in root.findall("testsuite")}
    assert {"sql.safe", "sql.hand-labelled", "sql.generated", "cloud.generic"} <= names


def test_the_html_page_needs_no_network(result: EvalResult) -> None:
    page = render_html(result)
    assert "<script src" not in page
    assert "<link" not in page
    assert "@import" not in page
    assert "url(" not in page
    assert all(href.startswith("#") for href in re.findall(r'href="([^"]*)"', page))
    pattern = r'<script type="application/json" id="mutation-report">(.*?)</script>'
    embedded = re.search(pattern, page, re.S)
    assert embedded is not None
    assert json.loads(embedded.group(1)) == stryker(result)


def test_the_html_page_marks_mutants_on_the_prompt_text(result: EvalResult) -> None:
    page = render_html(result)
    survived = re.findall(r'<mark class="Survived" title="3 Survived">([^<]*)</mark>', page)
    assert survived == [
        "Revenue totals must exclude refunded orders, and a finance reviewer approves every "
        "query that reports revenue."
    ]
    listed = re.findall(r'<li id="m-([^"]+)" data-status="(\w+)"', page)
    in_report = [m for f in stryker(result)["files"].values() for m in f["mutants"]]
    assert sorted(listed) == sorted((m["id"], m["status"]) for m in in_report)


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed")
def test_chromium_renders_the_page_offline(result: EvalResult, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    page.write_text(render_html(result), encoding="utf-8")
    flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--dump-dom",
    ]
    argv = ["chromium", *flags, page.as_uri()]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.count('data-status="Survived"') >= 3
    assert "Mutation score 97.8%" in done.stdout


def test_annotations_escape_workflow_command_characters(result: EvalResult) -> None:
    lines = annotation_lines(result)
    assert lines
    for line in lines:
        found = re.fullmatch(r"::(\w+) ([^:]*)::(.*)", line)
        assert found is not None, line
        command, props, message = found.groups()
        assert command in {"error", "warning", "notice"}
        assert "\n" not in message
        values = re.findall(r"=([^,]*)", props)
        assert all("," not in value and ":" not in value for value in values)
