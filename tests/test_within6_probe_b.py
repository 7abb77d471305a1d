"""Probe set B of `arg_within_bound` (session 11, `hwithin6`): written after the code of
`docs/bounds-six.md` was done, run once, its figure reported untouched (failures xfail,
strict). New wording, and a new made-up desk: a bicycle courier co-op's parcel lockers
(`locker.*`, dotted snake_case), with the guesthouse and the kennel of set A.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.probes import spec
from tests.test_within6_probe_a import DESKS, NOTE, Expected, check

LOCKER = [
    spec("locker.find_member", "Find a member of the locker co-op.", query="string"),
    spec("locker.rent_locker", "Rent a parcel locker to a member.", member_id="string",
          rental_days=("integer", "Rental length in days."),
          locker_volume_l=("number", "Locker volume in litres.")),
    spec("locker.top_up", "Top up a member's prepaid balance.", member_id="string",
          top_up_gbp=("number", "Top-up in pounds sterling.")),
    spec("locker.set_pin_expiry", "Set when a locker's pickup code expires.",
          locker_id="string", expiry_hours=("integer", "Hours until the code expires.")),
]  # fmt: skip
DESKS["locker"] = LOCKER

SET_B: list[tuple[str, str, Expected]] = [
    ("locker", "Locker rentals never run past 30 days.",
     ("locker.rent_locker", "rental_days", None, 30)),
    ("locker", "Top-ups: £5 at the least, £200 at the most.",
     ("locker.top_up", "top_up_gbp", 5, 200)),
    ("locker", "No top-up bigger than £200.", ("locker.top_up", "top_up_gbp", None, 200)),
    ("locker", "A pickup code may stay valid for no more than 48 hours.",
     ("locker.set_pin_expiry", "expiry_hours", None, 48)),
    ("locker", "| Setting | Allowed |\n|---|---|\n| Code expiry | 1–48 hours |",
     ("locker.set_pin_expiry", "expiry_hours", 1, 48)),
    ("locker", "Rentals longer than thirty days are not permitted.",
     ("locker.rent_locker", "rental_days", None, 30)),
    ("locker", "The top-up ceiling is £200.", ("locker.top_up", "top_up_gbp", None, 200)),
    ("locker", "The Co-op shall not accept a top-up in excess of two hundred pounds.",
     ("locker.top_up", "top_up_gbp", None, 200)),
    ("locker", "Rental length — 1 to 30 days.", ("locker.rent_locker", "rental_days", 1, 30)),
    ("locker", "Codes expire after 48 hours at the latest.",
     ("locker.set_pin_expiry", "expiry_hours", None, 48)),
    ("locker", "Our lockers hold up to 60 litres.", None),
    ("locker", "Most members top up £20 at a time.", None),
    ("locker", "Couriers may drop no more than 5 parcels per round.", NOTE),
    ("stay", "Parties larger than 8 guests are turned away.",
     ("book_stay", "party_size", None, 8)),
    ("stay", "Discount cap for a booking: 15 %.", ("apply_discount", "discount_pct", None, 15)),
    ("stay", "We never hold a deposit under €20.", ("take_deposit", "deposit_eur", 20, None)),
    ("stay", "FAQ — How long can I stay? Up to 14 nights.", ("book_stay", "nights", None, 14)),
    ("stay", "- nights per booking: 1 min / 14 max", ("book_stay", "nights", 1, 14)),
    ("stay", "A typical discount is around 10 %.", None),
    ("kennel", "Walks shouldn't go beyond 60 minutes.", ("ScheduleWalk", "WalkMinutes", None, 60)),
    ("kennel", "Grooming is priced from $25 up to $90.", ("ChargeGrooming", "PriceUsd", 25, 90)),
    ("kennel", "The longest boarding we offer is 21 nights.", ("BookBoarding", "Nights", None, 21)),
    ("kennel", "Daily food: never above 800 g.", ("BookBoarding", "DailyFoodGrams", None, 800)),
    ("kennel", "If the owner wants a walk over an hour, say no.",
     ("ScheduleWalk", "WalkMinutes", None, 60)),
    ("kennel", "Walkers take at most 3 dogs at a time.", NOTE),
]  # fmt: skip

# cases of set B that fail (xfail, strict): measured once after the code was done, 10/25
# exact (7/20 bounds, 3/3 look-alikes, 0/2 notes missing), 0 wrong enforced, 1 silent
# After the measure, one fix (docs/bounds-six.md): of several fitting time arguments, the one
# whose own words say the unit (`expiry_hours`, not "Rental length") -> B3, B5 pass: 12/25
# The seventeenth session's change made B22 pass (a plain ban the grammar read where the
# negation bans an amount is no longer kept, so the bound's reader reads it): 13/25
FAILING_B = {0, 1, 7, 9, 13, 14, 15, 16, 17, 19, 20, 23}


@pytest.mark.parametrize(
    ("desk", "text", "expected"),
    [
        pytest.param(*case, marks=pytest.mark.xfail(strict=True), id=f"B{i}")
        if i in FAILING_B
        else pytest.param(*case, id=f"B{i}")
        for i, case in enumerate(SET_B)
    ],
)
def test_probe_b(tmp_path: Path, desk: str, text: str, expected: Expected) -> None:
    check(tmp_path, desk, text, expected)
