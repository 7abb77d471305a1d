"""The state of the entity acted on, said in a relative clause, quoted or not, after a
possessor or with `whose`: a `state_condition`, never an argument's values and never a flat
ban. Car-rental tools of `test_grammar`; sentences written for the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_grammar import _build, _prose

STATES: list[tuple[str, list[tuple[str, str, dict[str, Any]]]]] = [
    ("Do not update the drivers of a booking that is 'returned'.",
     [("state_condition", "update_booking_drivers",
       {"entity": "booking", "denied": ("returned",)})]),
    ("Never cancel bookings that are 'returned'.",
     [("state_condition", "cancel_booking", {"entity": "booking", "denied": ("returned",)})]),
    ("Never cancel bookings whose status is 'returned'.",
     [("state_condition", "cancel_booking",
       {"entity": "booking", "field": "status", "denied": ("returned",)})]),
    ("Only cancel bookings whose status is 'reserved' or 'confirmed'.",
     [("state_condition", "cancel_booking",
       {"entity": "booking", "field": "status", "allowed": ("confirmed", "reserved")})]),
    # values of an argument stay values of the argument
    ("Only reserve cars of class 'economy' or 'compact'.",
     [("resource_in_allowlist", "reserve_car", {"allowed": ("compact", "economy")})]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "expected"), STATES)
def test_a_state_in_a_relative_clause(
    tmp_path: Path, sentence: str, expected: list[tuple[str, str, dict[str, Any]]]
) -> None:
    keep = {"entity", "field", "allowed", "denied"}
    found = [
        (
            p.operator,
            p.target,
            {k: v for k, v in p.condition.model_dump().items() if k in keep and v},
        )
        for p in _prose(_build(tmp_path, [sentence]))
    ]
    assert found == expected
    assert all(p.operator != "deny_action" for p in _prose(_build(tmp_path, [sentence])))
