"""OpenAI Chat Completions: `messages` with assistant `tool_calls` and `tool` replies.

Accepted shapes: a list of messages; `{"messages": [...]}` (a request, optionally with its
`choices` or `response`); a `chat.completion` object; in JSONL, one message per line.
Arguments are JSON text; text that is not a JSON object is kept raw and flagged. The legacy
`function_call` / `function` messages pair by name. Each assistant message is one turn.
"""

from __future__ import annotations

from typing import Any

from specgap.evaluate.adapters.base import EXTENSION, Doc, decode_result, extension, string
from specgap.evaluate.adapters.conversation import ChatAdapter, Conversation
from specgap.evaluate.adapters.openai_fast import assistant_line, tool_line

__all__ = ["OpenAIChatAdapter", "assistant_line", "tool_line"]  # the fused loop reads both here

_CONTAINER_KEYS = frozenset(("messages", "choices", "request", "response"))
# roles `chat_message` hands straight to `Conversation.message` (an unknown role too; it
# reports it there): all but `assistant`, `tool` and `function`
_CHAT_ROLES = frozenset(("system", "developer", "user", "human", "ai", "model", "reviewer"))


class OpenAIChatAdapter(ChatAdapter):
    name = "openai"

    def is_container(self, value: Any) -> bool:
        return isinstance(value, list) or (
            isinstance(value, dict) and not _CONTAINER_KEYS.isdisjoint(value)
        )

    def line(self, value: Any, doc: Doc) -> Conversation | None:
        if type(value) is dict and type(role := value.get("role")) is str:
            if not _CONTAINER_KEYS.isdisjoint(value):
                return None  # a request or a completion: `feed` reads it
            # the usual message: `is_container`, `item` and `chat_message`, inlined
            stream = self._stream
            if stream is None:
                stream = self._stream = Conversation(doc.display, self.ctx)
            if role == "tool" and EXTENSION not in value:  # a reply (`outcome`: no failure)
                if tool_line(value, stream):  # the usual reply, in one step
                    return stream
                stream.result(
                    string(value.get("tool_call_id")),
                    decode_result(value.get("content")),
                    doc,
                    "",
                    is_error=False,
                    extra={},
                )
            elif role in _CHAT_ROLES:  # neither a turn nor a reply: a message
                stream.message(role, value.get("content"), doc, "")
            elif role != "assistant" or not assistant_line(value, doc, stream):
                self.chat_message(role, value, doc, "", stream)
            return stream
        return super().line(value, doc)

    def container(self, value: Any, doc: Doc, conversation: Conversation) -> None:
        if isinstance(value, list):
            self.items(value, doc, "", conversation, "messages")
            return
        if isinstance(value.get("request"), dict):
            self.items(
                value["request"].get("messages", []),
                doc,
                "/request/messages",
                conversation,
                "messages",
            )
        if "messages" in value:
            self.items(value["messages"], doc, "/messages", conversation, "messages")
        for key in ("response", "completion"):
            if isinstance(value.get(key), dict):
                self._choices(value[key], doc, f"/{key}", conversation)
        self._choices(value, doc, "", conversation)

    def _choices(self, value: dict[str, Any], doc: Doc, base: str, conv: Conversation) -> None:
        choices = value.get("choices")
        if isinstance(choices, list) and choices and isinstance(choices[0], dict):
            # the first choice is the one an agent continues with
            self.item(choices[0].get("message"), doc, f"{base}/choices/0/message", conv)

    def item(self, value: Any, doc: Doc, pointer: str, conversation: Conversation) -> None:
        if type(value) is dict and type(role := value.get("role")) is str:
            # the usual message, read without the checks below (which would all pass)
            self.chat_message(role, value, doc, pointer, conversation)
            return
        if not self.expect_object(value, doc, pointer, "a message"):
            return
        role = self.expect_string(
            value,
            "role",
            doc,
            pointer,
            "a message",
            "`system`, `developer`, `user`, `assistant` or `tool`",
        )
        if role is not None:
            self.chat_message(role, value, doc, pointer, conversation)

    def tool_calls(
        self, message: dict[str, Any], doc: Doc, pointer: str, conv: Conversation, turn: int
    ) -> None:
        calls = message.get("tool_calls") or []
        if not isinstance(calls, list):
            self.invalid(
                doc,
                f"{pointer}/tool_calls",
                "`tool_calls` must be a list",
                help='each entry is `{"id": ..., "type": "function", "function": {...}}`',
            )
            calls = []
        for n, call in enumerate(calls):
            at = f"{pointer}/tool_calls/{n}"
            if type(call) is not dict and not self.expect_object(call, doc, at, "a tool call"):
                continue
            function = call["function"] if "function" in call else call.get("custom")
            if not isinstance(function, dict):
                self.invalid(
                    doc,
                    at,
                    "a tool call needs a `function` object with `name` and `arguments`",
                    help='write `{"id": ..., "type": "function", "function": {"name": ..., '
                    '"arguments": "{...}"}}`',
                )
                continue
            arguments = function["arguments"] if "arguments" in function else function.get("input")
            conv.call(
                string(call.get("id")),
                function.get("name"),
                arguments,
                doc,
                at,
                turn=turn,
                extra=extension(call),
            )
        legacy = message.get("function_call")
        if isinstance(legacy, dict):
            conv.call(
                None,
                legacy.get("name"),
                legacy.get("arguments"),
                doc,
                f"{pointer}/function_call",
                turn=turn,
                extra=extension(legacy),
            )
