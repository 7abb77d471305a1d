"""LLM extraction through Ollama: the client, and extraction of one artifact (its settings:
`llm_settings.py`).

The model reads prose only (prompts, tool and argument descriptions), chunk by chunk, as
delimited data under fixed instructions; it answers in the JSON Schema of
`answer.vocabulary()` (sent as the request's `format`), at temperature 0 with a fixed seed
and a capped answer length. Every answer is validated and grounded (`grounding.py`); a reply
that is not valid JSON, breaks the schema, is too long or does not come in time fails the
whole artifact (`LlmFailure`), so no artifact is ever half extracted. What an artifact's
answers became is returned as a lock entry; a current entry in the lock answers instead of
the server, and with `offline` a missing one is a failure instead of a request.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from specgap import __version__
from specgap.artifacts import Artifact
from specgap.errors import error
from specgap.extract.answer import vocabulary
from specgap.extract.chunks import Chunk, chunk_artifact
from specgap.extract.grounding import ground_rule
from specgap.extract.llm_settings import DEFAULT_HOST, ENV_HOST, ENV_MODEL, ENV_TIMEOUT
from specgap.extract.llm_settings import MAX_NUM_PREDICT as MAX_NUM_PREDICT
from specgap.extract.llm_settings import LlmSettings as LlmSettings
from specgap.extract.llm_settings import answer_tokens as answer_tokens
from specgap.extract.llm_settings import offline_requested as offline_requested
from specgap.extract.llm_settings import resolve_settings as resolve_settings
from specgap.extract.lock import Lock, LockEntry, LockKey
from specgap.ir import CandidateRule, Diagnostic, Severity, Span

MAX_ANSWER_CHARS = 64_000  # a longer reply is refused before it is parsed
_THINKING = re.compile(r"^\s*<think>.*?</think>\s*", re.S)
_SERVER_DOWN = ("llm-unavailable", "llm-model-missing")


class LlmFailure(Exception):
    """The model could not extract an artifact: no answer, or none that can be trusted."""

    def __init__(self, code: str, message: str, help: str, span: Span | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.help = help
        self.span = span

    def at(self, span: Span) -> LlmFailure:
        return LlmFailure(self.code, self.message, self.help, self.span or span)

    def diagnostic(self, path: str, severity: Severity = "error") -> Diagnostic:
        return Diagnostic(
            code=self.code,
            message=self.message,
            severity=severity,
            span=self.span,
            path=None if self.span else path,
            help=self.help,
        )


class Backend:
    """The `ollama` client; every way a request can fail becomes an `LlmFailure`."""

    def __init__(self, settings: LlmSettings) -> None:
        self.settings = settings
        try:  # `ollama` parses `OLLAMA_HOST` on import: a bad one raises ValueError there
            import ollama

            self.client = ollama.Client(
                host=settings.host or DEFAULT_HOST, timeout=settings.timeout
            )
        except ValueError as exc:
            raise error(
                "invalid-setting",
                f"the Ollama host `{os.environ.get(ENV_HOST) or settings.shown_host}` is not "
                f"a valid URL: {str(exc).lower()}",
                path=ENV_HOST if os.environ.get(ENV_HOST) else "[llm] host",
                help="write it as `http://HOST:PORT`, e.g. `http://127.0.0.1:11434`",
            ) from None

    def _call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        import httpx
        import ollama

        s = self.settings
        try:
            return getattr(self.client, method)(*args, **kwargs)
        except httpx.TimeoutException:
            raise LlmFailure(
                "llm-timeout",
                f"`{s.model}` at `{s.shown_host}` did not answer within {s.timeout:g} s",
                f"raise the timeout (`{ENV_TIMEOUT}` or `[llm] timeout`) or use a smaller model",
            ) from None
        except ollama.ResponseError as exc:
            if exc.status_code == 404:
                raise LlmFailure(
                    "llm-model-missing",
                    f"model `{s.model}` is not available at `{s.shown_host}`",
                    f"run `ollama pull {s.model}`, or pick another model with `{ENV_MODEL}`",
                ) from None
            raise LlmFailure(
                "llm-error",
                f"Ollama at `{s.shown_host}` refused the request ({exc.status_code}): "
                f"{str(exc.error).strip().lower()}",
                "see the Ollama server log",
            ) from None
        except (ConnectionError, httpx.HTTPError, httpx.InvalidURL) as exc:
            raise LlmFailure(
                "llm-unavailable",
                f"cannot reach Ollama at `{s.shown_host}` ({type(exc).__name__})",
                f"start it (`ollama serve`) or set `{ENV_HOST}`; with a committed lock, "
                "`specgap build --offline` needs no server",
            ) from None

    def ask(self, system: str, user: str, schema: dict[str, Any], data: str) -> str:
        """The model's answer; one cut off by the answer budget is an `llm-truncated`
        failure, never parsed (it would only look like broken JSON)."""
        options = self.settings.request_options(data)
        response = self._call(
            "chat",
            model=self.settings.model,
            messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
            format=schema,
            options=options,
            think=False,
            stream=False,
        )
        if getattr(response, "done_reason", None) == "length":
            raise LlmFailure(
                "llm-truncated",
                f"the model's answer was cut off at its budget of {options['num_predict']} "
                "tokens before it was complete",
                "the budget fits a rule for every line and sentence of the excerpt, quoted "
                "whole; a model that outgrows it is usually repeating itself: try a larger model",
            )
        return str(response.message.content or "")

    def models(self) -> list[str]:
        listed = self._call("list")
        return [str(m.model) for m in listed.models if m.model]

    def show(self, model: str) -> Any:
        return self._call("show", model)


@dataclass(frozen=True)
class Outcome:
    rules: tuple[CandidateRule, ...]
    dropped: tuple[Diagnostic, ...]
    entry: LockEntry
    from_lock: bool


@dataclass
class LlmExtractor:
    """Extracts one artifact at a time; remembers a server that is down for the rest."""

    settings: LlmSettings
    lock: Lock = field(default_factory=Lock)
    offline: bool = False
    backend: Backend | None = None
    _down: LlmFailure | None = None

    def chunks(self, artifact: Artifact) -> tuple[Chunk, ...]:
        return chunk_artifact(artifact, self.settings.chunk_budget())

    def key(self, artifact: Artifact) -> LockKey:
        return LockKey(artifact.sha256, self.settings.model, vocabulary().version, __version__)

    def extract(self, artifact: Artifact) -> Outcome:
        """The artifact's rules from the lock, else from the model; raises `LlmFailure`."""
        key = self.key(artifact)
        locked = self.lock.get(key, artifact.path)
        if locked is not None:
            return Outcome(locked.rules, locked.dropped, locked, True)
        if self.offline:
            raise LlmFailure(
                "lock-miss",
                f"`{artifact.path}` has no current entry in `{self.settings.lock_display}` "
                f"(model `{key.model}`, prompt {key.prompt_version}, "
                f"specgap {key.specgap_version})",
                f"run `specgap build --extractor llm` where Ollama is reachable, then commit "
                f"`{self.settings.lock_display}`",
            )
        rules: dict[str, CandidateRule] = {}
        dropped: list[Diagnostic] = []
        for chunk in self.chunks(artifact):
            for found in self._ask(chunk):
                if isinstance(found, Diagnostic):
                    dropped.append(found)
                else:
                    rules.setdefault(_identity(found), found)
        ordered = sorted(rules.values(), key=lambda r: (r.span.start_byte, r.span.end_byte))
        fresh = LockEntry(
            artifact=artifact.path,
            sha256=key.sha256,
            model=key.model,
            prompt_version=key.prompt_version,
            specgap_version=key.specgap_version,
            rules=tuple(ordered),
            dropped=tuple(sorted(dropped, key=Diagnostic.sort_key)),
        )
        # Round-trip so a fresh entry is the very value a later build reads from the lock.
        entry = LockEntry.model_validate_json(fresh.model_dump_json(by_alias=True))
        return Outcome(entry.rules, entry.dropped, entry, False)

    def _ask(self, chunk: Chunk) -> list[CandidateRule | Diagnostic]:
        if self._down is not None:
            raise self._down.at(chunk.span())
        if self.backend is None:
            self.backend = Backend(self.settings)
        vocab = vocabulary()
        try:
            content = self.backend.ask(
                vocab.system, user_message(chunk), vocab.schema, chunk.data()
            )
            answer = parse_answer(content, vocab.answer)
        except LlmFailure as failure:
            if failure.code in _SERVER_DOWN:
                self._down = failure
            raise failure.at(chunk.span()) from None
        return [
            ground_rule(item, chunk, self.settings.extractor, vocab.tool_params[item.operator])
            for item in answer.rules  # type: ignore[attr-defined]
        ]


