"""specgap's own trace shape: a list of events, or `{"events": [...], "description": ...}`;
in JSONL, one event per line (or one such trace per line).

An event is a tool call (`name`, `args`, `result`, ...) or a message (`role`, `content`);
`type` may be left out when it is obvious. Tool names are mapped to canonical ids here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import TypeAdapter, ValidationError

from specgap.evaluate.adapters.base import Context, Doc, Step, kind
from specgap.evaluate.adapters.conversation import Adapter
from specgap.evaluate.identity import name_flags
from specgap.events import Event, ToolCall
from specgap.registry import Registry

_EVENT: TypeAdapter[Event] = TypeAdapter(Event)
META = ("description", "category")


class NativeAdapter(Adapter):
    name = "native"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._count = 0
        self._key: str | None = None

    def feed(self, value: Any, doc: Doc) -> Iterator[Step]:
        if isinstance(value, dict) and "events" in value:
            key = doc.origin("")
            meta = {k: value[k] for k in META if isinstance(value.get(k), str)}
            if meta and self.ctx.keep_meta:
                self.ctx.meta[key] = meta
            yield from self._events(value["events"], doc, "/events", key)
            yield key, None
        elif isinstance(value, list):
            key = doc.origin("")
            yield from self._events(value, doc, "", key)
            yield key, None
        elif isinstance(value, dict) and doc.line is not None:  # one event per JSONL line
            self._key = doc.display
            event = self._event(value, doc, "", self._count)
            self._count += 1
            if event is not None:
                yield self._key, event
        else:
            self._invalid(value, doc, "")

    def close(self) -> Iterator[Step]:
        if self._key is not None:
            yield self._key, None
            self._key = None

    def _events(self, items: Any, doc: Doc, base: str, key: str) -> Iterator[Step]:
        if not isinstance(items, list):
            self._invalid(items, doc, base)
            return
        for n, item in enumerate(items):
            event = self._event(item, doc, f"{base}/{n}", n)
            if event is not None:
                yield key, event

    def _event(self, item: Any, doc: Doc, pointer: str, n: int) -> Event | None:
        try:
            return parse_event(item, doc.origin(pointer), None, self.ctx, doc, pointer)
        except ValidationError as exc:
            first = exc.errors()[0]
            field = "/".join(str(p) for p in first["loc"][1:] if p not in {"tool_call", "message"})
            where = f" field `{field}`" if field else ""
            self.ctx.diagnose(
                doc,
                f"{pointer}/{field}" if field else pointer,
                "invalid-event",
                f"event {n}{where}: {first['msg'].lower()}",
                help="an event is a tool call (`name`, `args`) or a message (`role`)",
            )
            return None

    def _invalid(self, value: Any, doc: Doc, pointer: str) -> None:
        found = "an object without an `events` list" if isinstance(value, dict) else kind(value)
        self.ctx.diagnose(
            doc,
            pointer,
            "invalid-trace",
            f"a trace must be a list of events, found {found}",
            help='write `[{"type": "tool_call", "name": ..., "args": {...}}, ...]` '
            'or `{"events": [...]}`; for another format pass `--trace-format` '
            "(openai, responses, anthropic, mcp, otel, langchain)",
        )


def parse_event(
    item: Any,
    origin: str,
    registry: Registry | None,
    ctx: Context | None = None,
    doc: Doc | None = None,
    pointer: str = "",
) -> Event:
    """Validate one native event; fill `type` when obvious and `tool` from the registry."""
    if isinstance(item, dict):
        item = dict(item)
        if "type" not in item:
            item["type"] = "message" if "role" in item and "name" not in item else "tool_call"
        item.setdefault("origin", origin)
    event = _EVENT.validate_python(item)
    if isinstance(event, ToolCall):
        if ctx is not None and doc is not None:
            canonical = event.tool or ctx.canonical(event.name, doc, pointer)
        elif registry is not None:
            canonical = registry.canonical(event.tool or event.name)
        else:
            canonical = event.tool
        flags: tuple[str, ...] = ()
        if event.tool is None and ctx is not None:
            flags = ctx.name_flags(event.name)
        elif event.tool is None and registry is not None:
            identity = registry.identify(event.name)
            flags = name_flags(identity.how, identity.near) if identity.how != "exact" else ()
        flags = tuple(f for f in flags if f not in event.flags)
        if (canonical is not None and canonical != event.tool) or flags:
            event = event.model_copy(update={"tool": canonical, "flags": (*event.flags, *flags)})
    return event
