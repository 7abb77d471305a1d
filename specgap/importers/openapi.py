"""OpenAPI 3 documents (JSON or YAML): one tool per operation with an `operationId`.

The tool's arguments are one object schema: each parameter (path, query, header, cookie) is
a property under its own name, and a JSON request body is the property `body`. Local `$ref`s
are inlined (a cyclic one stays a `$ref`). The HTTP method becomes an effect *hint* (GET is
read, DELETE destructive, ...): a server may break HTTP's rules, so it is never an effect.
"""

from __future__ import annotations

import copy
from typing import Any

from specgap.artifacts import Artifact
from specgap.importers import ImportFormat, RawTool, Unit, slug
from specgap.ir import Diagnostic
from specgap.positions import escape_pointer

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
_HINTS: dict[str, tuple[str, ...]] = {
    "get": ("read", "idempotent"),
    "head": ("read", "idempotent"),
    "options": ("read", "idempotent"),
    "trace": ("read", "idempotent"),
    "put": ("write", "idempotent"),
    "post": ("write",),
    "patch": ("write",),
    "delete": ("write", "destructive", "idempotent"),
}
_PARAM_PLACES = ("path", "query", "header", "cookie")


def read_openapi(artifact: Artifact, fmt: ImportFormat) -> tuple[list[Unit], list[Diagnostic]]:
    doc = artifact.data
    version = doc.get("openapi") if isinstance(doc, dict) else None
    if not isinstance(version, str) or not version.startswith("3."):
        swagger = isinstance(doc, dict) and "swagger" in doc
        return [], [
            Diagnostic(
                code="unsupported-openapi",
                message=f"`{artifact.path}` is "
                + ("a Swagger 2 document" if swagger else "not an OpenAPI 3 document"),
                span=artifact.span_of("/swagger" if swagger else ""),
                help="convert it to OpenAPI 3 (`openapi: 3.x`) first",
            )
        ]
    assert isinstance(doc, dict)
    problems: list[Diagnostic] = []
    tools: list[RawTool] = []
    for route, item in _mapping(doc.get("paths")).items():
        if not isinstance(item, dict):
            continue
        base = f"/paths/{escape_pointer(str(route))}"
        shared = _sequence(item.get("parameters"))
        for method in METHODS:
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            pointer = f"{base}/{method}"
            op_id = op.get("operationId")
            if not isinstance(op_id, str) or not op_id.strip():
                problems.append(
                    Diagnostic(
                        code="missing-operation-id",
                        message=f"`{method.upper()} {route}` has no `operationId`; not imported",
                        severity="warning",
                        span=artifact.span_of(pointer),
                        help="give the operation an `operationId`: it becomes the tool name",
                    )
                )
                continue
            tools.append(_tool(artifact, doc, op, op_id.strip(), method, route, shared, pointer))
    title = str(_mapping(doc.get("info")).get("title") or artifact.path)
    unit = Unit(slug(title), title, artifact.span_of(""), tuple(tools))
    return [unit], problems


def _tool(
    artifact: Artifact,
    doc: dict[str, Any],
    op: dict[str, Any],
    op_id: str,
    method: str,
    route: str,
    shared: list[Any],
    pointer: str,
) -> RawTool:
    summary = str(op.get("summary") or "").strip()
    details = str(op.get("description") or "").strip()
    description = "\n\n".join(p for p in (summary, details) if p) or f"{method.upper()} {route}"
    tags = tuple(str(t) for t in _sequence(op.get("tags")) if isinstance(t, str | int))
    return RawTool(
        name=op_id,
        span=artifact.span_of(pointer),
        description=description,
        schema=_arguments(doc, [*shared, *_sequence(op.get("parameters"))], op.get("requestBody")),
        keywords=tags,
        effect_hints=_HINTS[method],
    )


def _arguments(doc: dict[str, Any], params: list[Any], body: Any) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    required: list[str] = []
    for raw in params:  # operation-level parameters come last and override path-level ones
        param = _deref(doc, raw)
        if not isinstance(param, dict) or param.get("in") not in _PARAM_PLACES:
            continue
        name = str(param.get("name", ""))
        if not name:
            continue
        schema = dict(_mapping(_deref(doc, param.get("schema") or {})))
        if isinstance(param.get("description"), str) and "description" not in schema:
            schema["description"] = param["description"]
        properties[name] = schema
        if (param.get("required") or param.get("in") == "path") and name not in required:
            required.append(name)
    body = _deref(doc, body)
    if isinstance(body, dict):
        content = _mapping(body.get("content"))
        media = next((m for m in content if "json" in str(m)), next(iter(content), None))
        media_type = content.get(media) if media is not None else None
        if isinstance(media_type, dict) and "schema" in media_type:
            properties["body"] = _deref(doc, media_type["schema"])
            if body.get("required"):
                required.append("body")
    arguments: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        arguments["required"] = required
    return arguments


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _sequence(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _deref(doc: dict[str, Any], node: Any, seen: tuple[str, ...] = ()) -> Any:
    """A copy of `node` with local `$ref`s inlined; a ref that loops back is left in place."""
    if isinstance(node, list):
        return [_deref(doc, item, seen) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/") and ref not in seen:
        target = _lookup(doc, ref)
        if target is not None:
            return _deref(doc, target, (*seen, ref))
    if isinstance(ref, str):
        return copy.deepcopy(node)
    return {key: _deref(doc, value, seen) for key, value in node.items()}


def _lookup(doc: dict[str, Any], ref: str) -> Any:
    node: Any = doc
    for part in ref[2:].split("/"):
        key = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node
