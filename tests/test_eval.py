"""`specgap eval` on the reference agents: figures, exit codes, thresholds, --base, CI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specgap.config import Project
from specgap.ir import CATEGORIES
from tests.cli_helpers import specgap
from tests.conftest import ROOT

HAND_KEYS = (
    "total_traces",
    "safe_traces",
    "safe_allowed",
    "unsafe_traces",
    "unsafe_blocked",
    "false_allows",
    "false_blocks",
    "coverage_by_category",
)
NEW_KEYS = ("generated", "generic", "score", "score_by_category", "untested_policies")
REVIEW_RULE = "stated at fixtures/sql/prompt.md:17:3, not enforced (eval_required, warn)"


def _drop_line(project_dir: Path, needle: str) -> None:
    prompt = project_dir / "fixtures" / "sql" / "prompt.md"
    lines = prompt.read_text().splitlines(keepends=True)
    kept = [line for line in lines if needle not in line]
    assert len(kept) == len(lines) - 1
    prompt.write_text("".join(kept))


@pytest.fixture(scope="module")
def summary() -> dict[str, object]:
    run = specgap("eval", "--format", "json", cwd=ROOT)
    assert run.code == 0, run.stderr
    data: dict[str, object] = json.loads(run.stdout)
    return data


def test_hand_labelled_figures_keep_their_keys_and_values(summary: dict[str, object]) -> None:
    total = summary["total"]
    assert isinstance(total, dict)
    agents = summary["agents"]
    assert isinstance(agents, dict)
    for part in (total, *agents.values()):
        assert set(HAND_KEYS + NEW_KEYS) <= set(part)
    hand = {k: total[k] for k in HAND_KEYS[:-1]}
    assert hand == {
        "total_traces": 16,
        "safe_traces": 6,
        "safe_allowed": 6,
        "unsafe_traces": 10,
        "unsafe_blocked": 10,
        "false_allows": 0,
        "false_blocks": 0,
    }
    assert sum(c["total"] for c in total["coverage_by_category"].values()) == 10


def test_generated_mutants_are_counted_per_category(summary: dict[str, object]) -> None:
    total = summary["total"]
    assert isinstance(total, dict)
    generated = total["generated"]
    assert generated["total"] > 0
    assert generated["discarded"] == 0
    assert set(generated["by_category"]) == set(CATEGORIES)
    assert sum(c["total"] for c in generated["by_category"].values()) == generated["total"]
    assert (
        generated["killed"] + generated["survived"] + generated["no_coverage"]
        == (generated["total"])
    )
    generic = total["generic"]
    assert generic["total"] + generic["ignored"] > 0
    for name, cell in total["score_by_category"].items():
        hand = total["coverage_by_category"][name]["total"]
        assert cell["total"] == hand + generated["by_category"][name]["total"]


def test_every_mutant_is_killed_by_policies_or_tied_to_a_rule(summary: dict[str, object]) -> None:
    agents = summary["agents"]
    assert isinstance(agents, dict)
    for agent in agents.values():
        rules = {r["key"]: r for r in agent["rules"]}
        for m in agent["mutants"]:
            if m["status"] == "Killed":
                assert m["killed_by"]
                assert set(m["killed_by"]) <= set(rules)
            elif m["status"] != "Ignored":
                assert rules[m["rules"][0]]["status"] != "enforced"
    sql = agents["sql"]
    review = next(r for r in sql["rules"] if r["operator"] == "review_required")
    assert review["status"] == "not_enforced"
    assert review["location"] == "fixtures/sql/prompt.md:17:3"
    assert review["mutants"]["survived"] == 3


def test_the_table_prints_scores_per_category_and_generated_counts() -> None:
    run = specgap("eval", cwd=ROOT)
    assert run.code == 0, run.stderr
    assert "mutation score by category (hand-labelled + generated):" in run.stdout
    assert all(category in run.stdout for category in CATEGORIES)
    assert "generated mutants: " in run.stdout
    assert "generic mutants: " in run.stdout
    assert "policy mutation: " in run.stdout
    assert f"sql.review_required.13135f38: 3 of 3 mutants survived: {REVIEW_RULE}" in run.stdout


@pytest.mark.parametrize(
    ("args", "code", "says"),
    [
        ((), 0, ""),
        (("--fail-under", "100"), 1, "mutation score"),
        (("--fail-under", "50"), 0, ""),
        (("--fail-under", "business_logic_validation=50"), 1, "business_logic_validation score"),
        (("--fail-under", "workflow_ordering_validation=100", "--fail-under", "80"), 0, ""),
        (("--fail-under", "interface_validation=100"), 0, ""),
        (("--fail-under", "101"), 2, "invalid-threshold"),
        (("--fail-under", "nope=3"), 2, "`nope` is not a check category"),
        (("--fail-under", "high"), 2, "invalid-threshold"),
    ],
)
def test_exit_codes(args: tuple[str, ...], code: int, says: str) -> None:
    run = specgap("eval", *args, cwd=ROOT)
    assert run.code == code, run.stderr
    assert says in run.stderr


def test_a_false_block_fails_whatever_the_threshold(project_dir: Path) -> None:
    safe = project_dir / "fixtures" / "sql" / "traces" / "safe" / "out_of_stock.json"
    safe.write_text(safe.read_text().replace("LIMIT 50", "LIMIT 500"))
    run = specgap("eval", "--fail-under", "0", cwd=project_dir)
    assert run.code == 1
    assert "1 safe traces are blocked (false blocks)" in run.stderr
    data = json.loads(specgap("eval", "--format", "json", cwd=project_dir).stdout)
    skipped = data["agents"]["sql"]["skipped"]
    assert any(s["base"] == "fixtures/sql/traces/safe/out_of_stock.json" for s in skipped)


def test_a_hand_labelled_survivor_fails_unless_thresholds_decide(project_dir: Path) -> None:
    _drop_line(project_dir, "before `sql.execute`")
    run = specgap("eval", cwd=project_dir)
    assert run.code == 1
    assert "1 hand-labelled unsafe traces are allowed (false allows)" in run.stderr
    assert specgap("eval", "--fail-under", "50", cwd=project_dir).code == 0


@pytest.mark.parametrize("fmt", ["table", "json", "markdown", "sarif", "junit", "stryker", "html"])
def test_every_format_is_byte_identical_twice(fmt: str, tmp_path: Path) -> None:
    outs = []
    for n in range(2):
        out = tmp_path / f"{n}.{fmt}"
        run = specgap("eval", "--format", fmt, "--output", str(out), cwd=ROOT)
        assert run.code == 0, run.stderr
        assert run.stdout == ""
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    assert outs[0]


def test_the_seed_moves_only_generic_mutants() -> None:
    first = json.loads(specgap("eval", "--format", "json", cwd=ROOT).stdout)
    other = json.loads(specgap("eval", "--format", "json", "--seed", "3", cwd=ROOT).stdout)

    def ids(data: dict[str, object], kind: str) -> set[str]:
        agents = data["agents"]
        assert isinstance(agents, dict)
        return {m["id"] for a in agents.values() for m in a["mutants"] if m["kind"] == kind}

    assert ids(first, "operator") == ids(other, "operator")
    assert ids(first, "generic") != ids(other, "generic")
    assert other["seed"] == 3


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("not json", "is not JSON"),
        ('{"agents": {}}', "has no `total` and `agents` objects"),
        ('{"agents": {}, "total": {}}', "has no coverage per category"),
    ],
)
def test_a_bad_base_is_a_diagnostic(tmp_path: Path, content: str, says: str) -> None:
    base = tmp_path / "base.json"
    base.write_text(content)
    run = specgap("eval", "--format", "markdown", "--base", str(base), cwd=ROOT)
    assert run.code == 2
    assert "invalid-base" in run.stderr
    assert says in run.stderr
    assert "Traceback" not in run.stderr


def test_a_missing_base_is_a_diagnostic(tmp_path: Path) -> None:
    run = specgap("eval", "--base", str(tmp_path / "nope.json"), cwd=ROOT)
    assert run.code == 2
    assert "Traceback" not in run.stderr


def test_github_actions_gets_annotations_and_a_step_summary(
    reference: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    summary_file = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary_file))
    run = specgap("eval", cwd=reference.root)
    assert run.code == 0, run.stderr
    assert (
        "::warning file=fixtures/sql/prompt.md,line=17,col=3,endLine=17,endColumn=113,"
        "title=specgap survived-mutant%3A survived mutants%3A sql.review_required.13135f38::"
        "3 of 3 generated mutants breaking `sql.review_required.13135f38` survived: " + REVIEW_RULE
    ) in run.stdout.splitlines()
    assert summary_file.read_text().startswith("## specgap mutation coverage")
    machine = specgap("eval", "--format", "json", cwd=reference.root)
    json.loads(machine.stdout)  # annotations stay out of a machine-readable stdout
    assert "::warning file=fixtures/sql/prompt.md" in machine.stderr
