"""A ban of two actions done together ("never cancel a booking and issue a refund for it in
one call") is no ban of either alone: it is kept for review with the other action as its
condition, never enforced as a flat ban of the first. A plain ban, a ban of either of two
("cancel or refund"), and an ordered pair stay what they were. Car-rental domain of
`test_grammar`; sentences written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_grammar import _build, _notes, _prose

JOINT = [
    "Never cancel a booking and issue a refund for that same booking in one conversation.",
    "Do not reserve a car and cancel a booking for the same customer.",
    "You must not pay a booking and also issue a refund on it.",
]


@pytest.mark.parametrize("sentence", JOINT)
def test_a_ban_of_two_actions_together_is_reviewed_with_its_other_half(
    tmp_path: Path, sentence: str
) -> None:
    built = _build(tmp_path, [sentence])
    bans = [p for p in _prose(built) if p.operator == "deny_action"]
    assert bans, [p.operator for p in _prose(built)]
    assert all(p.enforcement == "review_only" for p in bans)
    assert "condition-not-bound" in _notes(built)


@pytest.mark.parametrize(
    ("sentence", "target"),
    [
        ("Never cancel a booking.", "cancel_booking"),
        ("Do not issue a refund.", "issue_refund"),
    ],
)
def test_a_plain_ban_stays_enforced(tmp_path: Path, sentence: str, target: str) -> None:
    bans = [p for p in _prose(_build(tmp_path, [sentence])) if p.operator == "deny_action"]
    assert [(p.target, p.enforcement) for p in bans] == [(target, "enforce")]
