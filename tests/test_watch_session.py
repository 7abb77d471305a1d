"""A watch session rebuild by rebuild (no file watcher): the report, the policy on disk,
recovery from broken saves, config changes, and `specgap watch --once`."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from cli_helpers import specgap

from specgap.config import load_project
from specgap.pipeline import Options, build
from specgap.watch import Session

NEW_RULE = "- Requests made with `sql.execute` must time out within 20 seconds.\n"


class Report:
    """What a session printed, stream by stream."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.err: list[str] = []

    def session(self, root: Path, **options: bool) -> Session:
        return Session(
            root / "specgap.toml",
            lambda project: Options(**options),
            self.out.append,
            self.err.append,
        )


def _full(root: Path) -> str:
    return build(load_project(root / "specgap.toml"), Options())[0].to_json()


def _policy(root: Path) -> str:
    return (root / "policy/policy.json").read_text("utf-8")


def _append(path: Path, line: str) -> None:
    path.write_text(path.read_text("utf-8") + line, "utf-8")


def test_first_rebuild_writes_the_policy_and_reports_coverage(project_dir: Path) -> None:
    (project_dir / "policy/policy.json").unlink()
    report = Report()
    outcome = report.session(project_dir).rebuild()
    assert outcome.status == "written"
    assert outcome.exit_code == 0
    assert _policy(project_dir) == _full(project_dir)
    assert "wrote policy/policy.json: 2 agents," in outcome.lines[0]
    assert "coverage: 10/10 unsafe blocked, 6/6 safe allowed" in outcome.lines


def test_the_first_rebuild_compares_with_the_policy_on_disk(project_dir: Path) -> None:
    build_run = specgap("build", cwd=project_dir)
    assert build_run.code == 0, build_run.stderr
    prompt = project_dir / "fixtures/sql/prompt.md"
    lines = prompt.read_text("utf-8").splitlines(keepends=True)
    prompt.write_text("".join(x for x in lines if "Always call" not in x), "utf-8")
    outcome = Report().session(project_dir).rebuild()
    assert "policies: 0 added, 1 removed, 0 changed" in outcome.lines
    assert any(line.startswith("  - sql.require_before.") for line in outcome.lines)


def test_an_added_rule_appears_in_the_diff_with_its_span(project_dir: Path) -> None:
    report = Report()
    session = report.session(project_dir)
    session.rebuild()
    prompt = project_dir / "fixtures/sql/prompt.md"
    _append(prompt, NEW_RULE)
    outcome = session.rebuild([str(prompt)])
    assert outcome.status == "written"
    assert "fixtures/sql/prompt.md changed; wrote policy/policy.json" in outcome.lines[0]
    assert "re-extracted 1 of 6 artifacts" in outcome.lines[0]
    assert "policies: 1 added, 0 removed, 0 changed" in outcome.lines
    added = [line for line in outcome.lines if line.startswith("  + sql.timeout_leq.")]
    assert len(added) == 1
    assert "fixtures/sql/prompt.md:20:3  `sql.execute` must time out within 20 s" in added[0]
    assert "coverage unchanged: 10/10 unsafe blocked, 6/6 safe allowed" in outcome.lines
    assert "new diagnostics: 1" in outcome.lines
    assert _policy(project_dir) == _full(project_dir)


def test_an_edited_condition_is_one_change_and_coverage_shows_before_and_after(
    project_dir: Path,
) -> None:
    session = Report().session(project_dir)
    session.rebuild()
    prompt = project_dir / "fixtures/cloud/prompt.md"
    prompt.write_text(prompt.read_text("utf-8").replace("`private` ACL", "`public-read` ACL"))
    outcome = session.rebuild([str(prompt)])
    assert "policies: 0 added, 0 removed, 1 changed" in outcome.lines
    changed = outcome.text.split("policies: 0 added, 0 removed, 1 changed\n")[1].splitlines()
    assert re.match(
        r"  ~ cloud\.resource_in_allowlist\.\w{8} → cloud\.resource_in_allowlist\.\w{8}  "
        r"fixtures/cloud/prompt\.md:13:3  ",
        changed[0],
    )
    assert changed[1].strip() == 'allowed: ["private"] → ["public-read"]'
    assert "coverage (unsafe traces blocked, by category):" in outcome.lines
    assert "  authorization_check           4/4 → 3/4" in outcome.lines
    assert "  unsafe blocked                10/10 → 9/10" in outcome.lines


def test_a_broken_save_keeps_the_last_good_policy_and_the_fix_recovers(project_dir: Path) -> None:
    report = Report()
    session = report.session(project_dir)
    session.rebuild()
    good_policy = _policy(project_dir)
    config = project_dir / "fixtures/sql/config.yaml"
    good = config.read_text("utf-8")
    config.write_text(good.replace("products]", "products"), "utf-8")
    broken = session.rebuild([str(config)])
    assert broken.status == "failed"
    assert broken.exit_code == 2
    assert _policy(project_dir) == good_policy
    assert broken.lines[0].endswith(
        "build failed after fixtures/sql/config.yaml changed: "
        "kept policy/policy.json from the last good build"
    )
    (diagnostic,) = broken.diagnostics
    assert re.fullmatch(r"fixtures/sql/config\.yaml:\d+:\d+", diagnostic.span.location())  # type: ignore[union-attr]
    assert report.err[-1].startswith(f"{diagnostic.span.location()}: malformed-yaml: ")  # type: ignore[union-attr]
    assert "help: fix the YAML syntax at this position" in report.err[-1]

    config.write_text(good.replace("100", "80"), "utf-8")
    fixed = session.rebuild([str(config)])
    assert fixed.status == "written"
    assert _policy(project_dir) == _full(project_dir)
    assert "fixed diagnostics: 1" in fixed.lines
    assert f"  {diagnostic.render().splitlines()[0]}" in fixed.lines
    assert "new diagnostics: 1" in fixed.lines  # 80 in config vs 100 in the prompt
    assert "conflicting-policies" in fixed.text


