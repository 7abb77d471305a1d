"""The control IR: Agent Control's field names and meanings, as frozen models.

A control is `scope` (which steps, before or after they run), `selector` (which part of
the step), `evaluator` (`regex` or `list`) and `action` (deny, steer, allow, warn, log).
Optional settings stay `None` when a control leaves them out, so a control read from
Agent Control JSON writes back the same JSON; the `effective_*` properties give the
defaults Agent Control applies.

This module imports nothing of specgap: `specgap.ir` imports it into the `Condition` union.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import re2
from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

StepType = Literal["tool", "llm"]
Stage = Literal["pre", "post"]
Decision = Literal["deny", "steer", "allow", "warn", "log"]
SELECTOR_ROOTS = ("input", "output", "name", "type", "context", "*")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _non_empty(values: tuple[str, ...] | None, what: str) -> tuple[str, ...] | None:
    if values is not None and (not values or any(not v for v in values)):
        raise ValueError(f"`{what}` must be a non-empty list of non-empty strings; omit it for all")
    return values


def compile_re2(pattern: str | bytes, *, ignore_case: bool = False) -> Any:
    """RE2 compiled quietly (RE2 would log a bad pattern to stderr itself)."""
    options = re2.Options()
    options.log_errors = False
    options.case_sensitive = not ignore_case
    return re2.compile(pattern, options)


def check_re2(pattern: str) -> str:
    """The pattern, when RE2 compiles it (linear time, no backreferences or lookaround)."""
    try:
        compile_re2(pattern)
    except re2.error as exc:
        reason = exc.args[0] if exc.args else exc
        reason = reason.decode("utf-8", "replace") if isinstance(reason, bytes) else str(reason)
        raise ValueError(f"`{pattern}` is not an RE2 pattern ({reason})") from None
    return pattern


class ControlScope(_Frozen):
    """Which steps a control applies to; a field left out applies to all."""

    step_types: tuple[StepType, ...] | None = Field(default=None, description="`tool`, `llm`")
    step_names: tuple[str, ...] | None = Field(
        default=None,
        description="step names (tool names, canonical ids or globs such as `db_*`)",
    )
    step_name_regex: str | None = Field(
        default=None, description="RE2 pattern searched in the step name"
    )
    stages: tuple[Stage, ...] | None = Field(
        default=None, description="`pre` (before the step runs), `post` (after, with its output)"
    )

    @field_validator("step_types", "stages", "step_names")
    @classmethod
    def _lists(cls, value: tuple[str, ...] | None, info: ValidationInfo) -> tuple[str, ...] | None:
        return _non_empty(value, info.field_name or "list")

    @field_validator("step_name_regex")
    @classmethod
    def _regex(cls, value: str | None) -> str | None:
        return None if value is None else check_re2(value)


class ControlSelector(_Frozen):
    """A dotted path into the step: `input`, `input.query`, `output`, `name`, `type`,
    `context.user_id`, or `*` for the whole step."""

    path: str = "*"

    @field_validator("path")
    @classmethod
    def _path(cls, value: str) -> str:
        root = value.split(".")[0]
        if root not in SELECTOR_ROOTS or any(not part for part in value.split(".")):
            raise ValueError(f"`{value}` is not a step path; roots: {', '.join(SELECTOR_ROOTS)}")
        return value


class RegexConfig(_Frozen):
    pattern: str
    flags: tuple[Literal["IGNORECASE"], ...] | None = None

    @field_validator("pattern")
    @classmethod
    def _pattern(cls, value: str) -> str:
        return check_re2(value)

    @property
    def ignore_case(self) -> bool:
        return "IGNORECASE" in (self.flags or ())


class RegexEvaluator(_Frozen):
    """Matches when the RE2 pattern is found in the selected value (search, not match)."""

    name: Literal["regex"] = "regex"
    config: RegexConfig


class ListConfig(_Frozen):
    values: tuple[str, ...] = Field(min_length=1)
    logic: Literal["any", "all"] | None = None
    match_on: Literal["match", "no_match"] | None = None
    match_mode: Literal["exact", "contains", "starts_with"] | None = None
    case_sensitive: bool | None = None

    @field_validator("values")
    @classmethod
    def _values(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if not any(v.strip() for v in value):
            raise ValueError("give at least one non-blank value")
        return value

    @property
    def effective_logic(self) -> str:
        return self.logic or "any"

    @property
    def effective_match_on(self) -> str:
        return self.match_on or "match"

    @property
    def effective_match_mode(self) -> str:
        return self.match_mode or "exact"

    @property
    def effective_case_sensitive(self) -> bool:
        return bool(self.case_sensitive)


class ListEvaluator(_Frozen):
    """Matches the selected value (each item of a list) against `values`: `logic` `any`
    (some item matches) or `all` (every item does), `match_on` `no_match` inverts,
    `match_mode` `exact` (whole value), `contains` (a whole word or phrase inside it) or
    `starts_with`; case-insensitive unless `case_sensitive`."""

    name: Literal["list"] = "list"
    config: ListConfig


ControlEvaluator = Annotated[RegexEvaluator | ListEvaluator, Field(discriminator="name")]


class SteeringContext(_Frozen):
    message: str


class ControlAction(_Frozen):
    decision: Decision
    steering_context: SteeringContext | None = None


class Control(_Frozen):
    """One control. Precedence on a step: a matching `allow` overrides the other controls;
    otherwise `deny` > `steer` > `warn` > `log`."""

    operator: Literal["control"] = "control"
    name: str = Field(min_length=1)
    description: str | None = None
    enabled: bool | None = None
    execution: Literal["server", "sdk"] | None = None
    scope: ControlScope | None = Field(default=None, description="left out: every step")
    selector: ControlSelector | None = Field(default=None, description="left out: `*`")
    evaluator: ControlEvaluator
    action: ControlAction

    @property
    def is_enabled(self) -> bool:
        return self.enabled is not False
