"""The OpenAI Agents SDK with specgap's tool guardrails on every function tool.

The SDK's own `ScriptedModel` stands in for the LLM (no API key, no network): it calls
`execute_sql` first (rejected by the input guardrail), then `schema_lookup`, then
`execute_sql` again.
"""

from __future__ import annotations

from pathlib import Path

from agents import Agent, Runner, function_tool, set_tracing_disabled
from agents.testing import ScriptedModel, assistant_message, function_call

from specgap import Guard
from specgap.integrations.openai_agents import guard_tools

POLICY = Path(__file__).resolve().parent.parent / "policy" / "policy.json"


@function_tool
def schema_lookup() -> str:
    """List the tables of the warehouse."""
    return "customers(id, name), orders(id, customer_id, total)"


@function_tool
def execute_sql(query: str) -> str:
    """Run one SQL statement."""
    return f"ran: {query}"


if __name__ == "__main__":
    set_tracing_disabled(True)  # nothing leaves the machine
    guard_tools([schema_lookup, execute_sql], Guard(POLICY, agent="sql"))
    query = {"query": "SELECT count(*) FROM orders"}
    model = ScriptedModel(
        [
            [function_call("execute_sql", query, call_id="call-1")],
            [function_call("schema_lookup", {}, call_id="call-2")],
            [function_call("execute_sql", query, call_id="call-3")],
            [assistant_message("There are 42 orders.")],
        ]
    )
    agent = Agent(name="analyst", model=model, tools=[schema_lookup, execute_sql])
    result = Runner.run_sync(agent, "How many orders?")
    for item in result.new_items:
        if item.type == "tool_call_output_item":
            print("tool output:", item.output)
    print("answer:", result.final_output)
