"""The pull-request comment: Markdown with a diff against a base result."""

from __future__ import annotations

from pathlib import Path

from syrupy.assertion import SnapshotAssertion

from specgap.api import build, evaluate
from specgap.config import load_project
from specgap.report.markdown import render_markdown
from specgap.report.thresholds import Thresholds, check, parse
from tests.cli_helpers import specgap
from tests.conftest import ROOT


def test_removing_a_rule_sentence_shows_its_coverage_drop(
    project_dir: Path, snapshot: SnapshotAssertion
) -> None:
    base = project_dir / "base.json"
    assert specgap("eval", "--format", "json", "--output", str(base), cwd=project_dir).code == 0
    prompt = project_dir / "fixtures" / "sql" / "prompt.md"
    lines = prompt.read_text().splitlines(keepends=True)
    kept = [line for line in lines if "before `sql.execute`" not in line]
    assert len(kept) == len(lines) - 1
    prompt.write_text("".join(kept))
    run = specgap("eval", "--format", "markdown", "--base", str(base), cwd=project_dir)
    assert run.code == 1  # the hand-labelled mutant of that rule now survives
    markdown = run.stdout
    assert "| workflow_ordering_validation | 2/3 | 3/3 | 83.3% | 100.0% | **−16.7 pp** |" in (
        markdown
    )
    assert (
        "- **`sql.require_before.88481bf6`** (workflow_ordering_validation): Call "
        "`sql.schema_lookup` before `sql.execute`, stated at `fixtures/sql/prompt.md:13:3`; "
        "now removed from the policy"
    ) in markdown
    assert (
        "- hand-labelled `fixtures/sql/traces/unsafe/no_schema_lookup.json` "
        "(workflow_ordering_validation): schema_lookup removed before execute; previously "
        "killed by `sql.require_before.88481bf6` (stated at fixtures/sql/prompt.md:13:3)"
    ) in markdown
    assert markdown == snapshot


def test_without_a_base_there_is_no_diff_section() -> None:
    project = load_project(ROOT / "specgap.toml")
    bundle, states = build(project)
    markdown = render_markdown(evaluate(project, bundle, states, mutants=True))
    assert markdown.startswith("## specgap mutation coverage\n")
    assert "Rules that lost enforcement" not in markdown
    assert "| business_logic_validation | 0/0 | 0/3 | 0.0% |" in markdown
    assert "### Survivors by rule" in markdown


def test_an_unchanged_run_against_itself_reports_no_change(tmp_path: Path) -> None:
    base = tmp_path / "base.json"
    assert specgap("eval", "--format", "json", "--output", str(base), cwd=ROOT).code == 0
    run = specgap("eval", "--format", "markdown", "--base", str(base), cwd=ROOT)
    assert run.code == 0
    sections = run.stdout.split("### ")
    lost = next(s for s in sections if s.startswith("Rules that lost enforcement"))
    new = next(s for s in sections if s.startswith("New survivors"))
    assert lost.strip().endswith("None.")
    assert new.strip().endswith("None.")
    assert "**−" not in run.stdout


def test_thresholds_parse_overall_and_per_category() -> None:
    assert parse(["80", "workflow_ordering_validation=100", "data_validation = 90.5"]) == (
        Thresholds(80.0, {"workflow_ordering_validation": 100.0, "data_validation": 90.5})
    )
    assert parse([]) == Thresholds()
    assert not parse([]).given


def test_a_category_without_mutants_passes_with_a_note() -> None:
    project = load_project(ROOT / "specgap.toml")
    bundle, states = build(project)
    result = evaluate(project, bundle, states, "cloud", mutants=True)
    failures, notes = check(result, parse(["business_logic_validation=100"]))
    assert failures == []
    assert notes == ["business_logic_validation has no mutants: its threshold is not checked"]
