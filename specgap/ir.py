"""The intermediate representation: a closed set of frozen models shared by every stage.

Everything that crosses a stage boundary is defined here, so the JSON Schema of the bundle
(`policy/schema.json`) is generated from one place.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from specgap.controls.model import Control

SCHEMA_VERSION = "1"

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


class Span(Frozen):
    """A region of an artifact: 1-based lines and columns (columns count characters),
    UTF-8 byte offsets; the end is exclusive, as in SARIF."""

    path: str
    start_line: int
    start_col: int
    end_line: int
    end_col: int
    start_byte: int
    end_byte: int

    def location(self) -> str:
        return f"{self.path}:{self.start_line}:{self.start_col}"


class Diagnostic(Frozen):
    """A finding about the inputs. `code` is stable kebab-case and doubles as SARIF ruleId."""

    code: str
    message: str
    severity: Severity = "error"
    span: Span | None = None
    path: str | None = None
    help: str | None = None

    def sort_key(self) -> tuple[str, int, int, str, str]:
        if self.span is not None:
            return (
                self.span.path,
                self.span.start_line,
                self.span.start_col,
                self.code,
                self.message,
            )
        return (self.path or "", 0, 0, self.code, self.message)

    def render(self) -> str:
        where = self.span.location() if self.span else f"{self.path or '<input>'}:1:1"
        text = f"{where}: {self.code}: {self.message}"
        if self.help:
            text += f"\n  help: {self.help}"
        return text


class ArtifactRef(Frozen):
    kind: ArtifactKind
    path: str
    sha256: str


class CandidateRule(Frozen):
    """A rule as the extractor found it: raw mentions, not yet resolved tool ids."""

    text: str
    span: Span
    quote: str
    target: str | None = Field(description="raw mention of the tool the rule constrains")
    context: str = Field(default="", description="section heading or described tool")
    mentions: tuple[str, ...]
    grounding: Grounding
    check_category: Category
    operator: str
    params: dict[str, Any]
    confidence: float
    extractor: str
    condition: str | None = Field(
        default=None,
        description="a condition the sentence states that could not be bound to an entity's "
        "field and values; a rule with one is `review_only`",
    )


class Candidate(Frozen):
    tool_id: str
    score: float
    via: Via


class Resolution(Frozen):
    mention: str
    status: ResolutionStatus
    candidates: tuple[Candidate, ...]

    @property
    def tool_id(self) -> str | None:
        return self.candidates[0].tool_id if self.status != "unresolved" else None

    @property
    def score(self) -> float:
        return self.candidates[0].score if self.candidates else 0.0


class ResolvedRule(Frozen):
    """A candidate rule with the resolution of every tool it mentions, each made in the
    rule's own context: its target (an implicit one has the mention "") and every
    tool-valued parameter, one resolution per mention (a list item by item, in order).
    The rule's position stays in `rule.span` alone: content that moved resolves the same."""

    rule: CandidateRule
    target: Resolution
    params: dict[str, tuple[Resolution, ...]] = Field(default_factory=dict)


class Selector(Frozen):
    """Where a checked value comes from: an argument (dotted path), optionally parsed."""

    arg: str
    extract: Literal["sql_tables", "sql_limit", "sql_verb"] | None = None
    dialect: str | None = Field(
        default=None,
        description="sqlglot dialect the SQL extracts read (`postgres`, `mysql`, ...); "
        "unset: the strict generic dialect",
        exclude_if=lambda value: value is None,  # unset leaves policy ids and bytes as they were
    )


class SchemaContract(Frozen):
    operator: Literal["schema_contract"] = "schema_contract"
    schema_: dict[str, Any] = Field(alias="schema")


class DenyAction(Frozen):
    operator: Literal["deny_action"] = "deny_action"
    selector: Selector | None = None
    values: tuple[str, ...] = ()


class RequireBefore(Frozen):
    """Another tool, or any one of several (`before` a list: "by e-mail or by name"), must
    have run earlier in the trace. A list is kept sorted and deduplicated; a one-tool list is
    the plain id, so a single-tool rule keeps its bytes (and its policy id)."""

    operator: Literal["require_before"] = "require_before"
    before: str | Annotated[tuple[str, ...], Field(min_length=2)] = Field(
        description="the tool id, or at least two tool ids of which any one satisfies it"
    )

    @field_validator("before", mode="before")
    @classmethod
    def _normal(cls, value: Any) -> Any:
        if isinstance(value, list | tuple):
            ids = sorted({str(v) for v in value})
            if not ids:
                raise ValueError("name at least one tool")
            return ids[0] if len(ids) == 1 else tuple(ids)
        return value

    @property
    def tools(self) -> tuple[str, ...]:
        """Every tool that satisfies the rule, one or several."""
        return (self.before,) if isinstance(self.before, str) else self.before


class ResourceInAllowlist(Frozen):
    operator: Literal["resource_in_allowlist"] = "resource_in_allowlist"
    selector: Selector
    allowed: tuple[str, ...]


class ArgWithinBound(Frozen):
    operator: Literal["arg_within_bound"] = "arg_within_bound"
    selector: Selector
    min: float | None = None
    max: float | None = None


class FlowDenied(Frozen):
    operator: Literal["flow_denied"] = "flow_denied"
    label: str
    sources: tuple[str, ...] = Field(
        default=(), description="tools whose outputs carry the label (from the registry)"
    )


class TimeoutLeq(Frozen):
    operator: Literal["timeout_leq"] = "timeout_leq"
    selector: Selector
    max_seconds: float


