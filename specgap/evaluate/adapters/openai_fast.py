"""The usual OpenAI Chat JSONL lines, read in one step.

`assistant_line` and `tool_line` do what `OpenAIChatAdapter.chat_message` (with
`Conversation.new_turn`, `message`, `call`, `result` and `_emit`) does for the shapes an
agent log is made of: an assistant message with text or `null` content and a list of
`{"id", "type", "function": {"name", "arguments"}}` tool calls, and a `tool` reply to the
oldest call still waiting. They check the shape first and change nothing when it is not
the usual one (an extension object, a legacy `function_call`, content parts, a call
without a name, arguments that are not a JSON object, a reply out of order or to no
call...): then they return False and the general path reads the line, diagnostics and
all. `tests/test_openai_fast.py` holds both paths to the same events and diagnostics.
"""

from __future__ import annotations

from typing import Any

from specgap.evaluate.adapters.base import EXTENSION, Doc, decode_args, decode_result
from specgap.evaluate.adapters.conversation import Conversation, _Call
from specgap.evaluate.fast import (
    _CALL_DEFAULTS,
    _MUTABLE_MADE,
    message,
    set_dict,
    set_extra,
    set_fields,
    set_private,
)
from specgap.evaluate.identity import DUPLICATE_KEYS
from specgap.events import ToolCall

# what `tool_line` builds a call with: a copy of the defaults, where `args` (always set
# there) is the only mutable one; should a field with a mutable default be added to
# `ToolCall`, this fails at import and `tool_line` must make that default anew per call
if tuple(key for key, _ in _MUTABLE_MADE) != ("args",):  # pragma: no cover - a model change
    raise RuntimeError("ToolCall has a mutable default besides `args`: see tool_line")
_new = object.__new__


def assistant_line(
    value: dict[str, Any], doc: Doc, stream: Conversation, origin: str | None = None
) -> bool:
    """Read an assistant message of the usual shape into `stream`; False (nothing done)
    for any other shape. `origin`, when given, is `doc.origin("")`, known to the caller."""
    if EXTENSION in value or "function_call" in value:
        return False
    content = value.get("content")
    if content is not None and type(content) is not str:
        return False
    calls = value.get("tool_calls")
    if calls is None:
        calls = ()
    elif type(calls) is not list:
        return False
    ctx = stream.ctx
    registry = ctx.registry
    resolved = ctx._resolved
    read: list[tuple[str, str, str]] = []  # (id, name, arguments) of each call
    ids: set[str] | None = set() if len(calls) > 1 else None  # a repeated id is queued apart
    for call in calls:
        if type(call) is not dict or EXTENSION in call:
            return False
        function = call.get("function")
        if type(function) is not dict or "arguments" not in function:
            return False
        name = function.get("name")
        # a name the registry does not know takes the general path: its flags and the
        # `unknown-tool` diagnostic are made there
        if type(name) is not str or not name or registry is None or name not in resolved:
            return False
        if name not in registry.by_name:
            return False
        call_id = call.get("id")
        if type(call_id) is not str:
            return False
        if ids is not None:
            if call_id in ids:
                return False
            ids.add(call_id)
        arguments = function["arguments"]
        if type(arguments) is not str or not arguments:
            return False
        read.append((call_id, name, arguments))
    if stream._pending:  # `new_turn`: it empties `_pending`, so no id of these is there
        stream.flush()
    stream.turn = turn = stream.turn + 1
    if origin is None:
        origin = doc.origin("")
    if content:
        stream._out.append(message("assistant", content, turn, origin))
    pending = stream._pending
    by_name = stream._by_name
    for n, (call_id, name, arguments) in enumerate(read):
        pointer = _POINTERS[n] if n < _KEPT else f"/tool_calls/{n}"
        args, raw, repeated = decode_args(arguments)
        if raw is not None:  # not a JSON object: `call` reports it
            stream.call(call_id, name, arguments, doc, pointer, turn=turn, extra={})
            continue
        fields: dict[str, Any] = {
            "name": name,
            "tool": resolved[name],
            "args": args,
            "turn": turn,
            "call_id": call_id,
            "origin": f"{origin}#{pointer}",
            "flags": _DUPLICATE if repeated else (),
        }
        pending[call_id] = _Call(fields, doc, pointer, False)
        names = by_name.get(name)
        if names is None:
            by_name[name] = [call_id]
        else:
            names.append(call_id)
    return True


_KEPT = 16
_POINTERS = tuple(f"/tool_calls/{n}" for n in range(_KEPT))
_DUPLICATE = (DUPLICATE_KEYS,)


def tool_line(value: dict[str, Any], stream: Conversation) -> bool:
    """Read a `tool` reply (no extension object) to the oldest waiting call of `stream`,
    when that call's arguments were a JSON object; False (nothing done) otherwise."""
    call_id = value.get("tool_call_id")
    pending = stream._pending
    if type(call_id) is not str or not pending:
        return False
    first_key = next(iter(pending))
    if first_key != call_id:
        return False
    first = pending[call_id]
    fields = first.fields
    if first.done or first.validate or type(fields["args"]) is not dict:
        return False
    fields["result"] = decode_result(value.get("content"))
    fields["is_error"] = False
    del pending[call_id]  # `_emit_ready` and `_emit`: the first call is done
    names = stream._by_name.get(fields["name"])
    if names:
        names.remove(call_id)
    # `made_call(fields)`, inlined: `args` (a dict, checked above) is the one mutable default
    values = _CALL_DEFAULTS.copy()
    values.update(fields)
    made = _new(ToolCall)
    set_dict(made, values)
    set_fields(made, set(fields))
    set_extra(made, None)
    set_private(made, None)
    stream._out.append(made)
    while pending:  # later calls answered before this one follow it
        key, later = next(iter(pending.items()))
        if not later.done:
            break
        stream._emit(key)
    return True
