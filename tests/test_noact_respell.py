"""Rule sentences whose action is a noun (`specgap.extract.noact_respell`): spelt with the
verb, read by the grammar, compiled to the operator the rest of the sentence states, never
stronger than it. Negative rows: facts and waivers said with the same nouns stay without
policies. Every sentence written for this test, in the made-up domains of
`tests.noact_domains`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.noact_respell import respelled
from tests.noact_domains import at_line, build, notes_at

SPELT: list[tuple[str, str | None]] = [
    ("No refunds for cancelled bookings.", "Never refund for cancelled bookings."),
    ("No rescheduling of bookings that are completed.",
     "Never reschedule bookings that are completed."),
    ("- No membership transfers while the member is frozen.",
     "- Never transfer membership while the member is frozen."),
    ("Cancelled bookings get no refund.", "Never refund Cancelled bookings."),
    ("Suspended members get no guest passes.", "Never give guest passes to Suspended members."),
    ("Bookings for closed telescopes are not allowed.", "Never book closed telescopes."),
    ("Cancellation after the night has started is not permitted.",
     "Never cancel after the night has started."),
    ("Refunds are only for bookings whose status is cancelled.",
     "Only refund for bookings whose status is cancelled."),
    ("Extensions only for reservations in status active.",
     "Only extend for reservations in status active."),
    ("One refund per order, never more.", "At most one refund per order."),
    ("The refund cannot exceed 250.", "Refund amounts cannot exceed 250."),
    ("Refunds are capped at 90.", "Refund amounts are capped at 90."),
    ("Charges above 80 are not permitted.", "Charge amounts above 80 are never allowed."),
    ("Member ids: only those returned by desk__get_member.",
     "Member ids must come from desk__get_member."),
    ("Shipped orders: cancellation not possible.", "Never cancel Shipped orders."),
    ("If a booking is completed: no rescheduling, no cancellation.",
     "If a booking is completed, never reschedule or cancel it."),
    ("A refund is not possible if the booking is completed.",
     "Never refund if the booking is completed."),
    ("Changes to orders that have already shipped are prohibited.",
     "Never change orders that have already shipped."),
    ("Address changes are possible until the order ships.",
     "the Address can be changed until the order ships."),
    ("Once an order has shipped, address changes are no longer possible.",
     "Once an order has shipped, never change address."),
    ("Updating the address of an order is only allowed while it is pending.",
     "Only update the address of an order while it is pending."),
    ("It is only possible to extend a reservation if its status is active.",
     "Only extend a reservation if its status is active."),
    ("Only members with an active plan are issued a keycard.",
     "a keycard may only be issued to members with an active plan."),
    ("Customers must explicitly agree to the refund amount.",
     "The Customer's explicit consent is needed for every refund."),
    ("Refunds require a delivered order.", "Only refund delivered orders."),
    ("Only delivered orders qualify for a refund.", "Only delivered orders can be refunded."),
    ("Only submit a cancellation request when the membership is active.",
     "Only cancel when the membership is active."),
    ("You can only help members cancel class bookings that are pending.",
     "You can only cancel class bookings that are pending."),
    ("Refund processing is only allowed for cancelled memberships.",
     "Only refund for cancelled memberships."),
    ("No extension beyond 5 days.", "Never extend more than 5 days."),
    ("No keycards for members whose plan is basic.",
     "Never give keycards to members whose plan is basic."),
    ("Members on the basic plan: no keycards.",
     "Never give keycards to Members on the basic plan."),
    ("Membership transfers only with explicit member approval.",
     "Never transfer membership without explicit member approval."),
    ("No transfer without the member's explicit confirmation.",
     "Never transfer without the member's explicit confirmation."),
    ("Only two freezes per membership are allowed.", "At most two freezes per membership."),
    ("A freeze lasts at most 3 months.", "freeze is limited to 3 months."),
    ("Confirmation required: refunds and transfers.",
     "Confirmation is required for refunds and transfers."),
    ("Rescheduling is closed for bookings marked completed.",
     "Never reschedule bookings that are completed."),
    ("New bookings are blocked while the telescope is offline.",
     "Never book while the telescope is offline."),
    ("Should the booking be completed, a refund is no longer possible.",
     "Should the booking be completed, never refund."),
    ("Refunds are granted only for cancelled bookings.", "Only refund for cancelled bookings."),
    ("A refund cannot be more than 300.", "Refund amounts cannot be more than 300."),
    ("Fee refunds are capped at 300 per refund.", "Refund amounts are capped at 300."),
    ("Refunding more than 300 is not permitted.", "Refund amounts above 300 are never allowed."),
    ("Extensions: twice per reservation at most.", "At most two extensions per reservation."),
    ("Refunds are capped at 300 per month.", None),  # a rate: no bound of one call
    ("Completed bookings are closed to rescheduling.", "Never reschedule Completed bookings."),
    ("Completed bookings are not eligible for rescheduling or refunds.",
     "Never reschedule or refund Completed bookings."),
    ("Customer e-mail: as stated by the customer, never inferred.",
     "Customer e-mail must come from the customer."),
    ("The delivery address must be the one on file.",
     "The delivery address must be taken from the record."),
    ("Member ids must be looked up, never typed in from memory.",
     "Member ids must be taken from the record."),
    ("Each member is entitled to two guest passes.",
     "At most two guest passes may be issued per member."),
    # not these forms: a fact, a waiver, a noun naming no act, a verb of its own
    ("No refunds were issued last quarter.", None),
    ("No registration for the event is needed.", None),
    ("No changes to the schedule are planned.", None),
    ("No cancellation fee applies to members.", None),
    ("Refunds for cancelled orders are processed within five days.", None),
    # spelt, and kept only with a state the grammar reads (`NOT_RULES` below)
    ("No pets for guests.", "Never give pets to guests."),
]  # fmt: skip


@pytest.mark.parametrize(("text", "said"), SPELT)
def test_the_sentence_is_spelt_with_its_verb(text: str, said: str | None) -> None:
    assert respelled(text) == said


# (domain, sentence, operator, tool, parameters the policy's condition has)
READ: list[tuple[str, str, str, str, dict[str, Any]]] = [
    ("obs", "No refunds for cancelled bookings.", "state_condition", "refundFee",
     {"denied": ("cancelled",), "field": "status", "entity": "booking"}),
    ("obs", "No rescheduling of bookings that are completed.", "state_condition",
     "rescheduleBooking", {"denied": ("completed",), "entity": "booking"}),
    ("obs", "Cancelled bookings get no refund.", "state_condition", "refundFee",
     {"denied": ("cancelled",), "entity": "booking"}),
    ("gym", "Suspended members get no guest passes.", "state_condition", "issue_guest_pass",
     {"denied": ("suspended",), "entity": "member"}),
    ("gym", "Refunds only for members whose status is active.", "state_condition", "refund_fee",
     {"allowed": ("active",), "field": "status", "entity": "member"}),
    ("nursery", "Refunds are only for orders whose status is delivered.", "state_condition",
     "plants.refund.issue", {"allowed": ("delivered",), "entity": "order"}),
    ("cowork", "Extensions only for reservations in status active.", "state_condition",
     "desk__extend_reservation", {"allowed": ("active",), "entity": "reservation"}),
    ("nursery", "One refund per order, never more.", "max_calls", "plants.refund.issue",
     {"max": 1, "per": "order"}),
    ("gym", "The refund cannot exceed 250.", "arg_within_bound", "refund_fee", {"max": 250}),
    ("nursery", "Refunds are capped at 90.", "arg_within_bound", "plants.refund.issue",
     {"max": 90}),
    ("obs", "Charges above 80 are not permitted.", "arg_within_bound", "chargeFee", {"max": 80}),
    ("cowork", "Member ids used for keycards: only those returned by desk__get_member.",
     "arg_grounded", "desk__issue_keycard", {"from_tools": ("desk__get_member",)}),
    ("nursery", "Shipped orders: cancellation not possible.", "state_condition",
     "plants.order.cancel", {"denied": ("shipped",), "field": "status", "entity": "order"}),
    ("nursery", "Once an order has shipped, address changes are no longer possible.",
     "state_condition", "plants.order.update_address", {"denied": ("shipped",), "entity": "order"}),
    ("nursery", "Updating the address of an order is only allowed while it is pending.",
     "state_condition", "plants.order.update_address", {"allowed": ("pending",)}),
    ("nursery", "Customers must explicitly agree to the refund amount.", "require_confirmation",
     "plants.refund.issue", {}),
    ("nursery", "Refunds require a delivered order.", "state_condition", "plants.refund.issue",
     {"allowed": ("delivered",), "entity": "order"}),
    ("cowork", "Only members with an active plan are issued a keycard.", "state_condition",
     "desk__issue_keycard", {"allowed": ("active",), "field": "plan", "entity": "member"}),
    ("cowork", "It is only possible to extend a reservation if its status is active.",
     "state_condition", "desk__extend_reservation", {"allowed": ("active",), "field": "status"}),
    ("cowork", "No extension beyond 5 days.", "arg_within_bound", "desk__extend_reservation",
     {"max": 5}),
    ("cowork", "No keycards for members whose plan is basic.", "state_condition",
     "desk__issue_keycard", {"denied": ("basic",), "field": "plan", "entity": "member"}),
    ("gym", "Suspended members: no guest passes.", "state_condition", "issue_guest_pass",
     {"denied": ("suspended",), "entity": "member"}),
    ("gym", "Membership transfers only with explicit member approval.", "require_confirmation",
     "transfer_membership", {}),
    ("gym", "Only two freezes per membership are allowed.", "max_calls", "freeze_membership",
     {"max": 2}),
    # a label whose action noun has its object before it (`state_positions.action_prefix`)
    ("cowork", "Reservation extension: only while the reservation is active.", "state_condition",
     "desk__extend_reservation", {"allowed": ("active",), "entity": "reservation"}),
    ("obs", "Rescheduling is closed for bookings marked completed.", "state_condition",
     "rescheduleBooking", {"denied": ("completed",), "entity": "booking"}),
    ("obs", "Should the booking be completed, a refund is no longer possible.",
     "state_condition", "refundFee", {"denied": ("completed",), "field": "status"}),
    # the first reading took the act's noun for an argument ("bills") or a tool ("bill above
    # 300"): read again with the verb
    ("cowork", "Bills may not exceed 300.", "arg_within_bound", "desk__bill_member", {"max": 300}),
    ("cowork", "Billing above 300 is not allowed.", "arg_within_bound", "desk__bill_member",
     {"max": 300}),
    ("cowork", "Extensions: twice per reservation at most.", "max_calls",
     "desk__extend_reservation", {"max": 2, "per": "reservation"}),
    ("obs", "Completed bookings are closed to rescheduling.", "state_condition",
     "rescheduleBooking", {"denied": ("completed",), "entity": "booking"}),
    ("obs", "Any booking that is completed is locked for refunds.", "state_condition",
     "refundFee", {"denied": ("completed",), "entity": "booking"}),
    ("nursery", "Customer e-mail: as stated by the customer, never inferred.", "arg_grounded",
     "customers.customer.find", {"from_user": True}),
    ("nursery", "The refund amount must match the amount on the order record.", "arg_grounded",
     "plants.refund.issue", {"from_user": False, "from_tools": ("*",)}),
    ("nursery", "Customer ids must be looked up, never typed in from memory.", "arg_grounded",
     "plants.order.create", {"from_user": False}),
    ("gym", "Each member is entitled to two guest passes.", "max_calls", "issue_guest_pass",
     {"max": 2, "per": "member"}),
    ("gym", "You can only help members cancel class bookings that are pending.",
     "state_condition", "cancel_class_booking", {"allowed": ("pending",), "entity": "booking"}),
]  # fmt: skip


@pytest.mark.parametrize("domain", sorted({row[0] for row in READ}))
def test_a_nominal_rule_compiles_to_what_it_states(tmp_path: Path, domain: str) -> None:
    rows = [row for row in READ if row[0] == domain]
    built = build(tmp_path, domain, [row[1] for row in rows])
    for n, (_, sentence, operator, tool, params) in enumerate(rows):
        found = [p for p in at_line(built, n) if p.operator == operator and p.target == tool]
        assert len(found) == 1, (sentence, at_line(built, n), notes_at(built, n))
        said = found[0].condition.model_dump()
        for key, value in params.items():
            assert said[key] == value, (sentence, key, said)


def test_a_condition_no_entity_binds_stays_review_only(tmp_path: Path) -> None:
    # the telescope is read by no tool that reschedules: kept, reviewed, and said why
    built = build(tmp_path, "obs", ["No rescheduling while the telescope is under repair."])
    (policy,) = at_line(built, 0)
    assert policy.operator == "state_condition"
    assert policy.target == "rescheduleBooking"
    assert policy.enforcement == "review_only"
    assert any(n.startswith("condition-not-bound") for n in notes_at(built, 0))


NOT_RULES = [
    "No refunds were issued last quarter.",
    "No lockers for guests are cleaned on weekends.",
    "Members on the basic plan: no towels.",
    "No pets for guests.",
    "No registration for the event is needed.",
    "Guests get no e-mail.",
    "Members get no reminder on weekends.",
    "Refunds for cancelled bookings are processed within five days.",
    "Transfers of membership are handled by the front desk.",
]


def test_facts_said_with_action_nouns_give_no_policy(tmp_path: Path) -> None:
    built = build(tmp_path, "gym", NOT_RULES)
    for n, sentence in enumerate(NOT_RULES):
        assert not at_line(built, n), (sentence, at_line(built, n))


def test_a_qualifier_read_as_values_keeps_the_note(tmp_path: Path) -> None:
    # "with unpaid fees" is no argument of the transfer: never a flat ban of every transfer
    built = build(tmp_path, "gym", ["No transfers for members with unpaid fees."])
    assert not [p for p in at_line(built, 0) if p.enforcement == "enforce"]
    assert any(n.startswith("rule-not-compiled") for n in notes_at(built, 0))


def test_a_for_is_never_dropped_to_make_an_object(tmp_path: Path) -> None:
    # "refund for memberships" refunds a fee: never a rule on the membership transfer
    built = build(tmp_path, "gym", ["Do not handle refunds for memberships that are frozen."])
    assert not [p for p in at_line(built, 0) if p.target != "refund_fee"]


def test_a_noun_rule_read_to_nothing_safe_gets_a_note(tmp_path: Path) -> None:
    # "never book on public holidays": a ban no operator states; said, never silent
    built = build(tmp_path, "obs", ["Booking is closed on public holidays."])
    assert not at_line(built, 0)
    assert any("names by a noun" in n for n in notes_at(built, 0))
