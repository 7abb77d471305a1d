"""A money bound whose unit fits several numeric arguments is bound to the one argument the
sentence names in full (`within6_bind`): "Repair amounts range from 20 to 5,000 pounds" is
`create_repair.repair_amount`, not a tie with every `amount`; a one-word argument name
(`amount`) never decides it, so "Payments range from ..." stays a located tie. A made-up bike
workshop; every sentence written for this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.probes import spec as T

TOOLS = [
    T("create_repair", "Open a repair order for a bike.", bike_serial="string",
      repair_amount="number", labour_hours="number"),
    T("take_payment", "Take a payment for a repair.", repair_id="string", amount="number"),
    T("refund_payment", "Refund a payment.", payment_id="string", amount="number"),
]  # fmt: skip


def _read(tmp_path: Path, text: str) -> tuple[list[tuple[str, str | None, str]], list[str]]:
    built = build_prompt(tmp_path, f"# Rules\n\n{text}\n", TOOLS)
    policies = [
        (p.operator, p.target, p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    ]
    codes = [d.code for d in built.state.diagnostics if d.span and d.span.path == "prompt.md"]
    return policies, codes


@pytest.mark.parametrize(
    "sentence",
    [
        "Repair amounts range from 20 to 5,000 pounds.",
        "Repair amounts run between 20 and 5000 dollars.",
        "Repair amounts may not exceed 5,000 euros.",
    ],
)
def test_the_argument_named_in_full_takes_the_bound(tmp_path: Path, sentence: str) -> None:
    policies, _ = _read(tmp_path, sentence)
    assert ("arg_within_bound", "create_repair", "enforce") in policies, policies
    assert all(p[1] == "create_repair" for p in policies if p[0] == "arg_within_bound")


def test_a_one_word_argument_does_not_decide(tmp_path: Path) -> None:
    policies, codes = _read(tmp_path, "Payments range from 20 to 500 pounds.")
    assert not [p for p in policies if p[0] == "arg_within_bound" and p[2] == "enforce"]
    assert "bound-argument-tie" in codes
