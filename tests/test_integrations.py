"""The guard inside agent runtimes, against the real libraries: the MCP stdio proxy with a
server and a client from the `mcp` SDK, the `@guarded` decorator, LangChain agent
middleware, a wrapped LangChain tool, and OpenAI Agents SDK tool guardrails.

Every case replays the reference SQL agent's rule "call `schema_lookup` before
`execute_sql`": an `execute_sql` first is blocked and must not run; after a lookup it runs.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from specgap.api import build
from specgap.config import load_project
from specgap.guard import Guard
from specgap.integrations.decorator import ToolBlocked, guarded
from specgap.integrations.mcp_proxy import Relay
from specgap.ir import Bundle
from tests.cli_helpers import LOCATED, specgap
from tests.conftest import ROOT

QUERY = {"query": "SELECT count(*) FROM orders LIMIT 1"}  # an unbounded query is denied
SCRIPT = [("execute_sql", QUERY), ("schema_lookup", {}), ("execute_sql", QUERY)]
PROXY = ["-m", "specgap", "mcp-proxy", "--agent", "sql"]
POLICY = ROOT / "policy" / "policy.json"
RAN = ["schema_lookup", "execute_sql"]  # what reaches the tools: the first call does not


@pytest.fixture(scope="module")
def bundle() -> Bundle:
    project = load_project(ROOT / "specgap.toml")
    built, _ = build(project)
    return built


@pytest.fixture
def guard(bundle: Bundle) -> Guard:
    return Guard(bundle, "sql")


# --- @guarded -------------------------------------------------------------------------


@pytest.mark.parametrize("asynchronous", [False, True], ids=["sync", "async"])
def test_guarded_functions_run_only_when_allowed(guard: Guard, asynchronous: bool) -> None:
    ran: list[str] = []

    if asynchronous:

        @guarded(guard)
        async def schema_lookup(table: str | None = None) -> str:
            ran.append("schema_lookup")
            return "orders(id)"

        @guarded(guard)
        async def execute_sql(query: str) -> str:
            ran.append("execute_sql")
            return "42"

        tools: dict[str, Any] = {"schema_lookup": schema_lookup, "execute_sql": execute_sql}
        replies = [asyncio.run(tools[name](**args)) for name, args in SCRIPT]
    else:

        @guarded(guard)
        def schema_lookup(table: str | None = None) -> str:
            ran.append("schema_lookup")
            return "orders(id)"

        @guarded(guard)
        def execute_sql(query: str) -> str:
            ran.append("execute_sql")
            return "42"

        tools = {"schema_lookup": schema_lookup, "execute_sql": execute_sql}
        replies = [tools[name](**args) for name, args in SCRIPT]
    assert ran == RAN
    assert "was not run" in replies[0]
    assert "schema_lookup" in replies[0]
    assert replies[1:] == ["orders(id)", "42"]


def test_guarded_can_raise_and_records_failures(guard: Guard) -> None:
    @guarded(guard, name="execute_sql", on_block="raise")
    def run(query: str) -> str:
        raise RuntimeError("warehouse down")

    with pytest.raises(ToolBlocked) as blocked:
        run("SELECT 1")
    assert blocked.value.decision.blocked

    @guarded(guard)
    def schema_lookup() -> str:
        return "orders(id)"

    schema_lookup()
    with pytest.raises(RuntimeError, match="warehouse down"):
        run("SELECT 1")  # allowed now: the body runs and its error propagates
    # a destructive statement stays denied whatever came before
    with pytest.raises(ToolBlocked, match="DELETE"):
        run("DELETE FROM orders")


# --- the MCP proxy's relay, without pipes ------------------------------------------------


def _rpc(n: int, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": n, "method": method, "params": params or {}}


def test_the_relay_answers_denied_calls_and_forwards_the_rest(guard: Guard) -> None:
    relay = Relay(guard)
    listing = _rpc(1, "tools/list")
    assert relay.from_client(listing) == ([listing], [])
    first = _rpc(2, "tools/call", {"name": "execute_sql", "arguments": QUERY})
    forward, answers = relay.from_client(first)
    assert forward == []
    [answer] = answers
    assert answer["id"] == 2
    assert answer["result"]["isError"] is True
    assert "schema_lookup" in answer["result"]["content"][0]["text"]
    lookup = _rpc(3, "tools/call", {"name": "schema_lookup", "arguments": {}})
    assert relay.from_client(lookup) == ([lookup], [])
    reply = {"jsonrpc": "2.0", "id": 3, "result": {"content": [{"type": "text", "text": "ok"}]}}
    assert relay.from_server(reply) == [reply]
    again = _rpc(4, "tools/call", {"name": "execute_sql", "arguments": QUERY})
    assert relay.from_client(again) == ([again], [])
    # a batch is checked element by element
    batch = [_rpc(5, "tools/call", {"name": "execute_sql", "arguments": {"query": "DROP x"}})]
    forward, answers = relay.from_client(batch)
    assert forward == []
    assert [a["id"] for a in answers] == [5]


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (
            ["mcp-proxy", "--agent", "sql", "--policy", "policy/policy.json"],
            "missing-server-command",
        ),
        (
            ["mcp-proxy", "--agent", "nobody", "--policy", "policy/policy.json", "--", "true"],
            "unknown-agent",
        ),
        (
            ["mcp-proxy", "--agent", "sql", "--policy", "policy/policy.json", "--", "no-such-srv"],
            "missing-server-command",
        ),
    ],
    ids=["no-command", "unknown-agent", "missing-command"],
)
def test_mcp_proxy_bad_input_is_a_located_diagnostic(
    argv: list[str], code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    run = specgap(*argv)
    assert run.code == 2
    found = LOCATED.search(run.stderr)
    assert found is not None
    assert found["code"] == code


# --- the MCP proxy, between a real client and a real server ------------------------------

SERVER = """
import os
from mcp.server.mcpserver import MCPServer

