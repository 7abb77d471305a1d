"""Bounds said as a label and its bound, or in the second of two predicates, and a range
misread as values (`args4_bounds`). A ferry desk (snake_case), a glider club (camelCase)
and a kiln studio (PascalCase), written for the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.args4_bounds import label_bound
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("issue_voucher", "Issue a travel voucher.", booking_id="string", voucher_amount="number"),
    _tool(
        "createCharter", "Create a charter request.", estimatedFare="number", groupSize="integer"
    ),
    _tool("FireKiln", "Fire a kiln.", kiln_id="string", peak_temperature="number"),
]

RESPELT = [
    ("5. Voucher amount: whole euros, between 5 and 400.",
     "The voucher amount must be between 5 and 400."),
    ("- Group size: 2–12.", "The group size must be between 2 and 12."),
    ("Peak temperature - degrees, at most 1,300", "The peak temperature must be at most 1,300."),
    ("The estimated fare is entered in whole euros and may not exceed 9,000; larger go to sales.",
     "The estimated fare may not exceed 9,000."),
    ("A voucher amount is agreed with the passenger and must not be more than 400.",
     "A voucher amount must not be more than 400."),
]  # fmt: skip

NOT_RESPELT = [
    "Note: see the fare table.",  # no bound
    "Voucher amount: ask the passenger.",  # no number
    "The fare is shown in euros and includes tax.",  # no bound in the second predicate
]


@pytest.mark.parametrize(("text", "said"), RESPELT)
def test_respelt(text: str, said: str) -> None:
    assert label_bound(text) == said


@pytest.mark.parametrize("text", NOT_RESPELT)
def test_not_respelt(text: str) -> None:
    assert label_bound(text) is None


def _policies(tmp_path: Path, sentence: str) -> list[Any]:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", TOOLS)
    return [p for p in built.policies if p.source.artifact.endswith("prompt.md")]


@pytest.mark.parametrize(
    ("sentence", "target", "arg", "low", "high"),
    [
        ("5. Voucher amount: whole euros, between 5 and 400.", "issue_voucher",
         "voucher_amount", 5, 400),
        ("The estimated fare is entered in whole euros and may not exceed 9,000.",
         "createCharter", "estimatedFare", None, 9000),
        ("Peak temperature - degrees, at most 1,300", "FireKiln", "peak_temperature", None, 1300),
    ],
)  # fmt: skip
def test_bound_compiled(
    tmp_path: Path, sentence: str, target: str, arg: str, low: Any, high: Any
) -> None:
    found = [
        (p.target, p.condition.selector.arg, p.condition.min, p.condition.max)
        for p in _policies(tmp_path, sentence)
        if p.operator == "arg_within_bound"
    ]
    assert found == [(target, arg, low, high)]


def test_range_is_no_list_of_values(tmp_path: Path) -> None:
    """ "between 10 and 60" is a range: never an allowlist of `between 10` and `60`."""
    found = _policies(tmp_path, "The group size must be between 10 and 60.")
    assert {p.operator for p in found} == {"arg_within_bound"}


def test_unknown_label_is_reported(tmp_path: Path) -> None:
    built = build_prompt(tmp_path, "# Desk\n\n4. Hull length - metres, at most 18.\n", TOOLS)
    mine = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    assert not [p for p in mine if p.operator == "arg_within_bound"]
    assert any(d.code == "unknown-argument" for d in built.state.diagnostics)
