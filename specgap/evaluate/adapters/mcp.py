"""MCP JSON-RPC logs: `tools/call` requests paired with their responses by `id`.

Accepted shapes: JSON-RPC messages, alone, in a list (a log or a batch), one per JSONL line,
or wrapped as `{"timestamp": ..., "direction": ..., "message": {...}}` or
`{"request": {...}, "response": {...}}`. A file is one session, so one trace. Timestamps
of wrapped messages give `started_at`, `ended_at` and `duration_ms`. Anything the format has
no field for travels in `_meta` under `specgap/<field>` (`specgap/labels_out`, ...).
Other methods (initialize, tools/list, notifications) are skipped; `notifications/cancelled`
ends its call as an error.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

from specgap.evaluate.adapters.base import (
    EXTENSION_FIELDS,
    Doc,
    Step,
    decode_result,
    kind,
)
from specgap.evaluate.adapters.conversation import Adapter, Conversation

MAX_PENDING = 10_000  # unanswered requests kept before they are given up as result-less
_TIME_KEYS = ("timestamp", "time", "ts")


class MCPAdapter(Adapter):
    name = "mcp"
    invalid_help = (
        'a call is `{"jsonrpc": "2.0", "id": 1, "method": "tools/call", '
        '"params": {"name": ..., "arguments": {...}}}`'
    )

    def feed(self, value: Any, doc: Doc) -> Iterator[Step]:
        if self._stream is None:
            self._stream = Conversation(doc.display, self.ctx)
            self._stream.scratch["open"] = {}
        self.item(value, doc, "", self._stream)
        for event in self._stream.drain():
            yield self._stream.key, event

    def is_container(self, value: Any) -> bool:
        return False

    def item(self, value: Any, doc: Doc, pointer: str, conversation: Conversation) -> None:
        if isinstance(value, list):
            for n, message in enumerate(value):
                self.item(message, doc, f"{pointer}/{n}", conversation)
            return
        if not isinstance(value, dict):
            self.invalid(doc, pointer, f"a JSON-RPC message must be an object, not {kind(value)}")
            return
        if "jsonrpc" not in value and ("request" in value or "response" in value):
            for part in ("request", "response"):
                if part in value:
                    self.item(value[part], doc, f"{pointer}/{part}", conversation)
            return
        at = _timestamp(value)
        if isinstance(value.get("message"), (dict, list)) and "jsonrpc" not in value:
            self._message(value["message"], doc, f"{pointer}/message", conversation, at)
        else:
            self._message(value, doc, pointer, conversation, at)

    def _message(
        self, value: Any, doc: Doc, pointer: str, conversation: Conversation, at: Any
    ) -> None:
        if isinstance(value, list):  # a JSON-RPC batch
            for n, message in enumerate(value):
                self._message(message, doc, f"{pointer}/{n}", conversation, at)
            return
        if not isinstance(value, dict):
            self.invalid(doc, pointer, f"a JSON-RPC message must be an object, not {kind(value)}")
            return
        open_calls: dict[str, Any] = conversation.scratch["open"]
        method = value.get("method")
        if method == "tools/call":
            self._request(value, doc, pointer, conversation, at)
        elif method == "notifications/cancelled":
            params = value.get("params") or {}
            key = _id(params.get("requestId")) if isinstance(params, dict) else None
            if key in open_calls:
                open_calls.pop(key)
                conversation.result(
                    key, None, doc, pointer, is_error=True, extra={"flags": ("cancelled",)}
                )
        elif method is None and "id" in value:
            key = _id(value["id"])
            if key not in open_calls:
                return  # the answer to another method
            started = open_calls.pop(key)
            self._response(value, key, doc, pointer, conversation, started, at)
        elif method is not None and not isinstance(method, str):
            self.invalid(doc, f"{pointer}/method", "`method` must be a string")

    def _request(
        self, value: dict[str, Any], doc: Doc, pointer: str, conversation: Conversation, at: Any
    ) -> None:
        params = value.get("params")
        if not isinstance(params, dict):
            self.invalid(doc, pointer, "a `tools/call` request needs `params` with a `name`")
            return
        key = _id(value.get("id"))
        if key is None:
            self.invalid(doc, pointer, "a `tools/call` request needs an `id`")
            return
        extra = _meta(params)
        extra["call_id"] = str(value["id"])
        if at is not None:
            extra["started_at"] = str(at)
        conversation.call(
            key,
            params.get("name"),
            params.get("arguments"),
            doc,
            f"{pointer}/params",
            extra=extra,
        )
        open_calls: dict[str, Any] = conversation.scratch["open"]
        open_calls[key] = at
        if len(open_calls) > MAX_PENDING:
            open_calls.clear()
            conversation.flush()

    def _response(
        self,
        value: dict[str, Any],
        key: str,
        doc: Doc,
        pointer: str,
        conversation: Conversation,
        started: Any,
        at: Any,
    ) -> None:
        result = value.get("result")
        failure = value.get("error")
        extra: dict[str, Any] = {}
        if isinstance(result, dict):
            extra = _meta(result)
            output = result.get("structuredContent")
            if output is None:
                output = decode_result(result.get("content"))
            is_error = bool(result.get("isError"))
        elif failure is not None:
            output, is_error = failure, True
        else:
            self.invalid(doc, pointer, "a response needs a `result` or an `error`")
            return
        is_error = bool(extra.pop("is_error", is_error))
        if at is not None:
            extra["ended_at"] = str(at)
            begin, end = _millis(started), _millis(at)
            if begin is not None and end is not None and end >= begin:
                extra.setdefault("duration_ms", end - begin)
        conversation.result(key, output, doc, pointer, is_error=is_error, extra=extra)


def _id(value: Any) -> str | None:
    """JSON-RPC ids are strings or numbers; `1` and `"1"` are different ids."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, int | float):
        return f"#{value}"
    return None


def _meta(holder: dict[str, Any]) -> dict[str, Any]:
    meta = holder.get("_meta")
    if not isinstance(meta, dict):
        return {}
    found = {}
    for key, value in meta.items():
        name = key.removeprefix("specgap/") if isinstance(key, str) else ""
        if key != name and name in EXTENSION_FIELDS:
            found[name] = value
    return found


def _timestamp(value: dict[str, Any]) -> Any:
    return next((value[k] for k in _TIME_KEYS if k in value), None)


def _millis(value: Any) -> float | None:
    """Epoch seconds or milliseconds, or an ISO 8601 time, in milliseconds."""
    if isinstance(value, bool):
        return None
    try:
        if isinstance(value, int | float):
            return float(value) if value > 1e11 else float(value) * 1000
        if isinstance(value, str):
            return datetime.fromisoformat(value).timestamp() * 1000
    except (ValueError, OverflowError, OSError):  # not a time, or one out of range
        return None
    return None
