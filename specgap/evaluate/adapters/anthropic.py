"""Anthropic Messages: assistant `tool_use` blocks, answered by `tool_result` blocks in the
next user message (server and MCP tool blocks, `*_tool_use` / `*_tool_result`, alike).

Accepted shapes: a list of messages; `{"system": ..., "messages": [...]}` (a request); a
response `message` object; in JSONL, one message per line. Each assistant message is a turn.
"""

from __future__ import annotations

from typing import Any

from specgap.evaluate.adapters.base import (
    Doc,
    decode_result,
    extension,
    string,
)
from specgap.evaluate.adapters.conversation import Adapter, Conversation


class AnthropicAdapter(Adapter):
    name = "anthropic"

    def is_container(self, value: Any) -> bool:
        return isinstance(value, list) or (isinstance(value, dict) and "messages" in value)

    def container(self, value: Any, doc: Doc, conversation: Conversation) -> None:
        if isinstance(value, list):
            self.items(value, doc, "", conversation, "messages")
            return
        if value.get("system"):
            conversation.message("system", value["system"], doc, "/system")
        self.items(value["messages"], doc, "/messages", conversation, "messages")

    def item(self, value: Any, doc: Doc, pointer: str, conversation: Conversation) -> None:
        if not self.expect_object(value, doc, pointer, "a message"):
            return
        role = self.expect_string(value, "role", doc, pointer, "a message", "`user` or `assistant`")
        if role is None:
            return
        content = value.get("content")
        blocks = content if isinstance(content, list) else []
        turn = conversation.new_turn() if role == "assistant" else None
        texts = [b for b in blocks if isinstance(b, dict) and b.get("type") == "text"]
        if role == "assistant":
            conversation.message(role, texts if blocks else content, doc, pointer, turn=turn)
        for n, block in enumerate(blocks):
            at = f"{pointer}/content/{n}"
            if not self.expect_object(block, doc, at, "a content block"):
                continue
            kind = block.get("type")
            if not isinstance(kind, str):
                self.invalid(
                    doc,
                    at,
                    "a content block needs a string `type`",
                    help="`text`, `tool_use`, `tool_result`, ...",
                )
            elif kind.endswith("tool_use"):
                conversation.call(
                    string(block.get("id")),
                    block.get("name"),
                    block.get("input"),
                    doc,
                    at,
                    turn=turn,
                    extra=extension(block),
                )
            elif kind.endswith("tool_result"):
                ext = extension(block)
                failed = block.get("is_error", ext.pop("is_error", False))
                conversation.result(
                    string(block.get("tool_use_id")),
                    decode_result(block.get("content")),
                    doc,
                    at,
                    is_error=bool(failed),
                    extra=ext,
                )
        if role != "assistant":
            conversation.message(role, texts if blocks else content, doc, pointer)
