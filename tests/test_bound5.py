"""Numeric bounds said without the tool's verb (`arg_within_bound`): a label and its value, a
table row, a fragment, a copula, a verb that is not the tool's, a question and its answer, a
letter to staff, an "if/unless/only when" form, a rule said as what happens otherwise.

Probe set A was written (sentences and expected policies) before the extractor was run on
it; probe set B after the code was done (see `docs/bounds-five.md`). Three made-up desks: a
kiln studio, a glider club, a bike co-op, and (set B) a harbour kayak hire. Each case gives
the one `arg_within_bound` a careful reader expects (`target`, `arg`, `min`?, `max`?), or
`None` for a look-alike that must not compile to an enforced bound.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.probes import spec

KILN = [
    spec("find_member", "Find a studio member by name.", name="string"),
    spec("book_firing", "Book a kiln firing for a member.", member_id="string",
          kiln_id="string", cone="integer", hours="integer"),
    spec("sell_clay", "Sell bagged clay to a member.", member_id="string", clay_kg="number"),
    spec("refund_fee", "Refund a studio fee to a member.", member_id="string", amount="number"),
    spec("list_firings", "List past firings of a kiln.", kiln_id="string", limit="integer"),
]  # fmt: skip
GLIDER = [
    spec("club.findPilot", "Look up a pilot of the club.", query="string"),
    spec("club.reserveGlider", "Reserve a glider for a flight.", pilotId="string",
          gliderId="string", durationMinutes="integer"),
    spec("club.chargeAccount", "Charge a pilot's club account.", pilotId="string",
          amountUsd=("number", "Amount to charge, in US dollars.")),
    spec("club.orderTow", "Order an aerotow launch for a pilot.", pilotId="string",
          releaseHeightFt=("integer", "Release height in feet.")),
    spec("club.listFlights", "List a pilot's recent flights.", pilotId="string",
          days="integer"),
]  # fmt: skip
BIKE = [
    spec("coop__rent_bike", "Rent a bike to a member for a number of days.",
          memberId="string", days="integer"),
    spec("CreateRepairOrder", "Open a repair order for a bike.", BikeId="string",
          LaborMinutes="integer", PartsBudget="number"),
    spec("issue-credit", "Issue shop credit to a member.", member="string", credits="integer"),
    spec("SearchBikes", "Search bikes in stock.", maxPrice="number", size="string"),
]  # fmt: skip
KAYAK = [
    spec("hire.find_paddler", "Look up a paddler by name or phone.", phone="string"),
    spec("hire.start_hire", "Start a kayak hire for a paddler.", paddler_id="string",
          boats="integer", hire_hours=("number", "Length of the hire in hours.")),
    spec("hire.take_deposit", "Take a card deposit from a paddler.", paddler_id="string",
          deposit_gbp=("number", "Deposit in pounds sterling.")),
    spec("hire.log_trip", "Log a trip plan for a hire.", hire_id="string",
          distance_km="number", group_size="integer"),
    spec("hire.list_hires", "List today's hires.", max_results="integer"),
]  # fmt: skip
DESKS = {"kiln": KILN, "glider": GLIDER, "bike": BIKE, "kayak": KAYAK}


def _bounds(tmp_path: Path, desk: str, text: str) -> list[dict[str, Any]]:
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", DESKS[desk])
    out = []
    for p in built.policies:
        if not p.source.artifact.endswith("prompt.md") or p.operator != "arg_within_bound":
            continue
        c = p.condition.model_dump(mode="json", exclude_none=True) if p.condition else {}
        arg = c.get("arg") or (c.get("selector") or {}).get("arg")
        out.append(
            {"target": p.target, "arg": arg, "min": c.get("min"), "max": c.get("max"),
             "enforced": p.enforcement != "review_only"}
        )  # fmt: skip
    return out


def _check(tmp_path: Path, desk: str, text: str, expected: tuple[Any, ...] | None) -> None:
    found = _bounds(tmp_path, desk, text)
    enforced = [f for f in found if f["enforced"]]
    if expected is None:
        assert not enforced, found
        return
    target, arg, low, high = expected
    want = {"target": target, "arg": arg, "min": low, "max": high, "enforced": True}
    assert enforced == [want], found


# (desk, text, expected (target, arg, min, max) or None)
SET_A: list[tuple[str, str, tuple[Any, ...] | None]] = [
    # kiln studio
    ("kiln", "Firing length: 2 to 14 hours.", ("book_firing", "hours", 2, 14)),
    ("kiln", "| Item | Limit |\n|---|---|\n| clay sale | up to 50 kg |",
     ("sell_clay", "clay_kg", None, 50)),
    ("kiln", "Fee refunds cap at $60.", ("refund_fee", "amount", None, 60)),
    ("kiln", "Cone 4 to 10 only.", ("book_firing", "cone", 4, 10)),
    ("kiln", "The maximum refund is $60.", ("refund_fee", "amount", None, 60)),
    ("kiln", "Clay per sale: no more than 50 kg.", ("sell_clay", "clay_kg", None, 50)),
    ("kiln", "Refunds between $5 and $60 only.", ("refund_fee", "amount", 5, 60)),
    ("kiln", "Q: How long can a firing run?\nA: At most 14 hours.",
     ("book_firing", "hours", None, 14)),
    ("kiln", "Please make sure no firing runs longer than 14 hours.",
     ("book_firing", "hours", None, 14)),
    ("kiln", "A clay sale is capped at 50 kg, or the sale is refused.",
     ("sell_clay", "clay_kg", None, 50)),
    ("kiln", "3. Set the firing hours between 2 and 14.", ("book_firing", "hours", 2, 14)),
    ("kiln", "Only when the refund is $60 or less may it go through.",
     ("refund_fee", "amount", None, 60)),
    ("kiln", "Hours per firing — 14 max.", ("book_firing", "hours", None, 14)),
    ("kiln", "Refund ceiling: $60.", ("refund_fee", "amount", None, 60)),
    ("kiln", "Minimum clay sale: 1 kg.", ("sell_clay", "clay_kg", 1, None)),
    ("kiln", "Clay sales under 1 kg are not allowed.", ("sell_clay", "clay_kg", 1, None)),
    # glider club
    ("glider", "Tow release height: 1,000–3,000 ft.",
     ("club.orderTow", "releaseHeightFt", 1000, 3000)),
    ("glider", "Glider slots run 30 to 180 minutes.",
     ("club.reserveGlider", "durationMinutes", 30, 180)),
    ("glider", "Account charges are limited to $400.",
     ("club.chargeAccount", "amountUsd", None, 400)),
    ("glider", "Charges: max $400.", ("club.chargeAccount", "amountUsd", None, 400)),
    ("glider", "A reservation can't be longer than 180 minutes.",
     ("club.reserveGlider", "durationMinutes", None, 180)),
    ("glider", "Reservations may only be 30 to 180 minutes long.",
     ("club.reserveGlider", "durationMinutes", 30, 180)),
    ("glider", "FAQ: What's the highest tow?\n3,000 feet.",
     ("club.orderTow", "releaseHeightFt", None, 3000)),
    ("glider", "Tows above 3,000 ft are refused.",
     ("club.orderTow", "releaseHeightFt", None, 3000)),
    ("glider", "No charge may exceed $400.", ("club.chargeAccount", "amountUsd", None, 400)),
    ("glider", "`club.chargeAccount` — charges a pilot's account; amountUsd 1–400.",
     ("club.chargeAccount", "amountUsd", 1, 400)),
    ("glider", "If the flight would last more than 180 minutes, don't reserve it.",
     ("club.reserveGlider", "durationMinutes", None, 180)),
    ("glider", "Unless the slot is 30 minutes or longer, do not reserve the glider.",
     ("club.reserveGlider", "durationMinutes", 30, None)),
    ("glider", "Tows: 1000 ft minimum.", ("club.orderTow", "releaseHeightFt", 1000, None)),
    ("glider", "Release heights under 1000 ft: never.",
     ("club.orderTow", "releaseHeightFt", 1000, None)),
    ("glider", "Dear staff, please keep every account charge under $400.",
     ("club.chargeAccount", "amountUsd", None, 400)),
    # bike co-op
    ("bike", "Rentals: 1-21 days.", ("coop__rent_bike", "days", 1, 21)),
    ("bike", "| Thing | Allowed |\n|---|---|\n| Rental period | 1 to 21 days |",
     ("coop__rent_bike", "days", 1, 21)),
    ("bike", "Parts budget per repair: $150 max.",
     ("CreateRepairOrder", "PartsBudget", None, 150)),
    ("bike", "Labor is capped at 90 minutes.", ("CreateRepairOrder", "LaborMinutes", None, 90)),
    ("bike", "Shop credit: at most 25 credits.", ("issue-credit", "credits", None, 25)),
    ("bike", "Credit grants over 25 credits are refused.", ("issue-credit", "credits", None, 25)),
    ("bike", "Rentals shorter than 1 day are not offered.", ("coop__rent_bike", "days", 1, None)),
    ("bike", "Rental length no more than 21 days, otherwise the rental is declined.",
     ("coop__rent_bike", "days", None, 21)),
    ("bike", "The longest rental is 21 days.", ("coop__rent_bike", "days", None, 21)),
    ("bike", "Repair labor must stay below 90 minutes.",
     ("CreateRepairOrder", "LaborMinutes", None, 90)),
    ("bike", "Credits per grant: 5 to 25.", ("issue-credit", "credits", 5, 25)),
    ("bike", "Keep rentals to 21 days or fewer.", ("coop__rent_bike", "days", None, 21)),
    ("bike", "Maximum parts budget — $150.", ("CreateRepairOrder", "PartsBudget", None, 150)),
    ("bike", "Every rental lasts between 1 and 21 days.", ("coop__rent_bike", "days", 1, 21)),
    # look-alikes: no enforced bound
    ("kiln", "Firings over 14 hours need the studio manager's sign-off.", None),
    ("kiln", "The big kiln can hold up to 40 pots.", None),
    ("bike", "For example, a 3-day rental costs $24.", None),
    ("bike", "SearchBikes returns bikes priced up to the maxPrice you give.", None),
    ("bike", "Most members rent for 3 to 5 days.", None),
    ("glider", "Tows above 3,000 ft require a duty instructor's approval.", None),
    ("glider", "Charges over $400 need a second signature.", None),
    ("kiln", "The studio has 6 kilns and 40 members.", None),
    ("kiln", "Refund the fee within 14 days of the firing.", None),
    ("bike", "Search bikes priced under $500 when the member asks for a cheap one.", None),
    ("glider", "Our record flight was 6 hours.", None),
    ("bike", "Rentals cost $8 per day.", None),
]  # fmt: skip

# cases of set A that fail (xfail, strict): indexes into SET_A. Baseline on main 6248bc1:
# 20/57 exact (8/45 bounds, 12/12 look-alikes), 0 wrong enforced, 37 nothing enforced
# The twenty-first session's unit binder (`bind_units.unit_tool_copies`: a bound said in
# a unit finds the one argument of that kind a word of the sentence names) made 0 and 18 pass.
A_FAILING: set[int] = {6, 10, 13, 19, 20, 21, 22, 28, 31, 38}
# after bound5 (as shipped): 31/57 exact, 0 wrong enforced; after within6 (session 11,
# docs/bounds-six.md): 45/57


@pytest.mark.parametrize(
    ("desk", "text", "expected"),
    [
        pytest.param(*case, marks=pytest.mark.xfail(strict=True), id=f"A{i}")
        if i in A_FAILING
        else pytest.param(*case, id=f"A{i}")
        for i, case in enumerate(SET_A)
    ],
)
def test_probe_a(tmp_path: Path, desk: str, text: str, expected: tuple[Any, ...] | None) -> None:
    _check(tmp_path, desk, text, expected)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Fee refunds cap at $60.", "The fee refund amount must be at most $60."),
        ("Cone 4 to 10 only.", "The cone must be between 4 and 10."),
        ("Rental period: 1 to 21 days", "The rental must be between 1 and 21 days."),
        ("Keep every voucher under 5 nights.", "The voucher must be at most 4 nights."),
        ("Keep every charge under $400.", "The charge must be at most $400."),
        ("Tows above 3,000 ft are refused.", "The tow must be at most 3,000 ft."),
        ("Account charges are limited to $400.", "The account charge amount must be at most $400."),
        # no bound: a size, a rate, a review, a statistic, a verb of the thing
        ("Slots run 30 minutes.", None),
        ("Rentals cost $8 per day.", None),
        ("Charges over $400 need a second signature.", None),
        ("Most members rent for 3 to 5 days.", None),
        ("account number last 4 digits", None),
        ("Hours: 17 to 9", None),
        ("Freezes usually last 2 to 12 weeks.", None),
    ],
)  # fmt: skip
def test_respelled(text: str, said: str | None) -> None:
    from specgap.extract.bound5_respell import respelled

    assert respelled(text) == said


# Probe set B: written after the code was done, run once; the figure is untouched.
SET_B: list[tuple[str, str, tuple[Any, ...] | None]] = [
    ("kayak", "Hires run from 1 to 8 hours.", ("hire.start_hire", "hire_hours", 1, 8)),
    ("kayak", "Deposit — £20 minimum.", ("hire.take_deposit", "deposit_gbp", 20, None)),
    ("kayak", "| Setting | Value |\n|---|---|\n| Boats per hire | 1 to 6 |",
     ("hire.start_hire", "boats", 1, 6)),
    ("kayak", "Deposits top out at £150.", ("hire.take_deposit", "deposit_gbp", None, 150)),
    ("kayak", "No trip may be planned longer than 25 km.",
     ("hire.log_trip", "distance_km", None, 25)),
    ("kayak", "Group size for a logged trip: 2-10 paddlers.",
     ("hire.log_trip", "group_size", 2, 10)),
    ("kayak", "Trips over 25 km are not permitted.", ("hire.log_trip", "distance_km", None, 25)),
    ("kayak", "Hello team, please keep each deposit under £150.",
     ("hire.take_deposit", "deposit_gbp", None, 150)),
    ("kayak", "The biggest group we take out is 10 paddlers.",
     ("hire.log_trip", "group_size", None, 10)),
    ("kayak", "FAQ — Longest hire? 8 hours.", ("hire.start_hire", "hire_hours", None, 8)),
    ("kayak", "Minimum hire: 1 hour.", ("hire.start_hire", "hire_hours", 1, None)),
    ("kayak", "If a paddler wants more than 6 boats, do not start the hire.",
     ("hire.start_hire", "boats", None, 6)),
    ("kayak", "Only when the deposit is £150 or less can it be taken.",
     ("hire.take_deposit", "deposit_gbp", None, 150)),
    ("kayak", "Distance per logged trip is capped at 25 km, or the log is rejected.",
     ("hire.log_trip", "distance_km", None, 25)),
    ("kayak", "Boats: no more than 6 per hire.", ("hire.start_hire", "boats", None, 6)),
    ("kayak", "The shortest hire is 1 hour.", ("hire.start_hire", "hire_hours", 1, None)),
    ("kayak", "Deposits below £20 are refused.", ("hire.take_deposit", "deposit_gbp", 20, None)),
    ("kayak", "`hire.start_hire` — starts a hire; hire_hours 1–8.",
     ("hire.start_hire", "hire_hours", 1, 8)),
    ("kayak", "Step 4: set the group size between 2 and 10.",
     ("hire.log_trip", "group_size", 2, 10)),
    ("kayak", "Deposits may only be £20 to £150.", ("hire.take_deposit", "deposit_gbp", 20, 150)),
    ("kayak", "A hire cannot run beyond 8 hours.", ("hire.start_hire", "hire_hours", None, 8)),
    ("kayak", "Max distance: 25 km.", ("hire.log_trip", "distance_km", None, 25)),
    ("kayak", "Groups smaller than 2 paddlers: never.", ("hire.log_trip", "group_size", 2, None)),
    ("kayak", "Unless the group is 2 paddlers or more, do not log the trip.",
     ("hire.log_trip", "group_size", 2, None)),
    ("kayak", "Boat count tops out at 6.", ("hire.start_hire", "boats", None, 6)),
    # look-alikes
    ("kayak", "Hires over 8 hours need the harbour master's okay.", None),
    ("kayak", "A typical trip covers 8 to 12 km.", None),
    ("kayak", "Our double kayaks seat up to 2 paddlers.", None),
    ("kayak", "Deposits are refunded within 5 days.", None),
    ("kayak", "For example, a 3-hour hire for 2 boats costs £60.", None),
]  # fmt: skip

# cases of set B that fail (xfail, strict). Measured once after the code was done (with the
# corroboration hook later taken out, see docs/bounds-five.md): 19/30 exact (14/25 bounds,
# 5/5 look-alikes), 0 wrong enforced; as shipped: 12/30 exact (7/25 bounds, 5/5 look-alikes),
# 0 wrong enforced, 18 nothing enforced; with the bound5 reread off (as main): 7/30
B_FAILING: set[int] = {1, 4, 5, 6, 8, 9, 11, 13, 14, 19, 20, 22, 24}  # within6: 14/30
# (23 mended in session 19 by `compare19`: "unless the group is 2 paddlers or more, do not
# log the trip" bans the calls under 2, the bound of the argument)
# (18 mended by prose7_reasons, docs/prose-seven.md: read without its reason clause; 10 by
# resolve.arg_ties in session 14: of the tools "trip" ties, only one takes the distance)


@pytest.mark.parametrize(
    ("desk", "text", "expected"),
    [
        pytest.param(*case, marks=pytest.mark.xfail(strict=True), id=f"B{i}")
        if i in B_FAILING
        else pytest.param(*case, id=f"B{i}")
        for i, case in enumerate(SET_B)
    ],
)
def test_probe_b(tmp_path: Path, desk: str, text: str, expected: tuple[Any, ...] | None) -> None:
    _check(tmp_path, desk, text, expected)
