"""Bad input: a located diagnostic, exit 2, no traceback, and nothing half-written."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli_helpers import LOCATED, replace_in, specgap, write_file


def _append(rel: str, text: str) -> Callable[[Path], None]:
    def edit(root: Path) -> None:
        with (root / rel).open("a") as handle:
            handle.write(text)

    return edit


BUILD_CASES = [
    (
        "malformed-json",
        replace_in("fixtures/sql/tools.json", '"name": "execute_sql",', '"name": "execute_sql"'),
        "fixtures/sql/tools.json",
        (23, 7),
    ),
    (
        "malformed-yaml",
        replace_in("fixtures/cloud/config.yaml", "allowed_buckets: [", "allowed_buckets: [[ :"),
        "fixtures/cloud/config.yaml",
        None,
    ),
    (
        "missing-artifact",
        replace_in("specgap.toml", "fixtures/sql/prompt.md", "fixtures/sql/prompt-v2.md"),
        "fixtures/sql/prompt-v2.md",
        (1, 1),
    ),
    (
        "unknown-operator",
        _append(
            "fixtures/sql/config.yaml",
            "policies:\n  - operator: require_sign_off\n    tool: sql.execute\n",
        ),
        "fixtures/sql/config.yaml",
        (9, 5),
    ),
    (
        "malformed-toml",
        replace_in("specgap.toml", 'id = "sql"', 'id = "sql'),
        "specgap.toml",
        None,
    ),
    (
        "invalid-config",
        replace_in("specgap.toml", 'extractor = "deterministic"', 'extractor = "magic"'),
        "specgap.toml",
        None,
    ),
    (
        "invalid-registry",
        write_file("registries/sql.yaml", "namespace: sql\ntools: {}\n"),
        "registries/sql.yaml",
        (1, 1),
    ),
]


@pytest.mark.parametrize(
    ("code", "edit", "path", "position"), BUILD_CASES, ids=[c[0] for c in BUILD_CASES]
)
def test_build_rejects_bad_input(
    project_dir: Path,
    code: str,
    edit: Callable[[Path], None],
    path: str,
    position: tuple[int, int] | None,
) -> None:
    out = project_dir / "policy" / "policy.json"
    before = out.read_bytes()
    edit(project_dir)
    run = specgap("build", cwd=project_dir)
    assert run.code == 2, run.stdout + run.stderr
    assert "Traceback" not in run.stderr
    found = [m for m in LOCATED.finditer(run.stderr) if m["code"] == code]
    assert found, run.stderr
    assert found[0]["path"].endswith(path)
    if position is not None:
        assert (int(found[0]["line"]), int(found[0]["col"])) == position
    assert "help: " in run.stderr
    assert out.read_bytes() == before  # the last good policy is untouched


TRACE_CASES = [
    ("invalid-trace", '{"name": "execute_sql"}', (1, 1)),
    ("invalid-trace", '"just a string"', (1, 1)),
    ("malformed-json", '[{"name": "execute_sql", "args": {]', (1, 35)),
    ("invalid-event", '[\n  {"name": "execute_sql", "args": "SELECT 1"}\n]', (2, 35)),
    ("invalid-event", '[{"type": "message", "role": "robot"}]', (1, 30)),
]


@pytest.mark.parametrize(("code", "text", "position"), TRACE_CASES)
def test_check_rejects_bad_traces(
    project_dir: Path, code: str, text: str, position: tuple[int, int]
) -> None:
    trace = project_dir / "bad.json"
    trace.write_text(text)
    policy = project_dir / "policy" / "policy.json"
    run = specgap("check", "--agent", "sql", "--policy", str(policy), str(trace))
    assert run.code == 2, run.stdout + run.stderr
    assert "Traceback" not in run.stderr
    match = LOCATED.search(run.stderr)
    assert match is not None, run.stderr
    assert match["code"] == code
    assert match["path"].endswith("bad.json")
    assert (int(match["line"]), int(match["col"])) == position


def test_check_rejects_a_hand_edited_policy_with_an_unknown_operator(project_dir: Path) -> None:
    policy = project_dir / "policy" / "policy.json"
    text = policy.read_text()
    policy.write_text(text.replace('"operator": "deny_action"', '"operator": "deny_everything"'))
    trace = project_dir / "fixtures" / "sql" / "traces" / "safe" / "top_customers.json"
    run = specgap("check", "--agent", "sql", "--policy", str(policy), str(trace))
    assert run.code == 2
    assert "Traceback" not in run.stderr
    assert re.search(r"policy\.json:\d+:\d+: unknown-operator: ", run.stderr), run.stderr


def test_missing_config_is_a_usage_error(tmp_path: Path) -> None:
    run = specgap("build", "--config", str(tmp_path / "nope.toml"))
    assert run.code == 2
    assert "missing-artifact" in run.stderr or "missing-config" in run.stderr


def test_unknown_agent_lists_the_known_ones(project_dir: Path) -> None:
    run = specgap("eval", "--agent", "nope", cwd=project_dir)
    assert run.code == 2
    assert "unknown-agent" in run.stderr
    assert "`sql`" in run.stderr
