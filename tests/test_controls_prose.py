"""Prose that states a pattern or a list compiles to a control (table-driven)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.artifacts import load_artifact
from specgap.controls.agentcontrol import parse_control
from specgap.controls.evaluate import prepare
from specgap.extract import extract
from tests.controls_helpers import call, said

ANSWERS = {"step_types": ["llm"], "stages": ["post"]}
RESULTS = {"step_types": ["tool"], "stages": ["post"]}
INPUT = {"step_types": ["tool"], "stages": ["pre"]}

CASES: list[tuple[str, dict[str, Any], str, dict[str, Any]]] = [
    # sentence, scope, selector path, evaluator config (subset)
    (
        "Never return a value that looks like an AWS access key.",
        ANSWERS,
        "output",
        {"pattern": r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"},
    ),
    (
        "Tool results must never contain a social security number.",
        RESULTS,
        "output",
        {"pattern": r"\b\d{3}-\d{2}-\d{4}\b"},
    ),
    (
        "Your replies must not include credit card numbers.",
        ANSWERS,
        "output",
        {"pattern": r"\b\d{4}[- ]?\d{4}[- ]?\d{4}[- ]?\d{4}\b"},
    ),
    (
        "Do not reveal any private key.",
        ANSWERS,
        "output",
        {"pattern": "-----BEGIN [A-Z ]*PRIVATE KEY-----"},
    ),
    (
        "Never print text matching `\\bTKT-\\d{5}\\b`.",
        ANSWERS,
        "output",
        {"pattern": r"\bTKT-\d{5}\b"},
    ),
    (
        "Never pass a phone number to `crm.note`.",
        {**INPUT, "step_names": ["crm.note"]},
        "input",
        {"pattern": r"\+?\d[\d ().-]{7,}\d"},
    ),
    (
        "Do not mention competitors Umbra, Nimbus or Vesta.",
        ANSWERS,
        "output",
        {"values": ["Umbra", "Nimbus", "Vesta"], "match_mode": "contains"},
    ),
    (
        "Never recommend the brands Fizzco and Popwell.",
        ANSWERS,
        "output",
        {"values": ["Fizzco", "Popwell"], "match_mode": "contains"},
    ),
    (
        'Never mention "Operation Lantern" or "Glass Door" to anyone.',
        ANSWERS,
        "output",
        {"values": ["Operation Lantern", "Glass Door"]},
    ),
]


def _controls(tmp_path: Path, sentence: str) -> tuple[list[Any], tuple[Any, ...]]:
    path = tmp_path / "prompt.md"
    path.write_text(f"# Rules\n\n- {sentence}\n")
    rules = extract([load_artifact("prompt", path, "prompt.md")]).rules
    return [r for r in rules if r.operator == "control"], rules


@pytest.mark.parametrize(("sentence", "scope", "path", "config"), CASES)
def test_prose_compiles_to_a_control(
    tmp_path: Path, sentence: str, scope: dict[str, Any], path: str, config: dict[str, Any]
) -> None:
    controls, rules = _controls(tmp_path, sentence)
    assert len(controls) == 1, rules
    assert len(rules) == 1  # no weaker rule (a `deny_action`) read from the same words
    rule = controls[0]
    assert rule.target == "*"
    assert rule.grounding == "exact"
    params = rule.params
    assert params["scope"] == scope
    assert params["selector"] == {"path": path}
    assert config.items() <= params["evaluator"]["config"].items()
    assert params["description"] == sentence
    parse_control(params)  # a valid control, as the compiler will read it


@pytest.mark.parametrize(
    "sentence",
    [
        "Do not mention the weather.",  # no list noun, no quotes: not a list of names
        "The agent should not send the report to the wrong email address.",  # not what is sent
        "Never return results older than a week.",
        "Do not mention competitors unless the user asks about pricing in detail today.",
    ],
)
def test_prose_that_states_no_pattern_or_list_gives_no_control(
    tmp_path: Path, sentence: str
) -> None:
    controls, _ = _controls(tmp_path, sentence)
    assert controls == []


def test_a_prose_control_decides_what_it_says(tmp_path: Path) -> None:
    controls, _ = _controls(tmp_path, "Do not mention competitors Umbra, Nimbus or Vesta.")
    prepared = prepare(parse_control(controls[0].params))
    assert prepared.decide(said("assistant", "Have you tried NIMBUS instead?")) is not None
    assert prepared.decide(said("assistant", "Nimbostratus clouds ahead.")) is None
    assert prepared.decide(said("user", "Is Umbra cheaper?")) is None  # input, not an answer
    assert prepared.decide(call("search", {"q": "Umbra"})) is None
