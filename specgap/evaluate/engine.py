"""Stage 4: run compiled policies over events, one decision per event.

The engine indexes policies by target once, so an event costs the checks of the policies
that target its tool, and nothing else.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from specgap.evaluate.operators import OPERATORS, Operator, TraceState, Undetermined
from specgap.events import Event, ToolCall
from specgap.ir import FlowDenied, Frozen, Policy

Verdict = Literal["allow", "deny", "warn", "undetermined"]
BLOCKING = frozenset({"deny", "steer"})


class Hit(Frozen):
    policy: str
    action: str
    enforcement: str
    category: str
    reason: str
    source: str  # path:line:col of the rule's statement
    undetermined: bool = False


class Decision(Frozen):
    index: int
    origin: str
    tool: str | None
    name: str | None
    verdict: Verdict
    hits: tuple[Hit, ...] = ()

    @property
    def blocked(self) -> bool:
        return self.verdict == "deny"


@dataclass(frozen=True)
class _Compiled:
    policy: Policy
    operator: Operator
    prepared: Any
    blocking: bool


class Engine:
    """Evaluates events against one agent's policies. Build once, run many traces."""

    def __init__(
        self,
        policies: Iterable[Policy],
        *,
        enforce: Iterable[str] = ("enforce",),
        undetermined: Verdict = "undetermined",
    ) -> None:
        """`undetermined` is the verdict for an event whose only findings lack evidence:
        `undetermined` (report it apart), or `allow`, `warn`, `deny` as a project chooses."""
        levels = frozenset(enforce)
        self._undetermined: Verdict = undetermined
        self.policies = tuple(policies)
        self._exact: dict[str, list[_Compiled]] = {}
        self._globs: list[tuple[str, _Compiled]] = []
        self._for_tool: dict[str, tuple[_Compiled, ...]] = {}
        sources: dict[str, set[str]] = {}
        for policy in self.policies:
            operator = OPERATORS[policy.operator]
            compiled = _Compiled(
                policy,
                operator,
                operator.prepare(policy.condition),
                policy.enforcement in levels and policy.action in BLOCKING,
            )
            if any(ch in policy.target for ch in "*?["):
                self._globs.append((policy.target, compiled))
            else:
                self._exact.setdefault(policy.target, []).append(compiled)
            if isinstance(policy.condition, FlowDenied):
                for tool_id in policy.condition.sources:
                    sources.setdefault(tool_id, set()).add(policy.condition.label)
        self._sources = {k: frozenset(v) for k, v in sources.items()}
        used = {OPERATORS[p.operator] for p in self.policies}
        self._observers = tuple(
            op.observe for op in sorted(used, key=lambda o: o.name) if op.observe
        )

    def applicable(self, tool: str) -> tuple[_Compiled, ...]:
        found = self._for_tool.get(tool)
        if found is None:
            found = tuple(self._exact.get(tool, ())) + tuple(
                c for pattern, c in self._globs if fnmatch.fnmatchcase(tool, pattern)
            )
            self._for_tool[tool] = found
        return found

    def _observe(self, state: TraceState, event: Event) -> None:
        state.observe(event)
        for observe in self._observers:
            observe(state, event)

    def new_state(self) -> TraceState:
        return TraceState(self._sources)

    def decide(self, index: int, event: Event, state: TraceState) -> Decision:
        """Check one event against the state of its trace, then fold it into that state."""
        if not isinstance(event, ToolCall):
            self._observe(state, event)
            return Decision(index=index, origin=event.origin, tool=None, name=None, verdict="allow")
        hits: list[Hit] = []
        verdict: Verdict = "allow"
        for compiled in self.applicable(event.tool or event.name) if event.tool else ():
            try:
                reason = compiled.operator.check(compiled.prepared, event, state)
            except Exception as exc:  # a broken check fails closed, naming the policy
                reason = f"internal error in `{compiled.policy.operator}`: {exc}"
            if reason is None:
                continue
            policy = compiled.policy
            unknown = isinstance(reason, Undetermined)
            hits.append(
                Hit(
                    policy=policy.id,
                    action=policy.action,
                    enforcement=policy.enforcement,
                    category=policy.check_category,
                    reason=reason,
                    source=policy.source.span.location(),
                    undetermined=unknown,
                )
            )
            if unknown:
                verdict = self._undetermined if verdict == "allow" else verdict
            elif compiled.blocking:
                verdict = "deny"
            elif verdict in ("allow", "undetermined"):
                verdict = "warn"
        self._observe(state, event)
        return Decision(
            index=index,
            origin=event.origin,
            tool=event.tool,
            name=event.name,
            verdict=verdict,
            hits=tuple(hits),
        )

    def run(self, events: Sequence[Event]) -> Iterator[Decision]:
        state = self.new_state()
        for index, event in enumerate(events):
            yield self.decide(index, event, state)
