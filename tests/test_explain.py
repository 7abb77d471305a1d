"""`specgap resolve` and `specgap explain` on the reference project (snapshots), plus the
mention diagnostics a build reports and `--strict`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from tests.cli_helpers import specgap


@pytest.mark.parametrize(
    "args",
    [
        ("PutItem", "--agent", "cloud"),
        ("put", "--agent", "cloud"),
        ("put", "--agent", "cloud", "--context", "upload the report to the bucket"),
        ("the schema tool",),
        ("launch_rocket", "--agent", "sql"),
        ("delete_table", "--agent", "sql"),
    ],
    ids=["resolved", "ambiguous", "context", "all-agents", "unresolved", "suggestion"],
)
def test_resolve_explains_the_ranking(
    project_dir: Path, snapshot: SnapshotAssertion, args: tuple[str, ...]
) -> None:
    run = specgap("resolve", *args, cwd=project_dir)
    assert run.code == 0, run.stderr
    assert run.stdout == snapshot


def test_resolve_an_unknown_agent(project_dir: Path) -> None:
    run = specgap("resolve", "PutItem", "--agent", "nope", cwd=project_dir)
    assert run.code == 2
    assert "unknown-agent" in run.stderr


def _policy_id(project_dir: Path, operator: str, agent: str) -> str:
    bundle = json.loads((project_dir / "policy" / "policy.json").read_text())
    (found,) = [a for a in bundle["agents"] if a["id"] == agent]
    return next(p["id"] for p in found["policies"] if p["operator"] == operator)


@pytest.mark.parametrize(
    ("agent", "operator"),
    [("cloud", "require_before"), ("sql", "arg_within_bound"), ("sql", "review_required")],
)
def test_explain_shows_source_resolution_and_enforcement(
    project_dir: Path, snapshot: SnapshotAssertion, agent: str, operator: str
) -> None:
    assert specgap("build", cwd=project_dir).code == 0
    run = specgap("explain", _policy_id(project_dir, operator, agent), cwd=project_dir)
    assert run.code == 0, run.stderr
    assert run.stdout == snapshot


def test_explain_an_unknown_policy_suggests_ids(project_dir: Path) -> None:
    assert specgap("build", cwd=project_dir).code == 0
    run = specgap("explain", "cloud.require_before", cwd=project_dir)
    assert run.code == 2
    assert "unknown-policy" in run.stderr
    assert "did you mean `cloud.require_before." in run.stderr


AMBIGUOUS = "- Always call `scan_for_secrets` before `aws.put`.\n"
UNRESOLVED = "- Always call `authz.check_permission` before `aws.launch_rocket`.\n"


def _add_rules(project_dir: Path, *lines: str) -> None:
    prompt = project_dir / "fixtures" / "cloud" / "prompt.md"
    prompt.write_text(prompt.read_text() + "\n## Added\n\n" + "".join(lines))


def test_an_ambiguous_mention_compiles_for_review_only(project_dir: Path) -> None:
    _add_rules(project_dir, AMBIGUOUS)
    run = specgap("build", cwd=project_dir)
    assert run.code == 0, run.stderr
    assert (
        "ambiguous-mention: `aws.put` is ambiguous between `aws.dynamodb.PutItem` (0.72) and"
        in (run.stderr)
    )
    assert "until then the rule is `review_only`" in run.stderr
    bundle = json.loads((project_dir / "policy" / "policy.json").read_text())
    (cloud,) = [a for a in bundle["agents"] if a["id"] == "cloud"]
    added = [p for p in cloud["policies"] if "aws.put" in p["source"]["mentions"]]
    assert [p["enforcement"] for p in added] == ["review_only"]


def test_an_unresolved_mention_drops_the_rule_with_a_diagnostic(project_dir: Path) -> None:
    _add_rules(project_dir, UNRESOLVED)
    run = specgap("build", cwd=project_dir)
    assert run.code == 0, run.stderr
    assert "unresolved-mention: `aws.launch_rocket` does not name a known tool" in run.stderr
    bundle = json.loads((project_dir / "policy" / "policy.json").read_text())
    mentions = {m for a in bundle["agents"] for p in a["policies"] for m in p["source"]["mentions"]}
    assert "aws.launch_rocket" not in mentions


@pytest.mark.parametrize("rule", [AMBIGUOUS, UNRESOLVED], ids=["ambiguous", "unresolved"])
def test_strict_fails_the_build(project_dir: Path, rule: str) -> None:
    _add_rules(project_dir, rule)
    run = specgap("build", "--strict", cwd=project_dir)
    assert run.code == 1
    assert "strict: 1 findings (unresolved mentions, weakened rules)" in run.stderr


def test_strict_passes_the_reference_project(project_dir: Path) -> None:
    run = specgap("build", "--strict", cwd=project_dir)
    assert run.code == 0, run.stderr


def _add_hook(project_dir: Path) -> None:
    tools = project_dir / "fixtures" / "cloud" / "tools.json"
    data = json.loads(tools.read_text())
    data["tools"].append(
        {
            "name": "_on_session_start",
            "description": "Runs when a session starts. It must finish within 5 seconds.",
            "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}},
        }
    )
    tools.write_text(json.dumps(data, indent=2))
    _add_rules(project_dir, "- Always call `_on_session_start` before `web.fetch`.\n")


def test_a_rule_about_a_lifecycle_hook_gets_a_diagnostic(project_dir: Path) -> None:
    _add_hook(project_dir)
    run = specgap("build", cwd=project_dir)
    assert run.code == 0, run.stderr
    hook_lines = [line for line in run.stderr.splitlines() if "lifecycle-hook-mention" in line]
    assert len(hook_lines) == 1
    assert hook_lines[0].startswith("fixtures/cloud/prompt.md:")
    assert "`_on_session_start` is an MCP lifecycle hook" in hook_lines[0]
    bundle = json.loads((project_dir / "policy" / "policy.json").read_text())
    (cloud,) = [a for a in bundle["agents"] if a["id"] == "cloud"]
    assert "_on_session_start" not in {t["id"] for t in cloud["tools"]}
    assert all(p["target"] != "_on_session_start" for p in cloud["policies"])
    explained = specgap("resolve", "_on_session_start", "--agent", "cloud", cwd=project_dir)
    assert "is an MCP lifecycle hook" in explained.stdout


def test_strict_fails_on_a_rule_about_a_lifecycle_hook(project_dir: Path) -> None:
    _add_hook(project_dir)
    run = specgap("build", "--strict", cwd=project_dir)
    assert run.code == 1
    assert "lifecycle-hook-mention" in run.stderr
