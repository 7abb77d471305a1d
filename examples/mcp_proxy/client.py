"""An MCP client (the `mcp` SDK) talking to `server.py` through `specgap mcp-proxy`.

    specgap mcp-proxy --agent sql --policy policy/policy.json -- python server.py

The client sees the server's tools unchanged; the `execute_sql` call made before any
`schema_lookup` is answered by the proxy with the guard's message and never reaches the
server.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import anyio
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

HERE = Path(__file__).resolve().parent
POLICY = HERE.parent.parent / "policy" / "policy.json"
PROXY = ["-m", "specgap", "mcp-proxy", "--agent", "sql"]


async def main() -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=[*PROXY, "--policy", str(POLICY), "--", sys.executable, str(HERE / "server.py")],
        env={k: v for k, v in os.environ.items() if k in ("CALL_LOG", "PATH", "HOME")},
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        listed = await session.list_tools()
        print("tools:", ", ".join(t.name for t in listed.tools))
        for name, args in [
            ("execute_sql", {"query": "SELECT count(*) FROM orders"}),
            ("schema_lookup", {}),
            ("execute_sql", {"query": "SELECT count(*) FROM orders"}),
        ]:
            result = await session.call_tool(name, args)
            text = " ".join(getattr(c, "text", "") for c in result.content)
            print(f"{name}: {'BLOCKED ' if result.is_error else ''}{text}")


if __name__ == "__main__":
    anyio.run(main)
