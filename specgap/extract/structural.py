"""Rules that artifacts state as structure: tool input schemas and runtime config."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from specgap.artifacts import Artifact
from specgap.controls.source import control_rules
from specgap.extract.patterns import EXTRACTOR
from specgap.ir import CandidateRule, Diagnostic
from specgap.operators import OPERATORS
from specgap.operators.base import Setting as OperatorSetting
from specgap.operators.base import SettingKind
from specgap.positions import escape_pointer
from specgap.toolspecs import ToolSpec

_PROPERTY_KEYWORDS = (
    "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
    "minLength", "maxLength", "pattern", "format", "minItems", "maxItems",
)  # fmt: skip


def rule_at(
    artifact: Artifact,
    pointer: str,
    target: str,
    operator: str,
    params: dict[str, Any],
    text: str,
    context: str,
) -> CandidateRule:
    """The rule a config value or schema keyword at `pointer` states, quoted from there; a
    rule over every tool (`*`) mentions only the tools its parameters name."""
    start, end = span_range(artifact, pointer)
    named = tuple(v for k, v in params.items() if k in OPERATORS[operator].tool_params)
    return CandidateRule(
        text=text,
        span=artifact.span(start, end),
        quote=artifact.text[start:end],
        target=target,
        context=context,
        mentions=named if target == "*" else (target, *named),
        grounding="exact",
        check_category=OPERATORS[operator].category,
        operator=operator,
        params=params,
        confidence=1.0,
        extractor=EXTRACTOR,
    )


def span_range(artifact: Artifact, pointer: str) -> tuple[int, int]:
    start, end = artifact.ranges[pointer]
    key = artifact.ranges.get(f"{pointer}#key")
    return (key[0] if key else start), end


def schema_rules(artifact: Artifact, spec: ToolSpec) -> Iterator[CandidateRule]:
    """One schema_contract per constraint, each at the span of its schema keyword."""
    if spec.schema_pointer is None:
        return
    schema, base = spec.schema, spec.schema_pointer

    def contract(pointer: str, fragment: dict[str, Any], what: str) -> CandidateRule:
        text = f"`{spec.name}` {what}"
        return rule_at(
            artifact, pointer, spec.name, "schema_contract", {"schema": fragment}, text, spec.name
        )

    required = schema.get("required")
    if isinstance(required, list) and required:
        yield contract(
            f"{base}/required", {"required": required}, f"requires {', '.join(map(str, required))}"
        )
    props = schema.get("properties")
    props = props if isinstance(props, dict) else {}
    if schema.get("additionalProperties") is False:
        fragment = {"properties": {k: {} for k in props}, "additionalProperties": False}
        yield contract(f"{base}/additionalProperties", fragment, "accepts no other arguments")
    for name, prop in props.items():
        if not isinstance(prop, dict):
            continue
        for keyword in _PROPERTY_KEYWORDS:
            if keyword not in prop:
                continue
            pointer = f"{base}/properties/{escape_pointer(name)}/{keyword}"
            fragment = {"properties": {name: {keyword: prop[keyword]}}}
            yield contract(pointer, fragment, f"argument `{name}` {keyword} {prop[keyword]!r}")


# --- runtime config ---------------------------------------------------------------------------


def settings_named(key: str) -> Iterator[tuple[str, OperatorSetting, re.Match[str]]]:
    """(operator, setting, match) for every operator setting (`Operator.settings`) whose
    name pattern matches `key`, in registry order."""
    for name, operator in OPERATORS.items():
        for setting in operator.settings:
            m = re.match(setting.key, key)
            if m is not None:
                yield name, setting, m


def fits(kind: SettingKind, value: Any) -> bool:
    """Whether `value` is of the kind a setting takes."""
    if kind == "list":
        return isinstance(value, list) and all(isinstance(v, str | int | float) for v in value)
    if kind == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "string":
        return isinstance(value, str)
    return value is (kind == "true")


def config_rules(artifact: Artifact) -> Iterator[CandidateRule]:
    """Settings under any `tools:` mapping (tool mention -> settings) become rules, and so
    does each entry of a top-level `policies:` list (`{operator, tool, ...params}`) and of
    a `controls:` list (Agent Control controls, see `specgap.controls.source`)."""
    yield from control_rules(artifact)
    yield from _settings(artifact)
    if isinstance(artifact.data, dict) and isinstance(artifact.data.get("policies"), list):
        for n, entry in enumerate(artifact.data["policies"]):
            yield from _explicit(artifact, entry, f"/policies/{n}")


def _explicit(artifact: Artifact, entry: Any, pointer: str) -> Iterator[CandidateRule]:
    """A policy written out in config: the operator is taken as given; the compiler
    reports an unknown one at this span."""
    if not isinstance(entry, dict) or pointer not in artifact.ranges:
        return
    operator, tool = entry.get("operator"), entry.get("tool")
    if not isinstance(operator, str) or not isinstance(tool, str):
        return
    params = {k: v for k, v in entry.items() if k not in {"operator", "tool"}}
    start, end = artifact.ranges[pointer]
    category = (
        OPERATORS[operator].category if operator in OPERATORS else "business_logic_validation"
    )
    yield CandidateRule(
        text=f"{tool}: {operator} {params}",
        span=artifact.span(start, end),
        quote=artifact.text[start:end],
        target=tool,
        context=tool,
        mentions=(tool,),
        grounding="exact",
        check_category=category,
        operator=operator,
        params=params,
        confidence=1.0,
        extractor=EXTRACTOR,
    )


Setting = tuple[str, str, Any, str]  # tool, key, value, JSON pointer of the value


def tool_settings(artifact: Artifact) -> Iterator[Setting]:
    """Every setting under a `tools:` mapping of a config artifact (the top-level explicit
    `policies:` list aside), with the pointer of its value; settings the parser placed
    nowhere (no range) are left out."""
    yield from _walk(artifact, artifact.data, "")


def _walk(artifact: Artifact, node: Any, pointer: str) -> Iterator[Setting]:
    if isinstance(node, dict):
        for key, value in node.items():
            child = f"{pointer}/{escape_pointer(str(key))}"
            if key == "policies" and not pointer:
                continue  # explicit policies: see `_explicit`
            if key == "tools" and isinstance(value, dict):
                for tool, settings in value.items():
                    if not isinstance(settings, dict):
                        continue
                    base = f"{child}/{escape_pointer(str(tool))}"
                    for name, setting in settings.items():
                        at = f"{base}/{escape_pointer(str(name))}"
                        if at in artifact.ranges:
                            yield str(tool), str(name), setting, at
            else:
                yield from _walk(artifact, value, child)
    elif isinstance(node, list):
        for n, item in enumerate(node):
            yield from _walk(artifact, item, f"{pointer}/{n}")


def _settings(artifact: Artifact) -> Iterator[CandidateRule]:
    for tool, key, value, pointer in tool_settings(artifact):
        found = setting_rule(key, value)
        if found is not None:
            operator, params = found
            text = f"{tool}: {key} = {value!r}"
            yield rule_at(artifact, pointer, tool, operator, params, text, tool)


def setting_not_read(block: Artifact, pointer: str, what: str, why: str, help: str) -> Diagnostic:
    """The located `config-setting-not-read` note on a setting `what` that states no rule."""
    return Diagnostic(
        code="config-setting-not-read",
        message=f"{what} states no rule: {why}",
        severity="note",
        span=block.span_at(pointer, with_key=True),
        help=f"{help} (`max_<arg>`, `allowed_<arg>`, `require_before`, ...; see "
        "docs/config-in-prompts.md) or state the rule in a sentence",
    )


def setting_rule(key: str, value: Any) -> tuple[str, dict[str, Any]] | None:
    """The rule a tool's setting states: the first operator setting it fits."""
    for name, setting, m in settings_named(key):
        if fits(setting.kind, value):
            return name, setting.params(m, value)
    return None