server = MCPServer("warehouse-under-test")

def _reached(name):
    with open(os.environ["REACHED"], "a") as handle:
        handle.write(name + "\\n")

@server.tool()
def schema_lookup(table: str | None = None) -> str:
    \"\"\"Tables of the test warehouse.\"\"\"
    _reached("schema_lookup")
    return "orders(id)"

@server.tool()
def execute_sql(query: str) -> str:
    \"\"\"Run one statement.\"\"\"
    _reached("execute_sql")
    return "42"

server.run()
"""


@pytest.mark.slow
def test_mcp_proxy_between_a_real_client_and_a_real_server(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    server = tmp_path / "server.py"
    server.write_text(textwrap.dedent(SERVER))
    reached = tmp_path / "reached.txt"
    reached.touch()
    params = StdioServerParameters(
        command=sys.executable,
        args=[*PROXY, "--policy", str(POLICY), "--", sys.executable, str(server)],
        env={"REACHED": str(reached), "PATH": os.environ["PATH"]},
        cwd=str(tmp_path),
    )

    async def session() -> tuple[list[str], list[Any], list[list[str]]]:
        results: list[Any] = []
        seen: list[list[str]] = []
        async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            names = [t.name for t in (await s.list_tools()).tools]
            for name, args in SCRIPT:
                results.append(await s.call_tool(name, args))
                seen.append(reached.read_text().split())
        return names, results, seen

    names, results, seen = asyncio.run(asyncio.wait_for(session(), timeout=60))
    assert sorted(names) == ["execute_sql", "schema_lookup"]  # tools/list passes through
    denied = results[0]
    assert denied.is_error is True
    assert "schema_lookup" in denied.content[0].text
    assert seen[0] == []  # the denied call never reached the server
    assert [r.is_error for r in results[1:]] == [False, False]
    assert [r.content[0].text for r in results[1:]] == ["orders(id)", "42"]
    assert seen[-1] == RAN


# --- LangChain ---------------------------------------------------------------------------


def _lc_tools(ran: list[str]) -> list[Any]:
    from langchain_core.tools import tool

    @tool
    def schema_lookup() -> str:
        """Tables of the test warehouse."""
        ran.append("schema_lookup")
        return "orders(id)"

    @tool
    def execute_sql(query: str) -> str:
        """Run one statement."""
        ran.append("execute_sql")
        return "42"

    return [schema_lookup, execute_sql]


def test_langchain_agent_middleware_blocks_before_the_tool_runs(guard: Guard) -> None:
    pytest.importorskip("langchain.agents")
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
    from langchain_core.messages import AIMessage, ToolMessage

    from specgap.integrations.langchain_middleware import SpecgapMiddleware

    class Scripted(FakeMessagesListChatModel):
        def bind_tools(self, tools: Any, **kwargs: Any) -> Scripted:
            return self

    replies = [
        AIMessage(content="", tool_calls=[{"name": n, "args": a, "id": f"c{i}"}])
        for i, (n, a) in enumerate(SCRIPT)
    ]
    model = Scripted(responses=[*replies, AIMessage(content="42 orders")])
    ran: list[str] = []
    agent = create_agent(model, _lc_tools(ran), middleware=[SpecgapMiddleware(guard)])
    state = agent.invoke({"messages": [{"role": "user", "content": "how many orders?"}]})
    tool_messages = [m for m in state["messages"] if isinstance(m, ToolMessage)]
    assert [m.status for m in tool_messages] == ["error", "success", "success"]
    assert "schema_lookup" in tool_messages[0].content
    assert tool_messages[0].tool_call_id == "c0"
    assert ran == RAN


def test_a_wrapped_langchain_tool_keeps_its_schema_and_is_checked(guard: Guard) -> None:
    pytest.importorskip("langchain_core")
    from specgap.integrations.langchain import guard_tool

    ran: list[str] = []
    lookup, execute = (guard_tool(t, guard) for t in _lc_tools(ran))
    assert execute.name == "execute_sql"
    assert set(execute.args) == {"query"}
    tools = {"schema_lookup": lookup, "execute_sql": execute}
    replies = [tools[name].invoke(args) for name, args in SCRIPT]
    assert ran == RAN
    assert "was not run" in replies[0]
    assert replies[2] == "42"


# --- OpenAI Agents SDK -------------------------------------------------------------------


@pytest.mark.slow  # importing the SDK alone takes about 2 s
def test_openai_agents_tool_guardrails_reject_before_the_tool_runs(guard: Guard) -> None:
    pytest.importorskip("agents")
    from agents import Agent, Runner, function_tool, set_tracing_disabled
    from agents.testing import ScriptedModel, assistant_message, function_call

    from specgap.integrations.openai_agents import guard_tools

    set_tracing_disabled(True)
    ran: list[str] = []

    @function_tool
    def schema_lookup() -> str:
        """Tables of the test warehouse."""
        ran.append("schema_lookup")
        return "orders(id)"

    @function_tool
    def execute_sql(query: str) -> str:
        """Run one statement."""
        ran.append("execute_sql")
        return "42"

    guard_tools([schema_lookup, execute_sql], guard)
    steps = [[function_call(n, a, call_id=f"c{i}")] for i, (n, a) in enumerate(SCRIPT)]
    model = ScriptedModel([*steps, [assistant_message("42 orders")]])
    agent = Agent(name="analyst", model=model, tools=[schema_lookup, execute_sql])
    result = Runner.run_sync(agent, "how many orders?")
    outputs = [i.output for i in result.new_items if i.type == "tool_call_output_item"]
    assert len(outputs) == 3
    assert "schema_lookup" in str(outputs[0])
    assert [str(o) for o in outputs[1:]] == ["orders(id)", "42"]
    assert ran == RAN
    assert result.final_output == "42 orders"


# --- the examples run --------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("example", "needs", "expected"),
    [
        ("guarded_function.py", None, "was not run"),
        ("mcp_proxy/client.py", "mcp", "BLOCKED"),
        ("langchain_agent.py", "langchain.agents", "execute_sql [error]"),
        ("openai_agents_guardrail.py", "agents", "answer: "),
    ],
)
def test_the_examples_run(example: str, needs: str | None, expected: str) -> None:
    if needs:
        pytest.importorskip(needs)
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / example)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout
    json.dumps(done.stdout)  # printable output


# --- the after-run check: a result a control withholds never reaches the model -----------

SECRET = "AKIA" + "ZZTESTONLY000042"  # shaped like an AWS access key id, and fake
WITHHELD = "The result of `fetch` was withheld."
FETCHES = [("https://clean.example", "no secrets here"), ("https://leak.example", SECRET)]


def _fetch(url: str) -> str:
    """What the test `fetch` tool returns: a key for the leaky address only."""
    return dict(FETCHES)[url]


def _post_guard(decision: str = "deny") -> Guard:
    """A one-tool agent (`fetch`) with a post-stage control on tool results."""
    from specgap.ir import AgentBundle, Extraction, ToolSummary
    from tests.controls_helpers import control, policy, regex

    keys = control(
        regex("AKIA[0-9A-Z]{16}"),
        decision,
        name="no-keys-in-results",
        scope={"step_types": ["tool"], "stages": ["post"]},
        selector={"path": "output"},
    )
    agent = AgentBundle(
        id="t",
        artifacts=(),
        tools=(ToolSummary(id="fetch", names=("fetch",), effects=()),),
        policies=(policy(keys),),
        candidates=(),
        resolutions=(),
        extraction=Extraction(mode="deterministic"),
    )
    return Guard(agent)


@pytest.mark.parametrize(
    ("asynchronous", "decision", "withheld"),
    [(False, "deny", True), (True, "deny", True), (False, "warn", False), (True, "log", False)],
    ids=["sync-deny", "async-deny", "sync-warn", "async-log"],
)
def test_guarded_withholds_a_result_the_after_run_check_blocks(
    asynchronous: bool, decision: str, withheld: bool
) -> None:
    guard = _post_guard(decision)
    ran: list[str] = []

    if asynchronous:

        @guarded(guard)
        async def fetch(url: str) -> str:
            ran.append(url)
            return _fetch(url)

        replies = [asyncio.run(fetch(url)) for url, _ in FETCHES]
    else:

        @guarded(guard)
        def fetch(url: str) -> str:
            ran.append(url)
            return _fetch(url)

        replies = [fetch(url) for url, _ in FETCHES]
    assert ran == [url for url, _ in FETCHES]  # both calls ran: only the result is judged
    assert replies[0] == "no secrets here"
    if withheld:
        assert replies[1].startswith(WITHHELD)
        assert SECRET not in replies[1]
    else:
        assert replies[1] == SECRET


def test_guarded_raises_for_a_withheld_result_when_asked_to() -> None:
    @guarded(_post_guard(), on_block="raise")
    def fetch(url: str) -> str:
        return _fetch(url)

    assert fetch("https://clean.example") == "no secrets here"
    with pytest.raises(ToolBlocked) as blocked:
        fetch("https://leak.example")
    assert blocked.value.decision.blocked
    assert SECRET not in str(blocked.value)


def _mcp_reply(n: int, text: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": n, "result": {"content": [{"type": "text", "text": text}]}}


@pytest.mark.parametrize("batched", [False, True], ids=["single", "batch"])
def test_the_relay_withholds_a_result_the_after_run_check_blocks(batched: bool) -> None:
    relay = Relay(_post_guard())
    answers: list[Any] = []
    for n, (url, text) in enumerate(FETCHES, start=1):
        request = _rpc(n, "tools/call", {"name": "fetch", "arguments": {"url": url}})
        assert relay.from_client(request) == ([request], [])  # the call itself is allowed
        reply = _mcp_reply(n, text)
        [answer] = relay.from_server([reply] if batched else reply)
        answers.append(answer[0] if batched else answer)
    clean, leaked = answers
    assert clean == _mcp_reply(1, "no secrets here")
    assert leaked["id"] == 2
    assert leaked["result"]["isError"] is True
    assert leaked["result"]["content"][0]["text"].startswith(WITHHELD)
    assert SECRET not in json.dumps(leaked)


def _lc_fetch(ran: list[str]) -> Any:
    from langchain_core.tools import tool

    @tool
    def fetch(url: str) -> str:
        """Read one web page."""
        ran.append(url)
        return _fetch(url)

    return fetch


def test_langchain_middleware_withholds_a_result_the_after_run_check_blocks() -> None:
    pytest.importorskip("langchain.agents")
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
    from langchain_core.messages import AIMessage, ToolMessage

    from specgap.integrations.langchain_middleware import SpecgapMiddleware

    class Scripted(FakeMessagesListChatModel):
        def bind_tools(self, tools: Any, **kwargs: Any) -> Scripted:
            return self

    replies = [
        AIMessage(content="", tool_calls=[{"name": "fetch", "args": {"url": u}, "id": f"c{i}"}])
        for i, (u, _) in enumerate(FETCHES)
    ]
    model = Scripted(responses=[*replies, AIMessage(content="done")])
    ran: list[str] = []
    middleware = SpecgapMiddleware(_post_guard())
    agent = create_agent(model, [_lc_fetch(ran)], middleware=[middleware])
    state = agent.invoke({"messages": [{"role": "user", "content": "read both pages"}]})
    tool_messages = [m for m in state["messages"] if isinstance(m, ToolMessage)]
    assert ran == [url for url, _ in FETCHES]
    assert [m.status for m in tool_messages] == ["success", "error"]
    assert [m.tool_call_id for m in tool_messages] == ["c0", "c1"]
    assert tool_messages[0].content == "no secrets here"
    assert tool_messages[1].content.startswith(WITHHELD)
    assert all(SECRET not in str(m.content) for m in state["messages"])


@pytest.mark.parametrize("asynchronous", [False, True], ids=["sync", "async"])
def test_a_wrapped_langchain_tool_withholds_a_blocked_result(asynchronous: bool) -> None:
    pytest.importorskip("langchain_core")
    from specgap.integrations.langchain import guard_tool

    ran: list[str] = []
    fetch = guard_tool(_lc_fetch(ran), _post_guard())
    if asynchronous:
        replies = [asyncio.run(fetch.ainvoke({"url": url})) for url, _ in FETCHES]
    else:
        replies = [fetch.invoke({"url": url}) for url, _ in FETCHES]
    assert ran == [url for url, _ in FETCHES]
    assert replies[0] == "no secrets here"
    assert replies[1].startswith(WITHHELD)
    assert SECRET not in replies[1]


@pytest.mark.slow  # importing the SDK alone takes about 2 s
def test_openai_agents_output_guardrail_rejects_a_blocked_result() -> None:
    pytest.importorskip("agents")
    from agents import Agent, Runner, function_tool, set_tracing_disabled
    from agents.testing import ScriptedModel, assistant_message, function_call

    from specgap.integrations.openai_agents import guard_tools

    set_tracing_disabled(True)
    ran: list[str] = []

    @function_tool
    def fetch(url: str) -> str:
        """Read one web page."""
        ran.append(url)
        return _fetch(url)

    guard_tools([fetch], _post_guard())
    steps = [
        [function_call("fetch", {"url": u}, call_id=f"c{i}")] for i, (u, _) in enumerate(FETCHES)
    ]
    model = ScriptedModel([*steps, [assistant_message("done")]])
    agent = Agent(name="reader", model=model, tools=[fetch])
    result = Runner.run_sync(agent, "read both pages")
    outputs = [str(i.output) for i in result.new_items if i.type == "tool_call_output_item"]
    assert ran == [url for url, _ in FETCHES]
    assert outputs[0] == "no secrets here"
    assert outputs[1].startswith(WITHHELD)
    assert all(SECRET not in json.dumps(i.to_input_item(), default=str) for i in result.new_items)


LEAKY_SERVER = """
from mcp.server.mcpserver import MCPServer

