"""A LangChain 1.x agent (`create_agent`) whose tool calls go through `SpecgapMiddleware`.

A scripted chat model stands in for the LLM: it calls `execute_sql` first (blocked: the
prompt says to look the schema up first), then `schema_lookup`, then `execute_sql` again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.tools import tool

from specgap import Guard
from specgap.integrations.langchain_middleware import SpecgapMiddleware

POLICY = Path(__file__).resolve().parent.parent / "policy" / "policy.json"


class ScriptedModel(FakeMessagesListChatModel):
    """Replays fixed replies; tools are bound by the agent, not used by the script."""

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedModel:
        return self


@tool
def schema_lookup() -> str:
    """List the tables of the warehouse."""
    return "customers(id, name), orders(id, customer_id, total)"


@tool
def execute_sql(query: str) -> str:
    """Run one SQL statement."""
    return f"ran: {query}"


def call(name: str, args: dict[str, Any], n: int) -> AIMessage:
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": f"call-{n}"}])


if __name__ == "__main__":
    query = {"query": "SELECT count(*) FROM orders"}
    model = ScriptedModel(
        responses=[
            call("execute_sql", query, 1),
            call("schema_lookup", {}, 2),
            call("execute_sql", query, 3),
            AIMessage(content="There are 42 orders."),
        ]
    )
    guard = Guard(POLICY, agent="sql")
    agent = create_agent(model, [schema_lookup, execute_sql], middleware=[SpecgapMiddleware(guard)])
    state = agent.invoke({"messages": [{"role": "user", "content": "How many orders?"}]})
    for message in state["messages"]:
        if isinstance(message, ToolMessage):
            print(f"{message.name} [{message.status}]: {message.content}")
    print("answer:", state["messages"][-1].content)