def test_saving_without_a_change_says_so_in_one_line(project_dir: Path) -> None:
    session = Report().session(project_dir)
    session.rebuild()
    prompt = project_dir / "fixtures/sql/prompt.md"
    prompt.write_text(prompt.read_text("utf-8"), "utf-8")
    outcome = session.rebuild([str(prompt)])
    assert outcome.status == "unchanged"
    assert len(outcome.lines) == 1
    assert outcome.lines[0].endswith("fixtures/sql/prompt.md saved: no change to the policy")
    assert session.rebuild([], quiet=True).lines == ()


def test_an_added_agent_is_picked_up_from_the_config(project_dir: Path) -> None:
    session = Report().session(project_dir)
    session.rebuild()
    shutil.copytree(project_dir / "fixtures/sql", project_dir / "extra")
    config = project_dir / "specgap.toml"
    section = config.read_text("utf-8").split("[[agents]]")[1]
    section = section.replace('"sql"', '"extra"').replace("fixtures/sql/", "extra/")
    _append(config, "\n[[agents]]" + section)
    outcome = session.rebuild([str(config)])
    assert "agent `extra` added" in outcome.lines
    assert "3 agents" in outcome.lines[0]
    assert any(line.startswith("  + extra.require_before.") for line in outcome.lines)
    assert str((project_dir / "extra/prompt.md").resolve()) in session.watch_set().files


def test_a_renamed_artifact_fails_until_the_config_follows(project_dir: Path) -> None:
    session = Report().session(project_dir)
    session.rebuild()
    good_policy = _policy(project_dir)
    old, new = project_dir / "fixtures/sql/prompt.md", project_dir / "fixtures/sql/system.md"
    old.rename(new)
    missing = session.rebuild([str(old), str(new)])
    assert missing.status == "failed"
    assert [d.code for d in missing.diagnostics] == ["missing-artifact"]
    assert _policy(project_dir) == good_policy
    config = project_dir / "specgap.toml"
    config.write_text(config.read_text("utf-8").replace("sql/prompt.md", "sql/system.md"))
    outcome = session.rebuild([str(config)])
    assert outcome.status == "written"
    assert _policy(project_dir) == _full(project_dir)
    assert "fixed diagnostics: 1" in outcome.lines
    assert "stated in: fixtures/sql/prompt.md → fixtures/sql/system.md" in outcome.text
    assert str(new.resolve()) in session.watch_set().files


def test_a_broken_config_is_reported_and_watched(project_dir: Path) -> None:
    session = Report().session(project_dir)
    session.rebuild()
    config = project_dir / "specgap.toml"
    good = config.read_text("utf-8")
    config.write_text(good.replace('id = "sql"', 'id = "sql'), "utf-8")
    outcome = session.rebuild([str(config)])
    assert outcome.status == "failed"
    assert [d.code for d in outcome.diagnostics] == ["malformed-toml"]
    assert str(config.resolve()) in session.watch_set().files
    config.write_text(good, "utf-8")
    assert session.rebuild([str(config)]).status == "unchanged"


def test_once_exits_like_build(project_dir: Path) -> None:
    (project_dir / "policy/policy.json").unlink()
    run = specgap("watch", "--once", cwd=project_dir)
    assert run.code == 0, run.stderr
    assert "wrote policy/policy.json" in run.stdout
    assert _policy(project_dir) == _full(project_dir)


def test_once_exits_2_on_a_broken_artifact_and_writes_nothing(project_dir: Path) -> None:
    before = _policy(project_dir)
    config = project_dir / "fixtures/sql/config.yaml"
    config.write_text(config.read_text("utf-8").replace("products]", "products"), "utf-8")
    run = specgap("watch", "--once", cwd=project_dir)
    assert run.code == 2
    assert re.search(r"^fixtures/sql/config\.yaml:\d+:\d+: malformed-yaml: ", run.stderr, re.M)
    assert "Traceback" not in run.stderr
    assert _policy(project_dir) == before


@pytest.mark.parametrize(("strict", "code"), [(False, 0), (True, 1)])
def test_once_strict_exits_1_on_an_unresolved_mention(
    project_dir: Path, strict: bool, code: int
) -> None:
    prompt = project_dir / "fixtures/sql/prompt.md"
    _append(prompt, "- Always call `frobnicate_widget` before `sql.execute`.\n")
    run = specgap("watch", "--once", *(["--strict"] if strict else []), cwd=project_dir)
    assert run.code == code, run.stdout + run.stderr
    assert "unresolved-mention" in run.stdout


def test_a_missing_config_is_bad_input(tmp_path: Path) -> None:
    run = specgap("watch", "--config", str(tmp_path / "nowhere.toml"))
    assert run.code == 2
    assert "missing-artifact" in run.stderr
    assert "Traceback" not in run.stderr
