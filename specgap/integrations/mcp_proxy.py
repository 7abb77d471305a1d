"""`specgap mcp-proxy`: a policy checkpoint between an MCP client and an MCP stdio server.

    specgap mcp-proxy --agent sql -- python my_server.py

The proxy starts the server command and relays the stdio transport (newline-delimited
JSON-RPC) both ways, unchanged, with one exception: each `tools/call` request from the
client is first checked by a `specgap.Guard`. An allowed call goes on to the server, and
the server's result is recorded so later checks see it (ordering, data flow); a result the
after-run check blocks (a control that finds a secret in it) is replaced by the guard's
message (`isError: true`) and never reaches the client. A denied or
steered call never reaches the server: the proxy answers it itself with an MCP
`CallToolResult` carrying the guard's message (`isError: true`), which the client hands to
the model like any tool result. Everything else (`initialize`, `tools/list`, notifications,
server-to-client requests) passes through untouched. One proxy process is one trace.

The relay speaks the transport, not an SDK, so it works with any MCP client and server;
a JSON-RPC batch (an array, dropped from MCP in 2025-06) is checked element by element.
If the guard itself fails on a message, the call is answered with an error and not run
(fail closed), unless the guard's `on_error` says otherwise.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from typing import IO, Any

from specgap.errors import SpecgapError
from specgap.evaluate.engine import BLOCKING
from specgap.guard import Guard

TRACE = "mcp"
Log = Callable[[str], None]


class Relay:
    """The message handling of the proxy, apart from pipes and threads (tested alone)."""

    def __init__(self, guard: Guard, log: Log | None = None) -> None:
        self.guard = guard
        self.log = log or (lambda _text: None)
        self._pending: dict[str, str] = {}  # JSON-RPC id of a forwarded call -> tool name
        self._lock = threading.Lock()

    def from_client(self, message: Any) -> tuple[list[Any], list[Any]]:
        """(messages for the server, answers for the client) for one client message."""
        if isinstance(message, list):
            to_server: list[Any] = []
            to_client: list[Any] = []
            for item in message:
                forward, answer = self.from_client(item)
                to_server += forward
                to_client += answer
            return to_server, to_client
        if not (isinstance(message, dict) and message.get("method") == "tools/call"):
            return [message], []
        request_id = message.get("id")
        raw = message.get("params")
        params: dict[str, Any] = raw if isinstance(raw, dict) else {}
        name = str(params.get("name", ""))
        call = {"name": name, "arguments": params.get("arguments") or {}, "id": request_id}
        try:
            with self._lock:
                decision = self.guard.check(call, trace=TRACE)
        except SpecgapError as exc:
            text = "; ".join(d.message for d in exc.diagnostics)
            self.log(f"specgap mcp-proxy: cannot check `{name}`: {text}")
            result = {"content": [{"type": "text", "text": f"not run: {text}"}], "isError": True}
            return [], [{"jsonrpc": "2.0", "id": request_id, "result": result}]
        if decision.action in BLOCKING:
            self.log(f"specgap mcp-proxy: {decision.action} `{name}`")
            reply = {"jsonrpc": "2.0", "id": request_id, "result": decision.to_mcp_result()}
            return [], [reply]
        if request_id is not None:
            with self._lock:
                self._pending[_key(request_id)] = name
        return [message], []

    def from_server(self, message: Any) -> list[Any]:
        """Messages for the client; results of forwarded calls are recorded first, and a
        result the after-run check blocks is replaced by the guard's answer."""
        if isinstance(message, list):
            return [[self._result(item) for item in message]]
        return [self._result(message)]

    def _result(self, item: Any) -> Any:
        """`item`, or an MCP error result in its place when it answers a forwarded call
        whose result the guard withholds."""
        if not isinstance(item, dict) or "id" not in item or "method" in item:
            return item
        with self._lock:
            name = self._pending.pop(_key(item.get("id")), None)
            if name is None:
                return item
            found = item.get("result")
            result: dict[str, Any] = found if isinstance(found, dict) else {}
            value = result.get("structuredContent", result.get("content"))
            error = "error" in item or bool(result.get("isError"))
            try:
                after = self.guard.record(
                    value, trace=TRACE, call_id=str(item.get("id")), is_error=error
                )
            except SpecgapError:  # a call already folded in by a later check: nothing to record
                return item
        if after.action not in BLOCKING:
            return item
        self.log(f"specgap mcp-proxy: {after.action} the result of `{name}`")
        return {"jsonrpc": "2.0", "id": item.get("id"), "result": after.to_mcp_result()}


def _key(request_id: Any) -> str:
    return json.dumps(request_id, sort_keys=True)


def _write(stream: IO[bytes], lock: threading.Lock, message: Any) -> None:
    data = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"
    with lock:
        stream.write(data)
        stream.flush()


def run_proxy(
    guard: Guard,
    command: Sequence[str],
    stdin: IO[bytes] | None = None,
    stdout: IO[bytes] | None = None,
    log: Log | None = None,
) -> int:
    """Relay between the client on `stdin`/`stdout` and the server `command` until either
    side closes; returns the server's exit code."""
    client_in = stdin or sys.stdin.buffer
    client_out = stdout or sys.stdout.buffer
    say = log or (lambda text: print(text, file=sys.stderr, flush=True))
    relay = Relay(guard, say)
    server = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert server.stdin is not None
    assert server.stdout is not None
    server_in, server_out = server.stdin, server.stdout
    out_lock, in_lock = threading.Lock(), threading.Lock()

    def pump_client() -> None:
        try:
            for line in iter(client_in.readline, b""):
                if not line.strip():
                    continue
                try:
                    message = json.loads(line)
                except ValueError:  # not ours to judge: the server answers parse errors
                    with in_lock:
                        server_in.write(line if line.endswith(b"\n") else line + b"\n")
                        server_in.flush()
                    continue
                forward, answers = relay.from_client(message)
                for item in forward:
                    _write(server_in, in_lock, item)
                for item in answers:
                    _write(client_out, out_lock, item)
        except (BrokenPipeError, OSError):
            pass  # the server went away; the main loop sees its end
        finally:
            with contextlib.suppress(OSError):
                server_in.close()

    reader = threading.Thread(target=pump_client, name="mcp-proxy-client", daemon=True)
    reader.start()
    try:
        for line in iter(server_out.readline, b""):
            if not line.strip():
                continue
            try:
                message = json.loads(line)
            except ValueError:
                with out_lock:
                    client_out.write(line)
                    client_out.flush()
                continue
            for item in relay.from_server(message):
                _write(client_out, out_lock, item)
    except BrokenPipeError:
        pass  # the client went away
    except KeyboardInterrupt:
        server.terminate()
    try:
        return server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        return server.wait()
