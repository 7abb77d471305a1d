"""The build cache (`specgap.buildcache`, `specgap.buildrecord`, `specgap.entry`).

Every change a policy can depend on must make the fast path decline, and the command must
then print exactly what the full check prints (the check run with the cache disabled is the
reference). An unchanged project must be answered by the fast path, without the compiler.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from specgap import buildcache, entry
from specgap.buildcache import DISABLE, Request

ROOT = Path(__file__).resolve().parent.parent
GLOB = 'prompts = ["fixtures/sql/prompt*.md"]'


Cli = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Cli:
    """`specgap ARGS` through the installed entry point, in this process: (exit code,
    stdout, stderr); `cache=False` runs it with the build cache disabled."""

    def run(*args: str, cache: bool = True) -> tuple[int, str, str]:
        capsys.readouterr()
        with monkeypatch.context() as patch:
            patch.setattr(sys, "argv", ["specgap", *args])
            if not cache:
                patch.setenv(DISABLE, "1")
            with pytest.raises(SystemExit) as exited:
                entry.main()
        out, err = capsys.readouterr()
        code = exited.value.code
        return (code if isinstance(code, int) else 0 if code is None else 1), out, err

    return run


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the reference project (its sql prompt named by a glob) built once, so its
    manifest is recorded, and a snapshot of it, manifest included, to restore it from."""
    root = tmp_path_factory.mktemp("cache")
    project = root / "project"
    for name in ("fixtures", "registries", "policy"):
        shutil.copytree(ROOT / name, project / name)
    config = (ROOT / "specgap.toml").read_text()
    (project / "specgap.toml").write_text(
        config.replace('prompts = ["fixtures/sql/prompt.md"]', GLOB)
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(project)
        patch.setenv("XDG_CACHE_HOME", str(root / "xdg"))  # this account's signing key
        for name in [n for n in os.environ if n.startswith("SPECGAP_")]:
            patch.delenv(name)
        patch.setattr(sys, "argv", ["specgap", "build"])
        quiet = (redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()))
        with quiet[0], quiet[1], pytest.raises(SystemExit) as exited:
            entry.main()
    assert exited.value.code in (0, None)
    shutil.copytree(project, root / "snapshot", symlinks=True)
    return root


