"""Tool definitions in the shapes agents ship them: OpenAI, Anthropic and MCP `tools/list`.

Descriptions are prose for the extractor; input schemas are structure for the compiler.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

ToolFormat = Literal["openai", "anthropic", "mcp"]


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    schema: dict[str, Any]
    pointer: str  # JSON pointer of the tool object in its file
    schema_pointer: str | None
    description_pointer: str | None
    annotations: dict[str, Any] = field(default_factory=dict)
    title: str | None = None
    format: ToolFormat | None = None  # the shape of the file it came from


def detect_format(data: Any) -> ToolFormat | None:
    items, _ = _tool_list(data)
    if items is None:
        return None
    first = next((t for t in items if isinstance(t, dict)), {})
    if "function" in first or first.get("type") == "function":
        return "openai"
    if "input_schema" in first:
        return "anthropic"
    if "inputSchema" in first or isinstance(data, dict):
        return "mcp"
    return "openai" if "parameters" in first else None


def _tool_list(data: Any) -> tuple[list[Any] | None, str]:
    if isinstance(data, list):
        return data, ""
    if isinstance(data, dict):
        if isinstance(data.get("tools"), list):
            return data["tools"], "/tools"
        result = data.get("result")
        if isinstance(result, dict) and isinstance(result.get("tools"), list):
            return result["tools"], "/result/tools"
    return None, ""


def parse_tool_specs(data: Any) -> tuple[list[ToolSpec], list[tuple[str, str]]]:
    """Tool specs found in a tools file, plus `(JSON pointer, message)` per entry it had to
    skip."""
    items, base = _tool_list(data)
    if items is None:
        return [], [("", "expected a list of tools or an object with a `tools` list")]
    specs: list[ToolSpec] = []
    problems: list[tuple[str, str]] = []
    fmt = detect_format(data)
    for n, item in enumerate(items):
        pointer = f"{base}/{n}"
        body, body_pointer = item, pointer
        if isinstance(item, dict) and isinstance(item.get("function"), dict):
            body, body_pointer = item["function"], f"{pointer}/function"
        if not isinstance(body, dict) or not isinstance(body.get("name"), str):
            problems.append((pointer, f"tool at `{pointer or '/'}` has no string `name`"))
            continue
        schema_key = next(
            (k for k in ("parameters", "input_schema", "inputSchema") if k in body), None
        )
        schema = body.get(schema_key) if schema_key else None
        description = body.get("description")
        annotations = body.get("annotations")
        annotations = dict(annotations) if isinstance(annotations, dict) else {}
        title = body.get("title")
        if not isinstance(title, str):
            title = annotations.get("title")
        specs.append(
            ToolSpec(
                name=body["name"],
                description=description if isinstance(description, str) else "",
                schema=schema if isinstance(schema, dict) else {},
                pointer=body_pointer,
                schema_pointer=f"{body_pointer}/{schema_key}" if isinstance(schema, dict) else None,
                description_pointer=(
                    f"{body_pointer}/description" if isinstance(description, str) else None
                ),
                annotations=annotations,
                title=title if isinstance(title, str) and title.strip() else None,
                format=fmt,
            )
        )
    return specs, problems


def agent_specs(artifacts: Iterable[Any]) -> Iterator[ToolSpec]:
    """Every tool spec the tools files among `artifacts` define, in their order (a tools file
    that does not parse is reported where it is loaded, and skipped here)."""
    for artifact in artifacts:
        if artifact.kind != "tools":
            continue
        try:
            specs, _ = parse_tool_specs(artifact.data)
        except Exception:
            continue
        yield from specs
