"""A sentence that lifts a duty ("no need to ... more than once", "you do not have to ...")
states no rule: a limit or a ban read from it would be stronger than the sentence. A
prohibition in other words is still one. Car-rental domain of `test_grammar`; sentences
written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.phrasing import waived
from tests.test_grammar import _build, _prose

WAIVED: list[tuple[str, bool]] = [
    ("No need to get the booking more than once per call.", True),
    ("There is no need to list the rentals twice.", True),
    ("You do not have to reserve a car again after a failure.", True),
    ("The agent doesn't need to cancel the booking twice.", True),
    ("It is not necessary to issue a refund more than once.", True),
    ("You need not get the booking again.", True),
    # prohibitions and limits, however they are said
    ("You do not cancel bookings for other customers.", False),
    ("Do not issue more than one refund per booking.", False),
    ("Never get the booking more than once.", False),
    ("You need to get the booking first.", False),
]


@pytest.mark.parametrize(("sentence", "expected"), WAIVED)
def test_a_waived_duty_is_recognised(sentence: str, expected: bool) -> None:
    assert waived(sentence) is expected


@pytest.mark.parametrize(
    ("sentence", "operators"),
    [
        ("No need to issue a refund more than once per booking.", []),
        ("You do not have to cancel the booking twice.", []),
        ("Do not issue more than one refund per booking.", ["max_calls"]),  # a limit stays one
    ],
)
def test_a_waived_duty_compiles_to_nothing(
    tmp_path: Path, sentence: str, operators: list[str]
) -> None:
    assert [p.operator for p in _prose(_build(tmp_path, [sentence]))] == operators


PROCEED: list[tuple[str, str | None]] = [
    # "proceed with the <action noun> (of X)": that action
    ("Never proceed with the cancellation of a booking without the customer's approval.",
     "cancel booking"),
    ("Proceed with the refund of the deposit.", "refund deposit"),
    # no action noun, or a noun that only modifies the head: nothing is read into it
    ("Proceed with care.", None),
    ("Go ahead with the booking cancellation.", None),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "action"), PROCEED)
def test_proceeding_with_an_action_is_the_action(sentence: str, action: str | None) -> None:
    from specgap.extract.grammar import parse

    assert parse(sentence).action == action


def test_proceeding_without_approval_needs_it(tmp_path: Path) -> None:
    sentence = "Never proceed with the cancellation of a booking without the customer's approval."
    found = [(p.operator, p.target) for p in _prose(_build(tmp_path, [sentence]))]
    assert found == [("require_confirmation", "cancel_booking")]