@pytest.fixture
def project(built: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The built project as it was right after its build (same folder, so its manifest is
    valid), with the working folder in it."""
    project = built / "project"
    for leftover in (project, built / "project-moved", built / "other-account"):
        if leftover.exists():
            shutil.rmtree(leftover)
    shutil.copytree(built / "snapshot", project, symlinks=True)
    monkeypatch.chdir(project)
    monkeypatch.setenv("XDG_CACHE_HOME", str(built / "xdg"))
    for name in [n for n in os.environ if n.startswith("SPECGAP_")]:
        monkeypatch.delenv(name)
    return project


def append(rel: str, text: str) -> Callable[[Path, pytest.MonkeyPatch], None]:
    def edit(root: Path, _: pytest.MonkeyPatch) -> None:
        with (root / rel).open("a") as handle:
            handle.write(text)

    return edit


def replace(rel: str, old: str, new: str) -> Callable[[Path, pytest.MonkeyPatch], None]:
    def edit(root: Path, _: pytest.MonkeyPatch) -> None:
        text = (root / rel).read_text()
        assert old in text
        (root / rel).write_text(text.replace(old, new, 1))

    return edit


def write(rel: str, text: str) -> Callable[[Path, pytest.MonkeyPatch], None]:
    def edit(root: Path, _: pytest.MonkeyPatch) -> None:
        (root / rel).write_text(text)

    return edit


def patched(name: str, value: Callable[[], Any]) -> Callable[[Path, pytest.MonkeyPatch], None]:
    def edit(_: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(buildcache, name, value)

    return edit


def other_versions() -> dict[str, str]:
    versions = buildcache.dependency_versions()
    assert "sqlglot" in versions
    return {**versions, "sqlglot": versions["sqlglot"] + ".post1"}


def moved_project(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole project, manifest included, now lives in another folder."""
    moved = root.parent / f"{root.name}-moved"
    root.rename(moved)
    monkeypatch.chdir(moved)


def symlinked_prompt(root: Path, _: pytest.MonkeyPatch) -> None:
    """The prompt, same bytes, is now a link to a file outside the project."""
    prompt = root / "fixtures/sql/prompt.md"
    outside = root.parent / f"{root.name}-outside.md"
    outside.write_bytes(prompt.read_bytes())
    prompt.unlink()
    prompt.symlink_to(outside)


def linked_policy_folder(root: Path, _: pytest.MonkeyPatch) -> None:
    """The policy folder, same files, is now a link to a folder outside the project."""
    outside = root.parent / f"{root.name}-policy"
    shutil.rmtree(outside, ignore_errors=True)
    (root / "policy").rename(outside)
    (root / "policy").symlink_to(outside)


MANIFEST = ".specgap/build-manifest.json"


def forged(root: Path, _: pytest.MonkeyPatch) -> None:
    """The manifest edited without the key: the prompt's new hash written in by hand."""
    append("fixtures/sql/prompt.md", "\nNever call drop_table.\n")(root, _)
    path = root / MANIFEST
    signature, body = path.read_text().split("\n", 1)
    manifest = json.loads(body)
    prompt = str(root / "fixtures/sql/prompt.md")
    digest = hashlib.sha256((root / "fixtures/sql/prompt.md").read_bytes()).hexdigest()
    manifest["inputs"][prompt][0] = digest
    path.write_text(signature + "\n" + json.dumps(manifest, indent=1, sort_keys=True) + "\n")


def signed_manifest(body: str) -> Callable[[Path, pytest.MonkeyPatch], None]:
    """A manifest `body` signed with this account's key: read, then found wanting."""

    def edit(root: Path, _: pytest.MonkeyPatch) -> None:
        key = buildcache.signing_key()
        assert key is not None
        (root / MANIFEST).write_bytes(buildcache.signed(body.encode(), key))

    return edit


def unsigned(root: Path, _: pytest.MonkeyPatch) -> None:
    path = root / MANIFEST
    path.write_text(path.read_text().split("\n", 1)[1])


def another_account(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Someone else's manifest (a pull request's, a colleague's): not this account's key."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(root.parent / "other-account"))


# (what changes, how, extra command-line options): each must make the fast path decline
INVALIDATIONS: list[tuple[str, Callable[[Path, pytest.MonkeyPatch], None], tuple[str, ...]]] = [
    ("a prompt edited", append("fixtures/sql/prompt.md", "\nNever call drop_table.\n"), ()),
    ("a prompt edited, same policy", append("fixtures/sql/prompt.md", "\n\nThanks.\n"), ()),
    (
        "a tool file edited",
        replace("fixtures/cloud/tools.json", '"description": "', '"description": "Always '),
        (),
    ),
    (
        "a file added that the glob matches",
        write("fixtures/sql/prompt-more.md", "Never call drop_table on a Friday.\n"),
        (),
    ),
    ("the agent config changed", replace("fixtures/sql/config.yaml", "100", "50"), ()),
    ("the project config changed", append("specgap.toml", "\n# a comment\n"), ()),
    ("a registry changed", append("registries/sql.yaml", "\n# a comment\n"), ()),
    ("an option changed: --strict", lambda root, _: None, ("--strict",)),
    ("an option changed: --offline", lambda root, _: None, ("--offline",)),
    ("an option changed: --config", lambda root, _: None, ("--config", "specgap.toml")),
    ("the specgap code changed", patched("code_digest", lambda: "0" * 64), ()),
    ("a dependency version changed", patched("dependency_versions", other_versions), ()),
    ("the Python version changed", patched("python_version", lambda: "cpython 3.99"), ()),
    (
        "an environment variable a build reads",
        lambda root, mp: mp.setenv("SPECGAP_LLM_MODEL", "other:1b"),
        (),
    ),
    (
        "the committed policy edited by hand",
        replace("policy/policy.json", '"enforce"', '"review_only"'),
        (),
    ),
    ("the committed policy deleted", lambda root, _: (root / "policy/policy.json").unlink(), ()),
    ("a manifest edited by hand", forged, ()),
    ("an unsigned manifest", unsigned, ()),
    ("a manifest recorded by another account", another_account, ()),
    ("a corrupt manifest", write(MANIFEST, '{"format": 1, "key": '), ()),
    ("a corrupt manifest, signed", signed_manifest('{"format": 1, "key": '), ()),
    ("a signed manifest of the wrong shape", signed_manifest('{"format": 1, "key": 3}'), ()),
    ("a signed manifest of another format", signed_manifest('{"format": 999}'), ()),
    ("no manifest", lambda root, _: (root / MANIFEST).unlink(), ()),
    ("the manifest from another project path", moved_project, ()),
    ("an input became a link outside the project", symlinked_prompt, ()),
    ("the output folder became a link outside the project", linked_policy_folder, ()),
]
# the same mechanism as a case above (a key field, a manifest that does not parse, an output):
# in `make test-slow` only, so that `make test` stays quick
SLOW = {
    "an option changed: --offline",
    "an option changed: --config",
    "a registry changed",
    "the Python version changed",
    "the committed policy deleted",
    "a signed manifest of another format",
    "no manifest",
}


@pytest.mark.parametrize(
    ("change", "options"),
    [
        pytest.param(change, options, id=label, marks=[pytest.mark.slow] if label in SLOW else [])
        for label, change, options in INVALIDATIONS
    ],
)
def test_any_change_falls_back_to_the_full_check(
    project: Path,
    monkeypatch: pytest.MonkeyPatch,
    cli: Cli,
    change: Callable[[Path, pytest.MonkeyPatch], None],
    options: tuple[str, ...],
) -> None:
    assert buildcache.answer(Request()) is not None  # unchanged: the fast path answers
    change(project, monkeypatch)
    request = entry.request_of(["build", "--check", *options])
    assert request is not None
    assert buildcache.answer(request) is None
    full = cli("build", "--check", *options, cache=False)
    assert cli("build", "--check", *options) == full


@pytest.mark.parametrize(
    "options",
    [(), ("-v",), ("--strict",), ("--diagnostics-format", "json", "-v")],
    ids=["plain", "verbose", "strict", "json"],
)
def test_a_hit_prints_what_the_full_check_prints(
    project: Path, cli: Cli, options: tuple[str, ...]
) -> None:
    global_options = [o for o in options if o in ("--diagnostics-format", "json")]
    command = [
        *global_options,
        "build",
        "--check",
        *(o for o in options if o not in global_options),
    ]
    full = cli(*command, cache=False)  # records the manifest of this command
    request = entry.request_of(command)
    assert request is not None
    found = buildcache.answer(request)
    assert found is not None
    assert full[0] == 0
    assert cli(*command) == full
    assert full[1] == found.stdout + "\n"


def test_a_full_check_that_finds_the_policy_current_records_it(
    project: Path, monkeypatch: pytest.MonkeyPatch, cli: Cli
) -> None:
    append("specgap.toml", "\n# a comment\n")(project, monkeypatch)
    assert buildcache.answer(Request()) is None
    assert cli("build", "--check")[0] == 0  # the full check, which records
    assert buildcache.answer(Request()) is not None


def test_a_stale_policy_is_never_recorded(
    project: Path, monkeypatch: pytest.MonkeyPatch, cli: Cli
) -> None:
    (project / MANIFEST).unlink()
    append("fixtures/sql/prompt.md", "\nNever call drop_table.\n")(project, monkeypatch)
    assert cli("build", "--check")[0] == 1
    assert not (project / MANIFEST).exists()


def test_the_manifest_records_every_input(project: Path) -> None:
    manifest = json.loads((project / MANIFEST).read_text().split("\n", 1)[1])
    inputs = {Path(p).relative_to(project).as_posix() for p in manifest["inputs"]}
    assert inputs == {
        "specgap.toml",
        "fixtures/sql/prompt.md",
        "fixtures/sql/tools.json",
        "fixtures/sql/config.yaml",
        "registries/sql.yaml",
        "fixtures/cloud/prompt.md",
        "fixtures/cloud/tools.json",
        "fixtures/cloud/config.yaml",
        "registries/cloud.yaml",
    }
    assert [Path(p).relative_to(project).as_posix() for p, _ in manifest["globs"]] == [
        "fixtures/sql/prompt*.md"
    ]
    assert set(manifest["outputs"]) == {str(project / "policy/policy.json")}
    assert {"sqlglot", "lemminflect", "pydantic"} <= set(manifest["dependencies"])
    assert (project / ".specgap/.gitignore").read_text().endswith("*\n")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["build", "--check"], Request()),
        (["build", "--check", "--strict", "-v"], Request(strict=True, verbose=True)),
        (["--allow-outside", "build", "--check"], Request(allow_outside=True)),
        (["--diagnostics-format=json", "build", "--check"], Request(json_diagnostics=True)),
        (["build", "--config=./a/specgap.toml", "--check"], Request(config="a/specgap.toml")),
        (["build", "--check", "--extractor", "llm"], Request(extractor="llm")),
        (["build"], None),  # writes: the full command
        (["build", "--check", "--dump-after", "load"], None),
        (["build", "--check", "--help"], None),
        (["build", "--check", "--extractor", "nonsense"], None),
        (["build", "--check", "--config"], None),
        (["--version"], None),
        (["eval"], None),
        ([], None),
    ],
)
def test_which_command_lines_the_fast_path_reads(argv: list[str], expected: Request | None) -> None:
    assert entry.request_of(argv) == expected


