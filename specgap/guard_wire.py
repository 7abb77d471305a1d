"""The Guard's reader of OpenAI Chat tool calls, the shape most agents hand it, and the
decision of a call it has seen before.

An agent repeats itself: the same tool names with the same argument text, a lookup, a
query. `WireReader` reads a dict through the runtime `Coercer` and, the second time a
(name, arguments text) pair is read, keeps what that event holds (`Known`; a text read
only once costs a mark in a bounded dict); a later call repeating the pair is made from
those fields with its own id and origin, without decoding the text
or asking the registry again. What the event holds depends on nothing else: the coercer
reads the name and the text the same way every time.

A repeated call is also decided from what is known of it. The checks that read only the
call (`specgap.evaluate.plan.PURE_OPERATORS`) give it the same findings every time, so
once the engine has decided it with the other checks (those that read the trace) finding
nothing, the verdict, action and hits it gave are kept; a later repeat runs only the
checks that read the trace and, when they find nothing either, is given those. Anything
else (a check that finds something or fails, a call the registry flags) is decided by the
engine as always. `tests/test_guard_fast.py` holds the Guard with and without this path
to each other, every field compared, on the reference traces, generated mutants and the
adapter fuzz shapes.

Only events whose arguments are all scalars, from a text of at most `LONGEST` characters,
are kept (a copy of their dict is a whole copy, so no two events share a value); anything
else, and every other shape, goes through the coercer every time, errors included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from specgap.evaluate.adapters.runtime import Coercer
from specgap.evaluate.engine import _DECISION_SET, BLOCKING, Decision, Engine
from specgap.evaluate.fast import BoundedCache, set_dict, set_extra, set_fields, set_private
from specgap.events import Event, ToolCall

if TYPE_CHECKING:  # the guard calls in here
    from specgap.guard import Guard, _Trace

_SCALARS = frozenset({str, int, float, bool, type(None)})
_new = object.__new__
LIMIT = 4096
LONGEST = 4096  # longer argument texts are read every time: the memo stays small
_ONCE = object()  # the mark of a pair read once


class Known:
    """A (name, arguments text) pair seen before: the fields of its event but the id and
    origin, the checks of its tool that read the trace, and once learnt, what the engine
    decided for it when those found nothing."""

    __slots__ = ("fields", "fields_set", "judged", "rest", "tool")

    def __init__(self, item: ToolCall, rest: tuple[tuple[int, Any, Any], ...]) -> None:
        self.fields = dict(item.__dict__)
        self.fields["args"] = dict(item.args)
        self.fields_set = set(item.__pydantic_fields_set__)
        self.tool = item.tool
        self.rest = rest
        # the fields of the decision but index, origin and call id; only for a call with a
        # tool and no flags
        self.judged: dict[str, Any] | None = None


def check_repeated(
    guard: Guard, current: _Trace, value: dict[str, Any], trace: str, executed: bool | None
) -> Decision | None:
    """`Guard.check` of `value` on a guard without filters or shadow mode when it is an
    OpenAI Chat call repeating a pair read before (its inlined path, with the event made
    from what was read and decided from what is known of it when the checks that read the
    trace find nothing); None, having done nothing, for any other value."""
    function = value.get("function")
    if type(function) is not dict:
        return None
    name = function.get("name")
    arguments = function.get("arguments")
    if type(arguments) is not str or type(name) is not str:
        return None
    known = guard._read._known.get((name, arguments))
    if type(known) is not Known:  # never read, or read once (`WireReader.__call__`)
        return None
    index = current.index
    call_id = value.get("id")
    if type(call_id) is not str and call_id is not None:
        call_id = str(call_id)
    fields = known.fields.copy()
    fields["args"] = fields["args"].copy()  # each event its own dict
    fields["call_id"] = call_id
    fields["origin"] = origin = f"{trace}#{index}"
    item = _new(ToolCall)  # `fast.build`, inlined: once per call
    set_dict(item, fields)
    set_fields(item, known.fields_set)  # shared: pydantic copies it before changing it
    set_extra(item, None)
    set_private(item, None)
    if current.pending:
        guard._fold_pending(current)
    current.index = index + 1
    state = current.state
    engine = guard.engine
    try:
        decision = None
        for _, compiled, check in known.rest:  # the checks that read the trace
            try:
                if check(compiled.prepared, item, state) is not None:
                    break
            except Exception:  # the engine says what a failing check makes of the call
                break
        else:
            judged = known.judged
            if judged is not None:  # `engine._decision(...)`, inlined: once per call
                values = judged.copy()
                values["index"] = index
                values["origin"] = origin
                values["call_id"] = call_id
                decision = _new(Decision)
                set_dict(decision, values)
                set_fields(decision, _DECISION_SET)
                set_extra(decision, None)
                set_private(decision, None)
            else:
                decision = engine.evaluate(index, item, state)
                learnt = known.tool is not None and not item.flags
                if learnt and not any(h.error for h in decision.hits):
                    # every field of the decision but index, origin and call id
                    known.judged = {**decision.__dict__, "flags": ()}
        if decision is None:
            decision = engine.evaluate(index, item, state)
    except Exception as exc:  # the guard, not a policy, failed: fail open or closed
        decision = guard._failed(index, item, exc)
    if executed:
        if decision.verdict != "deny":
            tool = known.tool
            if guard._called_only and not item.labels_out and tool not in state.sources:
                if tool is not None:  # `TraceState.observe` of the usual call
                    state.called.add(tool)
            else:
                guard._observe(state, item)
    elif executed is None and decision.action not in BLOCKING:
        current.pending.append(item)
        current.pending_at.append(index)
    return decision


class WireReader:
    """`Coercer(registry)(value, origin)`, with OpenAI Chat tool calls repeating a (name,
    arguments text) pair made from the fields of the first such call."""

    __slots__ = ("_coerce", "_engine", "_known")

    def __init__(self, coerce: Coercer, engine: Engine) -> None:
        self._coerce = coerce
        self._engine = engine
        # (name, arguments text) -> what is known of it, or `_ONCE` after a first reading
        self._known: BoundedCache[tuple[str, str], Known | object] = BoundedCache(LIMIT)

    def __call__(self, value: Any, origin: str) -> Event:
        """`Coercer(registry)(value, origin)`, remembering an OpenAI Chat call not seen
        before for its repeats (which `check_repeated` makes and decides)."""
        item = self._coerce(value, origin)
        if type(item) is ToolCall and type(value) is dict:
            function = value.get("function")
            if type(function) is dict:  # what the coercer read the call from
                arguments = function.get("arguments")
                if type(arguments) is str and len(arguments) <= LONGEST:
                    # remembered at its second reading: a text read once costs a mark
                    key = (item.name, arguments)
                    seen = self._known.get(key)
                    if seen is None:
                        self._known.put(key, _ONCE)
                    elif seen is _ONCE and all(type(v) in _SCALARS for v in item.args.values()):
                        rest = self._engine.before_plan(item.tool).rest
                        self._known.put(key, Known(item, rest))
        return item
