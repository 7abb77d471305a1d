"""The canonical tool registry: what each tool is called, what it touches, what it leaks.

A registry file is YAML::

    namespace: aws
    tools:
      - id: aws.s3.PutObject           # canonical id, what policies target
        names: [put_object]            # what a model emits in tool calls
        aliases: [S3 upload]           # how prose refers to it
        keywords: [bucket, upload]
        effects: [write]               # read | write | destructive
        labels: {sink: [public]}       # data labels: source of / sink for
        facets: {bucket: {arg: Bucket}}  # named values derived from arguments
        args: {type: object, ...}      # argument schema, when no tools file gives one
        effect_hints: [read]           # what the server claims (MCP annotations), unverified
    hooks:                             # MCP lifecycle hooks (`_`-prefixed): never callable
      - id: aws._on_session_start

`effects` are what the registry's author vouches for; `effect_hints` are claims copied from a
tool's own metadata (MCP `readOnlyHint`, `destructiveHint`, ...; OpenAPI methods) and are
never promoted to effects. `specgap registry import` writes this format.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from specgap.artifacts import Artifact
from specgap.ir import AgentBundle, Diagnostic, Selector, Span, ToolSummary
from specgap.toolnames import Identity, NameIndex
from specgap.toolspecs import ToolSpec

EFFECTS = ("read", "write", "destructive")


@dataclass(frozen=True)
class Tool:
    id: str
    names: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    namespace: str = ""
    description: str = ""
    keywords: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    effect_hints: tuple[str, ...] = ()
    labels: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    facets: Mapping[str, Selector] = field(default_factory=dict)
    schema: Mapping[str, Any] = field(default_factory=dict)
    origin: Span | None = None
    hook: bool = False  # an MCP lifecycle hook: known, but never a tool the model may call

    @property
    def arg_names(self) -> tuple[str, ...]:
        props = self.schema.get("properties")
        return tuple(props) if isinstance(props, dict) else ()

    @property
    def all_arg_names(self) -> frozenset[str]:
        """Every argument name of its schema, nested ones included (rules that read an
        argument by name find it at any depth)."""
        names: set[str] = set()
        stack: list[Any] = [self.schema]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                props = node.get("properties")
                if isinstance(props, dict):
                    names.update(str(k) for k in props)
                stack.extend(v for v in node.values() if isinstance(v, dict | list))
            elif isinstance(node, list):
                stack.extend(node)
        return frozenset(names)

    def summary(self) -> ToolSummary:
        return ToolSummary(id=self.id, names=self.names, effects=self.effects)


@dataclass(frozen=True)
class Registry:
    tools: tuple[Tool, ...]
    by_id: Mapping[str, Tool]
    by_name: Mapping[str, str]  # emitted name or id -> canonical id
    hooks: Mapping[str, Tool] = field(default_factory=dict)  # casefolded name or id -> hook

    def canonical(self, name: str) -> str | None:
        """The tool a tool-call name or id means: exact, else after normalization (case,
        whitespace, invisible characters, NFKC, SDK/MCP prefixes, look-alike letters), so a
        loosely spelt call never escapes its tool's policies (see `specgap.toolnames`)."""
        found = self.by_name.get(name)
        return found if found is not None else self.identify(name).tool

    def identify(self, name: str) -> Identity:
        """How surely `name` means a registered tool (exact, normalized, confusable, unknown)."""
        return self._names.identify(name)

    @functools.cached_property
    def _names(self) -> NameIndex:
        return NameIndex(dict(self.by_name))

    def hook(self, mention: str) -> Tool | None:
        """The lifecycle hook a mention names exactly (any case), if it names one."""
        return self.hooks.get(mention.strip().casefold())

    def sources_of(self, label: str) -> tuple[str, ...]:
        return tuple(t.id for t in self.tools if label in t.labels.get("source", ()))


