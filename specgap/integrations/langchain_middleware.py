"""`SpecgapMiddleware`: LangChain 1.x agent middleware (extra `langchain`) that checks
every tool call of `create_agent` with a `specgap.Guard`; see `specgap.integrations.langchain`.

    agent = create_agent(model, tools, middleware=[SpecgapMiddleware(guard)])
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import ToolMessage

from specgap.evaluate.engine import BLOCKING
from specgap.guard import Guard
from specgap.integrations.langchain import blocked_message, content

if TYPE_CHECKING:
    from langgraph.prebuilt.tool_node import ToolCallRequest


def _trace(request: Any, default: str) -> str:
    runtime = getattr(request, "runtime", None)
    config = getattr(runtime, "config", None) or {}
    thread = (
        (config.get("configurable") or {}).get("thread_id") if isinstance(config, dict) else None
    )
    return str(thread) if thread else default


class SpecgapMiddleware(AgentMiddleware):
    """`create_agent(..., middleware=[SpecgapMiddleware(guard)])`."""

    def __init__(self, guard: Guard, *, trace: str = "default") -> None:
        super().__init__()
        self.guard = guard
        self.trace = trace

    def wrap_tool_call(
        self,
        request: ToolCallRequest,
        handler: Callable[[ToolCallRequest], Any],
    ) -> Any:
        call = dict(request.tool_call)
        trace = _trace(request, self.trace)
        decision = self.guard.check(
            {"name": call["name"], "arguments": call.get("args", {}), "id": call.get("id")},
            trace=trace,
        )
        if decision.action in BLOCKING:
            return blocked_message(decision, call)
        result = handler(request)
        return self._record(result, trace, call)

    async def awrap_tool_call(
        self,
        request: ToolCallRequest,
        handler: Callable[[ToolCallRequest], Awaitable[Any]],
    ) -> Any:
        call = dict(request.tool_call)
        trace = _trace(request, self.trace)
        decision = self.guard.check(
            {"name": call["name"], "arguments": call.get("args", {}), "id": call.get("id")},
            trace=trace,
        )
        if decision.action in BLOCKING:
            return blocked_message(decision, call)
        result = await handler(request)
        return self._record(result, trace, call)

    def _record(self, result: Any, trace: str, call: dict[str, Any]) -> Any:
        """`result`, or the guard's message in its place when the after-run check blocks it."""
        error = isinstance(result, ToolMessage) and result.status == "error"
        after = self.guard.record(content(result), trace=trace, is_error=error)
        if after.action in BLOCKING:  # the result never reaches the model
            return blocked_message(after, call)
        return result
