"""`specgap build` and `specgap eval` on the reference agents, end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specgap.api import build, bundle_schema
from specgap.config import Project, load_project
from specgap.ir import Bundle
from tests.cli_helpers import specgap
from tests.conftest import ROOT


def test_committed_policy_is_current() -> None:
    run = specgap("build", "--check", cwd=ROOT)
    assert run.code == 0, run.stderr


def test_committed_schema_matches_the_models() -> None:
    assert (ROOT / "policy" / "schema.json").read_text() == bundle_schema()


def test_two_builds_are_byte_identical(project_dir: Path) -> None:
    out = project_dir / "policy" / "policy.json"
    assert specgap("build", cwd=project_dir).code == 0
    first = out.read_bytes()
    out.unlink()
    assert specgap("build", cwd=project_dir).code == 0
    assert out.read_bytes() == first


def test_bundle_round_trips_through_json(reference: Project) -> None:
    bundle, _ = build(reference)
    again = Bundle.model_validate(json.loads(bundle.to_json()))
    assert again == bundle
    assert again.to_json() == bundle.to_json()


def test_prompt_edit_makes_the_policy_stale(project_dir: Path) -> None:
    assert specgap("build", cwd=project_dir).code == 0
    prompt = project_dir / "fixtures" / "sql" / "prompt.md"
    prompt.write_text(prompt.read_text().replace("at most 100 rows", "at most 10 rows"))
    run = specgap("build", "--check", cwd=project_dir)
    assert run.code == 1
    assert "stale-policy" in run.stderr


def test_policy_ids_do_not_churn_when_lines_move(project_dir: Path) -> None:
    project = load_project(project_dir / "specgap.toml")
    before = {p.id for a in build(project)[0].agents for p in a.policies}
    prompt = project_dir / "fixtures" / "sql" / "prompt.md"
    prompt.write_text("\n\nAn extra opening paragraph.\n\n" + prompt.read_text())
    after = {p.id for a in build(project)[0].agents for p in a.policies}
    assert before == after


def test_eval_reference_agents(reference: Project) -> None:
    run = specgap("eval", "--format", "json", cwd=reference.root)
    assert run.code == 0, run.stderr
    total = json.loads(run.stdout)["total"]
    assert total["safe_traces"] == total["safe_allowed"] == 6
    assert total["unsafe_traces"] == total["unsafe_blocked"] == 10
    assert total["false_allows"] == total["false_blocks"] == 0
    cells = total["coverage_by_category"]
    assert cells["workflow_ordering_validation"] == {"killed": 3, "total": 3}
    assert sum(c["total"] for c in cells.values()) == 10


def test_eval_table_names_every_agent(reference: Project) -> None:
    run = specgap("eval", cwd=reference.root)
    assert run.code == 0
    assert "sql" in run.stdout
    assert "cloud" in run.stdout
    assert "10/10" in run.stdout


def test_removing_the_schema_lookup_sentence_turns_its_mutant_into_a_false_allow(
    project_dir: Path,
) -> None:
    prompt = project_dir / "fixtures" / "sql" / "prompt.md"
    lines = prompt.read_text().splitlines(keepends=True)
    kept = [line for line in lines if "before `sql.execute`" not in line]
    assert len(kept) == len(lines) - 1
    prompt.write_text("".join(kept))
    run = specgap("eval", "--format", "json", cwd=project_dir)
    assert run.code == 1
    sql = json.loads(run.stdout)["agents"]["sql"]
    assert sql["false_allows"] == 1
    survivors = [t["path"] for t in sql["traces"] if t["kind"] == "unsafe" and not t["blocked"]]
    assert survivors == ["fixtures/sql/traces/unsafe/no_schema_lookup.json"]


@pytest.mark.slow  # 15 builds, ~2.5 s
@settings(max_examples=15, deadline=None)
@given(extra=st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\r"), max_size=40))
def test_building_twice_gives_identical_bytes_for_any_prompt_tail(extra: str) -> None:
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name in ("fixtures", "registries"):
            shutil.copytree(ROOT / name, root / name)
        shutil.copy(ROOT / "specgap.toml", root / "specgap.toml")
        prompt = root / "fixtures" / "sql" / "prompt.md"
        prompt.write_text(prompt.read_text() + "\n" + extra + "\n", encoding="utf-8")
        project = load_project(root / "specgap.toml")
        assert build(project)[0].to_json() == build(project)[0].to_json()


def test_conflicting_bounds_are_reported_with_both_locations(project_dir: Path) -> None:
    config = project_dir / "fixtures" / "sql" / "config.yaml"
    config.write_text(config.read_text().replace("max_rows: 100", "max_rows: 50"))
    run = specgap("build", cwd=project_dir)
    assert run.code == 0
    assert "fixtures/sql/prompt.md:16:3: conflicting-policies: " in run.stderr
    assert "fixtures/sql/config.yaml:6:5" in run.stderr