class ReviewRequired(Frozen):
    operator: Literal["review_required"] = "review_required"
    approval_label: str = "reviewed"


class RequireConfirmation(Frozen):
    """The call needs a fresh yes: the latest user message before it affirms, and no call
    of the target (or of a tool in `covers`) has used that message up since."""

    operator: Literal["require_confirmation"] = "require_confirmation"
    covers: tuple[str, ...] = Field(
        default=(), description="other tools whose calls use up a confirmation (registry writes)"
    )


class ArgGrounded(Frozen):
    """Argument values must appear in the user's messages and/or the outputs of tools."""

    operator: Literal["arg_grounded"] = "arg_grounded"
    selector: Selector | None = None
    arg: str | None = Field(
        default=None, description="argument-name phrase matched at check time (no selector)"
    )
    from_user: bool = True
    from_tools: tuple[str, ...] = Field(
        default=(), description="tools whose outputs ground a value; `*` is any tool"
    )

    @model_validator(mode="after")
    def _has_source(self) -> ArgGrounded:
        if not self.from_user and not self.from_tools:
            raise ValueError("name at least one source: `from_user` or `from_tools`")
        return self


class ArgCountBound(Frozen):
    """Bounds on how many items an argument holds, optionally only the items of one kind."""

    operator: Literal["arg_count_bound"] = "arg_count_bound"
    selector: Selector | None = None
    items: str | None = Field(
        default=None, description="what is counted, e.g. `gift card` (argument name or id kind)"
    )
    min: int | None = None
    max: int | None = None

    @model_validator(mode="after")
    def _is_bounded(self) -> ArgCountBound:
        if self.min is None and self.max is None:
            raise ValueError("give `min` or `max`")
        if self.selector is None and not self.items:
            raise ValueError("give `selector` or `items`")
        return self


class StateCondition(Frozen):
    """Allow (`allowed`) or deny (`denied`) the call by a fact in the latest recorded output
    of a read about the same entity (the order the call names, say)."""

    operator: Literal["state_condition"] = "state_condition"
    field: str | None = Field(default=None, description="top-level field; none: any field")
    allowed: tuple[str, ...] = ()
    denied: tuple[str, ...] = ()
    entity: str | None = Field(default=None, description="noun naming the entity, e.g. `order`")
    read: tuple[str, ...] = Field(default=(), description="tools whose outputs count; none: any")

    @model_validator(mode="after")
    def _one_side(self) -> StateCondition:
        if bool(self.allowed) == bool(self.denied):
            raise ValueError("give exactly one of `allowed` and `denied`")
        return self


class MaxCalls(Frozen):
    operator: Literal["max_calls"] = "max_calls"
    max: int = Field(ge=0, description="calls of the target allowed per trace")
    per: str | None = Field(
        default=None, description="count per entity (e.g. `order`: per `order_id` value)"
    )


class OneCallAtATime(Frozen):
    """No assistant turn with several tool calls (nor, with `with_text`, text and a call)."""

    operator: Literal["one_call_at_a_time"] = "one_call_at_a_time"
    with_text: bool = True


Condition = Annotated[
    SchemaContract
    | DenyAction
    | RequireBefore
    | ResourceInAllowlist
    | ArgWithinBound
    | FlowDenied
    | TimeoutLeq
    | ReviewRequired
    | RequireConfirmation
    | ArgGrounded
    | ArgCountBound
    | StateCondition
    | MaxCalls
    | OneCallAtATime
    | Control,
    Field(discriminator="operator"),
]


class Source(Frozen):
    artifact: str
    span: Span
    quote: str
    grounding: Grounding
    mentions: tuple[str, ...]
    extractor: str


class Policy(Frozen):
    """One enforceable rule. `id` hashes agent, operator, target and condition only."""

    id: str
    title: str
    check_category: Category
    operator: str
    target: str
    condition: Condition
    action: Action
    message: str
    enforcement: Enforcement
    confidence: float
    source: Source
    also_stated_at: tuple[Source, ...] = ()


class Extraction(Frozen):
    """Who read an agent's artifacts. Nothing here depends on whether this build answered
    from the extraction lock or filled it, so an offline rebuild is byte-identical."""

    mode: str
    model: str | None = None
    cache_hits: int = Field(
        default=0, description="artifacts whose LLM rules are pinned by the extraction lock"
    )
    rules: int = 0
    extractors: dict[str, int] = Field(
        default_factory=dict, description="extractor (`deterministic`, `llm:<model>`) -> rules"
    )
    fallbacks: tuple[str, ...] = Field(
        default=(), description="artifacts the deterministic extractor read after the model failed"
    )


class ToolSummary(Frozen):
    id: str
    names: tuple[str, ...]
    effects: tuple[str, ...]


class AgentBundle(Frozen):
    id: str
    artifacts: tuple[ArtifactRef, ...]
    tools: tuple[ToolSummary, ...]
    policies: tuple[Policy, ...]
    candidates: tuple[CandidateRule, ...]
    resolutions: tuple[Resolution, ...]
    extraction: Extraction


class Bundle(Frozen):
    schema_version: str = SCHEMA_VERSION
    specgap_version: str
    revision: str
    agents: tuple[AgentBundle, ...]
    diagnostics: tuple[Diagnostic, ...]

    def agent(self, agent_id: str) -> AgentBundle | None:
        return next((a for a in self.agents if a.id == agent_id), None)

    def to_json(self) -> str:
        import json

        data = self.model_dump(mode="json", by_alias=True)
        return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
