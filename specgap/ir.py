"""The intermediate representation: a closed set of frozen models shared by every stage.

Everything that crosses a stage boundary is defined here, so the JSON Schema of the bundle
(`policy/schema.json`) is generated from one place. The base types live one layer down in
`specgap.irbase`; a policy's `Condition` is any condition model of the operator table
(`specgap.operators`, one module per operator), validated and schema'd from the table.
"""

from __future__ import annotations

from typing import Annotated, Any, Union

from pydantic import (
    BaseModel,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    TypeAdapter,
)
from pydantic_core import PydanticCustomError, core_schema

from specgap.irbase import CATEGORIES as CATEGORIES
from specgap.irbase import Action as Action
from specgap.irbase import ArtifactKind as ArtifactKind
from specgap.irbase import Category as Category
from specgap.irbase import Enforcement as Enforcement
from specgap.irbase import Frozen as Frozen
from specgap.irbase import Grounding as Grounding
from specgap.irbase import ResolutionStatus as ResolutionStatus
from specgap.irbase import Selector as Selector
from specgap.irbase import Severity as Severity
from specgap.irbase import Via as Via

SCHEMA_VERSION = "1"


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
    mention_context: dict[str, str] = Field(
        default_factory=dict,
        exclude=True,  # used by the resolve stage only; the resolutions carry its effect
        description="the text a mention was read from when that is not the rule's own "
        "sentence (the previous step of a procedure): it is resolved in that text",
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


def _validate_condition(value: Any) -> BaseModel:
    """A condition of whichever operator its `operator` field names, looked up in the
    operator table when validated (not when this module was imported), so an operator
    registered later (`specgap.operators.register`) is valid at once."""
    from specgap.operators import OPERATORS

    if isinstance(value, BaseModel):
        operator = OPERATORS.get(str(getattr(value, "operator", "")))
        if operator is not None and isinstance(value, operator.condition):
            return value
        value = value.model_dump(by_alias=True)
    tag = value.get("operator") if isinstance(value, dict) else None
    if not isinstance(value, dict) or tag is None:
        raise PydanticCustomError(
            "union_tag_not_found",
            "Unable to extract tag using discriminator 'operator'",
            {"discriminator": "'operator'"},
        )
    found = OPERATORS.get(tag) if isinstance(tag, str) else None
    if found is None:
        raise PydanticCustomError(
            "union_tag_invalid",
            "Input tag '{tag}' found using 'operator' does not match any of the expected "
            "tags: {expected_tags}",
            {"tag": str(tag), "expected_tags": ", ".join(f"'{n}'" for n in OPERATORS)},
        )
    return found.condition.model_validate(value)


class _ConditionSchema:
    """The schema of `Condition`: validated by the operator table at validation time; its
    JSON Schema is the discriminated union of the table's condition models, in table order."""

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> Any:
        return core_schema.no_info_plain_validator_function(_validate_condition)

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: GetJsonSchemaHandler) -> Any:
        return handler(TypeAdapter(condition_union()).core_schema)


def condition_union() -> Any:
    """The condition models of the operator table as one union discriminated on `operator`."""
    from specgap.operators import OPERATORS

    models = tuple(op.condition for op in OPERATORS.values())
    return Annotated[Union[models], Field(discriminator="operator")]  # noqa: UP007


Condition = Annotated[BaseModel, _ConditionSchema]
"""A condition of any operator in the table (see `specgap.operators`)."""


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
