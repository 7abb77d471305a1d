"""`specgap registry import`: tool definitions as vendors ship them -> a canonical registry.

Readers turn each input file into *units* (one MCP server, one OpenAPI document, one tools
file), each a namespace hint plus raw tools with their source spans. `assemble` then gives
every tool a canonical id (`namespace.name`), keeps colliding names as distinct ids and
reports every collision as a diagnostic; nothing is ever overwritten. `render_registry`
writes the registry YAML (see `specgap.registry`), byte-identical for the same inputs.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from specgap.artifacts import load_artifact
from specgap.errors import SpecgapError
from specgap.ir import Diagnostic, Span
from specgap.registry import Tool

ImportFormat = Literal["openai", "anthropic", "mcp", "openapi"]
FORMATS: tuple[ImportFormat, ...] = ("openai", "anthropic", "mcp", "openapi")
_NOISE = frozenset({"mcp", "server", "servers"})


@dataclass(frozen=True)
class RawTool:
    """A tool as a reader found it, before it has a canonical id."""

    name: str
    span: Span
    description: str = ""
    schema: dict[str, object] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    effect_hints: tuple[str, ...] = ()
    hook: bool = False


@dataclass(frozen=True)
class Unit:
    """One source of tools that shares a namespace: an MCP server, an OpenAPI document."""

    namespace: str  # slug hint; "" for none
    label: str  # how diagnostics name it (server name, document title, file)
    span: Span
    tools: tuple[RawTool, ...]


@dataclass(frozen=True)
class Imported:
    fmt: ImportFormat
    sources: tuple[str, ...]
    tools: tuple[Tool, ...]  # callable tools, sorted by id
    hooks: tuple[Tool, ...]  # lifecycle hooks, sorted by id
    diagnostics: tuple[Diagnostic, ...]


def slug(text: str, drop: frozenset[str] = _NOISE) -> str:
    """`github-mcp-server` -> `github`, `example-servers/puppeteer` -> `puppeteer`."""
    last = text.strip().rstrip("/").rsplit("/", 1)[-1]
    words = [w for w in re.split(r"[^0-9a-z]+", last.casefold()) if w]
    kept = [w for w in words if w not in drop]
    return "-".join(kept or words)


def import_registry(
    fmt: ImportFormat, files: Sequence[tuple[Path, str]], namespace: str | None = None
) -> Imported:
    """Read every file (path, display name) in `fmt`; unreadable or malformed files raise
    SpecgapError with every problem found, collisions come back as warnings."""
    from specgap.importers.openapi import read_openapi
    from specgap.importers.specs import read_tool_lists

    errors: list[Diagnostic] = []
    units: list[Unit] = []
    warnings: list[Diagnostic] = []
    for path, display in files:
        try:
            artifact = load_artifact("tools", path, display)
        except SpecgapError as exc:
            errors.extend(exc.diagnostics)
            continue
        reader = read_openapi if fmt == "openapi" else read_tool_lists
        found, problems = reader(artifact, fmt)
        units.extend(found)
        for problem in problems:
            (errors if problem.severity == "error" else warnings).append(problem)
    if errors:
        raise SpecgapError(errors)
    if namespace is not None:
        units = [
            Unit(slug(namespace) if namespace else "", u.label, u.span, u.tools) for u in units
        ]
    tools, hooks, collisions = assemble(units)
    return Imported(
        fmt=fmt,
        sources=tuple(Path(display).name for _, display in files),
        tools=tools,
        hooks=hooks,
        diagnostics=tuple(sorted((*warnings, *collisions), key=Diagnostic.sort_key)),
    )


def assemble(units: Sequence[Unit]) -> tuple[tuple[Tool, ...], tuple[Tool, ...], list[Diagnostic]]:
    """Canonical ids for every raw tool; collisions are renamed apart and reported."""
    diagnostics: list[Diagnostic] = []
    owner_of_ns: dict[str, Unit] = {}
    by_id: dict[str, Tool] = {}
    emitted: dict[str, list[Tool]] = defaultdict(list)
    for unit in units:
        ns = unit.namespace
        if ns and ns in owner_of_ns:
            first = owner_of_ns[ns]
            n = 2
            while f"{ns}-{n}" in owner_of_ns:
                n += 1
            renamed = f"{ns}-{n}"
            diagnostics.append(
                Diagnostic(
                    code="namespace-collision",
                    message=f"`{unit.label}` and `{first.label}` both map to namespace `{ns}`; "
                    f"the tools of `{unit.label}` are imported as `{renamed}.*`",
                    severity="warning",
                    span=unit.span,
                    help=f"first used at {first.span.location()}; pass `--namespace` per file "
                    "or rename one namespace in the output",
                )
            )
            ns = renamed
        owner_of_ns.setdefault(ns, unit)
        for raw in unit.tools:
            tool_id = f"{ns}.{raw.name}" if ns else raw.name
            if tool_id in by_id:
                clash = by_id[tool_id]
                n = 2
                while f"{tool_id}-{n}" in by_id:
                    n += 1
                diagnostics.append(
                    Diagnostic(
                        code="duplicate-tool-name",
                        message=f"tool `{raw.name}` is defined twice in `{unit.label}`; "
                        f"the second is imported as `{tool_id}-{n}`",
                        severity="warning",
                        span=raw.span,
                        help=f"first defined at {_where(clash)}",
                    )
                )
                tool_id = f"{tool_id}-{n}"
            tool = Tool(
                id=tool_id,
                names=(raw.name,),
                aliases=raw.aliases,
                namespace=ns,
                description=raw.description,
                keywords=raw.keywords,
                effect_hints=raw.effect_hints,
                schema=raw.schema,
                origin=raw.span,
                hook=raw.hook,
            )
            by_id[tool_id] = tool
            if not raw.hook:
                emitted[raw.name].append(tool)
    for name, owners in sorted(emitted.items()):
        if len(owners) > 1:
            diagnostics.append(_name_collision(name, owners))
    tools = sorted((t for t in by_id.values() if not t.hook), key=lambda t: t.id)
    hooks = sorted((t for t in by_id.values() if t.hook), key=lambda t: t.id)
    return tuple(tools), tuple(hooks), diagnostics


def _where(tool: Tool) -> str:
    return tool.origin.location() if tool.origin else "an earlier entry"


def _name_collision(name: str, owners: list[Tool]) -> Diagnostic:
    ids = ", ".join(f"`{t.id}`" for t in owners)
    others = "; ".join(f"`{t.id}` at {_where(t)}" for t in owners[:-1])
    return Diagnostic(
        code="name-collision",
        message=f"{len(owners)} tools are called `{name}`: {ids}; kept as distinct ids",
        severity="warning",
        span=owners[-1].origin,
        help=f"also defined: {others}; a bare `{name}` in prose resolves as ambiguous, "
        "so name the namespaced id",
    )


from specgap.importers.render import render_registry  # noqa: E402

__all__ = [
    "FORMATS",
    "ImportFormat",
    "Imported",
    "RawTool",
    "Unit",
    "assemble",
    "import_registry",
    "render_registry",
    "slug",
]
