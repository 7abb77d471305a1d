"""`require_before` with `same`: the earlier call must be about the same entity.

"Look up the booking before cancelling it": the value of the call's `same` argument (the
booking id it cancels) must have appeared in an earlier call of a `before` tool, among that
call's argument values or in its recorded output (any scalar, object keys included: outputs
often key records by their ids). Values are compared as strings, normalised as
`state_condition` normalises ids (case, separators: `BK-12` is `bk 12`).

Not found, with every earlier output recorded: violated, the reason naming the value. Not
found while some earlier call of a `before` tool has no recorded output: `Undetermined`
(the value may be in it), never a silent allow.

Per trace, the values each tool's calls named are kept in `TraceState.slots` by the
operator's `observe` hook, which the engine installs only for agents with a policy using
`same` (`Operator.stateful`): others pay nothing per event.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from specgap.controls.evaluate import _frozen
from specgap.events import Event, ToolCall
from specgap.irbase import Selector
from specgap.operators.base import Mutant, TraceState, Undetermined
from specgap.operators.evidence import is_idlike, leaves, runs
from specgap.operators.rewrite import calls_to, is_call_to
from specgap.operators.values import parse_output, select

NAME = "require_before"


class _Rule(Protocol):
    @property
    def tools(self) -> tuple[str, ...]: ...

    @property
    def same(self) -> Selector | None: ...


def norm(value: Any) -> str:
    """A value as an id: its alphanumeric runs, case-folded (as `state_condition` compares)."""
    return _norm(value if type(value) is str else str(value))


@functools.lru_cache(maxsize=4096)
def _norm(text: str) -> str:
    # remembered: a trace names the same ids (and a replayed call the same text) again
    return " ".join(runs(text))


class _Seen:
    """A trace's record (a plain class: one is made per trace, at its first watched call)."""

    __slots__ = ("named", "unrecorded")

    def __init__(self) -> None:
        self.named: dict[str, set[str]] = {}  # tool -> values its calls named
        self.unrecorded: set[str] = set()  # tools with a call of no recorded output


def _named_by(call: ToolCall) -> Iterator[str]:
    for value in leaves(call.args):
        yield norm(value)
    if not call.is_error:  # an error names no entity it found
        result = parse_output(call.result)
        if result is not None:
            for value in leaves(result, keys=True):
                yield norm(value)
                if isinstance(value, str) and " " in value.strip():
                    # an id inside a sentence ("booking BK-12 cancelled") names it too
                    for token in value.split():
                        token = token.strip(".,;:!?()[]{}<>\"'")
                        if is_idlike(token):
                            yield norm(token)


def observe_same(state: TraceState, event: Event) -> None:
    """Fold one call's argument values and output values into the trace's record."""
    if not isinstance(event, ToolCall):
        return
    fields = event.__dict__  # not `event.tool`: pydantic's `__getattr__` makes it slow
    tool = fields["tool"]
    if tool is None:
        return
    slot: _Seen | None = state.slots.get(NAME)
    if slot is None:
        slot = state.slots[NAME] = _Seen()
    args = fields["args"]
    result = fields["result"]
    try:  # `_named(event)`'s key and memo look-up, inlined: this runs for every watched call
        key: Any = (
            tuple(args.items())
            if type(args) is dict and _SCALARS.issuperset(map(type, args.values()))
            else _frozen(args),
            result if result is None or type(result) is str else _frozen(result),
            fields["is_error"],
        )
        known = _NAMED.get(key)
    except TypeError:
        known = None
    named, recorded = known if known is not None else _named(event)
    found = slot.named.get(tool)
    if found is None:
        slot.named[tool] = set(named)
    else:
        found.update(named)
    if not recorded:
        slot.unrecorded.add(tool)


def fold_named(state: TraceState, tool: str, known: tuple[frozenset[str], bool]) -> None:
    """`observe_same` of a call of `tool` whose `named_of` is `known` (a caller that keeps
    what a call names, the Guard's per-tool lane, folds it in without reading it again)."""
    slot: _Seen | None = state.slots.get(NAME)
    if slot is None:
        slot = state.slots[NAME] = _Seen()
    named, recorded = known
    found = slot.named.get(tool)
    if found is None:
        slot.named[tool] = set(named)
    else:
        found.update(named)
    if not recorded:
        slot.unrecorded.add(tool)


_NAMED: dict[Any, tuple[frozenset[str], bool]] = {}  # see `_named`
_SCALARS = frozenset({str, int, type(None)})  # exact types: 1, 1.0 and True must not meet
_NAMED_LIMIT = 4096