def test_a_hit_imports_neither_the_compiler_nor_pydantic(project: Path) -> None:
    """In a fresh interpreter, as a user runs it: the answer comes from the manifest."""
    environment = {k: v for k, v in os.environ.items() if k != DISABLE}
    command = [sys.executable, "-X", "importtime", "-m", "specgap", "build", "--check"]
    done = subprocess.run(command, cwd=project, env=environment, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("policy/policy.json is up to date (2 agents")
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    assert "specgap.buildcache" in imported  # the importtime listing is what it seems
    for heavy in ("specgap.compile", "specgap.pipeline", "specgap.cli", "pydantic", "typer"):
        assert heavy not in imported


def test_strict_findings_are_left_to_the_full_check(
    project: Path, monkeypatch: pytest.MonkeyPatch, cli: Cli
) -> None:
    """A warning is replayed from the manifest; `--strict` failing on it is not."""
    sentence = "\n## More\n\n- Always call `authz.check_permission` before `aws.teleport_bucket`.\n"
    append("fixtures/cloud/prompt.md", sentence)(project, monkeypatch)
    assert cli("build")[0] == 0
    plain = cli("build", "--check", cache=False)
    assert "unresolved-mention" in plain[2]
    assert buildcache.answer(Request()) is not None
    assert cli("build", "--check") == plain
    assert cli("build", "--strict")[0] == 1  # writes the strict policy, records its manifest
    manifest = json.loads((project / MANIFEST).read_text().split("\n", 1)[1])
    assert manifest["answer"]["strict_findings"] > 0
    assert buildcache.answer(Request(strict=True)) is None
    strict = cli("build", "--check", "--strict", cache=False)
    assert strict[0] == 1
    assert "is up to date" in strict[1]
    assert cli("build", "--check", "--strict") == strict


def test_code_changed_while_building_is_not_recorded(
    project: Path, monkeypatch: pytest.MonkeyPatch, cli: Cli
) -> None:
    (project / MANIFEST).unlink()
    digests = iter(["a" * 64, "b" * 64])
    monkeypatch.setattr(buildcache, "code_digest", lambda: next(digests))
    assert cli("build")[0] == 0
    assert not (project / MANIFEST).exists()


def test_a_build_in_progress_is_waited_for_by_the_full_check(project: Path) -> None:
    """While a build holds the lock of the policy's folder, the output may be half
    replaced: the fast path declines (the full check then waits for the lock)."""
    from specgap.confine import build_lock

    assert buildcache.answer(Request()) is not None
    with build_lock(project / "policy/policy.json"):
        assert buildcache.answer(Request()) is None
    assert buildcache.answer(Request()) is not None
