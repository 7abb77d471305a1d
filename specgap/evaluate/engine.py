"""Stage 4: run compiled policies over events, one decision per event.

The engine indexes policies by target once, so an event costs the checks of the policies
that target its tool, and nothing else; what a check needs to know about earlier events is
kept in the trace's `TraceState`, never found by rescanning history.

A decision has a `verdict` (the evaluation's answer: allow, deny, warn, undetermined) and
an `action` (what a runtime does about it: allow, observe, log, warn, steer, deny). A hit
of an enforced policy applies the policy's action; a hit of a policy below the enforcement
levels is only observed.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from specgap.evaluate.identity import identity_findings
from specgap.evaluate.operators import OPERATORS, Operator, TraceState, Undetermined
from specgap.evaluate.values import UnreadableValue
from specgap.events import Event, ToolCall
from specgap.ir import FlowDenied, Frozen, Policy

Verdict = Literal["allow", "deny", "warn", "undetermined"]
RuntimeAction = Literal["allow", "observe", "log", "warn", "steer", "deny"]
OnError = Literal["default", "open", "closed"]
BLOCKING = frozenset({"deny", "steer"})
RANK: dict[str, int] = {"allow": 0, "observe": 1, "log": 2, "warn": 3, "steer": 4, "deny": 5}

# Fields a runtime needs (effect, message, action, ...) are left out of `model_dump()`, so
# evaluation reports keep their shape; `specgap check` and the Guard read them directly.


class Hit(Frozen):
    policy: str
    action: str
    enforcement: str
    category: str
    reason: str
    source: str  # path:line:col of the rule's statement
    undetermined: bool = False
    effect: RuntimeAction = Field(
        default="observe",
        description="what this hit makes a runtime do: the policy's action when enforced, "
        "`observe` otherwise",
        exclude=True,
    )
    message: str = Field(default="", description="the policy's message", exclude=True)
    error: bool = Field(default=False, description="the check itself failed", exclude=True)


class Decision(Frozen):
    index: int
    origin: str
    tool: str | None
    name: str | None
    verdict: Verdict
    hits: tuple[Hit, ...] = ()
    action: RuntimeAction = Field(default="allow", exclude=True)
    call_id: str | None = Field(default=None, exclude=True)
    flags: tuple[str, ...] = Field(default=(), exclude=True)

    @property
    def blocked(self) -> bool:
        return self.verdict == "deny"

    def feedback(self) -> str:
        """What to tell the model about this decision: why the call was not run (the steer
        messages first), or the warnings it ran with."""
        name = self.name or "this tool"
        if not self.blocked:
            warned = [h for h in self.hits if h.effect in ("warn", "log")]
            lines = [f"The call to `{name}` was allowed."]
            lines += [f"- warning: {_line(h)}" for h in warned]
            return "\n".join(lines)
        ordered = sorted(
            (h for h in self.hits if h.effect in BLOCKING), key=lambda h: h.effect != "steer"
        )
        lines = [f"The call to `{name}` was not run."]
        lines += [f"- {_line(h)}" for h in ordered]
        return "\n".join(lines)

    def to_mcp_result(self) -> dict[str, Any]:
        """An MCP `tools/call` result an agent can hand straight back to the model."""
        return {"content": [{"type": "text", "text": self.feedback()}], "isError": self.blocked}

    def to_openai_message(self, tool_call_id: str | None = None) -> dict[str, Any]:
        """An OpenAI Chat message: the `tool` reply to the call when its id is known
        (given, or recorded on the event), an `assistant` message otherwise."""
        call_id = tool_call_id or self.call_id
        if call_id:
            return {"role": "tool", "tool_call_id": call_id, "content": self.feedback()}
        return {"role": "assistant", "content": self.feedback()}

    def to_anthropic_block(self, tool_use_id: str | None = None) -> dict[str, Any]:
        """An Anthropic `tool_result` content block answering the call."""
        return {
            "type": "tool_result",
            "tool_use_id": tool_use_id or self.call_id or "",
            "content": self.feedback(),
            "is_error": self.blocked,
        }


def _line(hit: Hit) -> str:
    return f"{hit.message} ({hit.reason})" if hit.message else hit.reason


@dataclass(frozen=True)
class _Compiled:
    policy: Policy
    operator: Operator
    prepared: Any
    blocking: bool
    enforced: bool
    fail_open: bool
    location: str  # where the rule is stated, path:line:col


class Engine:
    """Evaluates events against one agent's policies. Build once, run many traces."""

    def __init__(
        self,
        policies: Iterable[Policy],
        *,
        enforce: Iterable[str] = ("enforce",),
        undetermined: Verdict = "undetermined",
        on_error: OnError = "default",
    ) -> None:
        """`undetermined` is the verdict for an event whose only findings lack evidence:
        `undetermined` (report it apart), or `allow`, `warn`, `deny` as a project chooses.
        `on_error` says what a check that raises does: `closed` counts it as a violation,
        `open` records it without effect, `default` is closed for enforced policies and
        open for the others."""
        levels = frozenset(enforce)
        self._closed = on_error == "closed"
        self._undetermined: Verdict = undetermined
        self._undetermined_effect: RuntimeAction = {"deny": "deny", "warn": "warn"}.get(
            undetermined, "observe"
        )  # type: ignore[assignment]
        self.policies = tuple(policies)
        self._exact: dict[str, list[_Compiled]] = {}
        self._globs: list[tuple[str, _Compiled]] = []
        self._for_tool: dict[str, tuple[_Compiled, ...]] = {}
        sources: dict[str, set[str]] = {}
        for policy in self.policies:
            operator = OPERATORS[policy.operator]
            enforced = policy.enforcement in levels
            compiled = _Compiled(
                policy,
                operator,
                operator.prepare(policy.condition),
                enforced and policy.action in BLOCKING,
                enforced,
                on_error == "open" or (on_error == "default" and not enforced),
                policy.source.span.location(),
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

    def enforced_for(self, tool: str | None) -> bool:
        """Whether any enforced policy applies to the tool (a guard fails closed then)."""
        return tool is not None and any(c.enforced for c in self.applicable(tool))

    def observe(self, state: TraceState, event: Event) -> None:
        """Fold an event into its trace's state, after it has been decided."""
        state.observe(event)
        for observe in self._observers:
            observe(state, event)

    def new_state(self) -> TraceState:
        return TraceState(self._sources)

    def evaluate(self, index: int, event: Event, state: TraceState) -> Decision:
        """Check one event against the state of its trace, leaving the state as it was."""
        if not isinstance(event, ToolCall):
            return Decision(index=index, origin=event.origin, tool=None, name=None, verdict="allow")
        hits: list[Hit] = []
        verdict: Verdict = "allow"
        action: RuntimeAction = "allow"
        for code, finding in identity_findings(event):  # fail closed on who is called
            hits.append(self._identity_hit(code, finding))
            verdict = action = "deny" if self._closed else "warn"
        for compiled in self.applicable(event.tool) if event.tool else ():
            failed = False
            try:
                reason = compiled.operator.check(compiled.prepared, event, state)
            except UnreadableValue as exc:  # unreadable input is a violation, never an error
                reason = f"cannot read the call: {exc}"
            except Exception as exc:  # a broken check fails closed or open, naming the policy
                reason = f"internal error in `{compiled.policy.operator}`: {exc}"
                failed = True
            if reason is None:
                continue
            policy = compiled.policy
            unknown = isinstance(reason, Undetermined)
            if failed and compiled.fail_open:
                effect: RuntimeAction = "observe"
            elif failed:
                effect = "deny" if compiled.blocking else policy.action
                if compiled.blocking:
                    verdict = "deny"
                elif verdict != "deny":
                    verdict = "warn"
            elif unknown:
                effect = self._undetermined_effect
                verdict = self._undetermined if verdict == "allow" else verdict
            elif compiled.blocking:
                effect = policy.action
                verdict = "deny"
            else:
                effect = policy.action if compiled.enforced else "observe"
                if verdict in ("allow", "undetermined"):
                    verdict = "warn"
            if RANK[effect] > RANK[action]:
                action = effect
            hits.append(
                Hit(
                    policy=policy.id,
                    action=policy.action,
                    enforcement=policy.enforcement,
                    category=policy.check_category,
                    reason=str(reason),
                    source=compiled.location,
                    undetermined=unknown,
                    effect=effect,
                    message=policy.message,
                    error=failed,
                )
            )
        return Decision(
            index=index,
            origin=event.origin,
            tool=event.tool,
            name=event.name,
            verdict=verdict,
            hits=tuple(hits),
            action=action,
            call_id=event.call_id,
            flags=event.flags,
        )

    def _identity_hit(self, code: str, reason: str) -> Hit:
        return Hit(
            policy=f"specgap.{code}",
            action="deny",
            enforcement="enforce",
            category="authorization_check",
            reason=reason,
            source="<registry>",
            effect="deny" if self._closed else "warn",
            message="the call does not name a registered tool unambiguously",
        )

    def decide(self, index: int, event: Event, state: TraceState) -> Decision:
        """Check one event against the state of its trace, then fold it into that state,
        unless it was denied: a denied call never ran, so it satisfies no later rule (a
        denied `schema_lookup` is no lookup before the query), here as in the Guard."""
        decision = self.evaluate(index, event, state)
        if not decision.blocked:
            self.observe(state, event)
        return decision

    def run(self, events: Sequence[Event]) -> Iterator[Decision]:
        state = self.new_state()
        for index, event in enumerate(events):
            yield self.decide(index, event, state)
