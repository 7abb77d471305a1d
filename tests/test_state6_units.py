"""Units of the sixth state pass (`state6_respell`, `state6_steps`, `state6_tables`):
each respelling, and the shapes each leaves alone."""

from __future__ import annotations

import pytest

from specgap.extract.state6_respell import respelt
from specgap.extract.state6_steps import stop_joins, stopped
from specgap.extract.state6_tables import valued


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Contagious pets: no grooming.", "Do not groom pets that are contagious."),
        ("Delivered orders: no refunds.", "Do not refund orders that are delivered."),
        (
            "No application that has been rejected shall be approved.",
            "Never approve an application that is rejected.",
        ),
        ("Damaged games are not lent.", "Damaged games cannot be lent."),
        (
            "The Kennel shall refund deposits only on reserved bookings.",
            "Only refund deposits on bookings that are reserved.",
        ),
        (
            "- `extend_stay`: only works on checked-in bookings.",
            "Only call `extend_stay` for checked-in bookings.",
        ),
        (
            "wash__deliver_order is refused unless the order is ready.",
            "Never call wash__deliver_order unless the order is ready.",
        ),
        (
            "FAQ - Can I refund an order that is being washed? No.",
            "Never refund an order that is washing.",
        ),
        (
            "If the application is WITHDRAWN, stop; do not schedule an inspection.",
            "If the application is WITHDRAWN, do not schedule an inspection.",
        ),
        (
            "Repair a game only when it has missing pieces.",
            "Repair a game only when it is missing pieces.",
        ),
        (
            "Households in arrears: no new pickup requests.",
            "Do not request pickup for households in arrears.",
        ),
        (
            "Hazardous pickups must never be rescheduled by the agent.",
            "Hazardous pickups cannot be rescheduled.",
        ),
        (
            "No household whose account_state is closed may request a pickup.",
            "Never request a pickup for a household whose account_state is closed.",
        ),
        (
            "Orders that have been delivered are not refunded.",
            "Orders that have been delivered must not be refunded.",
        ),
        (
            "- holdDesk: refused while the desk is occupied",
            "Never call holdDesk while the desk is occupied",
        ),
        (
            "Never cancel a booking whose `status` is `checked_in`.",
            "Never cancel a booking whose status is checked_in.",
        ),
    ],
)
def test_respelt(text: str, said: str) -> None:
    assert respelt(text) == said


@pytest.mark.parametrize(
    "text",
    [
        "Overdue customers get a reminder email each week.",
        "Printed jobs are stored for thirty days.",
        "New members: no fee for the first month.",  # "new" is no state
        "Refunds are not charged a fee.",  # no state word before the noun
        "Only when it has been paid, ship it.",  # "has been": read by state4
        "Use `editJob` to change a job.",
        "Overdue customers are not charged interest.",
        "Never cancel a booking unless the renter has returned the keys.",  # a tense
        "You are only allowed to ship tents when the camper has paid.",
        "Orders that are late are not charged a fee.",
    ],
)
def test_left_alone(text: str) -> None:
    assert respelt(text) is None


def test_stop_joins_one_step() -> None:
    text = "If the application is WITHDRAWN, stop. Do not schedule an inspection."
    assert stop_joins(text) == {text.index("Do")}
    assert stop_joins("Stop. Do not schedule an inspection.") == set()
    assert stopped("If the job is closed, stop")
    assert not stopped("Read the job first")


def test_valued_header() -> None:
    assert valued("allowed when status is", "reserved") == "its status is reserved"
    assert valued("allowed when the stage is", "received, washing") == (
        "its stage is received or washing"
    )
    assert valued("allowed when status is", "the booking is reserved") is None
    assert valued("allowed when", "reserved") is None
