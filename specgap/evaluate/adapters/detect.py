"""Which format a JSON value is in, from the marks each format leaves.

`sniff` answers `(format, sure)`. Sure answers come from marks only one format has
(`resourceSpans`, `jsonrpc`, `tool_use` blocks, `function_call` items, `tool_calls`, ...).
Plain user/assistant text looks the same in every chat format and gives an unsure guess,
which is harmless: every chat adapter reads plain text the same way.
"""

from __future__ import annotations

from typing import Any

from specgap.evaluate.adapters.langchain import KINDS

Guess = tuple[str | None, bool]
RESPONSES_TYPES = frozenset(
    {
        "function_call",
        "function_call_output",
        "custom_tool_call",
        "custom_tool_call_output",
        "mcp_call",
        "reasoning",
        "web_search_call",
        "file_search_call",
        "computer_call",
        "item_reference",
    }
)
RESPONSES_PARTS = frozenset({"input_text", "output_text", "refusal", "input_image", "input_file"})
SAMPLE = 50  # list items looked at before settling for a guess
MAX_DEPTH = 16  # nested containers looked into; no format's marks sit deeper


def sniff(value: Any) -> Guess:
    return _sniff(value, 0)


def _sniff(value: Any, depth: int) -> Guess:
    if depth > MAX_DEPTH:
        return None, False
    if isinstance(value, list):
        return _first(_sniff(item, depth + 1) for item in value[:SAMPLE])
    if not isinstance(value, dict):
        return None, False
    if "resourceSpans" in value:
        return "otel", True
    if "jsonrpc" in value or _jsonrpc(value.get("message")) or _jsonrpc(value.get("request")):
        return "mcp", True
    if isinstance(value.get("events"), list):
        return "native", True
    if value.get("lc") == 1 and value.get("type") == "constructor":
        return "langchain", True
    kind = value.get("type")
    if isinstance(kind, str) and kind.lower() in KINDS and ("data" in value or "content" in value):
        return "langchain", True
    if kind == "tool_call" or ("args" in value and "name" in value and "function" not in value):
        return "native", True
    if (isinstance(kind, str) and kind in RESPONSES_TYPES) or value.get("object") == "response":
        return "responses", True
    if value.get("object") == "chat.completion" or isinstance(value.get("choices"), list):
        return "openai", True
    for key in ("messages", "input", "output"):
        if isinstance(value.get(key), list):
            found, sure = _sniff(value[key], depth + 1)
            if key != "messages" and found in (None, "openai"):
                return "responses", sure or key == "output"
            if key == "messages" and found is None and "system" in value:
                return "anthropic", False
            return found, sure
    if isinstance(value.get("request"), dict):
        return _sniff(value["request"], depth + 1)
    if "role" in value:
        return _message(value)
    return None, False


def _message(value: dict[str, Any]) -> Guess:
    if value.get("role") in ("tool", "function") or "tool_calls" in value:
        return "openai", True
    if "function_call" in value or "tool_call_id" in value:
        return "openai", True
    content = value.get("content")
    if isinstance(content, list):
        kinds = {
            p["type"] for p in content if isinstance(p, dict) and isinstance(p.get("type"), str)
        }
        if any(k.endswith(("tool_use", "tool_result")) for k in kinds):
            return "anthropic", True
        if kinds & RESPONSES_PARTS:
            return "responses", True
    if value.get("type") == "message":
        # an Anthropic response object, a Responses message item or a native message
        return ("anthropic", True) if "stop_reason" in value else ("native", False)
    return "openai", False


def _jsonrpc(value: Any, depth: int = 0) -> bool:
    if isinstance(value, list) and depth < MAX_DEPTH:
        return any(_jsonrpc(v, depth + 1) for v in value[:SAMPLE])
    return isinstance(value, dict) and "jsonrpc" in value


def _first(guesses: Any) -> Guess:
    weak: str | None = None
    for found, sure in guesses:
        if sure:
            return found, True
        weak = weak or found
    return weak, False
