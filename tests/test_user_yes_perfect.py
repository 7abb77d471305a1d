"""A yes the user has already given, checked before the action: "make sure the member has
agreed before you charge", "ensure they have accepted ...". Someone else's approval (a
manager, the system) is no yes of the user's. Sentences written for the test, in a made-up
pool desk."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.corpus_agents import build_agent
from tests.test_grammar import _tool

TOOLS = [
    _tool("charge_guest_fee", "Charge the guest fee to a member.", member_id="string"),
    _tool("refund_fee", "Refund a fee.", fee_id="string"),
]


def _confirmed(tmp_path: Path, sentence: str) -> list[tuple[str, str]]:
    (tmp_path / "tools.json").write_text(json.dumps(TOOLS), "utf-8")
    (tmp_path / "prompt.md").write_text(f"# Pool desk\n\n{sentence}\n", "utf-8")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    return [
        (p.target, p.enforcement) for p in built.policies if p.operator == "require_confirmation"
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Make sure the member has agreed before you charge a guest fee.",
        "Before you charge a guest fee, make sure the member has agreed.",
        "Ensure the member has explicitly agreed before you charge a guest fee.",
        "Make sure they have accepted the amount before you charge a guest fee.",
    ],
)
def test_a_yes_already_given_guards_the_action(tmp_path: Path, sentence: str) -> None:
    assert _confirmed(tmp_path, sentence) == [("charge_guest_fee", "enforce")]


@pytest.mark.parametrize(
    "sentence",
    [
        "Make sure the manager has approved the refund before you refund the fee.",
        "Make sure the system has accepted the card before you charge a guest fee.",
    ],
)
def test_someone_elses_approval_is_no_yes_of_the_users(tmp_path: Path, sentence: str) -> None:
    assert _confirmed(tmp_path, sentence) == []
