"""`specgap.Guard`: the compiled policy, enforced at run time, one event at a time.

    guard = Guard("policy/policy.json", agent="sql")
    decision = guard.check(tool_call)            # before the tool runs
    if decision.action in ("deny", "steer"):
        reply = decision.to_openai_message()     # or .to_mcp_result(), .to_anthropic_block()
    else:
        result = run_tool(...)
        guard.record(result)                     # the output feeds later checks

Each conversation is a `trace` (a key; `"default"` unless given) with its own incremental
state, so a check costs the policies that target the tool, never a rescan of history.
Parallel calls of one assistant turn go through `check_turn`, then one `record` each.
Events may be specgap events or tool calls as the agent framework has them (see
`specgap.evaluate.adapters.runtime`).
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable
from typing import Any

from specgap.errors import SpecgapError, error
from specgap.evaluate.adapters.runtime import Coercer
from specgap.evaluate.engine import BLOCKING, Decision, Engine, Hit, OnError, Verdict, _Draft
from specgap.evaluate.identity import UNREADABLE
from specgap.events import Event, Message, ToolCall
from specgap.guard_lane import Lane
from specgap.guard_policy import load_policy as load_policy  # re-exported: `specgap.guard`'s API
from specgap.guard_policy import select_agent as select_agent
from specgap.guard_wire import Pending, WireReader, check_chat
from specgap.ir import AgentBundle, Bundle
from specgap.operators import TraceState
from specgap.registry import agent_registry

GUARD_POLICY = "specgap.guard"  # the `policy` of hits the guard itself adds
_new = object.__new__


class _Trace:
    """One conversation's state (a plain class: one is made per trace, at its first event)."""

    __slots__ = ("index", "pending", "pending_at", "state")

    def __init__(self, state: TraceState) -> None:
        self.state = state
        self.index = 0
        self.pending: list[ToolCall | Pending] = []  # allowed, not yet folded in
        self.pending_at: list[int] = []  # the event index of each


