"""`specgap init`: from an agent folder (or nothing) to a first policy and eval, in one
command.

Detects prompts, tool files and traces (`specgap.scaffold.detect`), imports a registry per
tool format, writes `specgap.toml`, builds the policy and runs a first eval. It asks
questions only when standard input is a terminal and `--yes` is not given; otherwise it
takes every detected file as found. Exit codes: 0 written and built (whatever the first
eval found: it is a starting point, not a gate), 2 for a folder with nothing to use, an
existing project config, or input that does not build.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from specgap.errors import ExitCode, error
    from specgap.scaffold.detect import Detected, detect
    from specgap.scaffold.project import Plan, plan, write_plan
else:  # imported when the command runs: `specgap --help` stays fast
    from specgap.lazy import lazy

    ExitCode = lazy("specgap.errors", "ExitCode")
    error = lazy("specgap.errors", "error")
    detect = lazy("specgap.scaffold.detect", "detect")
    Plan = lazy("specgap.scaffold.project", "Plan")
    plan = lazy("specgap.scaffold.project", "plan")
    write_plan = lazy("specgap.scaffold.project", "write_plan")


def register(app: typer.Typer) -> None:
    from specgap.cli import handled

    app.command("init")(handled(init_cmd))


def init_cmd(
    folder: Annotated[
        Path, typer.Argument(help="The agent's folder (default: the current one).")
    ] = Path("."),
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Take every detected file; ask nothing.")
    ] = False,
    offline: Annotated[
        bool, typer.Option("--offline", help="Never contact a model server.")
    ] = False,
) -> None:
    """Detect prompts, tools and traces; write specgap.toml and a registry; build and eval."""
    from specgap.cli import emit

    root = folder
    shown = root.as_posix()
    if not root.is_dir():
        raise error(
            "missing-folder",
            f"`{shown}` is not a folder",
            path=shown,
            help="pass the folder that holds your agent's prompt and tool definitions",
        )
    _refuse_existing(root)
    found = detect(root)
    if found.empty:
        raise error(
            "nothing-to-init",
            f"found no prompt or tool definitions under `{shown}`",
            path=shown,
            help="add the agent's system prompt (e.g. `prompt.md`) and its tools (OpenAI, "
            "Anthropic or MCP `tools.json`, or an OpenAPI file), then rerun `specgap init`",
        )
    chosen = plan(root, found)
    interactive = not yes and _terminal()
    emit(_describe(chosen, found))
    if interactive:
        chosen = _ask(chosen)
    from specgap.api import write_atomic

    write_plan(root, chosen, write_atomic, emit)
    _first_build(root, offline, emit)


def _terminal() -> bool:
    """Whether a person is at the keyboard (questions would hang a CI job otherwise)."""
    return sys.stdin.isatty()


def _refuse_existing(root: Path) -> None:
    from specgap.config import _has_tool_table

    for name in ("specgap.toml", "pyproject.toml"):
        path = root / name
        if path.is_file() and (name == "specgap.toml" or _has_tool_table(path)):
            shown = path.as_posix()
            raise error(
                "config-exists",
                f"`{shown}` already configures specgap",
                path=shown,
                help="run `specgap build` and `specgap eval`, or remove it to start over",
            )


def _describe(p: Plan, found: Detected) -> str:
    lines = [f"agent `{p.agent}`:"]
    groups = [
        ("prompts", p.prompts),
        ("tools", tuple(f"{t.path} ({t.format})" for t in found.tools)),
        ("runtime config", p.config),
        ("safe traces", p.safe_traces),
        ("unsafe traces", p.unsafe_traces),
        ("unlabelled traces (left out)", p.unlabelled),
    ]
    for title, items in groups:
        if items:
            lines.append(f"  {title}:")
            lines.extend(f"    {item}" for item in items)
    return "\n".join(lines)


def _ask(p: Plan) -> Plan:
    """Let the user rename the agent and drop any detected group (a TTY only)."""
    agent = typer.prompt("agent id", default=p.agent)
    p = p.with_agent(agent)
    kept: dict[str, tuple[str, ...]] = {}
    for name in ("prompts", "tools", "config", "safe_traces", "unsafe_traces"):
        items: tuple[str, ...] = getattr(p, name)
        kept[name] = tuple(i for i in items if typer.confirm(f"use {i}?", default=True))
    registries = tuple(
        r for r in p.registries if r.format == "openapi" or set(r.sources) & set(kept["tools"])
    )
    if not typer.confirm("write specgap.toml and build?", default=True):
        raise typer.Exit(ExitCode.OK)
    return Plan(
        agent=p.agent,
        prompts=kept["prompts"],
        tools=kept["tools"],
        registries=registries,
        config=kept["config"],
        safe_traces=kept["safe_traces"],
        unsafe_traces=kept["unsafe_traces"],
        unlabelled=p.unlabelled,
    )


def _first_build(root: Path, offline: bool, say: Callable[..., None]) -> None:
    from specgap.api import build, evaluate, write_atomic
    from specgap.cli import _options, _policy_summary
    from specgap.config import load_project
    from specgap.report.command import EvalRequest, run

    project = load_project(root / "specgap.toml")
    bundle, states = build(project, _options(project, False, None, offline))
    write_atomic(project.out, bundle.to_json())
    say(f"wrote {project.rel(project.out)}: {_policy_summary(bundle)}")
    say("first eval:")
    code = run(
        EvalRequest(), lambda: evaluate(project, bundle, states, mutants=True), say, write_atomic
    )
    follow = "all clear" if code == ExitCode.OK else "see the findings above"
    say(f"next: edit specgap.toml, then `specgap build` and `specgap eval` ({follow})")
