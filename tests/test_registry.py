"""The registry format: loading, clashes with both locations, hooks, effect hints."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.artifacts import load_artifact
from specgap.registry import (
    Tool,
    attach_specs,
    build_registry,
    effect_hints,
    tools_from_registry_file,
)
from specgap.toolspecs import parse_tool_specs
from tests.conftest import ROOT


def _load(tmp_path: Path, text: str) -> tuple[list[Tool], list[str]]:
    path = tmp_path / "r.yaml"
    path.write_text(text)
    tools, problems = tools_from_registry_file(load_artifact("config", path, "r.yaml"))
    return tools, [d.render() for d in problems]


def test_the_reference_registries_load_cleanly() -> None:
    for name in ("sql", "cloud"):
        artifact = load_artifact("config", ROOT / "registries" / f"{name}.yaml", name)
        tools, problems = tools_from_registry_file(artifact)
        assert tools
        assert problems == []
        _, clashes = build_registry(tools)
        assert clashes == []


def test_entries_keep_every_field(tmp_path: Path) -> None:
    tools, problems = _load(
        tmp_path,
        """namespace: aws
tools:
  - id: aws.s3.PutObject
    names: [put_object]
    aliases: [S3 upload]
    description: Upload an object.
    keywords: [bucket]
    effects: [write]
    effect_hints: [write, open_world]
    labels: {sink: [public]}
    facets: {bucket: {arg: Bucket}}
    args: {type: object, properties: {Bucket: {type: string}}}
""",
    )
    assert problems == []
    (tool,) = tools
    assert tool.namespace == "aws"
    assert tool.effects == ("write",)
    assert tool.effect_hints == ("write", "open_world")
    assert tool.labels == {"sink": ("public",)}
    assert tool.arg_names == ("Bucket",)
    assert tool.origin is not None
    assert tool.origin.start_line == 3


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("- names: [x]", "registry entry 0 is invalid: missing string `id`"),
        ("- id: x\n    effects: [explode]", "unknown effect `explode`"),
        ("- id: x\n    names: 3", "`names` must be a list of strings"),
        ("- id: x\n    labels: [secret]", "`labels` must map"),
    ],
)
def test_bad_entries_are_diagnosed_where_they_are(tmp_path: Path, entry: str, message: str) -> None:
    tools, problems = _load(tmp_path, f"tools:\n  {entry}\n")
    assert tools == []
    assert len(problems) == 1
    assert problems[0].startswith("r.yaml:2:5: invalid-registry: ")
    assert message in problems[0]


def test_a_duplicate_id_names_both_locations(tmp_path: Path) -> None:
    tools, _ = _load(tmp_path, "tools:\n  - id: a\n  - id: b\n  - id: a\n")
    registry, clashes = build_registry(tools)
    assert [t.id for t in registry.tools] == ["a", "b"]
    (clash,) = clashes
    assert clash.code == "duplicate-tool-id"
    assert clash.severity == "error"
    assert clash.render() == (
        "r.yaml:4:5: duplicate-tool-id: tool id `a` already defined (`a` and `a`)\n"
        "  help: first defined at r.yaml:2:5; rename one of them"
    )


def test_an_alias_claimed_twice_names_both_tools(tmp_path: Path) -> None:
    tools, _ = _load(
        tmp_path,
        "tools:\n  - id: a\n    aliases: [upload]\n  - id: b\n    aliases: [Upload]\n",
    )
    _, clashes = build_registry(tools)
    (clash,) = clashes
    assert clash.code == "duplicate-alias"
    assert "(`a` and `b`)" in clash.message
    assert clash.span is not None
    assert clash.span.start_line == 4
    assert clash.help == "first defined at r.yaml:2:5; rename one of them"


def test_hooks_are_known_but_never_callable(tmp_path: Path) -> None:
    tools, problems = _load(
        tmp_path, "tools:\n  - id: a\nhooks:\n  - id: srv._on_start\n    names: [_on_start]\n"
    )
    assert problems == []
    registry, clashes = build_registry(tools)
    assert clashes == []
    assert [t.id for t in registry.tools] == ["a"]
    assert registry.canonical("_on_start") is None
    hook = registry.hook("_ON_START")
    assert hook is not None
    assert hook.id == "srv._on_start"


def test_mcp_tools_named_with_an_underscore_become_hooks() -> None:
    data = {
        "tools": [
            {"name": "_initialize", "inputSchema": {"type": "object"}},
            {"name": "read", "inputSchema": {"type": "object"}, "annotations": {"title": "Read"}},
        ]
    }
    specs, _ = parse_tool_specs(data)
    span = load_artifact("tools", ROOT / "fixtures" / "cloud" / "tools.json", "t").span(0, 0)
    registry, _ = build_registry(attach_specs([], [(s, span) for s in specs]))
    assert [t.id for t in registry.tools] == ["read"]
    assert registry.hook("_initialize") is not None


def test_openai_tools_named_with_an_underscore_stay_callable() -> None:
    data = [{"type": "function", "function": {"name": "_private", "parameters": {}}}]
    specs, _ = parse_tool_specs(data)
    span = load_artifact("tools", ROOT / "fixtures" / "cloud" / "tools.json", "t").span(0, 0)
    registry, _ = build_registry(attach_specs([], [(s, span) for s in specs]))
    assert [t.id for t in registry.tools] == ["_private"]


@pytest.mark.parametrize(
    ("annotations", "hints"),
    [
        ({}, ()),
        ({"readOnlyHint": True}, ("read",)),
        ({"readOnlyHint": False}, ("write",)),
        ({"readOnlyHint": False, "destructiveHint": True}, ("write", "destructive")),
        ({"readOnlyHint": True, "destructiveHint": True}, ("read",)),
        ({"readOnlyHint": None, "destructiveHint": None}, ()),
        ({"idempotentHint": True, "openWorldHint": True}, ("idempotent", "open_world")),
        ({"readOnlyHint": "yes"}, ()),
    ],
)
def test_annotations_become_hints_never_effects(
    annotations: dict[str, object], hints: tuple[str, ...]
) -> None:
    assert effect_hints(annotations) == hints
