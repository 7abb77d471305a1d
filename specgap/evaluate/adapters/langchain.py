"""LangChain messages: `AIMessage.tool_calls` (and `invalid_tool_calls`, kept raw and
flagged), answered by `ToolMessage`s with the same `tool_call_id`.

Each message may be serialized three ways, all accepted: `messages_to_dict`
(`{"type": "ai", "data": {...}}`), a model dump (`{"type": "ai", "content": ...}`) or
`dumpd` (`{"lc": 1, "type": "constructor", "id": [..., "AIMessage"], "kwargs": {...}}`).
Containers: a list of messages, or a LangGraph state `{"messages": [...]}`; in JSONL, one
message per line. Each AI message is one turn.
"""

from __future__ import annotations

from typing import Any

from specgap.evaluate.adapters.base import (
    INVALID_ARGUMENTS,
    Doc,
    extension,
    string,
)
from specgap.evaluate.adapters.conversation import ChatAdapter, Conversation

KINDS = {
    "human": "user",
    "humanmessage": "user",
    "ai": "assistant",
    "aimessage": "assistant",
    "aimessagechunk": "assistant",
    "system": "system",
    "systemmessage": "system",
    "tool": "tool",
    "toolmessage": "tool",
    "function": "function",
    "functionmessage": "function",
    "chat": "chat",
    "chatmessage": "chat",
}


def unwrap(value: dict[str, Any], pointer: str) -> tuple[str | None, dict[str, Any], str]:
    """(message kind, its fields, pointer to the fields) for any of the three encodings."""
    if value.get("lc") == 1 and isinstance(value.get("kwargs"), dict):
        ids = value.get("id")
        name = ids[-1] if isinstance(ids, list) and ids and isinstance(ids[-1], str) else ""
        return KINDS.get(name.lower()), value["kwargs"], f"{pointer}/kwargs"
    kind = value.get("type")
    found = KINDS.get(kind.lower()) if isinstance(kind, str) else None
    if isinstance(value.get("data"), dict):
        return found, value["data"], f"{pointer}/data"
    return found, value, pointer


class LangChainAdapter(ChatAdapter):
    name = "langchain"

    def is_container(self, value: Any) -> bool:
        return isinstance(value, list) or (isinstance(value, dict) and "messages" in value)

    def container(self, value: Any, doc: Doc, conversation: Conversation) -> None:
        if isinstance(value, list):
            self.items(value, doc, "", conversation, "messages")
        else:
            self.items(value["messages"], doc, "/messages", conversation, "messages")

    def item(self, value: Any, doc: Doc, pointer: str, conversation: Conversation) -> None:
        if not self.expect_object(value, doc, pointer, "a message"):
            return
        kind, data, at = unwrap(value, pointer)
        if kind == "chat":
            kind = string(data.get("role"))
        if kind is None:
            self.invalid(
                doc,
                pointer,
                "not a LangChain message: no known `type`",
                help="`human`, `ai`, `tool` or `system` (or a serialized message class)",
            )
            return
        self.chat_message(kind, data, doc, at, conversation)

    def outcome(self, data: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        ext = {**extension(data.get("additional_kwargs")), **extension(data)}
        failed = data.get("status") == "error" or ext.pop("is_error", False)
        return bool(failed), ext

    def tool_calls(
        self, data: dict[str, Any], doc: Doc, pointer: str, conv: Conversation, turn: int
    ) -> None:
        calls = data.get("tool_calls")
        key = "tool_calls"
        if not calls and isinstance(data.get("additional_kwargs"), dict):
            raw = data["additional_kwargs"].get("tool_calls")
            if raw:  # older releases kept only the provider's raw calls
                calls, key = raw, "additional_kwargs/tool_calls"
        for group, entries in (
            (key, calls),
            ("invalid_tool_calls", data.get("invalid_tool_calls")),
        ):
            if not entries:
                continue
            if not isinstance(entries, list):
                self.invalid(
                    doc,
                    f"{pointer}/{group}",
                    f"`{group}` must be a list",
                    help='each entry is `{"name": ..., "args": {...}, "id": ...}`',
                )
                continue
            for n, call in enumerate(entries):
                at = f"{pointer}/{group}/{n}"
                if not self.expect_object(call, doc, at, "a tool call"):
                    continue
                function = call.get("function") if isinstance(call.get("function"), dict) else call
                arguments = function.get("args", function.get("arguments"))
                extra = extension(call)
                if group == "invalid_tool_calls":  # LangChain could not parse these
                    extra["flags"] = (INVALID_ARGUMENTS,)
                    if not isinstance(arguments, str):
                        extra["raw_args"] = "" if arguments is None else str(arguments)
                        arguments = None
                conv.call(
                    string(call.get("id")),
                    function.get("name"),
                    arguments,
                    doc,
                    at,
                    turn=turn,
                    extra=extra,
                )
