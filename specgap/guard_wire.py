"""The Guard's path for OpenAI Chat tool calls, the shape most agents hand it, and the
decision of a call it has seen before (`check_chat`, on a guard without filters or shadow
mode; every other guard and shape takes `Guard.check`'s general path).

An agent repeats itself: the same tool names with the same argument text, a lookup, a
query. A Chat call is read by the runtime `Coercer`; the second time a (name, arguments
text) pair is read, what its event holds is kept (`Known`; a text read only once costs a
mark in a bounded dict), and a later call repeating the pair is made from those fields
with its own id and origin, without decoding the text or asking the registry again. What
the event holds depends on nothing else: the coercer reads the name and the text the same
way every time.

A repeated call is also decided from what is known of it. The checks that read only the
call (`specgap.evaluate.plan.PURE_OPERATORS`) give it the same findings every time, so
once the engine has decided it with the other checks (those that read the trace) finding
nothing, the fields of that decision but its index, origin and call id are kept; a later
repeat runs only the checks that read the trace and, when they find nothing either, is
given them. Anything else (a check that finds something or fails, a call the registry
flags, a hit of a failed check) is decided by the engine as always.
`tests/test_guard_fast.py` holds the Guard with and without this path to each other,
every field and the trace state compared, on the reference traces, generated mutants,
adapter samples, reader shapes and generated calls.

Only events whose arguments are all scalars, from a text of at most `LONGEST` characters,
are kept (a copy of their dict is a whole copy, so no two events share a value).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from specgap.errors import SpecgapError
from specgap.evaluate.adapters.runtime import Coercer
from specgap.evaluate.engine import BLOCKING, Decision, Engine, _Draft
from specgap.evaluate.fast import set_dict, set_extra, set_fields, set_private
from specgap.evaluate.plan import Step
from specgap.events import ToolCall
from specgap.operators.require_same import fold_named

if TYPE_CHECKING:  # the guard calls in here
    from specgap.guard import Guard, _Trace

_SCALARS = frozenset({str, int, float, bool, type(None)})
_new = object.__new__
LIMIT = 4096
LONGEST = 4096  # longer argument texts are read every time: the memo stays small
_ONCE = object()  # the mark of a pair read once (a mark, not its event: nothing kept alive)
FIELD_CHECKS = frozenset({"flow_denied", "require_before"})
"""Operators whose before-run check reads of the call only attributes its fields hold
(`name`, `args`, `labels_in`, its `__dict__`), never its type or a method: it answers
alike for the `ToolCall` and for a `Pending` holding the same fields
(`tests/test_guard_lane.py` holds each to it)."""


class Known:
    """A (name, arguments text) pair seen before: the fields of its event but the id and
    origin, the checks of its tool that read the trace, and once learnt, what the engine
    decided for it when those found nothing."""

    __slots__ = ("fields", "fields_only", "fields_set", "judged", "named", "quiet", "rest", "tool")

    def __init__(self, item: ToolCall, rest: tuple[Step, ...]) -> None:
        self.fields = dict(item.__dict__)
        self.fields["args"] = dict(item.args)
        self.fields_set = set(item.__pydantic_fields_set__)
        self.tool = item.tool
        self.rest = rest
        # whether each of those reads of the call only its fields (`FIELD_CHECKS`)
        self.fields_only = all(
            c.operator.name in FIELD_CHECKS and check is c.operator.check for _, c, check, _ in rest
        )
        # the fields of the decision but index, origin, call id and flags (tool, name,
        # verdict, hits, action); only for a call with a tool and no flags
        self.judged: tuple[Any, ...] | None = None
        self.quiet = False  # the judged action lets a call go ahead (not in `BLOCKING`)
        # what such a call names for the same-entity rule (`require_same.named_of`: its
        # arguments, no result, not failed), once a lane has folded one in
        self.named: tuple[frozenset[str], bool] | None = None


def check_chat(
    guard: Guard, current: _Trace, value: dict[str, Any], trace: str, executed: bool | None
) -> Decision | None:
    """`Guard.check` of `value` on a guard without filters or shadow mode when it is an
    OpenAI Chat tool call (its inlined path; a call repeating a pair read before is made
    from what was read and decided from what is known of it when the checks that read the
    trace find nothing); None, having done nothing, for any other value."""
    function = value.get("function")
    if type(function) is not dict:
        return None
    reader = guard._read
    index = current.index
    origin = f"{trace}#{index}"
    name = function.get("name")
    arguments = function.get("arguments")
    key = (name, arguments)
    try:
        known = reader.known.get(key)  # only (str, str) pairs are ever kept
    except TypeError:  # unhashable arguments (a dict, a list): never kept
        known = None
    if type(known) is Known:
        call_id = value.get("id")
        if type(call_id) is not str and call_id is not None:
            call_id = str(call_id)
        if (
            executed is None
            and known.quiet
            and known.judged is not None
            and (not known.rest or known.fields_only)
        ):
            # decided before as allowed (or not blocked), not run yet, and nothing reads it
            # before it runs but checks that read only its fields and the trace: no event
            # is made until something needs one (`Pending.made`)
            fields = known.fields.copy()
            fields["call_id"] = call_id
            fields["origin"] = origin
            waiting = _new(Pending)
            waiting.__dict__ = fields
            waiting.fields_set = known.fields_set
            waiting.known = known
            pending = current.pending
            state = current.state
            if pending:  # the call before this one ran: `_fold_before`, inlined
                call: Any = pending[0]
                if len(pending) != 1:
                    guard._fold_pending(current)
                else:
                    before = call.__dict__
                    tool = before["tool"]
                    if guard._called_only and not before["labels_out"] and tool not in guard._apart:
                        if tool is not None:  # `TraceState.observe` of the usual call
                            state.called.add(tool)
                    elif type(call) is Pending:
                        lane = guard._lanes.get(tool) or guard._lane(tool)  # it has a tool
                        named = call.known.named
                        if (
                            lane._same_only
                            and named is not None
                            and not before["labels_out"]
                            and before["result"] is None
                        ):
                            # `lane.fold_pending`'s usual case: what the call names is known
                            state.called.add(tool)
                            fold_named(state, tool, named)
                        else:
                            lane.fold_pending(state, call)  # no event made if it can
                    else:  # an observer reads it: the event itself
                        guard._observe(state, call)
                    pending.clear()
                    current.pending_at.clear()
            current.index = index + 1
            rest = known.rest
            if rest:
                try:
                    for _, _, check, prepared in rest:  # the checks that read the trace
                        try:
                            if check(prepared, waiting, state) is not None:
                                break
                        except Exception:  # the engine says what a failing check makes of it
                            break
                    else:
                        rest = ()
                    if rest:
                        item = waiting.made()
                        found = guard.engine.evaluate(index, item, state)
                except Exception as exc:  # the guard, not a policy, failed: open or closed
                    item = waiting.made()
                    found = guard._failed(index, item, exc)
                if rest:
                    if found.action not in BLOCKING:
                        pending.append(item)
                        current.pending_at.append(index)
                    return found
            draft = _new(_Draft)  # `engine._decision(...)`, inlined: once per call
            draft.index = index
            draft.origin = origin
            judged: Any = known.judged  # set: tested above
            draft.tool, draft.name, draft.verdict, draft.hits, draft.action = judged
            draft.call_id = call_id
            draft.flags = ()
            draft.__class__ = Decision
            pending.append(waiting)
            current.pending_at.append(index)
            return draft  # type: ignore[return-value]  # its class is now `Decision`
        fields = known.fields.copy()
        fields["args"] = fields["args"].copy()  # each event its own dict
        fields["call_id"] = call_id
        fields["origin"] = origin
        item = _new(ToolCall)  # `fast.build`, inlined: once per call
        set_dict(item, fields)
        set_fields(item, known.fields_set)  # shared: pydantic copies it before changing it
        set_extra(item, None)
        set_private(item, None)
    else:
        try:  # the coercer reads every Chat call into a tool call, or raises
            made = reader.coerce(value, origin)
        except SpecgapError as exc:
            return guard._unreadable(current, trace, exc)
        if type(made) is not ToolCall:  # never so: the general path reads it again
            return None
        item = made
        fields = item.__dict__
        if type(arguments) is str and type(name) is str:  # a pair that may be known
            reader.remember(key, known, arguments, item)
        known = None
    pending = current.pending
    state = current.state
    if pending:  # the call before this one ran
        _fold_before(guard, current, pending, state)
    current.index = index + 1
    try:
        decision: Decision | None = None
        if known is not None:
            for _, _, check, prepared in known.rest:  # the checks that read the trace
                try:
                    if check(prepared, item, state) is not None:
                        break
                except Exception:  # the engine says what a failing check makes of the call
                    break
            else:
                judged = known.judged
                if judged is not None:  # `engine._decision(...)`, inlined: once per call
                    draft = _new(_Draft)
                    draft.index = index
                    draft.origin = origin
                    draft.tool, draft.name, draft.verdict, draft.hits, draft.action = judged
                    draft.call_id = fields["call_id"]  # as made above
                    draft.flags = ()
                    draft.__class__ = Decision
                    decision = draft  # type: ignore[assignment]  # its class is now `Decision`
                    # the usual end of a repeated call: allowed (or not blocked), not run yet
                    if executed is None and known.quiet:
                        pending.append(item)
                        current.pending_at.append(index)
                        return decision
                else:
                    decision = guard.engine.evaluate(index, item, state)
                    learnt = known.tool is not None and not item.flags
                    if learnt and not any(h.error for h in decision.hits):
                        # every field of the decision but index, origin and call id
                        known.judged = (
                            decision.tool,
                            decision.name,
                            decision.verdict,
                            decision.hits,
                            decision.action,
                        )
                        known.quiet = decision.action not in BLOCKING
        if decision is None:
            decision = guard.engine.evaluate(index, item, state)
    except Exception as exc:  # the guard, not a policy, failed: fail open or closed
        decision = guard._failed(index, item, exc)
    if executed:
        if decision.verdict != "deny":
            tool = item.tool
            if guard._called_only and not item.labels_out and tool not in guard._apart:
                if tool is not None:  # `TraceState.observe` of the usual call
                    state.called.add(tool)
            else:
                guard._observe(state, item)
    elif executed is None and decision.action not in BLOCKING:
        current.pending.append(item)
        current.pending_at.append(index)
    return decision


def _fold_before(guard: Guard, current: _Trace, pending: list[Any], state: Any) -> None:
    """`guard._fold_pending(current)`: the call before this one ran. A single pending call
    (the usual case: one call, then the next) is folded here as `_fold_pending` folds each
    of its calls, without its loop's set-up; several go to `_fold_pending`."""
    if len(pending) != 1:
        guard._fold_pending(current)
        return
    call = pending[0]
    before = call.__dict__
    tool = before["tool"]
    if guard._called_only and not before["labels_out"] and tool not in guard._apart:
        if tool is not None:  # `TraceState.observe` of the usual call, inlined
            state.called.add(tool)
    elif type(call) is Pending:
        lane = guard._lanes.get(tool) or guard._lane(tool)  # a pending call has a tool
        lane.fold_pending(state, call)  # no event made when its lane knows the fold
    else:  # an observer reads it: the event itself
        guard._observe(state, call)
    pending.clear()
    current.pending_at.clear()


