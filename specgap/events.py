"""Trace events: tool calls and conversation messages, in one ordered list per trace."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import Field

from specgap.irbase import Frozen


class ToolCall(Frozen):
    type: Literal["tool_call"] = "tool_call"
    name: str
    tool: str | None = Field(default=None, description="canonical tool id, set by resolution")
    args: dict[str, Any] = Field(default_factory=dict)
    result: Any = None
    actor: str | None = None
    resource: str | None = None
    started_at: str | None = None
    ended_at: str | None = None
    duration_ms: float | None = None
    labels_in: tuple[str, ...] = ()
    labels_out: tuple[str, ...] = ()
    is_error: bool = False
    turn: int | None = Field(
        default=None, description="assistant turn that issued the call (calls of one turn share it)"
    )
    call_id: str | None = Field(default=None, description="the source format's id of the call")
    raw_args: str | None = Field(
        default=None,
        description="the arguments as written, when they were not a JSON object (`args` is empty)",
    )
    flags: tuple[str, ...] = Field(
        default=(), description="what an adapter noticed, e.g. `invalid-arguments`, `no-result`"
    )
    origin: str = ""


class Message(Frozen):
    type: Literal["message"] = "message"
    role: Literal["system", "user", "assistant", "tool", "reviewer"]
    content: str = ""
    turn: int | None = Field(default=None, description="assistant turn this message belongs to")
    origin: str = ""


Event = Annotated[ToolCall | Message, Field(discriminator="type")]


class Trace(Frozen):
    """A trace file: its events plus optional labels for hand-made mutants."""

    path: str
    events: tuple[Event, ...]
    description: str | None = None
    category: str | None = None


class LabelledTraces(Frozen):
    """One agent's hand-labelled traces, already read: what `specgap.evaluate.evaluate`
    runs against the agent's policy. The adapters read them (`read_suites`); the
    evaluator never touches a file."""

    safe: tuple[Trace, ...] = ()
    unsafe: tuple[Trace, ...] = ()


def parse_output(result: Any) -> Any:
    """Tool outputs are often JSON text; read them as JSON when they are."""
    if isinstance(result, str) and result.lstrip()[:1] in ("{", "["):
        try:
            return json.loads(result)
        except ValueError:
            return result
    return result