class Guard:
    """Decisions for one agent's events, with per-trace state.

    - `skip`: tool globs (canonical id or emitted name) never checked, only recorded;
    - `only`: when given, only tools matching one of these globs are checked;
    - `on_error`: what an internal error does: `closed` denies, `open` allows (recording
      the error), `default` is closed where an `enforce` policy applies and open elsewhere;
      `closed` also denies a call to a tool the registry does not know (a finding, `warn`,
      otherwise) and returns a deny for an event that cannot be read (raised otherwise);
    - `shadow`: decide as usual but never act: every `action` becomes `observe` (the
      `verdict` still says what enforcement would have done);
    - `enforce`, `undetermined`: as for the evaluator's `Engine`.
    """

    def __init__(
        self,
        bundle: Bundle | AgentBundle | str | os.PathLike[str],
        agent: str | None = None,
        *,
        skip: Iterable[str] = (),
        only: Iterable[str] = (),
        on_error: OnError = "default",
        shadow: bool = False,
        enforce: Iterable[str] = ("enforce",),
        undetermined: Verdict = "undetermined",
    ) -> None:
        found = select_agent(bundle, agent)
        self.agent = found.id
        self.registry = agent_registry(found)
        self.engine = Engine(
            found.policies, enforce=enforce, undetermined=undetermined, on_error=on_error
        )
        self.skip = tuple(skip)
        self.only = tuple(only)
        self.on_error: OnError = on_error
        self.shadow = shadow
        self._traces: dict[str, _Trace] = {}
        self._checked: dict[tuple[str | None, str], bool] = {}
        self._filtered = bool(self.skip or self.only)
        self._coerce = Coercer(self.registry)  # remembers the input shape the agent uses
        self._read = WireReader(self._coerce, self.engine)  # and the Chat calls it repeats
        self._plain = not (self._filtered or shadow)  # every call checked, every action taken
        # no operator reads a message: each is allowed and leaves the state as it was
        self._quiet_messages = (
            self._plain and not self.engine.has_message_checks and not self.engine.reads_messages
        )
        # folding a call that ran into the state: `Engine.observe`, or without operators of
        # its own to call, `TraceState.observe` directly
        self._observe = self.engine.observe if self.engine.observers else TraceState.observe
        self._called_only = self.engine.taint_only  # see the inlined fold in `check`
        self._apart = self.engine.folded_apart  # ... which these tools' calls never take
        self._lanes: dict[str | None, Lane] = {}  # tool -> its lane, on a plain guard only
        self._sources = self.engine._sources  # what `Engine.new_state` gives a new trace

    @classmethod
    def from_path(
        cls, path: str | os.PathLike[str], agent: str | None = None, **options: Any
    ) -> Guard:
        """A guard over a compiled bundle file (`specgap build` writes policy/policy.json)."""
        return cls(path, agent, **options)

    def check(
        self, event: Any, *, trace: str = "default", executed: bool | None = None
    ) -> Decision:
        """Decide one event of `trace`, then fold it into that trace's state.

        A tool call is folded in once it has run: at once when `executed` is true (replaying
        a log) and the call is not denied, at the next `check` or `record` of the trace when
        `executed` is None and the call is allowed; a denied call, or any call with
        `executed` false, counts as never run and is left out of the state.
        """
        current = self._traces.get(trace)
        if current is None:
            current = self._open(trace)
        kind = type(event)
        if kind is ToolCall:  # a call of a tool with a lane: decided there
            fields = event.__dict__  # not `event.tool`: pydantic's `__getattr__` makes it slow
            lane = self._lanes.get(fields["tool"])
            if lane is not None:
                return lane.check(current, event, fields, executed)
        elif kind is dict and self._plain:  # an OpenAI Chat tool call: `guard_wire`
            decided = check_chat(self, current, event, trace, executed)
            if decided is not None:
                return decided
        elif kind is Message:
            if current.pending:
                self._fold_pending(current)
            if self._quiet_messages:  # `_one` for a message nothing reads: allowed as it is
                index = current.index
                current.index = index + 1
                made = _new(_Draft)  # `engine._decision(...)`, inlined
                made.index = index
                made.origin = event.__dict__["origin"]  # not `event.origin`: pydantic's slow
                made.tool = None
                made.name = None
                made.verdict = "allow"
                made.hits = ()
                made.action = "allow"
                made.call_id = None
                made.flags = ()
                made.__class__ = Decision
                return made  # type: ignore[return-value]  # its class is now `Decision`
            return self._one(current, event, executed)
        if kind is ToolCall and event.__dict__["tool"] is not None:
            item = event  # already an event with its tool resolved: nothing to coerce
        else:
            try:
                item = self._coerce(event, f"{trace}#{current.index}")
            except SpecgapError as exc:
                return self._unreadable(current, trace, exc)
        if self._plain and type(item) is ToolCall:
            fields = item.__dict__
            tool = fields["tool"]
            if tool is not None:  # the tool's lane (`guard_lane`), made at its first call
                lane = self._lanes.get(tool) or self._lane(tool)
                return lane.check(current, item, fields, executed)
        if current.pending:
            self._fold_pending(current)
        return self._one(current, item, executed)

    def check_turn(self, calls: Iterable[Any], *, trace: str = "default") -> list[Decision]:
        """Decide the calls one assistant turn issued together, before any of them runs.

        Parallel calls are independent: each is checked against the trace as it was before
        the turn, and the allowed ones stay pending until their `record(..., call_id=...)`
        or the trace's next check.
        """
        current = self._trace(trace)
        items: list[Event | SpecgapError] = []
        for n, call in enumerate(calls):
            try:
                items.append(self._coerce(call, f"{trace}#{current.index + n}"))
            except SpecgapError as exc:
                if self.on_error != "closed":
                    raise
                items.append(exc)
        self._fold_pending(current)
        return [
            self._unreadable(current, trace, item)
            if isinstance(item, SpecgapError)
            else self._one(current, item, None)
            for item in items
        ]

    def _unreadable(self, current: _Trace, trace: str, exc: SpecgapError) -> Decision:
        """An event that cannot be read: denied when failing closed, raised otherwise."""
        if self.on_error != "closed":
            raise exc
        index = current.index
        current.index += 1
        reason = "; ".join(f"{d.code}: {d.message}" for d in exc.diagnostics)
        hit = Hit(
            policy=f"specgap.{UNREADABLE}",
            action="deny",
            enforcement="enforce",
            category="interface_validation",
            reason=reason,
            source="<guard>",
            effect="deny",
            message="the event could not be read",
        )
        return Decision(
            index=index,
            origin=f"{trace}#{index}",
            tool=None,
            name=None,
            verdict="deny",
            hits=(hit,),
            action="observe" if self.shadow else "deny",
            flags=(UNREADABLE,),
        )

    def _lane(self, tool: str) -> Lane:
        lane = self._lanes[tool] = Lane(self, tool)
        return lane

    def _trace(self, trace: str) -> _Trace:
        current = self._traces.get(trace)
        if current is None:
            current = self._open(trace)
        return current

    def _open(self, trace: str) -> _Trace:
        """A new trace's state: `_Trace(self.engine.new_state())`, made without the two
        Python calls (a guard's every conversation starts here)."""
        current = self._traces[trace] = _new(_Trace)
        current.state = TraceState(self._sources)
        current.index = 0
        current.pending = []
        current.pending_at = []
        return current

    def _one(self, current: _Trace, item: Event, executed: bool | None) -> Decision:
        index = current.index
        current.index = index + 1
        engine = self.engine
        try:
            if self._filtered:
                decision = self._decide(index, item, current.state)
            else:
                decision = engine.evaluate(index, item, current.state)
        except Exception as exc:  # the guard, not a policy, failed: fail open or closed
            decision = self._failed(index, item, exc)
        if self.shadow and decision.action != "allow":
            decision = decision.model_copy(update={"action": "observe"})
        if type(item) is Message:
            if engine.observers:  # nothing else reads a message into the state
                engine.observe(current.state, item)
        elif not isinstance(item, ToolCall) or (executed and decision.verdict != "deny"):
            # a denied call counts as not run, also in a replayed log: `eval` and `check`
            # then agree, and a denied call never satisfies a later `require_before`
            if engine.observers:
                engine.observe(current.state, item)
            else:  # `Engine.observe` without operators of its own to call
                current.state.observe(item)
        elif executed is None and (self.shadow or decision.action not in BLOCKING):
            current.pending.append(item)
            current.pending_at.append(index)
        return decision

    def record(
        self,
        result: Any,
        *,
        trace: str = "default",
        call_id: str | None = None,
        is_error: bool = False,
        labels_out: Iterable[str] = (),
    ) -> Decision:
        """The output of an allowed call (the latest one, or the one with `call_id`), so
        later checks of the trace see it (data flow, grounding, state conditions).

        The returned decision is the after-run (`post` stage) check of the output, e.g. a
        control that finds a secret in a tool result: when it denies, withhold the result
        from the model (`decision.to_openai_message()` says why)."""
        current = self._traces.get(trace)
        if current is None or not current.pending:
            raise error(
                "no-pending-call",
                f"trace `{trace}` has no allowed call waiting for its result",
                path="<guard>",
                help="call `record` after `check` allowed a call, before the next `check`",
            )
        pending = current.pending
        at = len(pending) - 1
        if call_id is not None:
            at = next((n for n, c in enumerate(pending) if c.call_id == call_id), at)
        index = current.pending_at.pop(at)
        waiting = pending.pop(at)
        made = waiting.made() if isinstance(waiting, Pending) else waiting
        call = made.model_copy(
            update={"result": result, "is_error": is_error, "labels_out": tuple(labels_out)}
        )
        try:
            decision = self.engine.evaluate_output(index, call, current.state)
        except Exception as exc:  # the guard, not a policy, failed: fail open or closed
            decision = self._failed(index, call, exc)
        if self.shadow and decision.action != "allow":
            decision = decision.model_copy(update={"action": "observe"})
        self.engine.observe(current.state, call)
        return decision

    def end(self, trace: str = "default") -> None:
        """Forget a finished trace."""
        self._traces.pop(trace, None)

    def _fold_pending(self, current: _Trace) -> None:
        observe = self._observe
        state = current.state
        called_only = self._called_only
        apart = self._apart
        for call in current.pending:
            fields = call.__dict__  # not `call.tool`: pydantic's `__getattr__` makes it slow
            tool = fields["tool"]
            if called_only and not fields["labels_out"] and tool not in apart:
                if tool is not None:  # `TraceState.observe` of the usual call, inlined
                    state.called.add(tool)
            elif type(call) is Pending:
                lane = self._lanes.get(tool) or self._lane(tool)  # a pending call has a tool
                lane.fold_pending(state, call)  # no event made when its lane knows the fold
            else:  # an observer reads it: the event itself
                observe(state, call.made() if isinstance(call, Pending) else call)
        current.pending.clear()
        current.pending_at.clear()

    def checks(self, item: ToolCall) -> bool:
        """Whether the skip/only globs leave this tool to be checked."""
        key = (item.tool, item.name)
        found = self._checked.get(key)
        if found is None:
            names = [n for n in key if n]
            found = not _matches(names, self.skip) and (not self.only or _matches(names, self.only))
            self._checked[key] = found
        return found

    def _decide(self, index: int, item: Event, state: TraceState) -> Decision:
        if self._filtered and isinstance(item, ToolCall) and not self.checks(item):
            return Decision(
                index=index,
                origin=item.origin,
                tool=item.tool,
                name=item.name,
                verdict="allow",
                call_id=item.call_id,
                flags=(*item.flags, "skipped"),
            )
        return self.engine.evaluate(index, item, state)

    def _failed(self, index: int, item: Event, exc: Exception) -> Decision:
        tool = item.tool if isinstance(item, ToolCall) else None
        closed = self.on_error == "closed" or (
            self.on_error == "default" and self.engine.enforced_for(tool)
        )
        hit = Hit(
            policy=GUARD_POLICY,
            action="deny",
            enforcement="enforce",
            category="runtime_validation",
            reason=f"internal error: {type(exc).__name__}: {exc}",
            source="<guard>",
            effect="deny" if closed else "observe",
            message="the policy check failed",
            error=True,
        )
        return Decision(
            index=index,
            origin=item.origin,
            tool=tool,
            name=item.name if isinstance(item, ToolCall) else None,
            verdict="deny" if closed else "allow",
            hits=(hit,),
            action="deny" if closed else "observe",
            call_id=item.call_id if isinstance(item, ToolCall) else None,
        )


def _matches(names: list[str], globs: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(n, g) for n in names for g in globs)
