"""The per-event hot path's building blocks: models made without re-validation, and caches.

`Guard.check`, `specgap check` and `eval` decide every event through the engine, and at a
few microseconds per event the cost is not the checks but the objects around them: a
`Hit` rebuilt for every event a review rule observes, a `ToolCall` validated from values
the adapter has just made (a `Decision` is no pydantic model: `engine._decision` makes
one). Here:

- `build(model, fields, values)` makes a frozen model instance from values that are already
  of the field types, as `model_construct` does but at a fraction of its cost. Only code
  that produced the values itself calls it (the engine, the run-time adapter below), so
  nothing unvalidated from outside ever gets in; `tests/test_fast.py` checks that the
  result equals, dumps and copies like the validated model.
- `BoundedCache`: a check returns the same reason for the same policy over and over (a
  review rule on every call, an allowlist on every repeat of a query), and hits are frozen,
  so the engine keeps one `Hit` for them all; bounded, so adversarial reasons cannot grow it.
- `tool_call(...)`, `made_call(...)`, `message(...)`: events from values an adapter made.

The per-tool check plans are in `specgap.evaluate.plan`.
"""

from __future__ import annotations

from collections.abc import Callable, Set
from typing import Any, TypeVar

from pydantic import BaseModel

from specgap.events import Message, ToolCall

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
# the setters of the four slots every pydantic model instance has, called directly (faster
# than `object.__setattr__`, which looks each one up by name)
set_dict = BaseModel.__dict__["__dict__"].__set__
set_fields = BaseModel.__dict__["__pydantic_fields_set__"].__set__
set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def build(model: type[M], fields: Set[str], values: dict[str, Any]) -> M:
    """An instance of `model` holding `values` (every field, each already of its type);
    `fields` is the set of fields the equivalent validated call would have passed."""
    made = _new(model)
    set_dict(made, values)
    set_fields(made, set(fields))
    set_extra(made, None)
    set_private(made, None)
    return made


def defaults(model: type[BaseModel]) -> dict[str, Any]:
    """Every field of `model` at its default (a factory's value made fresh per call)."""
    out: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        factory = info.default_factory
        out[name] = factory() if factory is not None else info.default  # type: ignore[call-arg]
    return out


_CALL_FIELDS = frozenset({"name", "tool", "args", "raw_args", "flags", "call_id", "origin"})
_CALL_DEFAULTS = defaults(ToolCall)
_MUTABLE_DEFAULTS = tuple(k for k, v in _CALL_DEFAULTS.items() if isinstance(v, dict | list))
_FRESH = tuple(k for k in _MUTABLE_DEFAULTS if k not in _CALL_FIELDS)


def tool_call(
    name: str,
    tool: str | None,
    args: dict[str, Any],
    raw_args: str | None,
    flags: tuple[str, ...],
    call_id: str | None,
    origin: str,
) -> ToolCall:
    """`ToolCall(name=..., tool=..., args=..., ...)` for values of the right types."""
    values = _CALL_DEFAULTS.copy()
    values["name"] = name
    values["tool"] = tool
    values["args"] = args
    values["raw_args"] = raw_args
    values["flags"] = flags
    values["call_id"] = call_id
    values["origin"] = origin
    for key in _FRESH:  # a mutable default not set above is made anew, as a factory would
        values[key] = type(values[key])()
    made = _new(ToolCall)  # `build`, inlined: this runs once per call a runtime checks
    set_dict(made, values)
    set_fields(made, set(_CALL_FIELDS))
    set_extra(made, None)
    set_private(made, None)
    return made


_MUTABLE_MADE = tuple((k, type(_CALL_DEFAULTS[k])) for k in _MUTABLE_DEFAULTS)


def made_call(fields: dict[str, Any]) -> ToolCall:
    """`ToolCall(**fields)` for fields of the right types, the rest at their defaults."""
    values = _CALL_DEFAULTS.copy()
    for key, factory in _MUTABLE_MADE:
        values[key] = factory()
    values.update(fields)
    made = _new(ToolCall)  # `build`, inlined: this runs once per tool call read
    set_dict(made, values)
    set_fields(made, set(fields))
    set_extra(made, None)
    set_private(made, None)
    return made


_MESSAGE_FIELDS = frozenset({"role", "content", "turn", "origin"})


def message(role: str, content: str, turn: int | None, origin: str) -> Message:
    """`Message(role=..., content=..., turn=..., origin=...)` for a role of the model's."""
    values = {"type": "message", "role": role, "content": content, "turn": turn, "origin": origin}
    return build(Message, _MESSAGE_FIELDS, values)


K = TypeVar("K")
V = TypeVar("V")


class BoundedCache(dict[K, V]):
    """A dict that forgets everything when it reaches `limit` entries: the hot keys come
    back at once, and no input can make it grow without bound."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key: K, value: V) -> V:
        """Store `value` under `key` (forgetting everything first when full); return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        found = self.get(key)
        return self.put(key, make()) if found is None else found
