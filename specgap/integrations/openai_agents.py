"""OpenAI Agents SDK (package `openai-agents`, extra `openai-agents`): tool guardrails that
put a `specgap.Guard` in front of every function tool.

    input_guard, output_guard = tool_guardrails(guard)

    @function_tool(tool_input_guardrails=[input_guard], tool_output_guardrails=[output_guard])
    def run_query(sql: str) -> str: ...

    # or, for tools already made: guard_tools([run_query, list_tables], guard)

The input guardrail checks the call (its name and JSON arguments) before the tool runs. A
denied or steered call is rejected with the guard's message as the tool's output
(`ToolGuardrailFunctionOutput.reject_content`): the tool does not run and the model reads
why. The output guardrail records what an allowed call returned, so later checks of the
run see it; when that after-run check blocks the result (a control that finds a secret in
it), the result is rejected the same way and the model reads the guard's message instead.
One guard trace per run: the SDK's run context object when it has a `specgap_trace`
attribute, `trace=` otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from agents import (
    FunctionTool,
    ToolGuardrailFunctionOutput,
    ToolInputGuardrail,
    ToolInputGuardrailData,
    ToolOutputGuardrail,
    ToolOutputGuardrailData,
)

from specgap.evaluate.engine import BLOCKING
from specgap.guard import Guard


def _trace(data: ToolInputGuardrailData, default: str) -> str:
    found = getattr(data.context.context, "specgap_trace", None)
    return str(found) if found else default


def tool_guardrails(
    guard: Guard, *, trace: str = "default"
) -> tuple[ToolInputGuardrail[Any], ToolOutputGuardrail[Any]]:
    """The (input, output) guardrail pair for `function_tool(...)`."""

    def check(data: ToolInputGuardrailData) -> ToolGuardrailFunctionOutput:
        ctx = data.context
        decision = guard.check(
            {"name": ctx.tool_name, "arguments": ctx.tool_arguments, "id": ctx.tool_call_id},
            trace=_trace(data, trace),
        )
        if decision.action in BLOCKING:
            return ToolGuardrailFunctionOutput.reject_content(
                decision.feedback(), output_info={"verdict": decision.verdict}
            )
        return ToolGuardrailFunctionOutput.allow(output_info={"verdict": decision.verdict})

    def record(data: ToolOutputGuardrailData) -> ToolGuardrailFunctionOutput:
        after = guard.record(
            data.output, trace=_trace(data, trace), call_id=data.context.tool_call_id
        )
        if after.action in BLOCKING:  # the result is replaced before the model sees it
            return ToolGuardrailFunctionOutput.reject_content(
                after.feedback(), output_info={"verdict": after.verdict}
            )
        return ToolGuardrailFunctionOutput.allow(output_info={"verdict": after.verdict})

    return (
        ToolInputGuardrail(guardrail_function=check, name="specgap"),
        ToolOutputGuardrail(guardrail_function=record, name="specgap"),
    )


def guard_tools(tools: Iterable[FunctionTool], guard: Guard, *, trace: str = "default") -> None:
    """Add the specgap guardrails to function tools already made (in place)."""
    checked, recorded = tool_guardrails(guard, trace=trace)
    for tool in tools:
        tool.tool_input_guardrails = [*(tool.tool_input_guardrails or []), checked]
        tool.tool_output_guardrails = [*(tool.tool_output_guardrails or []), recorded]
