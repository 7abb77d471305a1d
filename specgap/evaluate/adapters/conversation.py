"""Pairing tool calls with their results, and the base of the chat-shaped adapters.

A `Conversation` builds the events of one trace: messages as they come, tool calls paired
with their results by call id and emitted in call order, each once its result is known (or
once the conversation has moved on without one), so memory holds one assistant turn.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from pydantic import ValidationError

from specgap.evaluate.adapters.base import (
    EXTENSION,
    EXTENSION_FIELDS,
    INVALID_ARGUMENTS,
    ROLES,
    Context,
    Doc,
    Step,
    decode_args,
    decode_result,
    extension,
    kind,
    string,
    text_of,
)
from specgap.evaluate.fast import made_call, message
from specgap.evaluate.identity import DUPLICATE_KEYS
from specgap.events import Event, ToolCall


class _Call:
    """A queued call (a plain class: one is made per call read)."""

    __slots__ = ("doc", "done", "fields", "pointer", "validate")

    def __init__(self, fields: dict[str, Any], doc: Doc, pointer: str, validate: bool) -> None:
        self.fields = fields
        self.doc = doc
        self.pointer = pointer
        self.done = False
        # an extension object added fields: validate them (the rest are values made here)
        self.validate = validate


class Conversation:
    """Builds the events of one trace: messages as they come, tool calls paired with their
    results by call id, emitted in call order."""

    def __init__(self, key: str, ctx: Context) -> None:
        self.key = key
        self.ctx = ctx
        self.turn = -1
        self._pending: dict[str, _Call] = {}
        self._out: list[Event] = []
        self._anonymous = 0
        self._by_name: dict[str, list[str]] = {}
        self.scratch: dict[str, Any] = {}  # an adapter's own per-trace bookkeeping

    def new_turn(self) -> int:
        """Start the next assistant turn; calls of earlier turns are emitted as they are."""
        if self._pending:
            self.flush()
        self.turn += 1
        return self.turn

    def message(
        self, role: str, content: Any, doc: Doc, pointer: str, *, turn: int | None = None
    ) -> None:
        mapped = ROLES.get(role)
        if mapped is None:
            self.ctx.diagnose(
                doc,
                pointer,
                "invalid-event",
                f"unknown message role `{role}`",
                help=f"roles: {', '.join(sorted(ROLES))}",
            )
            return
        text = content if type(content) is str else text_of(content)
        if not text:
            return
        if mapped != "assistant" and self._pending:
            self.flush()  # the conversation moved on: calls still unanswered got no result
        self._out.append(message(mapped, text, turn, doc.origin(pointer)))

    def call(
        self,
        call_id: str | None,
        name: Any,
        arguments: Any,
        doc: Doc,
        pointer: str,
        *,
        turn: int | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        """Queue a tool call; `arguments` may be an object or the JSON text of one."""
        if not isinstance(name, str) or not name:
            self.ctx.diagnose(
                doc,
                pointer,
                "invalid-event",
                "a tool call needs a non-empty string `name`",
                help="every tool call names the tool it calls",
            )
            return
        args, raw, repeated = decode_args(arguments)
        flags = self.ctx.name_flags(name)
        if repeated:
            flags += (DUPLICATE_KEYS,)
        fields: dict[str, Any] = {
            "name": name,
            "tool": self.ctx.canonical(name, doc, pointer),
            "args": args,
            "turn": turn,
            "call_id": call_id,
            "origin": doc.origin(pointer),
            "flags": flags,
        }
        if raw is not None:
            fields["raw_args"] = raw
            fields["flags"] = (INVALID_ARGUMENTS, *flags)
            self.ctx.diagnose(
                doc,
                pointer,
                "invalid-tool-arguments",
                f"the arguments of `{name}` are not a JSON object; kept raw and flagged",
                help="the model emitted malformed arguments; checks see an empty object",
                severity="warning",
            )
        if extra:
            merged = (*extra.get("flags", ()), *fields["flags"])
            fields.update({**extra, "flags": tuple(dict.fromkeys(merged))})
        key = call_id
        if key is None or key in self._pending:
            self._anonymous += 1
            key = f"\0{self._anonymous}"
        self._pending[key] = _Call(fields, doc, pointer, bool(extra))
        names = self._by_name.get(name)
        if names is None:
            self._by_name[name] = [key]
        else:
            names.append(key)

    def result(
        self,
        call_id: str | None,
        value: Any,
        doc: Doc,
        pointer: str,
        *,
        is_error: bool = False,
        name: str | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        """Attach an output to its call (by id; by name for formats without ids)."""
        key = call_id if call_id in self._pending else None
        if key is None and call_id is None and name is not None:
            key = next((k for k in self._by_name.get(name, ()) if k in self._pending), None)
        pending = self._pending.get(key) if key is not None else None
        if pending is None or pending.done:
            what = f"call id `{call_id}`" if call_id is not None else f"tool `{name}`"
            self.ctx.diagnose(
                doc,
                pointer,
                "unmatched-tool-result",
                f"a tool result for {what} has no pending call; it is ignored",
                help="results follow the call they answer, with the same id",
                severity="warning",
            )
            return
        pending.fields["result"] = value
        pending.fields["is_error"] = bool(is_error)
        if extra:
            pending.fields.update(extra)
            pending.validate = True
        pending.done = True
        self._emit_ready()

    def _emit_ready(self) -> None:
        while self._pending:
            key, first = next(iter(self._pending.items()))
            if not first.done:
                return
            self._emit(key)

    def _emit(self, key: str) -> None:
        pending = self._pending.pop(key)
        names = self._by_name.get(pending.fields["name"])
        if names:
            names.remove(key)
        fields = pending.fields
        try:
            if not pending.validate and type(fields["args"]) is dict:
                self._out.append(made_call(fields))  # values this module made: valid as they are
            else:
                self._out.append(ToolCall(**fields))  # an extension object's fields: validate
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            self.ctx.diagnose(
                pending.doc,
                pending.pointer,
                "invalid-event",
                f"tool call `{pending.fields['name']}` field `{where}`: {first['msg'].lower()}",
                help=f"the `{EXTENSION}` object takes: {', '.join(sorted(EXTENSION_FIELDS))}",
            )

    def flush(self) -> None:
        """Emit every pending call, with or without its result."""
        while self._pending:
            self._emit(next(iter(self._pending)))

    def drain(self) -> list[Event]:
        out, self._out = self._out, []
        return out


class Adapter:
    """Base of the chat-shaped adapters: a value is either a container (a whole
    conversation, one trace) or a single item continuing the file's conversation."""

    name: ClassVar[str] = ""
    invalid_help: ClassVar[str | None] = None
    """The help of an `invalid-event` diagnostic that names none of its own."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._stream: Conversation | None = None

    def feed(self, value: Any, doc: Doc) -> Iterator[Step]:
        if self.is_container(value):
            key = doc.origin("")
            conversation = Conversation(key, self.ctx)
            self.container(value, doc, conversation)
            conversation.flush()
            for event in conversation.drain():
                yield key, event
            yield key, None
            return
        stream = self._stream
        if stream is None:
            stream = self._stream = Conversation(doc.display, self.ctx)
        self.item(value, doc, "", stream)
        if stream._out:
            key = stream.key
            for event in stream.drain():
                yield key, event

    def line(self, value: Any, doc: Doc) -> Conversation | None:
        """`feed` for one value of a JSONL stream that is an item, without a generator: the
        value is fed to the stream's conversation, which is returned (its events wait in
        it); None, with nothing done, when the value is a container (`feed` reads it)."""
        if self.is_container(value):
            return None
        stream = self._stream
        if stream is None:
            stream = self._stream = Conversation(doc.display, self.ctx)
        self.item(value, doc, "", stream)
        return stream

    def close(self) -> Iterator[Step]:
        if self._stream is not None:
            self._stream.flush()
            for event in self._stream.drain():
                yield self._stream.key, event
            yield self._stream.key, None
            self._stream = None

    def is_container(self, value: Any) -> bool:
        raise NotImplementedError

    def container(self, value: Any, doc: Doc, conversation: Conversation) -> None:
        raise NotImplementedError

    def item(self, value: Any, doc: Doc, pointer: str, conversation: Conversation) -> None:
        raise NotImplementedError

    def items(
        self, values: Any, doc: Doc, pointer: str, conversation: Conversation, what: str
    ) -> None:
        """Feed each element of a list found at `pointer`."""
        if not isinstance(values, list):
            self.ctx.diagnose(
                doc,
                pointer,
                "invalid-trace",
                f"`{what}` must be a list, found {kind(values)}",
                help=f"see the {self.name} trace format in the README",
            )
            return
        for n, value in enumerate(values):
            self.item(value, doc, f"{pointer}/{n}", conversation)

    def invalid(self, doc: Doc, pointer: str, message: str, *, help: str | None = None) -> None:
        """Report an `invalid-event` diagnostic at `pointer`."""
        self.ctx.diagnose(
            doc,
            pointer,
            "invalid-event",
            message,
            help=self.invalid_help if help is None else help,
        )

    def expect_object(self, value: Any, doc: Doc, pointer: str, what: str) -> bool:
        if isinstance(value, dict):
            return True
        self.invalid(
            doc,
            pointer,
            f"{what} must be an object, found {kind(value)}",
            help=f"see the {self.name} trace format in the README",
        )
        return False

    def expect_string(
        self, value: dict[str, Any], key: str, doc: Doc, pointer: str, what: str, help: str
    ) -> str | None:
        """`value[key]` when it is a string; otherwise None, reported at `pointer`."""
        found = string(value.get(key))
        if found is None:
            self.invalid(doc, pointer, f"{what} needs a string `{key}`", help=help)
        return found


class ChatAdapter(Adapter):
    """Base of the adapters whose items are chat messages with a role: an assistant message
    opens a turn and carries its tool calls; a `tool` message answers a call by id, a legacy
    `function` message by name."""

    def chat_message(
        self, role: str, data: dict[str, Any], doc: Doc, pointer: str, conversation: Conversation
    ) -> None:
        content = data.get("content")
        if role == "assistant":
            turn = conversation.new_turn()
            conversation.message(role, content, doc, pointer, turn=turn)
            self.tool_calls(data, doc, pointer, conversation, turn)
        elif role in ("tool", "function"):
            failed, ext = self.outcome(data)
            conversation.result(
                string(data.get("tool_call_id")),
                decode_result(content),
                doc,
                pointer,
                is_error=failed,
                name=string(data.get("name")) if role == "function" else None,
                extra=ext,
            )
        else:
            conversation.message(role, content, doc, pointer)

    def tool_calls(
        self, message: dict[str, Any], doc: Doc, pointer: str, conv: Conversation, turn: int
    ) -> None:
        """Queue the tool calls of an assistant message."""
        raise NotImplementedError

    def outcome(self, message: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        """Whether a tool message reports a failure, and the extension fields of its event."""
        if EXTENSION not in message:  # the usual reply: no extension object
            return False, {}
        ext = extension(message)
        return bool(ext.pop("is_error", False)), ext
