"""A ban whose action is followed by a value ("never book lane 8", "do not charge a fee of
$8", "never cancel booking B-17") holds for that value only: it is kept for review with
the value as its condition and a `condition-not-bound` note, never enforced as a ban of
every call of the tool. Sentences written for the test, in a made-up swimming-pool desk."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_agent
from tests.test_grammar import _notes, _prose, _tool

TOOLS = [
    _tool("book_lane", "Book a swimming lane for a member.", member_id="string", lane="integer"),
    _tool("cancel_lane_booking", "Cancel a lane booking.", booking_id="string"),
    _tool(
        "charge_guest_fee", "Charge the guest fee to a member.", member_id="string", amount="number"
    ),
    _tool(
        "issue_wristband",
        "Issue a day wristband to a swimmer.",
        member_id="string",
        colour="string",
    ),
]


def _build(tmp_path: Path, sentence: str) -> Any:
    (tmp_path / "tools.json").write_text(json.dumps(TOOLS), "utf-8")
    (tmp_path / "prompt.md").write_text(f"# Pool desk\n\n{sentence}\n", "utf-8")
    return build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])


@pytest.mark.parametrize(
    ("sentence", "target", "value"),
    [
        ("Never book lane 8.", "book_lane", "8"),
        ("Do not book lanes 7 and 8.", "book_lane", "7 and 8"),
        ("Never issue wristband 3.", "issue_wristband", "3"),
        ("Do not charge a guest fee of $8.", "charge_guest_fee", "$8"),
    ],
)
def test_a_ban_of_one_value_is_reviewed_with_the_value_as_its_condition(
    tmp_path: Path, sentence: str, target: str, value: str
) -> None:
    built = _build(tmp_path, sentence)
    bans = [p for p in _prose(built) if p.operator == "deny_action"]
    assert [p.target for p in bans] == [target]
    assert bans[0].enforcement == "review_only"
    assert "condition-not-bound" in _notes(built)
    assert any(
        value in d.message for d in built.state.diagnostics if d.code == "condition-not-bound"
    )


def test_an_identifier_in_the_object_keeps_the_ban_for_review(tmp_path: Path) -> None:
    """ "booking B-17" is read into the action's object: the mention is weaker, and the ban
    is reviewed, not enforced on every cancellation."""
    built = _build(tmp_path, "You must never cancel booking B-17.")
    bans = [p for p in _prose(built) if p.operator == "deny_action"]
    assert [(p.target, p.enforcement) for p in bans] == [("cancel_lane_booking", "review_only")]


@pytest.mark.parametrize(
    ("sentence", "target"),
    [
        ("Never book a lane.", "book_lane"),
        ("Do not issue wristbands.", "issue_wristband"),
    ],
)
def test_a_ban_with_nothing_after_its_action_stays_enforced(
    tmp_path: Path, sentence: str, target: str
) -> None:
    bans = [p for p in _prose(_build(tmp_path, sentence)) if p.operator == "deny_action"]
    assert [(p.target, p.enforcement) for p in bans] == [(target, "enforce")]
