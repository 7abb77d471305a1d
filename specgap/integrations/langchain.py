"""LangChain and LangGraph: the guard on every tool call an agent makes.

Two ways in, both answering a blocked call with a `ToolMessage` that carries the guard's
message (`status="error"`), so the model reads why and can correct course:

- `SpecgapMiddleware(guard)`, in `specgap.integrations.langchain_middleware`: agent
  middleware for `langchain.agents.create_agent` (LangChain 1.x, extra `langchain`); it
  wraps tool execution (`wrap_tool_call`, `awrap_tool_call`), checks the call first and
  records the result after;
- `guard_tool(tool, guard)`: a `langchain_core` tool wrapped as a tool with the same name,
  description and argument schema, for any graph or executor that takes tools (extra
  `langchain-core`).

A result the after-run check of `guard.record` blocks (a control that finds a secret in
it) is withheld the same way: the model gets the guard's message instead.

Each LangGraph thread is a trace: the `thread_id` of the run's config when there is one,
`trace=` otherwise.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import ToolMessage
from langchain_core.tools import BaseTool, StructuredTool

from specgap.evaluate.engine import BLOCKING, Decision
from specgap.guard import Guard


def content(message: Any) -> Any:
    return message.content if isinstance(message, ToolMessage) else message


def blocked_message(decision: Decision, call: dict[str, Any]) -> ToolMessage:
    return ToolMessage(
        content=decision.feedback(),
        tool_call_id=str(call.get("id") or ""),
        name=call.get("name"),
        status="error",
    )


def guard_tool(tool: BaseTool, guard: Guard, *, trace: str = "default") -> BaseTool:
    """`tool`, checked by `guard` before each run; a blocked call returns the guard's
    message instead of running, and a blocked result is replaced by the guard's message."""

    def run(**kwargs: Any) -> Any:
        decision = guard.check({"name": tool.name, "arguments": kwargs}, trace=trace)
        if decision.action in BLOCKING:
            return decision.feedback()
        try:
            result = tool.invoke(kwargs)
        except Exception:
            guard.record(None, trace=trace, is_error=True)
            raise
        after = guard.record(content(result), trace=trace)
        if after.action in BLOCKING:  # the result itself is withheld
            return after.feedback()
        return result

    async def arun(**kwargs: Any) -> Any:
        decision = guard.check({"name": tool.name, "arguments": kwargs}, trace=trace)
        if decision.action in BLOCKING:
            return decision.feedback()
        try:
            result = await tool.ainvoke(kwargs)
        except Exception:
            guard.record(None, trace=trace, is_error=True)
            raise
        after = guard.record(content(result), trace=trace)
        if after.action in BLOCKING:  # the result itself is withheld
            return after.feedback()
        return result

    return StructuredTool.from_function(
        func=run,
        coroutine=arun,
        name=tool.name,
        description=tool.description,
        args_schema=tool.args_schema,
        infer_schema=False,
    )
