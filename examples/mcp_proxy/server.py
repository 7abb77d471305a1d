"""A small MCP stdio server (the `mcp` SDK) with the SQL agent's two tools.

Every call that reaches it is appended to the file named by `CALL_LOG`, if set, so you can
see which calls the proxy let through.
"""

from __future__ import annotations

import os

from mcp.server.mcpserver import MCPServer

server = MCPServer("warehouse")


def _log(name: str) -> None:
    target = os.environ.get("CALL_LOG")
    if target:
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(name + "\n")


@server.tool()
def schema_lookup(table: str | None = None) -> str:
    """List the tables of the warehouse, or the columns of one table."""
    _log("schema_lookup")
    return "customers(id, name), orders(id, customer_id, total)"


@server.tool()
def execute_sql(query: str) -> str:
    """Run one SQL statement and return the rows."""
    _log("execute_sql")
    return f"ran: {query}"


if __name__ == "__main__":
    server.run()