def agent_registry(agent: AgentBundle) -> Registry:
    """The registry a bundle carries for one agent: canonical ids and emitted names. What
    `check`, the `Guard` and `eval` read traces with, so they identify calls alike."""
    registry, _ = build_registry(
        Tool(id=t.id, names=t.names, effects=t.effects) for t in agent.tools
    )
    return registry


def build_registry(tools: Iterable[Tool]) -> tuple[Registry, list[Diagnostic]]:
    """Index tools; duplicate ids and names claimed twice are reported, first one wins.
    Lifecycle hooks (`Tool.hook`) are kept apart: they never resolve and are never callable."""
    diagnostics: list[Diagnostic] = []
    by_id: dict[str, Tool] = {}
    by_name: dict[str, str] = {}
    alias_owner: dict[str, Tool] = {}
    hooks: dict[str, Tool] = {}
    for tool in tools:
        if tool.hook:
            for name in (tool.id, *tool.names):
                hooks.setdefault(name.casefold(), tool)
            continue
        if tool.id in by_id:
            diagnostics.append(
                _clash("duplicate-tool-id", f"tool id `{tool.id}`", tool, by_id[tool.id])
            )
            continue
        by_id[tool.id] = tool
        for alias in (tool.id, *tool.names, *tool.aliases):
            key = alias.casefold()
            owner = alias_owner.get(key)
            if owner is not None and owner.id != tool.id:
                diagnostics.append(
                    _clash(
                        "duplicate-alias", f"name `{alias}` is claimed by two tools", tool, owner
                    )
                )
                continue
            alias_owner[key] = tool
        for name in (tool.id, *tool.names):
            by_name.setdefault(name, tool.id)
    ordered = tuple(sorted(by_id.values(), key=lambda t: t.id))
    return Registry(ordered, by_id, by_name, hooks), diagnostics


def _clash(code: str, what: str, tool: Tool, first: Tool) -> Diagnostic:
    where = first.origin.location() if first.origin else "another registry entry"
    message = f"{what} already defined" if code == "duplicate-tool-id" else what
    return Diagnostic(
        code=code,
        message=f"{message} (`{first.id}` and `{tool.id}`)",
        severity="error" if code == "duplicate-tool-id" else "warning",
        span=tool.origin,
        help=f"first defined at {where}; rename one of them",
    )


def tools_from_registry_file(artifact: Artifact) -> tuple[list[Tool], list[Diagnostic]]:
    data = artifact.data
    diagnostics: list[Diagnostic] = []
    if not isinstance(data, dict) or not isinstance(data.get("tools"), list):
        return [], [
            Diagnostic(
                code="invalid-registry",
                message="a registry needs a `tools` list",
                span=artifact.span(0, 0),
                help="see the registry format in the README",
            )
        ]
    namespace = str(data.get("namespace", ""))
    hooks = data.get("hooks") or []
    if not isinstance(hooks, list):
        hooks = []
        diagnostics.append(
            Diagnostic(
                code="invalid-registry",
                message="`hooks` must be a list of tool entries",
                span=artifact.span_at("/hooks") if "/hooks" in artifact.ranges else None,
                help="list lifecycle hooks like tools: `- id: server._hook_name`",
            )
        )
    tools: list[Tool] = []
    for key, entries in (("tools", data["tools"]), ("hooks", hooks)):
        for n, entry in enumerate(entries):
            pointer = f"/{key}/{n}"
            span = artifact.span_at(pointer) if pointer in artifact.ranges else None
            try:
                tool = _tool_from_entry(entry, namespace, span)
            except (TypeError, ValueError, KeyError, ValidationError) as exc:
                what = "registry entry" if key == "tools" else "hook entry"
                diagnostics.append(
                    Diagnostic(
                        code="invalid-registry",
                        message=f"{what} {n} is invalid: {_short(exc)}",
                        span=span,
                        help="each tool needs an `id`; lists must be lists of strings",
                    )
                )
                continue
            tools.append(dataclasses.replace(tool, hook=True) if key == "hooks" else tool)
    return tools, diagnostics


