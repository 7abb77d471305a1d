"""The per-event hot path's building blocks: models made without re-validation, and caches.

`Guard.check`, `specgap check` and `eval` decide every event through the engine, and at a
few microseconds per event the cost is not the checks but the objects around them: a
`Decision` validated field by field, a `Hit` rebuilt for every event a review rule
observes, a `ToolCall` validated from values the adapter has just made. Here:

- `build(model, fields, values)` makes a frozen model instance from values that are already
  of the field types, as `model_construct` does but at a fraction of its cost. Only code
  that produced the values itself calls it (the engine, the run-time adapter below), so
  nothing unvalidated from outside ever gets in; `tests/test_fast.py` checks that the
  result equals, dumps and copies like the validated model.
- `HitCache`: a check returns the same reason for the same policy over and over (a review
  rule on every call, an allowlist on every repeat of a query), and hits are frozen, so one
  `Hit` object serves them all; bounded, so adversarial reasons cannot grow it.
- `tool_call(...)`: a `ToolCall` from a decoded foreign tool call (OpenAI, Anthropic, MCP).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

from specgap.events import Message, ToolCall
from specgap.operators.values import UnreadableValue

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
_set = object.__setattr__


def build(model: type[M], fields: frozenset[str], values: dict[str, Any]) -> M:
    """An instance of `model` holding `values` (every field, each already of its type);
    `fields` is the set of fields the equivalent validated call would have passed."""
    made = _new(model)
    _set(made, "__dict__", values)
    _set(made, "__pydantic_fields_set__", set(fields))
    _set(made, "__pydantic_extra__", None)
    _set(made, "__pydantic_private__", None)
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
    values = dict(_CALL_DEFAULTS)
    for key in _MUTABLE_DEFAULTS:
        values[key] = type(values[key])()
    values.update(
        name=name,
        tool=tool,
        args=args,
        raw_args=raw_args,
        flags=flags,
        call_id=call_id,
        origin=origin,
    )
    return build(ToolCall, _CALL_FIELDS, values)


def made_call(fields: dict[str, Any]) -> ToolCall:
    """`ToolCall(**fields)` for fields of the right types, the rest at their defaults."""
    values = dict(_CALL_DEFAULTS)
    for key in _MUTABLE_DEFAULTS:
        values[key] = type(values[key])()
    values.update(fields)
    return build(ToolCall, frozenset(fields), values)


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

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        found = self.get(key)
        if found is None:
            if len(self) >= self.limit:
                self.clear()
            found = self[key] = make()
        return found


# -- per-tool check plans ------------------------------------------------------------------

PURE_OPERATORS = frozenset(
    {
        "resource_in_allowlist",
        "deny_action",
        "arg_within_bound",
        "timeout_leq",
        "schema_contract",
        "review_required",
    }
)
"""Operators whose before-run check reads nothing but the call's `name`, `args`,
`duration_ms` and `labels_in` (never the trace state): their answers for one such tuple
are the same every time, so a plan answers a repeated call from memory."""

_SCALARS = frozenset({str, int, type(None)})  # exact types: 1 == 1.0 == True must not meet
MEMO_LIMIT = 8192

Finding = tuple[int, Any, str, bool]
"""(position in the plan's checks, the compiled policy, reason, the check itself failed)"""


class Plan:
    """The checks of one tool (or of messages) in a fixed order, run the way the engine
    specifies: a check that returns None is satisfied; `UnreadableValue` is a violation
    with the reason "cannot read the call"; any other exception is a failed check.

    Checks of `PURE_OPERATORS` are answered from a bounded memo keyed by the call's
    (name, duration, labels, argument items) when every argument is a string, an integer
    or null; the other checks run every time. Schema fragments with a fast "valid" test
    are tried together first, each fragment's own check running only on doubt.
    """

    __slots__ = ("_memo", "_pure", "_rest", "_schemas", "_tests")

    def __init__(self, checks: tuple[tuple[Any, Any], ...], *, calls: bool) -> None:
        pure: list[tuple[int, Any, Any]] = []
        rest: list[tuple[int, Any, Any]] = []
        for n, (compiled, check) in enumerate(checks):
            memoizable = (
                calls
                and compiled.operator.name in PURE_OPERATORS
                and check is compiled.operator.check
            )
            (pure if memoizable else rest).append((n, compiled, check))
        self._schemas = tuple(p for p in pure if _schema_test(p[1]) is not None)
        self._tests = tuple(t for _, c, _ in self._schemas if (t := _schema_test(c)) is not None)
        self._pure = tuple(p for p in pure if p not in self._schemas)
        self._rest = tuple(rest)
        self._memo: BoundedCache[tuple[Any, ...], tuple[Finding, ...]] = BoundedCache(MEMO_LIMIT)

    def findings(self, event: Any, state: Any) -> list[Finding]:
        """The checks' findings on `event`, in the order of the checks."""
        out: list[Finding] = []
        if self._pure or self._schemas:
            key = _key(event)
            found = self._memo.get(key) if key is not None else None
            if found is None:
                made, failed = self._run_pure(event, state)
                found = tuple(made)
                if key is not None and not failed:
                    if len(self._memo) >= self._memo.limit:
                        self._memo.clear()
                    self._memo[key] = found
            out.extend(found)
        if self._rest:
            out.extend(_run(self._rest, event, state)[0])
            if len(out) > 1:
                out.sort(key=_position)
        return out

    def _run_pure(self, event: Any, state: Any) -> tuple[list[Finding], bool]:
        found, failed = _run(self._pure, event, state)
        if self._schemas:
            args = event.args
            if not all(test(args) for test in self._tests):
                more, also = _run(self._schemas, event, state)
                found.extend(more)
                failed = failed or also
                found.sort(key=_position)
        return found, failed


def _position(finding: Finding) -> int:
    return finding[0]


def _schema_test(compiled: Any) -> Callable[[Any], bool] | None:
    """A schema policy's fast "arguments are valid" test, when it has one."""
    prepared = compiled.prepared
    if compiled.operator.name != "schema_contract" or not isinstance(prepared, tuple):
        return None
    test = prepared[-1] if prepared else None
    return test if callable(test) else None


def _key(event: Any) -> tuple[Any, ...] | None:
    items = tuple(event.args.items())
    for _, value in items:
        if type(value) not in _SCALARS:
            return None
    return (event.name, event.duration_ms, event.labels_in, items)


def _run(
    checks: tuple[tuple[int, Any, Any], ...], event: Any, state: Any
) -> tuple[list[Finding], bool]:
    """(findings, whether any check failed) of running `checks` on `event`."""
    found: list[Finding] = []
    failed = False
    for n, compiled, check in checks:
        try:
            reason = check(compiled.prepared, event, state)
        except UnreadableValue as exc:  # unreadable input is a violation, never an error
            found.append((n, compiled, f"cannot read the call: {exc}", False))
            continue
        except Exception as exc:  # a broken check fails closed or open, naming the policy
            found.append(
                (n, compiled, f"internal error in `{compiled.policy.operator}`: {exc}", True)
            )
            failed = True
            continue
        if reason is not None:
            found.append((n, compiled, reason, False))
    return found, failed
