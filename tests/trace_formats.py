"""Test helper: write native events in each supported trace format.

Each writer produces what that ecosystem would log for the same conversation; what a format
has no field for (labels, durations, error flags) goes where the adapters read it: the
`specgap` object, MCP `_meta` keys `specgap/<field>`, OTel attributes `specgap.<field>`.
MCP has no conversation messages, so its traces hold the tool calls only.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from specgap.events import Event, Message, ToolCall

CALL_SIDE = ("labels_in", "actor", "resource", "started_at")
RESULT_SIDE = ("labels_out", "duration_ms", "ended_at", "is_error")
BASE_NANOS = 1_750_000_000_000_000_000


def _ext(call: ToolCall, fields: Sequence[str]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name in fields:
        value = getattr(call, name)
        if value not in (None, (), False):
            found[name] = list(value) if isinstance(value, tuple) else value
    return found


def _with_ext(obj: dict[str, Any], ext: dict[str, Any]) -> dict[str, Any]:
    return {**obj, "specgap": ext} if ext else obj


def _text(result: Any) -> str:
    if result is None:
        return ""
    return result if isinstance(result, str) else json.dumps(result)


def _calls(events: Sequence[Event]) -> list[tuple[str, Event]]:
    return [(f"call_{n}", e) for n, e in enumerate(events)]


def to_openai(events: Sequence[Event]) -> dict[str, Any]:
    messages: list[dict[str, Any]] = []
    for call_id, event in _calls(events):
        if isinstance(event, Message):
            messages.append({"role": event.role, "content": event.content})
            continue
        call = {
            "id": call_id,
            "type": "function",
            "function": {"name": event.name, "arguments": json.dumps(event.args)},
        }
        messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [_with_ext(call, _ext(event, CALL_SIDE))],
            }
        )
        reply = {"role": "tool", "tool_call_id": call_id, "content": _text(event.result)}
        messages.append(_with_ext(reply, _ext(event, RESULT_SIDE)))
    return {"model": "gpt-4o", "messages": messages}


def to_responses(events: Sequence[Event]) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for call_id, event in _calls(events):
        if isinstance(event, Message):
            part = "output_text" if event.role == "assistant" else "input_text"
            items.append(
                {
                    "type": "message",
                    "role": event.role,
                    "content": [{"type": part, "text": event.content}],
                }
            )
            continue
        call = {
            "type": "function_call",
            "id": f"fc_{call_id}",
            "call_id": call_id,
            "name": event.name,
            "arguments": json.dumps(event.args),
        }
        items.append(_with_ext(call, _ext(event, CALL_SIDE)))
        output = {"type": "function_call_output", "call_id": call_id, "output": _text(event.result)}
        items.append(_with_ext(output, _ext(event, RESULT_SIDE)))
    return items


def to_anthropic(events: Sequence[Event]) -> dict[str, Any]:
    messages: list[dict[str, Any]] = []
    for call_id, event in _calls(events):
        if isinstance(event, Message):
            messages.append(
                {"role": event.role, "content": [{"type": "text", "text": event.content}]}
            )
            continue
        use = {"type": "tool_use", "id": call_id, "name": event.name, "input": event.args}
        messages.append({"role": "assistant", "content": [_with_ext(use, _ext(event, CALL_SIDE))]})
        ext = _ext(event, RESULT_SIDE)
        result: dict[str, Any] = {
            "type": "tool_result",
            "tool_use_id": call_id,
            "content": [{"type": "text", "text": _text(event.result)}],
        }
        if ext.pop("is_error", False):
            result["is_error"] = True
        messages.append({"role": "user", "content": [_with_ext(result, ext)]})
    return {"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": messages}


def to_mcp(events: Sequence[Event]) -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = [
        {
            "jsonrpc": "2.0",
            "id": 0,
            "method": "initialize",
            "params": {"protocolVersion": "2025-06-18"},
        },
        {"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-06-18"}},
    ]
    for n, (_, event) in enumerate(_calls(events), start=1):
        if isinstance(event, Message):
            continue
        params: dict[str, Any] = {"name": event.name, "arguments": event.args}
        meta = {f"specgap/{k}": v for k, v in _ext(event, CALL_SIDE).items()}
        if meta:
            params["_meta"] = meta
        log.append({"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": params})
        ext = _ext(event, RESULT_SIDE)
        result: dict[str, Any] = {"content": [{"type": "text", "text": _text(event.result)}]}
        if isinstance(event.result, dict):
            result["structuredContent"] = event.result
        result["isError"] = bool(ext.pop("is_error", False))
        if ext:
            result["_meta"] = {f"specgap/{k}": v for k, v in ext.items()}
        log.append({"jsonrpc": "2.0", "id": n, "result": result})
    return log


def _attr(key: str, value: Any) -> dict[str, Any]:
    if isinstance(value, bool):
        return {"key": key, "value": {"boolValue": value}}
    if isinstance(value, list):
        return {
            "key": key,
            "value": {"arrayValue": {"values": [{"stringValue": v} for v in value]}},
        }
    if isinstance(value, int | float):
        return {"key": key, "value": {"doubleValue": value}}
    return {"key": key, "value": {"stringValue": value}}


def to_otel(events: Sequence[Event]) -> dict[str, Any]:
    """Tool calls as `execute_tool` spans; user and assistant text on `chat` spans (the user
    messages as the new tail of `gen_ai.input.messages`, the assistant's as its output)."""
    spans: list[dict[str, Any]] = []
    clock = BASE_NANOS
    users: list[str] = []

    def span(name: str, attrs: list[dict[str, Any]], took: int, error: bool = False) -> None:
        nonlocal clock
        spans.append(
            {
                "traceId": "ab" * 16,
                "spanId": f"{len(spans) + 1:016x}",
                "name": name,
                "startTimeUnixNano": str(clock),
                "endTimeUnixNano": str(clock + took),
                "attributes": attrs,
                "status": {"code": 2} if error else {},
            }
        )
        clock += took + 1_000_000

    def chat(output: str | None) -> None:
        given = [{"role": "user", "parts": [{"type": "text", "content": u}]} for u in users]
        attrs = [
            _attr("gen_ai.operation.name", "chat"),
            _attr("gen_ai.input.messages", json.dumps(given)),
        ]
        if output is not None:
            produced = [{"role": "assistant", "parts": [{"type": "text", "content": output}]}]
            attrs.append(_attr("gen_ai.output.messages", json.dumps(produced)))
        span("chat", attrs, 1_000_000)
        users.clear()

    for call_id, event in _calls(events):
        if isinstance(event, Message):
            if event.role == "user":
                users.append(event.content)
            elif event.role == "assistant":
                chat(event.content)
            continue
        if users:
            chat(None)
        ext = {**_ext(event, CALL_SIDE), **_ext(event, RESULT_SIDE)}
        failed = bool(ext.pop("is_error", False))
        took = int((event.duration_ms or 0) * 1_000_000)
        ext.pop("duration_ms", None)
        attrs = [
            _attr("gen_ai.operation.name", "execute_tool"),
            _attr("gen_ai.tool.name", event.name),
            _attr("gen_ai.tool.call.id", call_id),
            _attr("gen_ai.tool.call.arguments", json.dumps(event.args)),
        ]
        if event.result is not None:
            attrs.append(_attr("gen_ai.tool.call.result", _text(event.result)))
        attrs += [_attr(f"specgap.{k}", v) for k, v in ext.items()]
        span(f"execute_tool {event.name}", attrs, took, failed)
    if users:
        chat(None)
    spans.reverse()  # exporters write children before parents; the adapter sorts by time
    return {
        "resourceSpans": [
            {"resource": {}, "scopeSpans": [{"scope": {"name": "t"}, "spans": spans}]}
        ]
    }


def to_langchain(events: Sequence[Event]) -> dict[str, Any]:
    kinds = {"user": "human", "assistant": "ai", "system": "system"}
    messages: list[dict[str, Any]] = []
    for call_id, event in _calls(events):
        if isinstance(event, Message):
            kind = kinds.get(event.role, "human")
            messages.append({"type": kind, "data": {"content": event.content, "type": kind}})
            continue
        call = {"name": event.name, "args": event.args, "id": call_id, "type": "tool_call"}
        data = {
            "content": "",
            "type": "ai",
            "tool_calls": [_with_ext(call, _ext(event, CALL_SIDE))],
        }
        messages.append({"type": "ai", "data": data})
        ext = _ext(event, RESULT_SIDE)
        reply = {
            "content": _text(event.result),
            "type": "tool",
            "tool_call_id": call_id,
            "status": "error" if ext.pop("is_error", False) else "success",
            "additional_kwargs": {"specgap": ext} if ext else {},
        }
        messages.append({"type": "tool", "data": reply})
    return {"messages": messages}


WRITERS: dict[str, Callable[[Sequence[Event]], Any]] = {
    "openai": to_openai,
    "responses": to_responses,
    "anthropic": to_anthropic,
    "mcp": to_mcp,
    "otel": to_otel,
    "langchain": to_langchain,
}
CHAT_FORMATS = ("openai", "responses", "anthropic", "langchain")


def to_jsonl(format_name: str, events: Sequence[Event]) -> str:
    """The same trace as JSONL, one item per line, as a streaming logger would write it."""
    written = WRITERS[format_name](events)
    if format_name == "otel":
        items: list[Any] = [written]
    elif isinstance(written, list):
        items = written
    else:
        items = written["messages"]
    return "".join(json.dumps(item) + "\n" for item in items)
