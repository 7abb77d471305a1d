"""One event at run time, from whatever an agent framework has in hand.

`coerce_event` takes a specgap `Event`, or a dict in any of these shapes, and returns an
event with its canonical tool id filled in:

- an OpenAI Chat tool call `{"id", "type": "function", "function": {"name", "arguments"}}`;
- an OpenAI Responses `function_call` item `{"type": "function_call", "call_id", ...}`;
- an Anthropic `tool_use` block `{"type": "tool_use", "id", "name", "input"}`;
- an MCP `tools/call` request, or just its `params` `{"name", "arguments"}`;
- a LangChain tool call `{"name", "args", "id", "type": "tool_call"}`;
- a native event (`{"name", "args"}` or `{"role", "content"}`), or a chat message dict.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from specgap.errors import error
from specgap.evaluate.adapters.base import INVALID_ARGUMENTS, ROLES, decode_args, text_of
from specgap.evaluate.adapters.native import parse_event
from specgap.evaluate.fast import BoundedCache, build, tool_call
from specgap.evaluate.identity import DUPLICATE_KEYS, name_flags
from specgap.events import Event, Message, ToolCall
from specgap.registry import Registry


def coerce_event(value: Any, registry: Registry | None, origin: str) -> Event:
    """An `Event` for `value`; raises `SpecgapError` (code `invalid-event`) on bad input."""
    if isinstance(value, ToolCall):
        if value.tool is None and registry is not None:
            flags = tuple(f for f in _name_flags(registry, value.name) if f not in value.flags)
            tool = registry.canonical(value.name)
            if tool is not None or flags:
                # `value.model_copy(update={"tool": ..., "flags": ...})`, made directly
                fields = {**value.__dict__, "tool": tool, "flags": (*value.flags, *flags)}
                return build(ToolCall, value.__pydantic_fields_set__ | _RESOLVED, fields)
        return value
    if isinstance(value, Message):
        return value
    if not isinstance(value, Mapping):
        raise _invalid(f"cannot check a {type(value).__name__}; pass an event or a dict")
    found = _call_parts(value)
    if found is not None:
        call_id, name, arguments = found
        if not isinstance(name, str) or not name:
            raise _invalid("the tool call has no name")
        args, raw, repeated = decode_args(arguments)
        flags = (
            *((INVALID_ARGUMENTS,) if raw is not None else ()),
            *_name_flags(registry, name),
            *((DUPLICATE_KEYS,) if repeated else ()),
        )
        return ToolCall(
            name=name,
            tool=registry.canonical(name) if registry is not None else None,
            args=args,
            raw_args=raw,
            flags=flags,
            call_id=str(call_id) if call_id is not None else None,
            origin=origin,
        )
    if isinstance(value.get("role"), str) and value.get("type") in (None, "message"):
        role = ROLES.get(value["role"])
        if role is None:
            raise _invalid(f"unknown message role `{value['role']}`")
        return Message(role=role, content=text_of(value.get("content")), origin=origin)
    try:
        return parse_event(dict(value), origin, registry)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise _invalid(
            f"{'.'.join(str(p) for p in first['loc'])}: {first['msg'].lower()}"
        ) from None


class Coercer:
    """`coerce_event` for one runtime (a `Guard`): what the registry says about each tool
    name is remembered (an agent repeats a handful of names), and a foreign tool call is
    made into a `ToolCall` from the values just decoded here, without validating them a
    second time. Same events, same errors as `coerce_event`."""

    def __init__(self, registry: Registry | None) -> None:
        self.registry = registry
        self._names: BoundedCache[str, tuple[str | None, tuple[str, ...]]] = BoundedCache(4096)

    def __call__(self, value: Any, origin: str) -> Event:
        if type(value) is not dict:
            return coerce_event(value, self.registry, origin)
        function = value.get("function")
        if type(function) is dict:  # an OpenAI Chat tool call: `_call_parts`, inlined
            call_id, name, arguments = (
                value.get("id"),
                function.get("name"),
                function.get("arguments"),
            )
        else:
            found = _call_parts(value)
            if found is None:
                return coerce_event(value, self.registry, origin)
            call_id, name, arguments = found
        if type(arguments) is str and type(name) is str and name:
            return self._text_call(call_id, name, arguments, origin)
        if type(arguments) is dict and not all(type(k) is str for k in arguments):
            return coerce_event(value, self.registry, origin)  # let validation say what is wrong
        if not isinstance(name, str) or not name:
            raise _invalid("the tool call has no name")
        known = self._names.get(name)
        if known is None:
            registry = self.registry
            tool = registry.canonical(name) if registry is not None else None
            known = self._names.put(name, (tool, _name_flags(registry, name)))
        args, raw, repeated = decode_args(arguments)
        if args is arguments:
            args = dict(args)  # as validation would: the event never shares the caller's dict
        flags = known[1]
        if raw is not None or repeated:
            flags = (
                *((INVALID_ARGUMENTS,) if raw is not None else ()),
                *flags,
                *((DUPLICATE_KEYS,) if repeated else ()),
            )
        return tool_call(
            name, known[0], args, raw, flags, str(call_id) if call_id is not None else None, origin
        )

    def _text_call(self, call_id: Any, name: str, arguments: str, origin: str) -> ToolCall:
        """A call whose arguments are JSON text (the usual case), as `__call__` makes it."""
        known = self._names.get(name)
        if known is None:
            registry = self.registry
            tool = registry.canonical(name) if registry is not None else None
            known = self._names.put(name, (tool, _name_flags(registry, name)))
        args, raw, repeated = decode_args(arguments)  # remembers the usual arguments
        flags = known[1]
        if raw is not None or repeated:
            flags = (
                *((INVALID_ARGUMENTS,) if raw is not None else ()),
                *flags,
                *((DUPLICATE_KEYS,) if repeated else ()),
            )
        if type(call_id) is not str and call_id is not None:
            call_id = str(call_id)
        return tool_call(name, known[0], args, raw, flags, call_id, origin)


_RESOLVED = frozenset({"tool", "flags"})  # the fields resolving a call sets


def _name_flags(registry: Registry | None, name: str) -> tuple[str, ...]:
    if registry is None or name in registry.by_name:
        return ()
    identity = registry.identify(name)
    return name_flags(identity.how, identity.near)


def _call_parts(value: Mapping[str, Any]) -> tuple[Any, Any, Any] | None:
    """(call id, name, arguments) of the foreign tool-call shapes, or None."""
    kind = value.get("type")
    function = value.get("function")
    if isinstance(function, Mapping):
        return value.get("id"), function.get("name"), function.get("arguments")
    if isinstance(kind, str) and kind.endswith("tool_use"):
        return value.get("id"), value.get("name"), value.get("input")
    if kind in ("function_call", "custom_tool_call"):
        return value.get("call_id"), value.get("name"), value.get("arguments")
    if value.get("method") == "tools/call" and isinstance(value.get("params"), Mapping):
        params = value["params"]
        return value.get("id"), params.get("name"), params.get("arguments")
    if "arguments" in value and "name" in value:
        return value.get("id"), value.get("name"), value.get("arguments")
    if kind == "tool_call" and "args" in value and "id" in value and len(value) <= 4:
        return value.get("id"), value.get("name"), value.get("args")
    return None


def _invalid(message: str) -> Exception:
    return error(
        "invalid-event",
        message,
        path="<guard>",
        help="pass a specgap event, or a tool call as OpenAI, Anthropic, MCP or LangChain write it",
    )
