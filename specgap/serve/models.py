"""Request bodies of the API (pydantic; unknown fields are rejected, so a typo is an error).

The OpenAPI document at `/openapi.json` is generated from these models.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

SteerFormat = Literal["mcp", "openai", "anthropic"]
TraceFormat = Literal[
    "auto", "native", "openai", "responses", "anthropic", "mcp", "otel", "langchain"
]
SESSION_ID = r"^[A-Za-z0-9._:-]{1,128}$"
Event = dict[str, Any]


class Request(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ValidateEvent(Request):
    """One event to decide, with what came before it: `prior_events` (replayed as history
    that ran), or a `session` whose history the server keeps, or both."""

    agent: str = Field(description="the agent whose policy applies")
    event: Event = Field(
        description="a tool call as OpenAI, Anthropic, MCP or LangChain write it, a specgap "
        "event, or a chat message"
    )
    prior_events: list[Event] = Field(
        default=[], description="events that already ran, oldest first"
    )
    session: str | None = Field(
        default=None,
        pattern=SESSION_ID,
        description="keep this conversation's state on the server under this id",
    )
    steer_format: SteerFormat = Field(
        default="mcp",
        description="shape of `steer`, the message to hand back to the model when the call "
        "is blocked or warned: an MCP tools/call result, an OpenAI Chat message or an "
        "Anthropic tool_result block",
    )


class ValidateTrace(Request):
    """A whole trace: `events` (a list in any format the adapters read) or `trace` (a whole
    document, e.g. an OpenTelemetry export); exactly one of them."""

    agent: str
    events: list[Any] | None = None
    trace: dict[str, Any] | None = None
    format: TraceFormat = Field(default="auto", description="the trace format; sniffed by default")

    @model_validator(mode="after")
    def _one_of(self) -> ValidateTrace:
        if (self.events is None) == (self.trace is None):
            raise ValueError("give exactly one of `events` and `trace`")
        return self


class RecordResult(Request):
    """The output of the session's latest allowed call, or of the call with `call_id`."""

    result: Any = None
    call_id: str | None = None
    is_error: bool = False


class SqlExecute(Request):
    """One `sql.execute` call: decided by the guard, and only if allowed run on SQLite."""

    query: str = Field(min_length=1)
    timeout_seconds: float | None = Field(default=None, gt=0, le=600)
    agent: str = "sql"
    prior_events: list[Event] = []
    session: str | None = Field(default=None, pattern=SESSION_ID)


class SqlRunTrace(Request):
    """A trace of the `sql` agent replayed for real: every call is decided first, the
    allowed `sql.execute` and `sql.schema_lookup` calls then run against the warehouse."""

    agent: str = "sql"
    events: list[Any] | None = None
    trace: dict[str, Any] | None = None
    format: TraceFormat = "auto"

    @model_validator(mode="after")
    def _one_of(self) -> SqlRunTrace:
        if (self.events is None) == (self.trace is None):
            raise ValueError("give exactly one of `events` and `trace`")
        return self
