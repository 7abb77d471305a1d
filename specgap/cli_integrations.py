"""Run-time integrations on the command line: `specgap mcp-proxy`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from specgap.errors import error
else:  # imported when the command runs: `specgap --help` stays fast
    from specgap.lazy import lazy

    error = lazy("specgap.errors", "error")


def register(app: typer.Typer) -> None:
    from specgap.cli import handled

    app.command(
        "mcp-proxy",
        context_settings={"allow_interspersed_args": False},
    )(handled(mcp_proxy_cmd))


def mcp_proxy_cmd(
    agent: Annotated[str, typer.Option("--agent", help="Agent whose policy applies.")],
    command: Annotated[
        list[str] | None,
        typer.Argument(metavar="-- SERVER_COMMAND...", help="The MCP stdio server."),
    ] = None,
    policy: Annotated[
        Path | None, typer.Option("--policy", help="Policy bundle (default: the project's out).")
    ] = None,
    config: Annotated[
        Path | None, typer.Option("--config", help="Project config (default: found upward).")
    ] = None,
    shadow: Annotated[
        bool, typer.Option("--shadow", help="Decide and log, but forward every call.")
    ] = False,
) -> None:
    """Relay an MCP stdio server; answer denied tools/call requests with the steer message."""
    from specgap.cli import emit
    from specgap.config import load_project
    from specgap.guard import Guard
    from specgap.integrations.mcp_proxy import run_proxy

    if not command:
        raise error(
            "missing-server-command",
            "no MCP server command to run",
            path="<command line>",
            help="put the server's command after `--`: `specgap mcp-proxy --agent A -- "
            "python server.py`",
        )
    bundle = policy if policy is not None else load_project(config).out
    guard = Guard(bundle, agent, shadow=shadow)
    try:
        code = run_proxy(guard, command, log=lambda text: emit(text, err=True))
    except FileNotFoundError:
        raise error(
            "missing-server-command",
            f"cannot run `{command[0]}`",
            path="<command line>",
            help="check the server command after `--` (is it installed and on PATH?)",
        ) from None
    if code:
        raise typer.Exit(code)
