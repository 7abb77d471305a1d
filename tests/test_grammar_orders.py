"""An ordering whose event has its own subject ("before you cancel the booking, get the
booking") is read by the grammar; a phrase reading that takes the clause for the action
("you cancel the booking") is dropped. Car-rental tools of `test_grammar`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_grammar import _build, _prose


@pytest.mark.parametrize(
    "sentence",
    [
        "Before you cancel the booking, get the booking.",
        "Call get_booking before you cancel the booking.",
        "Before the agent cancels a booking, get the booking.",
        "Always get the booking before cancelling it.",
    ],
)
def test_an_event_with_its_own_subject(tmp_path: Path, sentence: str) -> None:
    found = [
        (p.target, p.condition.model_dump()["before"])
        for p in _prose(_build(tmp_path, [sentence]))
        if p.operator == "require_before"
    ]
    assert found == [("cancel_booking", "get_booking")]


@pytest.mark.parametrize(
    ("sentence", "target"),
    [
        ("Cancelling a booking requires the customer's approval.", "cancel_booking"),
        ("Issuing a refund requires explicit confirmation.", "issue_refund"),
    ],
)
def test_an_action_that_requires_the_users_yes(tmp_path: Path, sentence: str, target: str) -> None:
    found = [
        (p.operator, p.target)
        for p in _prose(_build(tmp_path, [sentence]))
        if p.operator in {"require_confirmation", "require_before"}
    ]
    assert found == [("require_confirmation", target)]


@pytest.mark.parametrize(
    "sentence",
    [
        # "do not Y before X": X comes first, however it is said
        "Do not cancel a booking before getting the booking.",
        "Never cancel a booking before you get the booking.",
        "Never call cancel_booking before get_booking.",
        "You must not cancel a booking prior to getting the booking.",
        # and the positive forms agree
        "Always get the booking before cancelling it.",
        "Call get_booking before cancel_booking.",
    ],
)
def test_a_banned_order_is_never_read_backwards(tmp_path: Path, sentence: str) -> None:
    found = [
        (p.target, p.condition.model_dump()["before"])
        for p in _prose(_build(tmp_path, [sentence]))
        if p.operator == "require_before"
    ]
    assert found == [("cancel_booking", "get_booking")]
