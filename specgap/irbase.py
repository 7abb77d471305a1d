"""The lowest layer of the IR: the names and base types every stage, and every operator's
condition model, is built from. It imports nothing of specgap, so `specgap.operators` can
sit below `specgap.ir` (which re-exports all of this)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Category = Literal[
    "interface_validation",
    "authorization_check",
    "workflow_ordering_validation",
    "data_validation",
    "runtime_validation",
    "business_logic_validation",
]
CATEGORIES: tuple[Category, ...] = (
    "interface_validation",
    "authorization_check",
    "workflow_ordering_validation",
    "data_validation",
    "runtime_validation",
    "business_logic_validation",
)
Grounding = Literal["exact", "partial", "inferred"]
ArtifactKind = Literal["prompt", "tools", "config"]
Action = Literal["deny", "steer", "warn", "log", "allow"]
Enforcement = Literal["enforce", "review_only", "eval_required"]
Via = Literal["exact_id", "name", "alias", "fuzzy", "context_keyword", "schema_keyword"]
ResolutionStatus = Literal["resolved", "ambiguous", "unresolved"]
Severity = Literal["error", "warning", "note"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Selector(Frozen):
    """Where a checked value comes from: an argument (dotted path), optionally parsed."""

    arg: str
    extract: Literal["sql_tables", "sql_limit", "sql_verb", "length"] | None = None
    dialect: str | None = Field(
        default=None,
        description="sqlglot dialect the SQL extracts read (`postgres`, `mysql`, ...); "
        "unset: the strict generic dialect",
        exclude_if=lambda value: value is None,  # unset leaves policy ids and bytes as they were
    )
