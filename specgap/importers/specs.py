"""Readers for tool lists: OpenAI function specs, Anthropic tools and MCP `tools/list`.

MCP inputs come in several wrappers, all accepted: a bare `tools/list` result
(`{"tools": [...]}`, optionally with `server`, `server_info` or `serverInfo` naming the
server), a JSON-RPC response (`{"result": {"tools": [...]}}`), and a catalogue of servers
(a list of `{"name": ..., "tools": {server_name: {"tools": [...]}}}` as LiveMCPBench ships).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from specgap.artifacts import Artifact
from specgap.importers import ImportFormat, RawTool, Unit, slug
from specgap.ir import Diagnostic
from specgap.positions import escape_pointer
from specgap.registry import effect_hints
from specgap.toolspecs import detect_format, parse_tool_specs

_FILE_NOISE = frozenset({"mcp", "server", "servers", "tools", "list", "tool"})


def read_tool_lists(artifact: Artifact, fmt: ImportFormat) -> tuple[list[Unit], list[Diagnostic]]:
    """Units of one tools file; a file with no tool list is an error, skipped entries are
    warnings."""
    data = artifact.data
    if _is_catalogue(data):
        units: list[Unit] = []
        problems: list[Diagnostic] = []
        for n, server in enumerate(data):
            for key, body in (server.get("tools") or {}).items():
                pointer = f"/{n}/tools/{escape_pointer(str(key))}"
                name = body.get("server_name") if isinstance(body, dict) else None
                label = str(name or key)
                unit, found = _unit(artifact, fmt, body, pointer, label, slug(label))
                units.append(unit)
                problems.extend(found)
        return units, problems
    label = _server_name(data)
    namespace = slug(label) if label else ""
    if fmt == "mcp" and not namespace:
        namespace = slug(Path(artifact.path).stem, _FILE_NOISE)
    return _single(artifact, fmt, data, label or Path(artifact.path).name, namespace)


def _single(
    artifact: Artifact, fmt: ImportFormat, data: Any, label: str, namespace: str
) -> tuple[list[Unit], list[Diagnostic]]:
    if detect_format(data) is None:
        return [], [
            Diagnostic(
                code="invalid-tools",
                message=f"`{artifact.path}` has no tool list",
                span=artifact.span(0, 0),
                help=_SHAPES[fmt],
            )
        ]
    unit, problems = _unit(artifact, fmt, data, "", label, namespace if fmt == "mcp" else "")
    return [unit], problems


_SHAPES: dict[str, str] = {
    "openai": 'expected `[{"type": "function", "function": {"name": ...}}]` or `{"tools": [...]}`',
    "anthropic": 'expected `[{"name": ..., "input_schema": {...}}]` or `{"tools": [...]}`',
    "mcp": 'expected a `tools/list` result: `{"tools": [{"name": ..., "inputSchema": ...}]}`',
}


def _unit(
    artifact: Artifact,
    fmt: ImportFormat,
    data: Any,
    base: str,
    label: str,
    namespace: str,
) -> tuple[Unit, list[Diagnostic]]:
    specs, skipped = parse_tool_specs(data)
    problems = [
        Diagnostic(
            code="invalid-tools",
            message=f"{message} (in `{label}`)",
            severity="warning",
            span=artifact.span_of(f"{base}{pointer}"),
            help="each tool needs a string `name`",
        )
        for pointer, message in skipped
    ]
    found = detect_format(data)
    if found is not None and found != fmt:
        problems.append(
            Diagnostic(
                code="format-mismatch",
                message=f"`{label}` looks like {found} tools, imported as {fmt}",
                severity="warning",
                span=artifact.span_of(base),
                help=f"pass `--from {found}` if that is what it is",
            )
        )
    tools = []
    for spec in specs:
        hook = fmt == "mcp" and spec.name.startswith("_")
        title = spec.title if spec.title and spec.title != spec.name else None
        tools.append(
            RawTool(
                name=spec.name,
                span=artifact.span_of(base + spec.pointer),
                description=spec.description.strip(),
                schema=dict(spec.schema),
                aliases=(title,) if title else (),
                effect_hints=effect_hints(spec.annotations) if fmt == "mcp" else (),
                hook=hook,
            )
        )
    return Unit(namespace, label, artifact.span_of(base), tuple(tools)), problems


def _is_catalogue(data: Any) -> bool:
    return (
        isinstance(data, list)
        and bool(data)
        and all(isinstance(s, dict) and isinstance(s.get("tools"), dict) for s in data)
    )


def _server_name(data: Any) -> str:
    if not isinstance(data, dict):
        return ""
    for key in ("server_info", "serverInfo"):
        info = data.get(key)
        if isinstance(info, dict) and isinstance(info.get("name"), str):
            return str(info["name"])
    for key in ("server", "server_name", "name"):
        if isinstance(data.get(key), str):
            return str(data[key])
    result = data.get("result")
    return _server_name(result) if isinstance(result, dict) else ""
