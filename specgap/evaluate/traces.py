"""Reading traces in specgap's native shape: a JSON list of events (or `{"events": [...]}`).

Every event keeps `origin`, a pointer back to where it came from (`file#/json/pointer`).
Tool names are mapped to canonical ids through the registry here, once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from specgap.artifacts import TextIndex, parse_json, read_text
from specgap.errors import SpecgapError
from specgap.events import Event, ToolCall, Trace
from specgap.ir import Diagnostic
from specgap.registry import Registry

_EVENT: TypeAdapter[Event] = TypeAdapter(Event)


def load_trace(path: Path, display: str, registry: Registry | None = None) -> Trace:
    return parse_trace(read_text(path, display), display, registry)


def parse_trace(text: str, display: str, registry: Registry | None = None) -> Trace:
    data, ranges = parse_json(text, display)
    index = TextIndex(display, text)

    def span_of(pointer: str) -> Any:
        start, end = ranges.get(pointer, (0, 0))
        return index.span(start, end)

    meta: dict[str, Any] = {}
    items, base = data, ""
    if isinstance(data, dict) and isinstance(data.get("events"), list):
        items, base = data["events"], "/events"
        meta = {k: data[k] for k in ("description", "category") if isinstance(data.get(k), str)}
    if not isinstance(items, list):
        raise SpecgapError(
            [
                Diagnostic(
                    code="invalid-trace",
                    message=f"a trace must be a list of events, found {_kind(items)}",
                    span=span_of(""),
                    help='write `[{"type": "tool_call", "name": ..., "args": {...}}, ...]` '
                    'or `{"events": [...]}`',
                )
            ]
        )
    events: list[Event] = []
    errors: list[Diagnostic] = []
    for n, item in enumerate(items):
        pointer = f"{base}/{n}"
        try:
            events.append(parse_event(item, f"{display}#{pointer}", registry))
        except ValidationError as exc:
            first = exc.errors()[0]
            field = "/".join(str(p) for p in first["loc"][1:] if p not in {"tool_call", "message"})
            where = f" field `{field}`" if field else ""
            at = f"{pointer}/{field}" if f"{pointer}/{field}" in ranges else pointer
            errors.append(
                Diagnostic(
                    code="invalid-event",
                    message=f"event {n}{where}: {first['msg'].lower()}",
                    span=span_of(at),
                    help="an event is a tool call (`name`, `args`) or a message (`role`)",
                )
            )
    if errors:
        raise SpecgapError(errors)
    return Trace(path=display, events=tuple(events), **meta)


def parse_event(item: Any, origin: str, registry: Registry | None) -> Event:
    """Validate one native event; fill `type` when obvious and `tool` from the registry."""
    if isinstance(item, dict):
        item = dict(item)
        if "type" not in item:
            item["type"] = "message" if "role" in item and "name" not in item else "tool_call"
        item.setdefault("origin", origin)
    event = _EVENT.validate_python(item)
    if isinstance(event, ToolCall) and registry is not None:
        canonical = registry.canonical(event.tool or event.name)
        if canonical is not None and canonical != event.tool:
            event = event.model_copy(update={"tool": canonical})
    return event


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "an object without an `events` list"
    return {str: "a string", bool: "a boolean", type(None): "null"}.get(type(value), "a number")
