"""OpenAI Responses API items: `message`, `function_call` / `function_call_output` paired
on `call_id`, `custom_tool_call` / `custom_tool_call_output`, and self-contained `mcp_call`.

Accepted shapes: a list of items; `{"input": [...], "output": [...]}`; a `response` object;
in JSONL, one item per line. A run of consecutive model output items (assistant messages,
reasoning, tool calls) is one turn.
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

CALLS = frozenset({"function_call", "custom_tool_call", "mcp_call"})
OUTPUTS = frozenset({"function_call_output", "custom_tool_call_output"})
MODEL_ITEMS = CALLS | {"reasoning", "web_search_call", "file_search_call", "computer_call"}


class ResponsesAdapter(Adapter):
    name = "responses"

    def is_container(self, value: Any) -> bool:
        if isinstance(value, list):
            return True
        if not isinstance(value, dict):
            return False
        # items carry a `type` (or a `role`); a response object or an input/output log not
        return value.get("object") == "response" or (
            "type" not in value and "role" not in value and ("output" in value or "input" in value)
        )

    def container(self, value: Any, doc: Doc, conversation: Conversation) -> None:
        if isinstance(value, list):
            self.items(value, doc, "", conversation, "items")
            return
        given = value.get("input")
        if isinstance(given, str):
            conversation.message("user", given, doc, "/input")
        elif given is not None:
            self.items(given, doc, "/input", conversation, "input")
        if "output" in value:
            self.items(value["output"], doc, "/output", conversation, "output")

    def _turn(self, conversation: Conversation, output: bool) -> int | None:
        """Consecutive model output items share a turn; anything else ends it."""
        if not output:
            conversation.scratch["in_output"] = False
            return None
        if not conversation.scratch.get("in_output"):
            conversation.new_turn()
            conversation.scratch["in_output"] = True
        return conversation.turn

    def item(self, value: Any, doc: Doc, pointer: str, conversation: Conversation) -> None:
        if not self.expect_object(value, doc, pointer, "an item"):
            return
        kind = value.get("type", "message" if "role" in value else None)
        if not isinstance(kind, str):
            self.invalid(
                doc,
                pointer,
                "an item needs a string `type`",
                help="`message`, `function_call`, `function_call_output`, ...",
            )
        elif kind == "message":
            role = self.expect_string(
                value,
                "role",
                doc,
                pointer,
                "a message item",
                "`user`, `assistant`, `system` or `developer`",
            )
            if role is None:
                return
            turn = self._turn(conversation, role == "assistant")
            conversation.message(role, value.get("content"), doc, pointer, turn=turn)
        elif kind in CALLS:
            turn = self._turn(conversation, True)
            self._call(kind, value, doc, pointer, conversation, turn)
        elif kind in OUTPUTS:
            self._turn(conversation, False)
            ext = extension(value)
            call_id = self.expect_string(
                value,
                "call_id",
                doc,
                pointer,
                f"a `{kind}` item",
                "the `call_id` of the call it answers",
            )
            if call_id is None:
                return
            conversation.result(
                call_id,
                decode_result(value.get("output")),
                doc,
                pointer,
                is_error=bool(ext.pop("is_error", False)),
                extra=ext,
            )
        elif kind in MODEL_ITEMS:
            self._turn(conversation, True)

    def _call(
        self,
        kind: str,
        value: dict[str, Any],
        doc: Doc,
        pointer: str,
        conversation: Conversation,
        turn: int | None,
    ) -> None:
        ext = extension(value)
        if kind == "mcp_call":
            call_id = string(value.get("id"))
            conversation.call(
                call_id, value.get("name"), value.get("arguments"), doc, pointer, turn=turn
            )
            failed = value.get("error")
            conversation.result(
                call_id,
                decode_result(failed if failed else value.get("output")),
                doc,
                pointer,
                is_error=bool(failed),
                extra=ext,
            )
            return
        call_id = self.expect_string(
            value, "call_id", doc, pointer, f"a `{kind}` item", "the id its output will answer"
        )
        if call_id is None:
            return
        arguments = value.get("arguments")
        if kind == "custom_tool_call":
            arguments = {"input": value.get("input", "")}
        conversation.call(call_id, value.get("name"), arguments, doc, pointer, turn=turn, extra=ext)
