"""`specgap controls import|export`: Agent Control control JSON in and out."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from specgap.cli import ConfigOpt, _project, app, emit, handled

if TYPE_CHECKING:
    from specgap.api import load_bundle, write_atomic
    from specgap.errors import error
else:  # imported when a command runs: `specgap --help` stays fast
    from specgap.lazy import lazy

    load_bundle = lazy("specgap.api", "load_bundle")
    write_atomic = lazy("specgap.api", "write_atomic")
    error = lazy("specgap.errors", "error")

controls_app = typer.Typer(
    name="controls",
    help="Import and export Agent Control controls.",
    no_args_is_help=True,
    rich_markup_mode=None,  # plain help, as `specgap --help` (see cli.py)
)


@controls_app.command("import")
@handled
def controls_import_cmd(
    files: Annotated[list[Path], typer.Argument(help="Agent Control control JSON files.")],
    output: Annotated[
        Path | None,
        typer.Option("--output", help="Write the controls file to FILE, not stdout."),
    ] = None,
) -> None:
    """Validate Agent Control controls and write them as one controls file; list it under
    an agent's `controls = [...]` in the project config."""
    from specgap.controls.agentcontrol import dumps, read_controls, to_agent_control

    controls = []
    for path in files:
        _, found = read_controls(path, path.as_posix())
        controls.extend(found)
    names = [c.name for c in controls]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise error(
            "invalid-rule",
            f"control `{twice[0]}` is defined twice",
            path=files[0].as_posix(),
            help="give every control its own `name`",
        )
    text = dumps(to_agent_control(c) for c in controls)
    if output is None:
        emit(text)
        emit(f"imported {len(controls)} controls", err=True)
    else:
        write_atomic(output, text)
        emit(f"wrote {output.as_posix()}: {len(controls)} controls")


@controls_app.command("export")
@handled
def controls_export_cmd(
    agent: Annotated[str, typer.Option("--agent", "-a", help="The agent to export.")],
    config: ConfigOpt = None,
    policy: Annotated[
        Path | None, typer.Option("--policy", help="A compiled bundle (default: the project's).")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", help="Write the controls to FILE, not stdout.")
    ] = None,
) -> None:
    """Write an agent's controls, and the mined policies Agent Control can express, as
    Agent Control JSON; policies with no control form are listed on stderr."""
    from specgap.controls.agentcontrol import dumps, export_agent
    from specgap.guard import select_agent

    if policy is None:
        project = _project(config)
        policy, shown = project.out, project.rel(project.out)
    else:
        shown = policy.as_posix()
    exported = export_agent(select_agent(load_bundle(policy, shown), agent))
    text = dumps(exported.controls)
    reasons: dict[str, list[str]] = {}
    for policy_id, why in exported.skipped:
        reasons.setdefault(why, []).append(policy_id)
    for why, ids in reasons.items():
        shown_ids = ", ".join(ids[:3]) + (f" and {len(ids) - 3} more" if len(ids) > 3 else "")
        emit(f"not exported ({len(ids)}): {why}: {shown_ids}", err=True)
    summary = f"{len(exported.controls)} controls, {len(exported.skipped)} policies not exported"
    if output is None:
        emit(text)
        emit(f"exported {summary}", err=True)
    else:
        write_atomic(output, text)
        emit(f"wrote {output.as_posix()}: {summary}")


# registered on the main app when this module is imported (by `specgap.cli`, at its end)
app.add_typer(controls_app, name="controls")