class Pending:
    """A repeated Chat call allowed before it runs, as it waits for its result: its event's
    fields in its `__dict__` (what the trace's fold and `Guard.record` read of a pending
    call: `tool`, `labels_out`, `call_id`), the `ToolCall` made only when something needs
    the event itself (`made`: a fold that calls an observer, a recorded result). Its
    arguments are shared with its `Known` until made (nothing reads them before); `known`
    keeps what its tool's lane learnt of such a call (`Known.named`)."""

    __slots__ = ("__dict__", "fields_set", "known")
    call_id: str | None
    fields_set: set[str]
    known: Known

    def made(self) -> ToolCall:
        """The event (`fast.build`, inlined), with its own arguments dict."""
        fields = self.__dict__.copy()
        fields["args"] = fields["args"].copy()
        item = _new(ToolCall)
        set_dict(item, fields)
        set_fields(item, self.fields_set)  # shared: pydantic copies it before changing it
        set_extra(item, None)
        set_private(item, None)
        return item


class WireReader:
    """What a guard knows of the OpenAI Chat calls it has read: (name, arguments text) ->
    `Known`, or a mark after one reading. Bounded: emptied when full."""

    __slots__ = ("coerce", "engine", "known")

    def __init__(self, coerce: Coercer, engine: Engine) -> None:
        self.coerce = coerce
        self.engine = engine
        self.known: dict[tuple[Any, Any], Known | object] = {}

    def remember(self, key: tuple[Any, Any], seen: Any, arguments: Any, item: ToolCall) -> None:
        """Note a reading of `key` (`seen`: what was known of it), the coercer having made
        `item` of it: a mark the first time, what it holds the second (when it can be kept)."""
        if len(arguments) > LONGEST:
            return
        known = self.known
        if seen is None:
            if len(known) >= LIMIT:
                known.clear()
            known[key] = _ONCE
        elif seen is _ONCE and all(type(v) in _SCALARS for v in item.args.values()):
            known[key] = Known(item, self.engine.before_plan(item.tool).rest)
