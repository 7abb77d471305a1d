"""The answer schema comes from the operator table; answers are validated and capped."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, Literal

import pytest

from specgap.extract import answer as answer_module
from specgap.extract.answer import MAX_QUOTE, MAX_RULES, vocabulary
from specgap.extract.llm import MAX_ANSWER_CHARS, LlmFailure, parse_answer
from specgap.ir import Frozen
from specgap.operators import OPERATORS, Operator


@pytest.fixture
def fresh_vocabulary() -> Iterator[None]:
    vocabulary.cache_clear()
    yield
    vocabulary.cache_clear()


def _variants() -> dict[str, dict[str, Any]]:
    schema = vocabulary().schema
    defs = schema["$defs"]
    refs = schema["properties"]["rules"]["items"].get("oneOf") or [
        schema["properties"]["rules"]["items"]
    ]
    found = {}
    for ref in refs:
        variant = defs[ref["$ref"].rsplit("/", 1)[1]]
        found[variant["properties"]["operator"]["const"]] = variant
    return found


def test_every_groundable_operator_is_offered() -> None:
    offered = set(_variants())
    assert offered <= set(OPERATORS)
    assert {"require_before", "deny_action", "resource_in_allowlist", "flow_denied"} <= offered
    assert "schema_contract" not in offered  # free-form JSON Schema: cannot be grounded
    for name in offered:
        assert f"`{name}`" in vocabulary().system


def test_params_take_the_shapes_the_deterministic_extractor_emits() -> None:
    defs = vocabulary().schema["$defs"]
    allow = defs["ResourceInAllowlistParams"]
    assert set(allow["properties"]) == {"facet", "allowed"}  # a noun, not a compiled selector
    assert allow["additionalProperties"] is False
    flow = defs["FlowDeniedParams"]
    assert set(flow["properties"]) == {"label"}  # `sources` comes from the registry
    assert vocabulary().tool_params["require_before"] == ("before",)


class _CallsAtMost(Frozen):
    operator: Literal["calls_at_most_test"] = "calls_at_most_test"
    limit: int
    per: str | None = None


def test_a_new_operator_reaches_the_model_without_edits(
    fresh_vocabulary: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = vocabulary().version
    vocabulary.cache_clear()
    extra = Operator(
        "calls_at_most_test",
        _CallsAtMost,
        "runtime_validation",
        "the tool is called at most `limit` times",
        lambda cond, call, state: None,
        lambda cond, target: f"call `{target}` at most {cond.limit} times",
    )
    monkeypatch.setitem(OPERATORS, "calls_at_most_test", extra)
    assert "calls_at_most_test" in _variants()
    assert "`calls_at_most_test` (runtime_validation)" in vocabulary().system
    assert vocabulary().version != before  # old lock entries now miss
    item = parse_answer(
        json.dumps(
            {
                "rules": [
                    {
                        "target": "*",
                        "quote": "Call it at most 3 times.",
                        "operator": "calls_at_most_test",
                        "params": {"limit": 3},
                    }
                ]
            }
        ),
        vocabulary().answer,
    )
    assert item.rules[0].params.limit == 3  # type: ignore[attr-defined]


def test_the_prompt_is_stable() -> None:
    first = vocabulary()
    vocabulary.cache_clear()
    again = vocabulary()
    assert (first.system, first.version) == (again.system, again.version)
    assert first.version.startswith(f"{answer_module.PROMPT_REVISION}-")


GOOD = {
    "quote": "Return at most 100 rows per query.",
    "operator": "arg_within_bound",
    "target": "*",
    "params": {"facet": "rows", "max": 100},
}


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (json.dumps({"rules": [GOOD]}), None),
        ("<think>hmm</think>\n" + json.dumps({"rules": []}), None),
        ('{"rules": [', "llm-invalid-json"),
        ("Sure! Here are the rules:", "llm-invalid-json"),
        (json.dumps({"rules": [{**GOOD, "operator": "drop_tables"}]}), "llm-schema-violation"),
        (json.dumps({"rules": [{**GOOD, "why": "because"}]}), "llm-schema-violation"),
        (json.dumps({"rules": [{**GOOD, "params": {"max": 100}}]}), "llm-schema-violation"),
        (json.dumps({"rules": [{**GOOD, "quote": "x" * (MAX_QUOTE + 1)}]}), "llm-schema-violation"),
        (json.dumps({"rules": [GOOD] * (MAX_RULES + 1)}), "llm-schema-violation"),
        (json.dumps({"rules": [], "note": "x"}), "llm-schema-violation"),
        (json.dumps([GOOD]), "llm-schema-violation"),
        (" " * (MAX_ANSWER_CHARS + 1), "llm-answer-too-large"),
    ],
)
def test_parse_answer(content: str, code: str | None) -> None:
    if code is None:
        parse_answer(content, vocabulary().answer)
        return
    with pytest.raises(LlmFailure) as caught:
        parse_answer(content, vocabulary().answer)
    assert caught.value.code == code
    assert caught.value.help
    assert caught.value.diagnostic("p.md").render().startswith(f"p.md:1:1: {code}: ")