def user_message(chunk: Chunk) -> str:
    """The request's only variable part: what is read, as delimited data. No path, so the
    request is a function of the artifact's content alone, as its lock key is."""
    what = {
        "prompt": "an agent's system prompt (Markdown)",
        "tools": "tool descriptions. Each block starts with a `###` header line that is not "
        "part of the text; quote only from the text under a header",
    }.get(chunk.artifact.kind, "an agent's configuration")
    tag = chunk.delimiter()
    return (
        f"Excerpt {chunk.part} of {chunk.parts} of {what}.\n"
        f"<<<DATA {tag}\n{chunk.data()}\nDATA {tag}>>>"
    )


def parse_answer(content: str, model: type[BaseModel]) -> BaseModel:
    """Size cap, JSON, schema: any failure is an `LlmFailure`, never a partial answer."""
    advice = "try a larger model (`specgap doctor` checks one)"
    if len(content) > MAX_ANSWER_CHARS:
        raise LlmFailure(
            "llm-answer-too-large",
            f"the model's answer has {len(content)} characters, over the cap of {MAX_ANSWER_CHARS}",
            advice,
        )
    content = _THINKING.sub("", content)
    try:  # not strict: a raw tab or newline inside a string is what the model meant
        data = json.loads(content, strict=False)
    except json.JSONDecodeError as exc:
        raise LlmFailure(
            "llm-invalid-json",
            f"the model's answer is not JSON ({exc.msg.lower()}: line {exc.lineno}, "
            f"column {exc.colno})",
            advice,
        ) from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "/"
        shown = first["msg"].lower()
        shown = shown if len(shown) <= 160 else shown[:159] + "…"
        raise LlmFailure(
            "llm-schema-violation",
            f"the model's answer breaks the answer schema at `{where}`: {shown} "
            f"({exc.error_count()} errors)",
            advice,
        ) from None


def _identity(rule: CandidateRule) -> str:
    params = json.dumps(rule.params, sort_keys=True)
    return f"{rule.span.start_byte}:{rule.span.end_byte}:{rule.operator}:{rule.target}:{params}"
