"""LLM extraction settings: what shapes a request, read from the environment, the project's
`[llm]` table and the defaults, in that order.

`LlmSettings` is frozen; temperature is always 0 and the seed fixed, so the same settings and
data make the same request. `answer_tokens` caps one reply by the longest faithful answer
the data could have, and `chunk_budget` sizes excerpts so instructions, data and that answer
fit the context. A malformed environment setting is an `invalid-setting` error naming it.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from specgap.config import Project
from specgap.errors import error
from specgap.extract.answer import vocabulary
from specgap.extract.chunks import CHARS_PER_TOKEN, MIN_BUDGET
from specgap.extract.lock import LOCK_NAME

DEFAULT_MODEL = "qwen3:8b"
DEFAULT_HOST = "http://127.0.0.1:11434"
DEFAULT_TIMEOUT = 120.0  # seconds per request; a cold 8B model on CPU needs this much
DEFAULT_NUM_CTX = 8192
DEFAULT_SEED = 42
MAX_NUM_PREDICT = 4096  # answer tokens: caps what one reply may cost and how long it may grow
# An answer quotes the statements it lists as rules and wraps each quote in its JSON
# (target, operator, params: about 125 characters measured on faithful answers): at most the
# data once, plus that wrapping for every line or sentence, plus `{"rules": []}` and slack.
ANSWER_BASE_CHARS = 240
ANSWER_PER_STATEMENT = 160
LINE_CHARS = 80  # a typical statement: excerpts are sized as if every 80 characters held one
_STATEMENT_END = re.compile(r"[.;!?](?=\s+\S)")
ENV_HOST = "OLLAMA_HOST"
ENV_MODEL = "SPECGAP_LLM_MODEL"
ENV_TIMEOUT = "SPECGAP_LLM_TIMEOUT"
ENV_NUM_CTX = "SPECGAP_LLM_NUM_CTX"
ENV_OFFLINE = "SPECGAP_OFFLINE"


@dataclass(frozen=True)
class LlmSettings:
    """Everything that shapes a request. Temperature is always 0."""

    model: str = DEFAULT_MODEL
    host: str | None = None  # None: the client's default, 127.0.0.1:11434
    timeout: float = DEFAULT_TIMEOUT
    num_ctx: int = DEFAULT_NUM_CTX
    seed: int = DEFAULT_SEED
    lock_path: Path | None = None  # None: no lock is read or written
    lock_display: str = f"policy/{LOCK_NAME}"

    @property
    def extractor(self) -> str:
        return f"llm:{self.model}"

    @property
    def shown_host(self) -> str:
        return self.host or DEFAULT_HOST

    def request_options(self, data: str) -> dict[str, Any]:
        """Options of the request carrying `data`: its answer may be as long as an answer
        listing every statement of the data as a rule."""
        return {
            "temperature": 0,
            "seed": self.seed,
            "num_ctx": self.num_ctx,
            "num_predict": answer_tokens(data),
        }

    def chunk_budget(self) -> int:
        """Characters of data per request, so that the instructions, the data and the
        answer expected for it fit `num_ctx`, and that answer fits `MAX_NUM_PREDICT`."""
        system_tokens = math.ceil(len(vocabulary().system) / CHARS_PER_TOKEN) + 64
        per_char = 1 + ANSWER_PER_STATEMENT / LINE_CHARS  # answer characters per data char
        room = (self.num_ctx - system_tokens) * CHARS_PER_TOKEN - ANSWER_BASE_CHARS
        fits_context = room / (1 + per_char)
        fits_answer = (MAX_NUM_PREDICT * CHARS_PER_TOKEN - ANSWER_BASE_CHARS) / per_char
        return max(MIN_BUDGET, int(min(fits_context, fits_answer)))


def answer_tokens(data: str) -> int:
    """`num_predict` for a request with this data: the longest faithful answer (every
    line or sentence a rule, quoted whole), or the excerpt's share of the cap if more."""
    statements = sum(
        1 + len(_STATEMENT_END.findall(line)) for line in data.splitlines() if line.strip()
    )
    per_size = len(data) * (1 + ANSWER_PER_STATEMENT / LINE_CHARS)
    expected = ANSWER_BASE_CHARS + max(len(data) + ANSWER_PER_STATEMENT * statements, per_size)
    return min(MAX_NUM_PREDICT, math.ceil(expected / CHARS_PER_TOKEN))


def resolve_settings(project: Project | None, env: Mapping[str, str] | None = None) -> LlmSettings:
    """Settings from the environment, then the project's `[llm]` table, then the defaults."""
    env = os.environ if env is None else env
    config = project.config.llm if project is not None else None
    model = env.get(ENV_MODEL) or (config.model if config else None) or DEFAULT_MODEL
    host = env.get(ENV_HOST) or (config.host if config else None)
    timeout = _env_number(env, ENV_TIMEOUT, float) or (config.timeout if config else None)
    num_ctx = _env_number(env, ENV_NUM_CTX, int) or (config.num_ctx if config else None)
    seed = config.seed if config and config.seed is not None else DEFAULT_SEED
    lock_path, lock_display = None, f"policy/{LOCK_NAME}"
    if project is not None:
        relative = (config.lock if config else None) or (
            Path(project.config.out).parent / LOCK_NAME
        ).as_posix()
        lock_path = project.root / relative
        lock_display = project.rel(lock_path)
    return LlmSettings(
        model=model,
        host=host,
        timeout=timeout or DEFAULT_TIMEOUT,
        num_ctx=num_ctx or DEFAULT_NUM_CTX,
        seed=seed,
        lock_path=lock_path,
        lock_display=lock_display,
    )


def _env_number(env: Mapping[str, str], name: str, kind: type[int] | type[float]) -> Any:
    raw = env.get(name)
    if not raw:
        return None
    try:
        value = kind(raw)
    except ValueError:
        value = None
    if value is None or value <= 0:
        raise error(
            "invalid-setting",
            f"`{name}` must be a positive {'integer' if kind is int else 'number'}, not `{raw}`",
            path=name,
            help=f"unset `{name}` to use the project config or the default",
        )
    return value


def offline_requested(env: Mapping[str, str] | None = None) -> bool:
    value = (os.environ if env is None else env).get(ENV_OFFLINE, "")
    return value.strip().lower() not in {"", "0", "false", "no"}
