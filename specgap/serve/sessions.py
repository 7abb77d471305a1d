"""Server-side conversations: a session id keeps a Guard's per-trace state between calls.

A session belongs to one agent. Its state lives in the Guard of the policy it was last used
with, under the trace key `session:<id>`; the session also keeps the events that ran (and
the results recorded for them), so when the policy is reloaded the new Guard is brought up
to date by replaying them, and the next decision is made under the new policy with the
whole history. Sessions idle longer than `ttl` seconds, and the oldest beyond `limit`, are
forgotten.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from specgap.evaluate.adapters.runtime import coerce_event
from specgap.evaluate.engine import BLOCKING, Decision
from specgap.events import Event, ToolCall
from specgap.guard import Guard
from specgap.serve.problems import one
from specgap.serve.state import Loaded


@dataclass
class Session:
    id: str
    agent: str
    loaded: Loaded | None = None  # the policy whose Guard holds the state
    history: list[Event] = field(default_factory=list)  # what ran, in order
    seen: float = field(default_factory=time.monotonic)
    decisions: int = 0
    limit: int = 10_000  # events kept; a longer conversation starts a new session

    @property
    def key(self) -> str:
        return f"session:{self.id}"


class Sessions:
    def __init__(
        self, *, limit: int = 10_000, ttl: float = 3600.0, max_events: int = 10_000
    ) -> None:
        self.limit = limit
        self.ttl = ttl
        self.max_events = max_events  # per session: its history is kept for replays
        self._items: OrderedDict[str, Session] = OrderedDict()

    def get(self, session_id: str, agent: str | None, *, create: bool) -> Session:
        self._expire()
        found = self._items.get(session_id)
        if found is None:
            if not create or agent is None:
                raise one(
                    "unknown-session",
                    f"there is no session `{session_id}`",
                    help="start one by passing `session` to /api/validate/event",
                )
            found = self._items[session_id] = Session(session_id, agent, limit=self.max_events)
            while len(self._items) > self.limit:
                self._forget(next(iter(self._items)))
        elif agent is not None and found.agent != agent:
            raise one(
                "session-agent-mismatch",
                f"session `{session_id}` belongs to agent `{found.agent}`, not `{agent}`",
                help="use one session per conversation and agent",
            )
        found.seen = time.monotonic()
        self._items.move_to_end(session_id)
        return found

    def end(self, session_id: str) -> None:
        self.get(session_id, None, create=False)
        self._forget(session_id)

    def _forget(self, session_id: str) -> None:
        session = self._items.pop(session_id)
        if session.loaded is not None:
            guard = session.loaded.guards.get(session.agent)
            if guard is not None:
                guard.end(session.key)

    def _expire(self) -> None:
        cutoff = time.monotonic() - self.ttl
        while self._items:
            oldest = next(iter(self._items.values()))
            if oldest.seen >= cutoff:
                return
            self._forget(oldest.id)

    def __len__(self) -> int:
        return len(self._items)


def guard_for(session: Session, loaded: Loaded) -> Guard:
    """The guard of `loaded` holding the session's state (replayed after a reload)."""
    guard = loaded.guard(session.agent)
    if session.loaded is not loaded:
        if session.loaded is not None:
            old = session.loaded.guards.get(session.agent)
            if old is not None:
                old.end(session.key)
        guard.end(session.key)
        for event in session.history:
            guard.check(event, trace=session.key, executed=True)
        session.loaded = loaded
    return guard


def decide(session: Session, loaded: Loaded, value: Any, *, executed: bool = False) -> Decision:
    """Decide one event of the session; what may run joins its history."""
    if len(session.history) >= session.limit:
        raise one(
            "session-too-long",
            f"session `{session.id}` holds {len(session.history)} events, the most one may",
            help="end it (DELETE /api/sessions/ID) and continue in a new session",
        )
    guard = guard_for(session, loaded)
    event = coerce_event(value, guard.registry, f"{session.key}#{len(session.history)}")
    decision = guard.check(event, trace=session.key, executed=True if executed else None)
    session.decisions += 1
    if not isinstance(event, ToolCall) or executed or decision.action not in BLOCKING:
        session.history.append(event)
    return decision


def record(
    session: Session,
    loaded: Loaded,
    result: Any,
    *,
    call_id: str | None,
    is_error: bool,
) -> None:
    """The output of the session's latest allowed call (or the one with `call_id`)."""
    guard = guard_for(session, loaded)
    guard.record(result, trace=session.key, call_id=call_id, is_error=is_error)
    for n in range(len(session.history) - 1, -1, -1):
        event = session.history[n]
        if isinstance(event, ToolCall) and (call_id is None or event.call_id == call_id):
            session.history[n] = event.model_copy(update={"result": result, "is_error": is_error})
            return
