"""Controls as tests write them: Agent Control JSON in, policies and events out."""

from __future__ import annotations

from typing import Any

from specgap.controls.agentcontrol import parse_control
from specgap.controls.model import Control
from specgap.evaluate.engine import Decision, Engine
from specgap.events import Event, Message, ToolCall
from specgap.ir import Enforcement, Policy, Source, Span

SPAN = Span(
    path="controls.json", start_line=1, start_col=1, end_line=1, end_col=2, start_byte=0, end_byte=1
)


def control(evaluator: dict[str, Any], decision: str = "deny", **fields: Any) -> Control:
    """A control from its Agent Control JSON (`name` defaults to `c`)."""
    data = {"name": "c", "evaluator": evaluator, "action": {"decision": decision}, **fields}
    return parse_control(data)


def regex(pattern: str, **config: Any) -> dict[str, Any]:
    return {"name": "regex", "config": {"pattern": pattern, **config}}


def listed(*values: str, **config: Any) -> dict[str, Any]:
    return {"name": "list", "config": {"values": list(values), **config}}


def policy(cond: Control, enforcement: Enforcement = "enforce") -> Policy:
    """The policy a control compiles to (id from its name)."""
    return Policy(
        id=f"t.control.{cond.name}",
        title=cond.name,
        check_category="data_validation",
        operator="control",
        target="*",
        condition=cond,
        action=cond.action.decision,
        message=cond.name,
        enforcement=enforcement,
        confidence=1.0,
        source=Source(
            artifact="controls.json",
            span=SPAN,
            quote="{",
            grounding="exact",
            mentions=(),
            extractor="deterministic",
        ),
    )


def call(
    name: str = "run_query", args: dict[str, Any] | None = None, result: Any = None, **more: Any
) -> ToolCall:
    return ToolCall(name=name, tool=more.pop("tool", name), args=args or {}, result=result, **more)


def said(role: str, content: str) -> Message:
    return Message(role=role, content=content)  # type: ignore[arg-type]


def decide(policies: list[Policy], event: Event) -> Decision:
    engine = Engine(policies)
    return engine.evaluate(0, event, engine.new_state())
