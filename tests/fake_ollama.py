"""A scripted stand-in for Ollama: a real HTTP server on 127.0.0.1 that speaks enough of
`/api/chat`, `/api/tags` and `/api/show` for the real `ollama` client.

Each test scripts `server.reply`, a function from the chat request body to a `Reply`;
`model_answering(...)` plays a faithful model that returns canned rules whose anchor text
is in the data it was sent, and `replaying(name)` plays back the answers a real model gave
(recorded under `tests/data/llm/`). Every chat request body is kept in `server.requests`.
"""

from __future__ import annotations

import json
import re
import socket
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

MODEL = "qwen3:8b"
RECORDED = Path(__file__).parent / "data" / "llm"
_DATA = re.compile(r"<<<DATA (?P<tag>[0-9a-f]+)\n(?P<data>.*)\nDATA (?P=tag)>>>\Z", re.S)


@dataclass(frozen=True)
class Reply:
    content: str = '{"rules": []}'
    delay: float = 0.0  # seconds before answering
    status: int = 200
    error: str = ""
    done_reason: str = "stop"  # "length": the model ran out of `num_predict` mid-answer


Responder = Callable[[dict[str, Any]], Reply]


def data_of(request: dict[str, Any]) -> str:
    """The delimited data of a chat request (the artifact text the model is shown)."""
    user = next(m["content"] for m in request["messages"] if m["role"] == "user")
    found = _DATA.search(user)
    assert found is not None, f"no delimited data in {user!r}"
    return found["data"]


def model_answering(rules: list[dict[str, Any]]) -> Responder:
    """A model that answers each rule whose `anchor` (default: its quote) is in the data."""

    def reply(request: dict[str, Any]) -> Reply:
        data = data_of(request)
        chosen = [
            {k: v for k, v in rule.items() if k != "anchor"}
            for rule in rules
            if rule.get("anchor", rule["quote"]) in data
        ]
        return Reply(json.dumps({"rules": chosen}))

    return reply


def recorded(name: str) -> dict[str, Any]:
    """A recording: `{"model", "how", "answers": [{"anchor", "content", "done_reason"}]}`."""
    data: dict[str, Any] = json.loads((RECORDED / f"{name}.json").read_text("utf-8"))
    return data


def replaying(name: str, otherwise: Responder | None = None) -> Responder:
    """A model that gives, for each request, the recorded answer whose `anchor` is in the
    data it was sent (the first such answer); for other data, `otherwise` answers (default:
    `{"rules": []}`)."""
    answers = recorded(name)["answers"]

    def reply(request: dict[str, Any]) -> Reply:
        data = data_of(request)
        for answer in answers:
            if answer["anchor"] in data:
                return Reply(answer["content"], done_reason=answer.get("done_reason", "stop"))
        return otherwise(request) if otherwise is not None else Reply()

    return reply


class JsonHandler(BaseHTTPRequestHandler):
    """What both Ollama-compatible test servers share: quiet, JSON in and out."""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:
            pass  # the client gave up (its timeout): nothing to answer

    def _body(self) -> dict[str, Any]:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b"{}"
        parsed: dict[str, Any] = json.loads(raw)
        return parsed


class FakeOllama:
    def __init__(self, models: tuple[str, ...] = (MODEL,)) -> None:
        self.models = list(models)
        self.reply: Responder = lambda request: Reply()
        self.requests: list[dict[str, Any]] = []
        self._stop = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.02,), daemon=True
        )

    @property
    def host(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> FakeOllama:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()  # cuts short any reply still waiting out its delay
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(JsonHandler):
            def do_GET(self) -> None:
                if self.path == "/api/tags":
                    self._send(200, {"models": [_listed(m) for m in fake.models]})
                elif self.path == "/api/version":
                    self._send(200, {"version": "0.6.0"})
                else:
                    self._send(404, {"error": "not found"})

            def do_POST(self) -> None:
                body = self._body()
                model = str(body.get("model", ""))
                if self.path == "/api/show":
                    if model not in fake.models:
                        self._send(404, {"error": f"model '{model}' not found"})
                    else:
                        self._send(200, _shown())
                    return
                if self.path != "/api/chat":
                    self._send(404, {"error": "not found"})
                    return
                fake.requests.append(body)
                if model not in fake.models:
                    error = f'model "{model}" not found, try pulling it first'
                    self._send(404, {"error": error})
                    return
                reply = fake.reply(body)
                if reply.delay and fake._stop.wait(reply.delay):
                    return
                if reply.status != 200:
                    self._send(reply.status, {"error": reply.error or "failed"})
                    return
                self._send(
                    200,
                    {
                        "model": model,
                        "created_at": "2025-01-01T00:00:00Z",
                        "message": {"role": "assistant", "content": reply.content},
                        "done": True,
                        "done_reason": reply.done_reason,
                        "total_duration": 1000,
                        "eval_count": 10,
                    },
                )

        return Handler


def _listed(model: str) -> dict[str, Any]:
    return {
        "name": model,
        "model": model,
        "modified_at": "2025-01-01T00:00:00Z",
        "size": 5_200_000_000,
        "digest": "0" * 64,
        "details": {"format": "gguf", "family": "qwen3", "parameter_size": "8.2B"},
    }


def _shown() -> dict[str, Any]:
    return {
        "modelfile": "FROM qwen3",
        "parameters": "",
        "template": "{{ .Prompt }}",
        "details": {
            "format": "gguf",
            "family": "qwen3",
            "parameter_size": "8.2B",
            "quantization_level": "Q4_K_M",
        },
        "model_info": {"qwen3.context_length": 40960},
        "capabilities": ["completion", "tools", "thinking"],
        "modified_at": "2025-01-01T00:00:00Z",
    }


def refused_host() -> str:
    """A loopback address where nothing listens: connecting is refused at once."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def serving() -> Iterator[FakeOllama]:
    """Body of a fixture: a started server, stopped afterwards."""
    server = FakeOllama().start()
    try:
        yield server
    finally:
        server.stop()


# Rules a faithful model finds in the reference `sql` prompt (fixtures/sql/prompt.md).
SQL_RULES: list[dict[str, Any]] = [
    {
        "quote": "Always call `sql.schema_lookup` before `sql.execute`, so that every query uses "
        "columns that exist.",
        "operator": "require_before",
        "target": "sql.execute",
        "params": {"before": "sql.schema_lookup"},
    },
    {
        "quote": "Only query the tables `customers`, `orders` and `products`.",
        "operator": "resource_in_allowlist",
        "target": "*",
        "params": {"facet": "tables", "allowed": ["customers", "orders", "products"]},
    },
    {
        "quote": "Return at most 100 rows per query.",
        "operator": "arg_within_bound",
        "target": "*",
        "params": {"facet": "rows", "max": 100},
    },
]


def fresh(server: FakeOllama, monkeypatch: pytest.MonkeyPatch) -> FakeOllama:
    """A shared server reset for one test: answering the SQL rules, the default model
    present, and the environment pointing at it (timeout 5 s, no model or offline override)."""
    server.reply = model_answering(SQL_RULES)
    server.requests.clear()
    server.models[:] = ["qwen3:8b"]
    monkeypatch.setenv("OLLAMA_HOST", server.host)
    monkeypatch.setenv("SPECGAP_LLM_TIMEOUT", "5")
    monkeypatch.delenv("SPECGAP_LLM_MODEL", raising=False)
    monkeypatch.delenv("SPECGAP_OFFLINE", raising=False)
    return server
