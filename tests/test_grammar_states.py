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
    ("Only bookings with status 'reserved' may be cancelled.",
     [("state_condition", "cancel_booking",
       {"entity": "booking", "field": "status", "allowed": ("reserved",)})]),
    # the state of the entity a prepositional object names
    ("Only issue refunds for bookings that have been cancelled.",
     [("state_condition", "issue_refund", {"entity": "booking", "allowed": ("cancelled",)})]),
    ("Never update the drivers for a booking whose status is 'returned'.",
     [("state_condition", "update_booking_drivers",
       {"entity": "booking", "field": "status", "denied": ("returned",)})]),
    # a passive subject's qualifier: the state, never a ban on every such entity
    ("Bookings in 'returned' status cannot be cancelled.",
     [("state_condition", "cancel_booking",
       {"entity": "booking", "field": "status", "denied": ("returned",)})]),
    ("Bookings with status 'returned' must not be cancelled.",
     [("state_condition", "cancel_booking",
       {"entity": "booking", "field": "status", "denied": ("returned",)})]),
    # the object's state said right after it
    ("Never cancel bookings in 'returned' status.",
     [("state_condition", "cancel_booking",
       {"entity": "booking", "field": "status", "denied": ("returned",)})]),
    ("Only cancel bookings in status 'reserved' or 'confirmed'.",
     [("state_condition", "cancel_booking",
       {"entity": "booking", "field": "status", "allowed": ("confirmed", "reserved")})]),
    # a permission as long as a state holds: only in that state
    ("A booking can be cancelled as long as the booking is 'reserved'.",
     [("state_condition", "cancel_booking", {"entity": "booking", "allowed": ("reserved",)})]),
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


@pytest.mark.parametrize(
    "sentence",
    [
        "Bookings for corporate customers cannot be cancelled.",
        "Refunds under a promotion must not be issued.",
        "Never cancel bookings in Paris.",  # a place, not a tool
        "Never issue a refund to a different payment method than the one used.",
    ],
)
def test_a_qualified_subject_is_never_banned_outright(tmp_path: Path, sentence: str) -> None:
    """The qualifier binds no state: the ban keeps it and is reviewed, never enforced."""
    found = [(p.operator, p.enforcement) for p in _prose(_build(tmp_path, [sentence]))]
    assert found == [("deny_action", "review_only")]


def test_a_ban_naming_only_its_tool_is_enforced(tmp_path: Path) -> None:
    found = [
        (p.operator, p.target, p.enforcement)
        for p in _prose(_build(tmp_path, ["Never cancel bookings with `cancel_booking`."]))
    ]
    assert found == [("deny_action", "cancel_booking", "enforce")]


@pytest.mark.parametrize(
    ("sentence", "enforcement"),
    [
        # what follows the banned values restricts the ban: kept, reviewed
        ("Never reserve a car of class 'luxury' for a new customer.", "review_only"),
        ("Do not search cars in class 'van' after midnight.", "review_only"),
        # nothing follows: the ban on the values holds as said
        ("Do not search cars in class 'van'.", "enforce"),
    ],
)
def test_a_ban_on_values_is_no_wider_than_its_sentence(
    tmp_path: Path, sentence: str, enforcement: str
) -> None:
    found = [
        (p.operator, p.condition.model_dump()["values"], p.enforcement)
        for p in _prose(_build(tmp_path, [sentence]))
    ]
    assert len(found) == 1
    assert found[0][0] == "deny_action"
    assert found[0][2] == enforcement