server = MCPServer("pages-under-test")
PAGES = {PAGES!r}

@server.tool()
def fetch(url: str) -> str:
    \"\"\"Read one web page.\"\"\"
    return PAGES[url]

server.run()
"""


@pytest.mark.slow
def test_mcp_proxy_withholds_a_result_under_the_cloud_agents_control(tmp_path: Path) -> None:
    """The reference cloud agent's control (fixtures/cloud/config.yaml), between a real
    client and a real server: the leaky page's text never reaches the client."""
    pytest.importorskip("mcp")
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    server = tmp_path / "server.py"
    server.write_text(textwrap.dedent(LEAKY_SERVER).replace("{PAGES!r}", repr(dict(FETCHES))))
    params = StdioServerParameters(
        command=sys.executable,
        args=[
            *PROXY[:-1],
            "cloud",
            "--policy",
            str(POLICY),
            "--",
            sys.executable,
            str(server),
        ],
        env={"PATH": os.environ["PATH"]},
        cwd=str(tmp_path),
    )

    async def session() -> list[Any]:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            return [await s.call_tool("fetch", {"url": url}) for url, _ in FETCHES]

    clean, leaked = asyncio.run(asyncio.wait_for(session(), timeout=60))
    assert clean.is_error is False
    assert clean.content[0].text == "no secrets here"
    assert leaked.is_error is True
    assert leaked.content[0].text.startswith(WITHHELD)
    assert SECRET not in leaked.model_dump_json()