def _named(call: ToolCall) -> tuple[frozenset[str], bool]:
    """The values a call names, and whether its output (if it did not fail) was recorded;
    remembered per (arguments, result, failed): a replayed call reads the same. It reads
    nothing else of the call (its `args`, `result` and `is_error`)."""
    fields = call.__dict__
    args = fields["args"]
    result = fields["result"]
    try:
        # arguments of exact scalar types as their pairs, anything else frozen with its types
        # (`_frozen`'s forms start with a type, never with a pair: the two never meet); null
        # and a string result are their own frozen forms (`observe_same` keys it alike)
        key: Any = (
            tuple(args.items())
            if type(args) is dict and _SCALARS.issuperset(map(type, args.values()))
            else _frozen(args),
            result if result is None or type(result) is str else _frozen(result),
            fields["is_error"],
        )
    except TypeError:
        key = None
    known = _NAMED.get(key) if key is not None else None
    if known is None:
        recorded = call.is_error or parse_output(call.result) is not None
        known = (frozenset(v for v in _named_by(call) if v), recorded)
        if key is not None:
            if len(_NAMED) >= _NAMED_LIMIT:
                _NAMED.clear()
            _NAMED[key] = known
    return known


named_of = _named  # what `fold_named` folds in


def _values(selector: Selector, call: ToolCall) -> list[Any]:
    found = select(selector, call.args)
    return [v for v in found if isinstance(v, str | int | float) and not isinstance(v, bool)]


def _tools(tools: tuple[str, ...]) -> str:
    return " or ".join(f"`{t}`" for t in tools)


def same_entity(
    selector: Selector, tools: tuple[str, ...], call: ToolCall, state: TraceState
) -> str | None:
    """None when every value of the call's `selector` argument was named by an earlier call
    of one of `tools`; else a reason, or an `Undetermined` one (see the module docstring)."""
    args = call.__dict__["args"]  # not `call.args`: pydantic's `__getattr__` makes it slow
    if selector.extract is None and type(args) is dict and "." not in selector.arg:
        # the usual case, answered at once: one top-level string or integer argument that an
        # earlier call named (what the lines below find for it, without their lists)
        value = args.get(selector.arg)
        kind = type(value)
        if kind is str or kind is int:
            seen: _Seen | None = state.slots.get(NAME)
            wanted = _norm(value if kind is str else str(value))
            if seen is not None and wanted:
                for tool in tools:
                    found = seen.named.get(tool)
                    if found is not None and wanted in found:
                        return None
    return read_same(selector, tools, call, state)


def read_same(
    selector: Selector, tools: tuple[str, ...], call: ToolCall, state: TraceState
) -> str | None:
    """`same_entity` read the whole way: every value the selector finds (nested, listed),
    each compared with what the earlier calls named, the reason made when one is missing."""
    values = [v for v in _values(selector, call) if norm(v)]
    if not values:
        return Undetermined(f"`{call.name}` gives no `{selector.arg}` to compare")
    slot: _Seen = state.slots.get(NAME) or _Seen()
    named = [found for tool in tools if (found := slot.named.get(tool))]
    missing = [v for v in values if not any(norm(v) in found for found in named)]
    if not missing:
        return None
    if any(tool in slot.unrecorded for tool in tools):
        return Undetermined(
            f"`{missing[0]}` is not among the arguments of the earlier {_tools(tools)} "
            "call(s), and an output of one was not recorded"
        )
    return f"{_tools(tools)} was called first, but not on `{selector.arg}` `{missing[0]}`"


def describe_same(selector: Selector) -> str:
    """What `same` adds to the rule's description: "on the same `booking_id`"."""
    return f"`{selector.arg}`"


def _replaced(value: Any, raw: str, new: str) -> Any:
    """`value` with every scalar equal (as an id) to `raw` replaced by `new`, and `raw`
    replaced inside longer strings."""
    old = norm(raw)
    if isinstance(value, dict):
        return {k: _replaced(v, raw, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_replaced(v, raw, new) for v in value]
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        if norm(value) == old:
            return new
        if isinstance(value, str) and raw in value:
            return value.replace(raw, new)
    return value


def other_entity(cond: _Rule, target: str, events: Sequence[Event]) -> Iterator[Mutant]:
    """The earlier calls of the prerequisite are about another entity: the value the first
    call to the target binds is changed in every earlier prerequisite call (its arguments and
    its output)."""
    if cond.same is None:
        return
    at = calls_to(events, target)
    if not at:
        return
    call = events[at[0]]
    assert isinstance(call, ToolCall)
    values = [v for v in _values(cond.same, call) if norm(v)]
    if not values:
        return
    raw = str(values[0])
    new = f"other-{raw}"
    changed = list(events)
    for i in range(at[0]):
        event = events[i]
        if isinstance(event, ToolCall) and any(is_call_to(event, t) for t in cond.tools):
            changed[i] = event.model_copy(
                update={
                    "args": _replaced(event.args, raw, new),
                    "result": _replaced(parse_output(event.result), raw, new),
                }
            )
    if changed != list(events):
        yield Mutant(
            mutator="require_before/other-entity",
            description=f"call {_tools(cond.tools)} on `{new}`, then `{target}` on `{values[0]}`",
            events=tuple(changed),
        )
