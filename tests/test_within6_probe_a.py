"""Probe set A of `arg_within_bound` (session 11, `hwithin6`): a numeric argument kept within
a bound, said by the noun of the quantity, its unit or a derived form rather than by the
tool's verb, and sentences with a rule word and a number that must never be silent.

Written (sentences and expected policies) before any extractor change; see
`docs/bounds-six.md`. Three made-up desks with their own tools: a guesthouse (snake_case),
a cold-chain courier (dotted camelCase), a dog kennel (PascalCase). Each case states the
one `arg_within_bound` a careful reader expects (`target`, `arg`, `min`?, `max`? in the
argument's own unit), `None` for a look-alike that must compile to no enforced bound, or
`NOTE` for a rule with a number that binds no argument: no enforced bound, and a located
note (or a reviewed policy) at its line, never silence.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.probes import spec

NOTE = "note"


STAY = [
    spec("find_guest", "Find a guest by name or email.", query="string"),
    spec("book_stay", "Book a stay at the guesthouse.", guest_id="string",
          nights="integer", party_size=("integer", "Number of guests in the party.")),
    spec("take_deposit", "Take a card deposit for a booking.", booking_id="string",
          deposit_eur=("number", "Deposit in euros.")),
    spec("apply_discount", "Apply a discount to a booking.", booking_id="string",
          discount_pct=("number", "Discount in per cent.")),
    spec("list_rooms", "List free rooms.", max_results="integer"),
]  # fmt: skip
COURIER = [
    spec("cold.lookupSender", "Look up a sender account.", query="string"),
    spec("cold.createShipment", "Create a refrigerated shipment.", senderId="string",
          weightKg=("number", "Parcel weight in kilograms."),
          setpointC=("number", "Storage temperature in degrees Celsius.")),
    spec("cold.insureParcel", "Insure a parcel.", shipmentId="string",
          declaredValueUsd=("number", "Declared value in US dollars.")),
    spec("cold.bookPickup", "Book a driver pickup.", shipmentId="string",
          waitMinutes=("integer", "Minutes the driver waits at pickup.")),
]  # fmt: skip
KENNEL = [
    spec("FindDog", "Find a dog by name.", Name="string"),
    spec("BookBoarding", "Book boarding for a dog.", DogId="string", Nights="integer",
          DailyFoodGrams=("integer", "Food per day in grams.")),
    spec("ChargeGrooming", "Charge the owner for grooming.", DogId="string",
          PriceUsd=("number", "Price in US dollars.")),
    spec("ScheduleWalk", "Schedule a walk for a dog.", DogId="string",
          WalkMinutes="integer"),
]  # fmt: skip
DESKS = {"stay": STAY, "courier": COURIER, "kennel": KENNEL}

Expected = tuple[Any, ...] | str | None


def read(tmp_path: Path, desk: str, text: str) -> tuple[list[dict[str, Any]], list[str]]:
    """The bounds read from the text (with their enforcement) and the notes at its lines."""
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
    reviewed = [
        f"policy {p.operator}"
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.enforcement == "review_only"
    ]
    notes = [
        d.code
        for d in built.state.diagnostics
        if d.span is not None and d.span.path.endswith("prompt.md") and d.span.start_line >= 3
    ]
    return out, [*reviewed, *notes]


def check(tmp_path: Path, desk: str, text: str, expected: Expected) -> None:
    found, notes = read(tmp_path, desk, text)
    enforced = [f for f in found if f["enforced"]]
    if expected is None:
        assert not enforced, found
        return
    if expected == NOTE:
        assert not enforced, found
        assert notes, "silent: no policy and no note"
        return
    assert isinstance(expected, tuple)
    target, arg, low, high = expected
    want = {"target": target, "arg": arg, "min": low, "max": high, "enforced": True}
    assert enforced == [want], (found, notes)


# (desk, text, expected)
SET_A: list[tuple[str, str, Expected]] = [
    # guesthouse
    ("stay", "No discount deeper than 15 %.", ("apply_discount", "discount_pct", None, 15)),
    ("stay", "A stay may not exceed 14 nights.", ("book_stay", "nights", None, 14)),
    ("stay", "Deposits are between €20 and €300.", ("take_deposit", "deposit_eur", 20, 300)),
    ("stay", "Party size: 1–8 guests.", ("book_stay", "party_size", 1, 8)),
    ("stay", "Discounts above 15 per cent are never given.",
     ("apply_discount", "discount_pct", None, 15)),
    ("stay", "The deposit must not be more than 300 euros.",
     ("take_deposit", "deposit_eur", None, 300)),
    ("stay", "Bookings are for 1 to 14 nights.", ("book_stay", "nights", 1, 14)),
    ("stay", "| Rule | Limit |\n|---|---|\n| Stay length | at most 14 nights |",
     ("book_stay", "nights", None, 14)),
    ("stay", "Q: Can a group of ten stay?\nA: No, the party size is capped at 8.",
     ("book_stay", "party_size", None, 8)),
    ("stay", "If a guest asks for more than 15 % off, refuse.",
     ("apply_discount", "discount_pct", None, 15)),
    ("stay", "The Operator shall not grant any discount in excess of fifteen per cent.",
     ("apply_discount", "discount_pct", None, 15)),
    ("stay", "- max party: 8", ("book_stay", "party_size", None, 8)),
    ("stay", "Never take a deposit of less than €20.", ("take_deposit", "deposit_eur", 20, None)),
    ("stay", "Deposit: €20 minimum, €300 maximum.", ("take_deposit", "deposit_eur", 20, 300)),
    ("stay", "Keep each stay to 14 nights or fewer.", ("book_stay", "nights", None, 14)),
    ("stay", "Most guests stay 3 to 5 nights.", None),
    ("stay", "Breakfast costs €12 per person.", None),
    ("stay", "Our largest room sleeps 6 guests.", None),
    ("stay", "Deposits over €300 need the manager's approval.", None),
    ("stay", "For example, a 20 % discount on a €100 stay saves €20.", None),
    ("stay", "Guests may not bring more than 2 pets.", NOTE),
    ("stay", "Luggage storage is capped at 3 bags per guest.", NOTE),
    # cold-chain courier
    ("courier", "Parcel weight: 30 kg max.", ("cold.createShipment", "weightKg", None, 30)),
    ("courier", "Keep the temperature between 2 and 8 °C.",
     ("cold.createShipment", "setpointC", 2, 8)),
    ("courier", "Shipments heavier than 30 kg are refused.",
     ("cold.createShipment", "weightKg", None, 30)),
    ("courier", "Declared value caps at $5,000.",
     ("cold.insureParcel", "declaredValueUsd", None, 5000)),
    ("courier", "Insure parcels for no more than $5,000.",
     ("cold.insureParcel", "declaredValueUsd", None, 5000)),
    ("courier", "A driver waits no longer than 20 minutes at pickup.",
     ("cold.bookPickup", "waitMinutes", None, 20)),
    ("courier", "| Setting | Range |\n|---|---|\n| Setpoint | 2–8 °C |",
     ("cold.createShipment", "setpointC", 2, 8)),
    ("courier", "The storage temperature must stay within 2 to 8 degrees.",
     ("cold.createShipment", "setpointC", 2, 8)),
    ("courier", "If the declared value is above $5,000, do not insure the parcel.",
     ("cold.insureParcel", "declaredValueUsd", None, 5000)),
    ("courier", "Pickup wait — 20 min at most.", ("cold.bookPickup", "waitMinutes", None, 20)),
    ("courier", "The weight limit per parcel is 30 kg.",
     ("cold.createShipment", "weightKg", None, 30)),
    ("courier", "Each parcel must weigh at least 0.5 kg.",
     ("cold.createShipment", "weightKg", 0.5, None)),
    ("courier", "The Carrier will not accept any parcel exceeding thirty kilograms.",
     ("cold.createShipment", "weightKg", None, 30)),
    ("courier", "Temperature setpoint (°C): min 2, max 8",
     ("cold.createShipment", "setpointC", 2, 8)),
    ("courier", "A typical parcel weighs about 4 kg.", None),
    ("courier", "Pickups cost $3 per extra minute of waiting.", None),
    ("courier", "The fridge van holds up to 200 parcels.", None),
    ("courier", "Parcels over 20 kg are collected by two drivers.", None),
    ("courier", "Declared values above $2,000 need a signature from a supervisor.", None),
    ("courier", "Drivers must not drive more than 9 hours a day.", NOTE),
    # dog kennel
    ("kennel", "Boarding stays: 1 to 21 nights.", ("BookBoarding", "Nights", 1, 21)),
    ("kennel", "No dog boards longer than 21 nights.", ("BookBoarding", "Nights", None, 21)),
    ("kennel", "Walks are 15 to 60 minutes long.", ("ScheduleWalk", "WalkMinutes", 15, 60)),
    ("kennel", "Grooming price: $25 minimum, $90 maximum.",
     ("ChargeGrooming", "PriceUsd", 25, 90)),
    ("kennel", "Don't charge more than $90 for grooming.",
     ("ChargeGrooming", "PriceUsd", None, 90)),
    ("kennel", "Daily food must not exceed 800 grams.",
     ("BookBoarding", "DailyFoodGrams", None, 800)),
    ("kennel", "Walk length is capped at one hour.", ("ScheduleWalk", "WalkMinutes", None, 60)),
    ("kennel", "Grooming fees over $90? Not allowed.", ("ChargeGrooming", "PriceUsd", None, 90)),
    ("kennel", "Step 3: schedule walks of at most 60 minutes.",
     ("ScheduleWalk", "WalkMinutes", None, 60)),
    ("kennel", "Boarding longer than three weeks is not offered.",
     ("BookBoarding", "Nights", None, 21)),
    ("kennel", "Minimum boarding: 2 nights.", ("BookBoarding", "Nights", 2, None)),
    ("kennel", "Food per day — between 100 and 800 g.",
     ("BookBoarding", "DailyFoodGrams", 100, 800)),
    ("kennel", "Our big run fits 12 dogs.", None),
    ("kennel", "Most walks last about 30 minutes.", None),
    ("kennel", "Grooming costs $5 extra per 10 minutes.", None),
    ("kennel", "No more than 4 dogs per walker.", NOTE),
]  # fmt: skip

# cases of set A that fail (xfail, strict): indexes into SET_A (see docs/bounds-six.md)
# A2 ("Deposits are between ..."): passed until the fifteenth session only because the bound's
# noun was misread as `are` (unresolved, so bound by its unit); read as `deposit` now, it
# resolves weakly to `take_deposit` and stays reviewed, as any bound on a noun mention does
FAILING_A = {2, 9, 23, 29, 46, 49, 51}  # before any code change: 29/58 (docs/bounds-six.md)


def _cases() -> list[Any]:
    return [
        pytest.param(*case, marks=pytest.mark.xfail(strict=True), id=f"A{i}")
        if i in FAILING_A
        else pytest.param(*case, id=f"A{i}")
        for i, case in enumerate(SET_A)
    ]


@pytest.mark.parametrize(("desk", "text", "expected"), _cases())
def test_probe_a(tmp_path: Path, desk: str, text: str, expected: Expected) -> None:
    check(tmp_path, desk, text, expected)


def figure(tmp_path: Path, cases: list[tuple[str, str, Expected]]) -> dict[str, int]:
    """Exact, wrong enforced and silent counts of a probe set (for the doc)."""
    exact = wrong = silent = 0
    for i, (desk, text, expected) in enumerate(cases):
        folder = tmp_path / str(i)
        folder.mkdir()
        try:
            check(folder, desk, text, expected)
            exact += 1
        except AssertionError:
            found, notes = read(folder, desk, text)
            enforced = [f for f in found if f["enforced"]]
            wrong += bool(enforced)
            silent += not found and not notes
    return {"exact": exact, "total": len(cases), "wrong": wrong, "silent": silent}


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        print(figure(Path(folder), SET_A))
