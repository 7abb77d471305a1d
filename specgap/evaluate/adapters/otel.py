"""OpenTelemetry GenAI spans in OTLP JSON (`{"resourceSpans": [...]}`, as the collector's
file exporter writes them, one export per JSONL line).

Following the GenAI semantic conventions: a span with `gen_ai.operation.name` =
`execute_tool` is a tool call (`gen_ai.tool.name`, `gen_ai.tool.call.id`,
`gen_ai.tool.call.arguments`, `gen_ai.tool.call.result`; an error status or `error.type`
marks a failure; the span's times give `started_at`, `ended_at`, `duration_ms`). A model
call span (`chat`, `text_completion`, `generate_content`) starts a turn; its
`gen_ai.output.messages` give the assistant's text and the new user messages at the end of
its `gen_ai.input.messages` give the user's. Spans are grouped by trace id and ordered by
start time within each export. Attributes `specgap.<field>` carry what the conventions have
no name for (`specgap.labels_out`, ...).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from specgap.evaluate.adapters.base import (
    EXTENSION_FIELDS,
    Doc,
    Step,
    decode_result,
    kind,
    text_of,
)
from specgap.evaluate.adapters.conversation import Adapter, Conversation

_MIN_NANOS = -62_135_596_800 * 10**9  # 0001-01-01T00:00:00Z, the earliest time `_iso` writes
_MAX_NANOS = 253_402_300_799 * 10**9  # 9999-12-31T23:59:59Z, the latest
MODEL_CALLS = frozenset({"chat", "text_completion", "generate_content"})
ERROR_STATUS = (2, "STATUS_CODE_ERROR")


class OTelAdapter(Adapter):
    name = "otel"
    invalid_help = "spans follow the OTLP JSON encoding and the GenAI semantic conventions"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._traces: dict[str, Conversation] = {}

    def is_container(self, value: Any) -> bool:
        return True

    def feed(self, value: Any, doc: Doc) -> Iterator[Step]:
        spans = list(self._spans(value, doc, ""))
        spans.sort(key=lambda s: (s[0].get("traceId", ""), _nanos(s[0], "startTimeUnixNano"), s[2]))
        single = doc.line is None and len({s[0].get("traceId") for s in spans}) == 1
        for span, pointer, _ in spans:
            trace_id = str(span.get("traceId", ""))
            conversation = self._traces.get(trace_id)
            if conversation is None:
                key = doc.display if single else f"{doc.display}@{trace_id}"
                conversation = self._traces[trace_id] = Conversation(key, self.ctx)
            self._span(span, doc, pointer, conversation)
            for event in conversation.drain():
                yield conversation.key, event

    def close(self) -> Iterator[Step]:
        for conversation in self._traces.values():
            conversation.flush()
            for event in conversation.drain():
                yield conversation.key, event
            yield conversation.key, None
        self._traces.clear()

    def _spans(
        self, value: Any, doc: Doc, pointer: str
    ) -> Iterator[tuple[dict[str, Any], str, int]]:
        if isinstance(value, list):
            for n, export in enumerate(value):
                yield from self._spans(export, doc, f"{pointer}/{n}")
            return
        if not isinstance(value, dict) or not isinstance(value.get("resourceSpans"), list):
            self.invalid(
                doc, pointer, f"expected an OTLP export with `resourceSpans`, found {kind(value)}"
            )
            return
        order = 0
        for r, resource in enumerate(value["resourceSpans"]):
            if not isinstance(resource, dict):
                self.invalid(
                    doc,
                    f"{pointer}/resourceSpans/{r}",
                    f"a `resourceSpans` entry must be an object, found {kind(resource)}",
                )
                continue
            scopes = resource.get("scopeSpans", resource.get("instrumentationLibrarySpans", []))
            scope_key = "scopeSpans" if "scopeSpans" in resource else "instrumentationLibrarySpans"
            for s, scope in enumerate(scopes if isinstance(scopes, list) else []):
                spans = scope.get("spans", []) if isinstance(scope, dict) else []
                for n, span in enumerate(spans if isinstance(spans, list) else []):
                    at = f"{pointer}/resourceSpans/{r}/{scope_key}/{s}/spans/{n}"
                    if not isinstance(span, dict):
                        self.invalid(doc, at, f"a span must be an object, found {kind(span)}")
                    elif not isinstance(span.get("traceId", ""), str):
                        self.invalid(
                            doc,
                            f"{at}/traceId",
                            f"a span's `traceId` must be a string, found {kind(span['traceId'])}",
                        )
                    else:
                        order += 1
                        yield span, at, order

    def _span(self, span: dict[str, Any], doc: Doc, pointer: str, conv: Conversation) -> None:
        attrs = attributes(span.get("attributes"))
        operation = attrs.get("gen_ai.operation.name")
        if not isinstance(operation, str):
            return  # not a GenAI span
        if operation in MODEL_CALLS:
            self._model_call(attrs, doc, pointer, conv)
        elif operation == "execute_tool":
            self._tool(span, attrs, doc, pointer, conv)

    def _model_call(
        self, attrs: dict[str, Any], doc: Doc, pointer: str, conv: Conversation
    ) -> None:
        given = _structured(attrs.get("gen_ai.input.messages"))
        if isinstance(given, list):
            trailing = []
            for message in reversed(given):
                if not isinstance(message, dict) or message.get("role") != "user":
                    break
                trailing.append(message)
            for message in reversed(trailing):
                conv.message("user", _parts_text(message), doc, pointer)
        turn = conv.new_turn()
        produced = _structured(attrs.get("gen_ai.output.messages"))
        if isinstance(produced, list) and produced and isinstance(produced[0], dict):
            conv.message("assistant", _parts_text(produced[0]), doc, pointer, turn=turn)

    def _tool(
        self,
        span: dict[str, Any],
        attrs: dict[str, Any],
        doc: Doc,
        pointer: str,
        conv: Conversation,
    ) -> None:
        name = attrs.get("gen_ai.tool.name")
        if not isinstance(name, str) or not name:
            self.invalid(
                doc,
                pointer,
                "an `execute_tool` span needs the attribute `gen_ai.tool.name`",
            )
            return
        given = attrs.get("gen_ai.tool.call.id")
        call_id = str(given) if given is not None else None
        key = call_id or f"span:{span.get('spanId', pointer)}"  # pairs the call with itself
        start = self._time(span, "startTimeUnixNano", doc, pointer)
        end = self._time(span, "endTimeUnixNano", doc, pointer)
        extra: dict[str, Any] = {"call_id": call_id}
        if start:
            extra["started_at"] = _iso(start)
        if end:
            extra["ended_at"] = _iso(end)
        if start and end >= start:
            extra["duration_ms"] = (end - start) / 1e6
        extra.update(
            {
                k[8:]: v
                for k, v in attrs.items()
                if k.startswith("specgap.") and k[8:] in EXTENSION_FIELDS
            }
        )
        status = span.get("status")
        code = status.get("code") if isinstance(status, dict) else None
        failed = code in ERROR_STATUS or "error.type" in attrs
        failed = bool(extra.pop("is_error", failed))
        turn = conv.turn if conv.turn >= 0 else None
        conv.call(key, name, attrs.get("gen_ai.tool.call.arguments"), doc, pointer, turn=turn)
        result = attrs.get("gen_ai.tool.call.result")
        if result is None and failed and isinstance(status, dict):
            result = status.get("message") or attrs.get("error.type")
        conv.result(key, decode_result(result), doc, pointer, is_error=failed, extra=extra)

    def _time(self, span: dict[str, Any], key: str, doc: Doc, pointer: str) -> int:
        """A span time in nanoseconds, 0 when absent, unreadable or out of range (reported)."""
        nanos = _nanos(span, key)
        if nanos and not _MIN_NANOS <= nanos <= _MAX_NANOS:
            self.invalid(
                doc, f"{pointer}/{key}", f"`{key}` is not a time between the years 1 and 9999"
            )
            return 0
        return nanos


def attributes(values: Any) -> dict[str, Any]:
    """OTLP `[{"key": ..., "value": {"stringValue": ...}}]` as a plain dict."""
    found: dict[str, Any] = {}
    if not isinstance(values, list):
        return found
    for entry in values:
        if isinstance(entry, dict) and isinstance(entry.get("key"), str):
            found[entry["key"]] = any_value(entry.get("value"))
    return found


def any_value(value: Any) -> Any:
    if not isinstance(value, dict) or not value:
        return None
    tag, inner = next(iter(value.items()))
    try:
        if tag == "intValue":
            return int(inner)
        if tag == "doubleValue":
            return float(inner)
        if tag == "arrayValue":
            return [any_value(v) for v in (inner or {}).get("values", [])]
        if tag == "kvlistValue":
            return attributes((inner or {}).get("values", []))
        if tag == "bytesValue":
            return base64.b64decode(inner).decode("utf-8", "replace")
    except (TypeError, ValueError, AttributeError):
        return None
    return inner  # stringValue, boolValue


def _structured(value: Any) -> Any:
    """Message attributes may be recorded as JSON strings when structure is unsupported."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return None
    return value


def _parts_text(message: dict[str, Any]) -> str:
    parts = message.get("parts")
    if isinstance(parts, list):
        return text_of([p for p in parts if isinstance(p, dict) and p.get("type") == "text"])
    return text_of(message.get("content"))


def _nanos(span: dict[str, Any], key: str) -> int:
    try:
        return int(span.get(key) or 0)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an infinite float
        return 0


def _iso(nanos: int) -> str:
    return datetime.fromtimestamp(nanos / 1e9, tz=UTC).isoformat().replace("+00:00", "Z")
