"""The GitHub Action's work, as a script the composite action (`action.yml`) calls and a
test can run against a temporary repository:

    python -m specgap.ci.action --working-directory DIR --out DIR [--fail-under S]...
        [--extractor MODE] [--offline] [--dry-run FILE] [--defer-exit]

1. `specgap build --check`: the committed policy is up to date (stale: exit 1);
2. evaluate the head, once, and render every report from that one result (SARIF for code
   scanning, the Markdown report, JSON, JUnit);
3. check the base out itself (`git worktree add` at the event's base commit, fetched when
   the clone is shallow), evaluate it with the same specgap, and diff head against it;
4. write the step summary once, and keep one sticky pull-request comment (the Markdown
   report and the diff, capped below GitHub's limit; the whole report is a file for the
   artifact upload);
5. exit 1 when the policy is stale or `specgap eval`'s exit rule fails (`--fail-under`),
   2 when the project does not build. With `--defer-exit` it always exits 0 and leaves the
   code in the `exit-code` step output, so the SARIF upload and the comment still happen.

Files written under `--out`: `specgap.sarif`, `report.md` (whole), `comment.md` (capped),
`head.json`, `base.json` (when there is a base), `junit.xml`.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from specgap.ci.comment import DryRunHttp, GitHubHttp, HttpClient, cap, upsert
from specgap.ci.event import Event, read_event
from specgap.errors import ExitCode, SpecgapError
from specgap.evaluate.results import EvalResult

ARTIFACT = "specgap-report"
Say = Callable[[str], None]


@dataclass(frozen=True)
class Inputs:
    working_directory: Path
    out: Path
    fail_under: tuple[str, ...] = ()
    extractor: str | None = None
    offline: bool = False


@dataclass(frozen=True)
class Outcome:
    exit_code: int
    stale: bool
    failures: tuple[str, ...]
    base: str | None  # the base commit evaluated, if any
    comment: str | None  # created | updated | unchanged | skipped: why
    truncated: bool


def evaluate_folder(folder: Path, inputs: Inputs, boundary: Path | None = None) -> EvalResult:
    """Build and evaluate the project whose config is in `folder` (or above it, not past
    `boundary`). Raises SpecgapError when it does not build."""
    from specgap.api import build, evaluate
    from specgap.config import find_config, load_project
    from specgap.errors import error
    from specgap.extract.llm import offline_requested
    from specgap.pipeline import Options, prepare

    config = find_config(folder.resolve())
    if config is None or (boundary is not None and not config.is_relative_to(boundary.resolve())):
        raise error("missing-config", f"no `specgap.toml` in `{folder.as_posix()}`")
    project = load_project(config)
    mode = inputs.extractor or project.config.extractor
    options = prepare(
        project, Options(extractor=mode, offline=inputs.offline or offline_requested())
    )
    bundle, states = build(project, options)
    return evaluate(project, bundle, states, mutants=True)


def build_check(inputs: Inputs, say: Say) -> int:
    """`specgap build --check` as a user runs it; its output goes to the log."""
    argv = [sys.executable, "-m", "specgap", "build", "--check"]
    if inputs.extractor:
        argv += ["--extractor", inputs.extractor]
    if inputs.offline:
        argv.append("--offline")
    done = subprocess.run(
        argv, cwd=inputs.working_directory, capture_output=True, text=True, check=False
    )
    for text in (done.stdout, done.stderr):
        if text.strip():
            say(text.rstrip("\n"))
    return done.returncode


def git(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A git command in `root`; a missing git is a failed command, as a missing repo is."""
    argv = ["git", "-C", str(root), *args]
    try:
        return subprocess.run(argv, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        return subprocess.CompletedProcess(argv, 127, "", "git: command not found")


def checkout_base(root: Path, sha: str, into: Path) -> Path | None:
    """A detached worktree of `sha` at `into`; fetched from `origin` first when the clone
    does not have it (actions/checkout makes shallow clones). None when it cannot be had."""
    if git(root, "cat-file", "-e", f"{sha}^{{commit}}").returncode != 0:
        git(root, "fetch", "--no-tags", "--depth=1", "origin", sha)
    made = git(root, "worktree", "add", "--detach", str(into), sha)
    return into if made.returncode == 0 else None


def run_action(
    inputs: Inputs,
    environ: Mapping[str, str],
    say: Say,
    http: HttpClient | None = None,
) -> Outcome:
    from specgap.report.command import failures, render
    from specgap.report.compare import compare, load_base
    from specgap.report.thresholds import parse

    thresholds = parse(inputs.fail_under)
    out = inputs.out
    out.mkdir(parents=True, exist_ok=True)
    wd = inputs.working_directory.resolve()
    stale = build_check(inputs, say)
    if stale == ExitCode.ERROR:
        return Outcome(ExitCode.ERROR, False, ("the project does not build",), None, None, False)
    head = evaluate_folder(wd, inputs)
    (out / "head.json").write_text(render(head, "json"), "utf-8")
    event = read_event(environ)
    root = Path(git(wd, "rev-parse", "--show-toplevel").stdout.strip() or wd)
    prefix = wd.relative_to(root.resolve()).as_posix() if wd.is_relative_to(root.resolve()) else ""
    diff, base_used = None, None
    if event.base_sha:
        with tempfile.TemporaryDirectory(prefix="specgap-base-") as tmp:
            checkout = checkout_base(root, event.base_sha, Path(tmp) / "base")
            if checkout is None:
                say(f"specgap: cannot check out the base commit {event.base_sha}; no diff")
            else:
                try:
                    base = evaluate_folder(checkout / prefix, inputs, boundary=checkout)
                    (out / "base.json").write_text(render(base, "json"), "utf-8")
                    diff = compare(head, load_base(out / "base.json", "base"), "base")
                    base_used = event.base_sha
                except SpecgapError as exc:
                    say(f"specgap: the base does not build; no diff ({exc.diagnostics[0].code})")
                finally:
                    git(root, "worktree", "remove", "--force", str(checkout))
    markdown = render(head, "markdown", diff)
    (out / "report.md").write_text(markdown, "utf-8")
    capped = cap(markdown, ARTIFACT)
    (out / "comment.md").write_text(capped.body, "utf-8")
    (out / "specgap.sarif").write_text(_rebased_sarif(render(head, "sarif", diff), prefix), "utf-8")
    (out / "junit.xml").write_text(render(head, "junit", None, thresholds), "utf-8")
    summary = environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with Path(summary).open("a", encoding="utf-8") as handle:
            handle.write(capped.body if capped.body.endswith("\n") else capped.body + "\n")
    comment = _comment(event, capped.body, environ, http, say)
    failed, notes = failures(head, thresholds)
    for note in notes:
        say(f"fail-under: {note}")
    reasons = (*(["the committed policy is stale"] if stale else []), *failed)
    for reason in reasons:
        say(f"specgap failed: {reason}")
    code = ExitCode.FINDINGS if reasons else ExitCode.OK
    return Outcome(code, bool(stale), tuple(reasons), base_used, comment, capped.truncated)


def _comment(
    event: Event, body: str, environ: Mapping[str, str], http: HttpClient | None, say: Say
) -> str:
    if event.number is None or event.repo is None:
        return "skipped: not a pull request"
    if http is None:
        token = environ.get("GITHUB_TOKEN") or environ.get("INPUT_GITHUB_TOKEN")
        if not token:
            return "skipped: no token"
        http = GitHubHttp(token)
    try:
        posted = upsert(http, event.api_url, event.repo, event.number, body)
    except (RuntimeError, OSError) as exc:  # e.g. a fork's read-only token: report, go on
        say(f"specgap: {exc}")
        return f"skipped: {exc}"
    return posted.action


def _rebased_sarif(text: str, prefix: str) -> str:
    """Code scanning resolves URIs against the repository root; the project may sit in a
    subfolder of it."""
    if not prefix or prefix == ".":
        return text
    data: dict[str, Any] = json.loads(text)
    for run in data.get("runs", []):
        for result in run.get("results", []):
            for location in [*result.get("locations", []), *result.get("relatedLocations", [])]:
                artifact = location.get("physicalLocation", {}).get("artifactLocation", {})
                if "uri" in artifact:
                    artifact["uri"] = f"{prefix}/{artifact['uri']}"
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _set_outputs(environ: Mapping[str, str], values: dict[str, str]) -> None:
    target = environ.get("GITHUB_OUTPUT")
    if target:
        with Path(target).open("a", encoding="utf-8") as handle:
            handle.writelines(f"{key}={value}\n" for key, value in values.items())


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m specgap.ci.action")
    parser.add_argument("--working-directory", type=Path, default=Path("."))
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--fail-under", action="append", default=[])
    parser.add_argument("--extractor", default="")
    parser.add_argument("--offline", action="store_true")
    parser.add_argument("--dry-run", type=Path, help="write the comment requests here instead")
    parser.add_argument("--defer-exit", action="store_true")
    args = parser.parse_args(argv)
    env = os.environ if environ is None else environ
    inputs = Inputs(
        working_directory=args.working_directory,
        out=args.out,
        fail_under=tuple(v for raw in args.fail_under for v in raw.split() if v),
        extractor=args.extractor or None,
        offline=args.offline,
    )
    http = DryRunHttp(args.dry_run) if args.dry_run else None

    def say(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    try:
        outcome = run_action(inputs, env, say, http)
    except SpecgapError as exc:
        for d in exc.diagnostics:
            say(d.render())
        outcome = Outcome(ExitCode.ERROR, False, ("bad input",), None, None, False)
    out = args.out
    _set_outputs(
        env,
        {
            "exit-code": str(int(outcome.exit_code)),
            "sarif": str(out / "specgap.sarif") if (out / "specgap.sarif").is_file() else "",
            "report": str(out / "report.md"),
            "truncated": str(outcome.truncated).lower(),
            "comment": outcome.comment or "",
        },
    )
    return 0 if args.defer_exit else int(outcome.exit_code)


if __name__ == "__main__":
    raise SystemExit(main())
