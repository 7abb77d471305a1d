"""The GitHub Action's steps (`specgap.ci.action`) against a temporary git repository with a
base and a head commit, driven by fixtures of GitHub's event payloads; the pull-request
comment goes to a dry-run HTTP client that records each request."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import jsonschema
import pytest

from specgap.ci.action import Inputs, main, run_action
from specgap.ci.comment import BUDGET, LIMIT, MARKER, DryRunHttp, cap
from specgap.ci.event import read_event
from tests.conftest import ROOT

DATA = ROOT / "tests" / "data"
SUB = "agent"  # the project sits in a subfolder: the action's working-directory
RULE = "- Always call `sql.schema_lookup` before `sql.execute`"


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def _commit(repo: Path, message: str) -> str:
    _git(repo, "add", "-A")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-qm", message)
    return _git(repo, "rev-parse", "HEAD")


def _rebuild(project: Path) -> None:
    subprocess.run(
        [str(ROOT / ".venv" / "bin" / "specgap"), "build"],
        cwd=project,
        capture_output=True,
        check=True,
    )


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """A repository whose base commit holds the reference project and whose head commit
    drops the ordering rule from the SQL prompt (policy rebuilt and committed)."""
    repo = tmp_path_factory.mktemp("repo")
    _git(repo, "init", "-q", "-b", "main")
    project = repo / SUB
    project.mkdir()
    for name in ("fixtures", "registries", "policy"):
        shutil.copytree(ROOT / name, project / name)
    shutil.copy(ROOT / "specgap.toml", project / "specgap.toml")
    base = _commit(repo, "base")
    prompt = project / "fixtures" / "sql" / "prompt.md"
    lines = prompt.read_text().splitlines(keepends=True)
    prompt.write_text("".join(line for line in lines if not line.startswith(RULE)))
    _rebuild(project)
    head = _commit(repo, "drop the ordering rule")
    return repo, base, head


def _environ(tmp_path: Path, event: str, base: str, head: str) -> dict[str, str]:
    payload = (DATA / "github" / f"{event}.json").read_text()
    path = tmp_path / "event.json"
    path.write_text(payload.replace("@BASE_SHA@", base).replace("@HEAD_SHA@", head))
    return {
        "GITHUB_ACTIONS": "true",
        "GITHUB_EVENT_NAME": event,
        "GITHUB_EVENT_PATH": str(path),
        "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
        "GITHUB_OUTPUT": str(tmp_path / "output.txt"),
        "GITHUB_API_URL": "https://api.github.example",
    }


@pytest.mark.parametrize(
    ("event", "number", "has_base"),
    [("pull_request", 7, True), ("push", None, True), ("workflow_dispatch", None, False)],
)
def test_events_name_their_base_and_pull_request(
    tmp_path: Path, event: str, number: int | None, has_base: bool
) -> None:
    found = read_event(_environ(tmp_path, event, "a" * 40, "b" * 40))
    assert found.number == number
    assert found.base_sha == ("a" * 40 if has_base else None)
    assert found.repo == "acme/analytics-agent"


@pytest.mark.slow
def test_the_pull_request_run_reports_the_lost_rule_and_keeps_one_comment(
    repo: tuple[Path, str, str], tmp_path: Path
) -> None:
    root, base, head = repo
    environ = _environ(tmp_path, "pull_request", base, head)
    http = DryRunHttp(tmp_path / "requests.jsonl")
    inputs = Inputs(working_directory=root / SUB, out=tmp_path / "out")
    messages: list[str] = []
    first = run_action(inputs, environ, messages.append, http)
    assert first.base == base
    assert first.stale is False
    assert first.comment == "created"
    comment = (tmp_path / "out" / "comment.md").read_text()
    assert "### Rules that lost enforcement" in comment
    assert "sql.schema_lookup" in comment.split("### Rules that lost enforcement")[1]
    # SARIF: valid against the published schema, located from the repository root
    sarif = json.loads((tmp_path / "out" / "specgap.sarif").read_text())
    jsonschema.validate(sarif, json.loads((DATA / "sarif-schema-2.1.0.json").read_text()))
    uris = {
        loc["physicalLocation"]["artifactLocation"]["uri"]
        for r in sarif["runs"][0]["results"]
        for loc in r.get("locations", [])
    }
    assert uris
    assert all(u.startswith(f"{SUB}/") for u in uris)
    # a second run on the same pull request updates the comment, never posts a second one
    second = run_action(inputs, environ, messages.append, http)
    assert second.comment == "unchanged"
    http.comments[0]["body"] = f"{MARKER}\nan older report"
    third = run_action(inputs, environ, messages.append, http)
    assert third.comment == "updated"
    assert len(http.comments) == 1
    assert http.comments[0]["body"] == f"{MARKER}\n{comment}"
    requests = [json.loads(line) for line in (tmp_path / "requests.jsonl").read_text().splitlines()]
    assert [r["method"] for r in requests] == ["GET", "POST", "GET", "GET", "PATCH"]
    assert requests[1]["url"] == (
        "https://api.github.example/repos/acme/analytics-agent/issues/7/comments"
    )
    # the summary is written once per run; the base worktree is gone again
    summary = (tmp_path / "summary.md").read_text()
    assert summary.count("## specgap mutation coverage") == 3
    assert _git(root, "worktree", "list").count("\n") == 0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("at", "edit", "fail_under", "code", "reason"),
    [
        ("base", None, (), 0, None),
        ("base", None, ("50",), 0, None),
        ("base", None, ("100",), 1, "mutation score"),
        ("head", None, (), 1, "unsafe traces are allowed"),
        ("base", "stale", (), 1, "the committed policy is stale"),
    ],
    ids=["passes", "above-fail-under", "below-fail-under", "false-allow", "stale-policy"],
)
def test_exit_codes_and_outputs_of_the_script(
    repo: tuple[Path, str, str],
    tmp_path: Path,
    at: str,
    edit: str | None,
    fail_under: tuple[str, ...],
    code: int,
    reason: str | None,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root, base, head = repo
    work = tmp_path / "clone"
    _git(tmp_path, "clone", "-q", str(root), str(work))
    _git(work, "checkout", "-q", base if at == "base" else head)
    if edit == "stale":
        prompt = work / SUB / "fixtures" / "sql" / "prompt.md"
        prompt.write_text(prompt.read_text() + "\n- Return at most 50 rows per query.\n")
    environ = _environ(tmp_path, "pull_request", base, head)
    argv = ["--working-directory", str(work / SUB), "--out", str(tmp_path / "out")]
    argv += ["--dry-run", str(tmp_path / "requests.jsonl")]
    for value in fail_under:
        argv += ["--fail-under", value]
    assert main(argv, environ) == code
    failed = [line for line in capsys.readouterr().err.splitlines() if "specgap failed:" in line]
    assert len(failed) == (reason is not None)
    assert all(reason in line for line in failed if reason)
    outputs = dict(
        line.split("=", 1) for line in (tmp_path / "output.txt").read_text().splitlines()
    )
    assert outputs["exit-code"] == str(code)
    assert Path(outputs["sarif"]).is_file()
    assert outputs["comment"] == "created"
    # --defer-exit: the composite action's later steps (SARIF upload, comment) still run
    assert main([*argv, "--defer-exit"], environ) == 0


@pytest.mark.parametrize("size", [100, BUDGET, BUDGET + 1, 3 * LIMIT])
def test_the_comment_stays_below_githubs_limit(size: int) -> None:
    line = "| a row of the report |\n"
    report = (line * (size // len(line) + 1))[:size]
    capped = cap(report, "specgap-report")
    assert len(f"{MARKER}\n{capped.body}") < LIMIT
    assert capped.truncated == (size > BUDGET)
    if capped.truncated:
        assert "specgap-report" in capped.body
        assert report.startswith(capped.body.split("\n\n---\n")[0])
    else:
        assert capped.body == report


def _action() -> dict[str, object]:
    from ruamel.yaml import YAML

    loaded: dict[str, object] = YAML(typ="safe").load((ROOT / "action.yml").read_text())
    return loaded


def test_the_action_pins_every_action_it_uses_to_a_commit() -> None:
    steps = _action()["runs"]["steps"]  # type: ignore[index]
    uses = [s["uses"] for s in steps if "uses" in s]
    assert len(uses) == 3
    for ref in uses:
        _, _, sha = ref.partition("@")
        assert len(sha) == 40
        assert all(c in "0123456789abcdef" for c in sha)
    assert set(_action()["inputs"]) >= {"working-directory", "fail-under", "extractor", "offline"}  # type: ignore[arg-type]


def test_the_pre_commit_hooks_run_specgap() -> None:
    from ruamel.yaml import YAML

    hooks = YAML(typ="safe").load((ROOT / ".pre-commit-hooks.yaml").read_text())
    by_id = {h["id"]: h for h in hooks}
    assert set(by_id) == {"specgap-build-check", "specgap-eval"}
    assert by_id["specgap-build-check"]["entry"].startswith("specgap build --check")
    assert by_id["specgap-eval"]["entry"].startswith("specgap eval")
    assert all(h["pass_filenames"] is False for h in hooks)


@pytest.mark.slow
def test_the_composite_steps_shell_runs_the_script(
    repo: tuple[Path, str, str], tmp_path: Path
) -> None:
    """The `specgap` step's bash, as the runner would run it, with the inputs as env."""
    root, base, head = repo
    step = next(s for s in _action()["runs"]["steps"] if s.get("id") == "specgap")  # type: ignore[index]
    environ = _environ(tmp_path, "workflow_dispatch", base, head)
    env = {
        **os.environ,
        **environ,
        "PATH": f"{ROOT / '.venv' / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "RUNNER_TEMP": str(tmp_path / "runner"),
        "GITHUB_TOKEN": "",
        "SPECGAP_FAIL_UNDER": "50 workflow_ordering_validation=100",
        "SPECGAP_EXTRACTOR": "deterministic",
        "SPECGAP_OFFLINE_INPUT": "true",
    }
    _git(root, "checkout", "-q", base)
    try:
        done = subprocess.run(
            ["bash", "-e", "-c", step["run"]],
            cwd=root / SUB,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    finally:
        _git(root, "checkout", "-q", head)
    assert done.returncode == 0, done.stderr
    outputs = (tmp_path / "output.txt").read_text()
    assert "exit-code=0\n" in outputs
    assert "comment=skipped: not a pull request\n" in outputs
    assert (tmp_path / "runner" / "specgap" / "specgap.sarif").is_file()


@pytest.mark.slow
def test_a_shallow_clone_fetches_the_base_it_compares_against(
    repo: tuple[Path, str, str], tmp_path: Path
) -> None:
    """actions/checkout clones one commit deep: the base is fetched from `origin`."""
    root, base, head = repo
    work = tmp_path / "shallow"
    _git(tmp_path, "clone", "-q", "--depth", "1", f"file://{root}", str(work))
    assert subprocess.run(["git", "-C", str(work), "cat-file", "-e", base]).returncode != 0
    environ = _environ(tmp_path, "pull_request", base, head)
    http = DryRunHttp(tmp_path / "requests.jsonl")
    outcome = run_action(
        Inputs(working_directory=work / SUB, out=tmp_path / "out"), environ, print, http
    )
    assert outcome.base == base
    assert "### Rules that lost enforcement" in (tmp_path / "out" / "report.md").read_text()


def _pre_commit() -> str | None:
    local = ROOT / ".venv" / "bin" / "pre-commit"
    found = os.environ.get("PRE_COMMIT") or shutil.which("pre-commit")
    return found or (str(local) if local.exists() else None)


@pytest.mark.slow
def test_the_pre_commit_hooks_run_under_pre_commit(tmp_path: Path) -> None:
    """`pre-commit try-repo` installs this repository's hooks as a user's would (from the
    package registry) and runs them on a copy of the reference project."""
    tool = _pre_commit()
    if tool is None:
        pytest.skip("pre-commit is not installed (pip install pre-commit)")
    project = tmp_path / "project"
    project.mkdir()
    for name in ("fixtures", "registries", "policy"):
        shutil.copytree(ROOT / name, project / name)
    shutil.copy(ROOT / "specgap.toml", project / "specgap.toml")
    _git(project, "init", "-q", "-b", "main")
    _commit(project, "reference project")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache")}

    def hook(name: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [tool, "try-repo", str(ROOT), name, "--all-files"],
            cwd=project,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )

    for name in ("specgap-build-check", "specgap-eval"):
        done = hook(name)
        assert done.returncode == 0, done.stdout + done.stderr
    prompt = project / "fixtures" / "sql" / "prompt.md"
    prompt.write_text(prompt.read_text() + "\n- Return at most 20 rows per query.\n")
    _commit(project, "edit the prompt, not the policy")
    stale = hook("specgap-build-check")
    assert stale.returncode == 1
    assert "stale-policy" in stale.stdout
