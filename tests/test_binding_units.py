"""Arguments named by a unit, by a description word, by the object noun or by the action a
value is for; a time measured from an event that no argument holds (issue 11, classes 1 and
3: `docs/binding.md`). Made-up tools in several id styles: a ferry desk (camelCase), a kiln
studio (snake_case), a seed bank (kebab-case), a vault (dotted), a staff roster
(`server__tool`) and a vet clinic (camelCase, described arguments). Every sentence is
written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.bind_units import bound_unit, time_condition, unit_kind
from specgap.resolve.bind_ids import folded_id
from tests.corpus_agents import Row, build_prompt, policy_rows
from tests.test_grammar_arg_restrictions_wide import _tool

S, N, INT = "string", "number", "integer"

DOMAINS: dict[str, list[dict[str, Any]]] = {
    "ferry": [
        _tool("lookupPassenger", "Find a passenger by name or e-mail.", email=S),
        _tool("moveBooking", "Move a booking to another crossing.", bookingId=S, crossingId=S),
        _tool("cancelBooking", "Cancel a booking.", bookingId=S, reason=S),
        _tool("issueVoucher", "Issue a travel voucher to a passenger.", passengerId=S, amount=N),
        _tool("flagVehicle", "Flag a vehicle for inspection.", bookingId=S, note=S),
    ],
    # several tools act on vouchers; one gives them
    "vouchers": [
        _tool("issueVoucher", "Issue a travel voucher.", passengerId=S, amount=N),
        _tool("redeemVoucher", "Redeem a voucher against a fare.", voucherId=S, amount=N),
        _tool("getVoucher", "Read a voucher.", voucherId=S),
    ],
    "two-givers": [
        _tool("issueVoucher", "Issue a travel voucher.", passengerId=S, amount=N),
        _tool("mailVoucher", "Mail a printed voucher.", passengerId=S, amount=N),
    ],
    "kiln": [
        _tool("get_member", "Find a studio member by e-mail address.", email=S),
        _tool("book_firing", "Book a kiln firing for a member.", member_id=S, pieces=INT,
              weight_kg=N, notes=S),
        _tool("cancel_firing", "Cancel a booked firing.", firing_id=S, reason=S),
        _tool("refund_deposit", "Refund a member's deposit.", member_id=S, amount_eur=N),
    ],
    "seed": [
        _tool("lookup-member", "Look up a seed bank member by card number.", card_number=S),
        _tool("ship-order", "Ship a seed order by post.", order_id=S, carrier=S,
              parcel_weight=N),
        _tool("apply-discount", "Apply a discount to an order.", order_id=S, rate=N),
    ],
    "vault": [
        _tool("vault.lookup", "Look up an account holder.", holder_id=S),
        _tool("vault.withdraw", "Withdraw cash from an account.", account=S, sum=N),
        # a fee and a number that says no unit: "euros" names neither for sure
        _tool("vault.transfer", "Transfer money between two accounts.", source=S, target=S,
              principal=N, fee=N),
    ],
    "roster": [
        _tool("roster__get_worker", "Get a worker's profile.", worker_id=S),
        _tool("roster__assign_shift", "Assign a shift to a worker.", worker_id=S, hours=N),
        _tool("roster__swap_shift", "Swap two workers' shifts.", shift_a=S, shift_b=S),
        _tool("roster__pay_bonus", "Pay a bonus to a worker.", worker_id=S, bonus_eur=N),
    ],
    "clinic": [
        _tool("bookVisit", "Book a visit with a vet for a pet.", petId=S,
              lengthMinutes=(INT, "Length of the visit")),
        _tool("cancelVisit", "Cancel a visit.", visitId=S,
              cancelReason=(S, "Why the visit is cancelled")),
        _tool("chargeInvoice", "Charge an invoice to the owner's card.", invoiceId=S,
              cardToken=(S, "The card to charge"), total=(N, "Total in euros")),
        _tool("updateOwner", "Update an owner's contact details.", ownerId=S,
              contactEmail=(S, "E-mail address for reminders")),
    ],
}  # fmt: skip


def _bound(tool: str, arg: str, how: str = "enforce", **limits: float) -> Row:
    return (tool, "arg_within_bound", arg, how, {k: float(v) for k, v in limits.items()})


def _given(tool: str, arg: str, how: str = "enforce") -> Row:
    return (tool, "arg_grounded", arg, how, {})  # (from the user: the default)


# (domain, sentence, the rows of the operators checked; [] = none of them)
ROWS: list[tuple[str, str, list[Row]]] = [
    # a unit names the one numeric argument that speaks of its kind (enforced since session
    # 11: the one numeric argument of the registry the unit fits, its tool named by the noun;
    # docs/bounds-six.md)
    ("ferry", "The maximum voucher is 75 euros.",
     [_bound("issueVoucher", "amount", max=75)]),
    ("kiln", "The maximum refund is 60 euros.",
     [_bound("refund_deposit", "amount_eur", max=60)]),
    ("seed", "The maximum discount is 15%.",
     [_bound("apply-discount", "rate", max=15)]),
    ("roster", "The maximum bonus is 200 euros.",
     [_bound("roster__pay_bonus", "bonus_eur", max=200)]),
    # the tool's own object, measured in a unit: its one numeric argument of that kind
    ("ferry", "Never issue a voucher of more than 75 euros.",
     [_bound("issueVoucher", "amount", max=75)]),
    # a noun naming one writing tool, with a unit: that tool's argument of the unit's kind
    ("ferry", "Vouchers may not exceed 75 euros.", [_bound("issueVoucher", "amount", max=75)]),
    ("vouchers", "Vouchers may not exceed 75 euros.", [_bound("issueVoucher", "amount", max=75)]),
    # negative: two tools give vouchers: neither is chosen
    ("two-givers", "Vouchers may not exceed 75 euros.", []),
    # negative: a fee and a number that says no unit, the unit names neither (kept for
    # review on the phrase, never on a guessed one)
    ("vault", "The maximum transfer is 900 euros.",
     [_bound("vault.transfer", "euros", "review_only", max=900)]),
    ("vault", "Transfers may not exceed 900 euros.", []),
    # a time measured from an event no argument holds: a condition about time, reviewed,
    # never a bound on an invented `hours` argument
    ("ferry", "Bookings may be moved up to 24 hours before departure.",
     [("moveBooking", "deny_action", None, "review_only", {})]),
    ("roster", "Shifts can be swapped up to 12 hours before they start.",
     [("roster__swap_shift", "deny_action", None, "review_only", {})]),
    ("kiln", "Firings may be cancelled up to 48 hours before the firing.",
     [("cancel_firing", "deny_action", None, "review_only", {})]),
    # ... but a length held by an argument is a bound on it
    ("roster", "Never assign a shift longer than 10 hours.",
     [_bound("roster__assign_shift", "hours", max=10)]),
    ("clinic", "Never book visits of more than 60 minutes.",
     [_bound("bookVisit", "lengthMinutes", max=60)]),
    # a value the user said: the verb's own object, said again as "one", any role
    ("clinic", "Only charge a card the owner named.",
     [_given("chargeInvoice", "cardToken", "review_only")]),
    ("clinic", "Only change the e-mail address to one the owner typed.",
     [_given("updateOwner", "contactEmail", "review_only")]),
    ("clinic", "Only cancel a visit with a reason the owner gave.",
     [_given("cancelVisit", "cancelReason")]),
    # a camelCase id after a verb of calling, in the case prose lowered it to
    ("clinic", "Only call `chargeInvoice` with a card the owner named.",
     [_given("chargeInvoice", "cardToken")]),
    ("clinic", "Only use `updateOwner` with an e-mail address the owner typed.",
     [_given("updateOwner", "contactEmail")]),
    # a value named by the action it is for
    ("clinic", "The cancellation reason must come from the owner.",
     [_given("cancelVisit", "cancelReason")]),
    ("kiln", "The cancellation reason must come from the member.",
     [_given("cancel_firing", "reason")]),
    # negatives: the thing acted on is no value; a ban is not read as a source
    ("clinic", "Only book visits the owner requested.", []),
    ("clinic", "Never charge a card the owner named.", []),
]  # fmt: skip

_CHECKED = {"arg_within_bound", "arg_grounded", "deny_action"}


@pytest.mark.parametrize(("domain", "text", "expected"), ROWS)
def test_an_argument_is_bound_by_what_names_it(
    tmp_path: Path, domain: str, text: str, expected: list[Row]
) -> None:
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", DOMAINS[domain])
    rows = [r for r in policy_rows(built) if r[1] in _CHECKED]
    if not expected:  # nothing grounded on a guessed argument, nothing enforced
        assert not [r for r in rows if r[1] == "arg_grounded"], rows
        assert not [r for r in rows if r[3] == "enforce"], rows
        return
    assert rows == expected


def test_no_invented_argument_for_a_time_before_an_event(tmp_path: Path) -> None:
    built = build_prompt(
        tmp_path, "# Desk\n\nBookings may be moved up to 24 hours before departure.\n",
        DOMAINS["ferry"],
    )  # fmt: skip
    notes = [d for d in built.state.diagnostics if d.code == "condition-not-bound"]
    assert any("a condition about time" in d.message for d in notes)
    assert not [d for d in built.state.diagnostics if d.code == "unknown-argument"]
    (policy,) = [p for p in built.policies if str(p.source.span.path).endswith("prompt.md")]
    assert "up to 24 hours before departure" in policy.message


@pytest.mark.parametrize(
    ("text", "params", "unit"),
    [
        ("The maximum voucher is 75 euros.", {"max": 75}, "euros"),
        ("Never withdraw more than $500.", {"max": 500}, "$"),
        ("Discounts are capped at 15%.", {"max": 15}, "%"),
        ("Parcels over 2 kg in 3 boxes", {"max": 2}, "kg"),
        # the number is bare, or said in two kinds of unit: no unit
        ("Never book more than 3 rooms.", {"max": 3}, None),
        ("At most 5 euros or 5 kg.", {"max": 5}, None),
        ("No number here.", {}, None),
    ],
)
def test_the_unit_said_with_the_bound(text: str, params: dict[str, Any], unit: str | None) -> None:
    assert bound_unit(text, params) == unit


@pytest.mark.parametrize(
    ("text", "facet", "found"),
    [
        ("may be moved up to 24 hours before departure", "hours",
         "up to 24 hours before departure"),
        ("refunds within 30 days of purchase", "days", "within 30 days of purchase"),
        # a length, not a time from an event; a unit of another kind
        ("never book a dock for more than 4 hours", "hours", None),
        ("up to 24 euros before tax", "euros", None),
    ],
)  # fmt: skip
def test_a_time_from_an_event(text: str, facet: str, found: str | None) -> None:
    assert time_condition(text, facet) == found


def test_an_id_up_to_case_only_when_one_tool_is_spelled_so() -> None:
    assert folded_id(["chargeInvoice", "cancelVisit"], "chargeinvoice") == "chargeInvoice"
    assert folded_id(["chargeInvoice", "ChargeInvoice"], "chargeinvoice") is None
    assert folded_id(["chargeInvoice"], "charge") is None  # never a part of a name


def test_unit_kinds() -> None:
    assert unit_kind("Euros") == "money"
    assert unit_kind("kg") == "mass"
    assert unit_kind("%") == "percent"
    assert unit_kind("pounds") is None  # money or mass: never a guess
    assert unit_kind("guests") is None
