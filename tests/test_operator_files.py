"""Each operator is one module named after it, holding its declaration, its condition model
and examples the deterministic extractor must read as its rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.artifacts import load_artifact
from specgap.extract import extract_deterministic
from specgap.ir import CandidateRule
from specgap.operators import _MODULES, OPERATORS, Example

EXAMPLES = [
    pytest.param(name, example, id=f"{name}-{i}")
    for name, operator in OPERATORS.items()
    for i, example in enumerate(operator.examples)
]
# the condition of `control` is Agent Control's model, kept in its own package
FOREIGN_MODELS = {"control": "specgap.controls.model"}


def _rules(tmp_path: Path, sentence: str) -> tuple[CandidateRule, ...]:
    path = tmp_path / "prompt.md"
    path.write_text(sentence + "\n", encoding="utf-8")
    return extract_deterministic([load_artifact("prompt", path, "prompt.md")]).rules


def _fits(params: dict[str, Any], expected: Any) -> bool:
    return all(params.get(key) == value for key, value in expected.items())


@pytest.mark.parametrize(("name", "example"), EXAMPLES)
def test_example_sentence_is_read_as_the_operator(
    tmp_path: Path, name: str, example: Example
) -> None:
    rules = _rules(tmp_path, example.sentence)
    mine = [r for r in rules if r.operator == name]
    assert mine, f"`{example.sentence}` gave {[r.operator for r in rules]}, not `{name}`"
    assert any(_fits(r.params, example.params) for r in mine), [r.params for r in mine]


@pytest.mark.parametrize("module", _MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_module_is_named_after_its_operator_and_holds_its_model(module: Any) -> None:
    operator = module.OPERATOR
    assert module.__name__ == f"specgap.operators.{operator.name}"
    home = FOREIGN_MODELS.get(operator.name, module.__name__)
    assert operator.condition.__module__ == home
    assert operator.condition.model_fields["operator"].default == operator.name


def test_every_operator_with_prose_has_examples() -> None:
    missing = [name for name, op in OPERATORS.items() if op.prose and not op.examples]
    assert missing == []
    # only `schema_contract` is mined from tool schemas alone, never from a sentence
    assert [name for name, op in OPERATORS.items() if not op.examples] == ["schema_contract"]


def test_a_shadowing_rule_silences_the_weaker_reading(tmp_path: Path) -> None:
    """ "never ... to `x`" reads as a ban of `x` too; the flow rule shadows it."""
    sentence = "Values tagged `secret` must never be posted to `chat.send`."
    operators = {r.operator for r in _rules(tmp_path, sentence)}
    assert operators == {"flow_denied"}
    assert "deny_action" in OPERATORS["flow_denied"].shadows


ALLOW = "resource_in_allowlist"
SETTINGS: list[tuple[str, Any, tuple[str, dict[str, Any]] | None]] = [
    ("timeout_ms", 2500, ("timeout_leq", {"facet": "timeout", "max_seconds": 2.5})),
    ("timeout", 30, ("timeout_leq", {"facet": "timeout", "max_seconds": 30.0})),
    ("approved_regions", ["eu-1"], (ALLOW, {"facet": "regions", "allowed": ["eu-1"]})),
    ("bucket_allowlist", ["a", 7], (ALLOW, {"facet": "bucket", "allowed": ["a", "7"]})),
    ("blocked_verbs", ["DROP"], ("deny_action", {"facet": "verbs", "values": ["DROP"]})),
    ("max_rows", 100, ("arg_within_bound", {"facet": "rows", "max": 100.0})),
    ("page_limit", 20, ("arg_within_bound", {"facet": "page", "max": 20.0})),
    ("minimum_amount", 1, ("arg_within_bound", {"facet": "amount", "min": 1.0})),
    ("requires", "auth.check", ("require_before", {"before": "auth.check"})),
    ("enabled", False, ("deny_action", {})),
    ("deny", True, ("deny_action", {})),
    ("requires_review", True, ("review_required", {})),
    # the wrong kind of value states nothing
    ("max_rows", "100", None),
    ("enabled", True, None),
    ("approved_regions", "eu-1", None),
    ("colour", "blue", None),
]  # fmt: skip


@pytest.mark.parametrize(("key", "value", "expected"), SETTINGS)
def test_config_settings_are_read_by_their_operators(key: str, value: Any, expected: Any) -> None:
    from specgap.extract.structural import setting_rule

    assert setting_rule(key, value) == expected


def test_settings_are_spelled_as_they_are_read() -> None:
    """Every name the docs spell for a setting (`X` an argument; `<unit>` each of the units
    listed after it) is read by that setting."""
    import re

    for operator in OPERATORS.values():
        for setting in operator.settings:
            spelled = re.findall(r"`([^`]+)`", setting.spelled)
            assert spelled, f"`{operator.name}`: spell the setting {setting.key!r}"
            cut = next((i for i, s in enumerate(spelled) if "<unit>" in s), len(spelled))
            names, units = spelled[: cut + 1], spelled[cut + 1 :]
            keys = [n.replace("<unit>", u) for n in names for u in units] if units else []
            keys += [n.replace("X", "rows") for n in names if "<unit>" not in n]
            for key in keys:
                assert re.match(setting.key, key), (operator.name, key)
