"""`specgap init`'s output: a registry per tool format and a `specgap.toml`, from what
`detect` found. Pure planning (`plan`) is kept apart from writing (`write_plan`), so the
interactive command can show the plan, let the user change it, then write it.

Nothing the user has is overwritten: a registry file that already exists is used as it is
(listed, not re-imported), and an existing project config stops `init` before any write.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from specgap.scaffold.detect import Detected

_ID = re.compile(r"[^A-Za-z0-9_.-]+")


@dataclass(frozen=True)
class Registry:
    path: str  # relative to the project root
    format: str
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    agent: str
    prompts: tuple[str, ...]
    tools: tuple[str, ...]  # OpenAI / Anthropic / MCP files the pipeline reads directly
    registries: tuple[Registry, ...]
    config: tuple[str, ...]
    safe_traces: tuple[str, ...]
    unsafe_traces: tuple[str, ...]
    unlabelled: tuple[str, ...]
    out: str = "policy/policy.json"

    def with_agent(self, agent: str) -> Plan:
        """The plan for another agent id; registry files are named after the agent."""
        new = agent_id(agent)
        single = len(self.registries) == 1
        registries = tuple(
            replace(r, path=registry_path(new, r.format, single)) for r in self.registries
        )
        return replace(self, agent=new, registries=registries)


def registry_path(agent: str, fmt: str, single: bool) -> str:
    return f"registries/{agent}.yaml" if single else f"registries/{agent}-{fmt}.yaml"


def agent_id(name: str) -> str:
    """A valid agent id from a folder name: `My Agent` -> `my-agent`."""
    cleaned = _ID.sub("-", name.strip().lower()).strip("-._")
    return cleaned or "agent"


def plan(root: Path, found: Detected) -> Plan:
    agent = agent_id(root.resolve().name) or "agent"
    formats: dict[str, list[str]] = {}
    for tool in found.tools:
        formats.setdefault(tool.format, []).append(tool.path)
    single = len(formats) == 1
    registries = tuple(
        Registry(
            path=registry_path(agent, fmt, single),
            format=fmt,
            sources=tuple(paths),
        )
        for fmt, paths in sorted(formats.items())
    )
    return Plan(
        agent=agent,
        prompts=found.prompt_files(),
        tools=tuple(t.path for t in found.tools if t.format != "openapi"),
        registries=registries,
        config=found.config,
        safe_traces=tuple(t.path for t in found.traces if t.label == "safe"),
        unsafe_traces=tuple(t.path for t in found.traces if t.label == "unsafe"),
        unlabelled=tuple(t.path for t in found.traces if t.label == "unlabelled"),
    )


def render_config(p: Plan) -> str:
    """The `specgap.toml` for a plan: stable, commented, valid TOML (strings are written as
    JSON strings, which TOML basic strings accept)."""

    def array(items: tuple[str, ...]) -> str:
        if not items:
            return "[]"
        return "[\n" + "".join(f"    {json.dumps(i)},\n" for i in items) + "]"

    lines = [
        "# Written by `specgap init`; paths are relative to this file. See docs/init.md.",
        f"out = {json.dumps(p.out)}",
        'extractor = "deterministic"',
        "",
        "[[agents]]",
        f"id = {json.dumps(p.agent)}",
        f"prompts = {array(p.prompts)}",
        f"tools = {array(p.tools)}",
        f"config = {array(p.config)}",
        f"registry = {array(tuple(r.path for r in p.registries))}",
        f"safe_traces = {array(p.safe_traces)}",
        f"unsafe_traces = {array(p.unsafe_traces)}",
    ]
    if p.unlabelled:
        lines += [
            "# Traces found but not labelled safe or unsafe by their path; move each into",
            "# `safe_traces` or `unsafe_traces` once you know which it is:",
            *(f"#   {json.dumps(t)}" for t in p.unlabelled),
        ]
    return "\n".join(lines) + "\n"


def write_plan(
    root: Path,
    p: Plan,
    write: Callable[[Path, str], None],
    say: Callable[[str], None],
) -> None:
    """Import each registry not already on disk, then write `specgap.toml`. Bad tool files
    raise SpecgapError before anything is written."""
    from specgap.importers import import_registry, render_registry

    rendered: list[tuple[Path, str, str]] = []
    for registry in p.registries:
        target = root / registry.path
        if target.exists():
            say(f"kept {registry.path} (exists; not re-imported)")
            continue
        files = [(root / s, s) for s in registry.sources]
        imported = import_registry(registry.format, files)  # type: ignore[arg-type]
        summary = (
            f"{len(imported.tools)} tools from {len(registry.sources)} {registry.format} files"
        )
        rendered.append((target, render_registry(imported), summary))
    for target, text, summary in rendered:
        write(target, text)
        say(f"wrote {target.relative_to(root).as_posix()}: {summary}")
    write(root / "specgap.toml", render_config(p))
    say("wrote specgap.toml")