def _short(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        return f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}".lower()
    return str(exc).strip("'\"").lower()


def _strings(value: Any, what: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"`{what}` must be a list of strings")
    return tuple(value)


def _tool_from_entry(entry: Any, namespace: str, span: Span | None) -> Tool:
    if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
        raise TypeError("missing string `id`")
    effects = _strings(entry.get("effects"), "effects")
    unknown = [e for e in effects if e not in EFFECTS]
    if unknown:
        raise ValueError(f"unknown effect `{unknown[0]}`, expected one of {', '.join(EFFECTS)}")
    labels_raw = entry.get("labels") or {}
    if not isinstance(labels_raw, dict):
        raise TypeError("`labels` must map `source`/`sink` to lists of labels")
    facets_raw = entry.get("facets") or {}
    if not isinstance(facets_raw, dict):
        raise TypeError("`facets` must map names to `{arg: ..., extract: ...}`")
    schema = entry.get("args") or {}
    if not isinstance(schema, dict):
        raise TypeError("`args` must be a JSON schema object")
    return Tool(
        id=entry["id"],
        names=_strings(entry.get("names"), "names"),
        aliases=_strings(entry.get("aliases"), "aliases"),
        namespace=str(entry.get("namespace", namespace)),
        description=str(entry.get("description", "")),
        keywords=_strings(entry.get("keywords"), "keywords"),
        effects=effects,
        effect_hints=_strings(entry.get("effect_hints"), "effect_hints"),
        labels={str(k): _strings(v, f"labels.{k}") for k, v in labels_raw.items()},
        facets={str(k): Selector.model_validate(v) for k, v in facets_raw.items()},
        schema=schema,
        origin=span,
    )


def attach_specs(registry_tools: list[Tool], specs: Iterable[tuple[ToolSpec, Span]]) -> list[Tool]:
    """Give registry tools the schemas of the agent's tools files (matched by emitted name);
    a tool the registry does not know joins under its own name (as a lifecycle hook when it
    is an MCP tool whose name starts with `_`)."""
    tools = {t.id: t for t in registry_tools}
    owner = {name: t.id for t in registry_tools for name in (t.id, *t.names)}
    for spec, span in specs:
        tool_id = owner.get(spec.name)
        if tool_id is None:
            tools[spec.name] = Tool(
                id=spec.name,
                names=(spec.name,),
                aliases=(spec.title,) if spec.title and spec.title != spec.name else (),
                description=spec.description,
                schema=spec.schema,
                effect_hints=effect_hints(spec.annotations),
                origin=span,
                hook=is_lifecycle_hook(spec),
            )
            owner[spec.name] = spec.name
            continue
        tool = tools[tool_id]
        tools[tool_id] = dataclasses.replace(
            tool,
            schema=tool.schema or spec.schema,
            description=tool.description or spec.description,
            effect_hints=tool.effect_hints or effect_hints(spec.annotations),
        )
    return list(tools.values())


def is_lifecycle_hook(spec: ToolSpec) -> bool:
    """MCP tools named `_...` are lifecycle hooks the client runs, not tools the model calls."""
    return spec.format == "mcp" and spec.name.startswith("_")


def effect_hints(annotations: Mapping[str, Any]) -> tuple[str, ...]:
    """MCP annotations are hints from the server, never trusted as effects. Only explicit
    values count: an absent or null hint says nothing."""
    hints: list[str] = []
    read_only = annotations.get("readOnlyHint")
    if read_only is True:
        hints.append("read")
    elif read_only is False:
        hints.append("write")
    if annotations.get("destructiveHint") is True and read_only is not True:
        hints.append("destructive")
    if annotations.get("idempotentHint") is True:
        hints.append("idempotent")
    if annotations.get("openWorldHint") is True:
        hints.append("open_world")
    return tuple(hints)
