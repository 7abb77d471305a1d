"""Conditional rules are never compiled stronger than their sentence (issue 11, class 2): an
adversarial table of conditions written for this test in three made-up domains (a library
desk, a vet clinic, a freight desk), in the ways English states one: if / when / unless /
only if / except / other than / as long as / provided that / so long as / in case /
whenever / while / until / after, "for <class>", "X-ed orders cannot ...", relative
clauses, participles, "if not", "otherwise", "without <thing>", "in <state>", reduced
clauses, a lead-in over bullets, conditions on the user, on time and on amounts.

Every sentence must compile to a rule that carries its condition (a `state_condition`, a
bound or a list of values, enforced) or to a reviewed rule that keeps it with a note; never
to an enforced ban, count, ordering or confirmation that ignores it, and never to nothing.
`expect` is the outcome class: `enforce` (a bound state test or bound, enforced), `review`
(nothing enforced; the condition kept), `any` (only the invariant is checked)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.unbound_guard import held_for
from tests.corpus_agents import build_prompt


def _tool(name: str, description: str, **props: str) -> dict[str, Any]:
    schema = {k: {"type": v} for k, v in props.items()}
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": schema, "required": list(props)},
        },
    }


DOMAINS: dict[str, tuple[str, list[dict[str, Any]]]] = {
    "L": ("Library desk", [
        _tool("get_patron", "Look up a library patron: name, tier (standard or gold) and "
              "status (active or suspended).", patron_id="string"),
        _tool("get_loan", "Fetch a loan with its status (active, overdue or returned) and "
              "due date.", loan_id="string"),
        _tool("renew_loan", "Renew a book loan.", loan_id="string"),
        _tool("checkout_book", "Check out a book to a patron.", patron_id="string",
              book_id="string"),
        _tool("waive_fine", "Waive a patron's overdue fine.", patron_id="string",
              amount="number"),
        _tool("place_hold", "Place a hold on a book for a patron.", patron_id="string",
              book_id="string"),
        _tool("delete_patron", "Delete a patron record.", patron_id="string"),
        _tool("send_reminder", "Send a reminder e-mail to a patron.", patron_id="string",
              body="string"),
    ]),
    "V": ("Vet clinic", [
        _tool("get_pet", "Read a pet's record: species, age and vaccination status.",
              pet_id="string"),
        _tool("get_appointment", "Fetch an appointment with its status (booked, checked_in "
              "or completed).", appointment_id="string"),
        _tool("book_appointment", "Book a clinic appointment for a pet.", pet_id="string",
              date="string"),
        _tool("cancel_appointment", "Cancel a clinic appointment.", appointment_id="string"),
        _tool("prescribe_medication", "Prescribe a medication for a pet.", pet_id="string",
              drug="string", dose="number"),
        _tool("get_invoice", "Fetch an invoice with its amount and status (open or paid).",
              invoice_id="string"),
        _tool("issue_refund", "Refund an invoice.", invoice_id="string", amount="number"),
        _tool("update_owner_phone", "Change the owner's phone number.", owner_id="string",
              phone="string"),
    ]),
    "F": ("Freight desk", [
        _tool("get_shipment", "Fetch a shipment with its status (pending, in_transit or "
              "delivered).", shipment_id="string"),
        _tool("get_account", "Read a shipper account with its type (business or personal).",
              account_id="string"),
        _tool("cancel_shipment", "Cancel a shipment.", shipment_id="string"),
        _tool("reroute_shipment", "Send a shipment to a new destination.",
              shipment_id="string", destination="string"),
        _tool("file_claim", "File a damage claim for a shipment.", shipment_id="string",
              amount="number"),
        _tool("upgrade_service", "Upgrade a shipment's service level.", shipment_id="string",
              level="string"),
        _tool("apply_credit", "Apply a credit to a shipper account.", account_id="string",
              amount="number"),
        _tool("hold_shipment", "Put a shipment on hold at the depot.", shipment_id="string"),
    ]),
}  # fmt: skip

# operators the compiler enforces whatever the sentence's condition, unless they carry it
_STRONG = {"deny_action", "max_calls", "require_before", "require_confirmation",
           "arg_within_bound", "arg_count_bound"}  # fmt: skip
# known gaps, each with what is still wrong (the test fails on them until it is fixed)
_KNOWN = {
    "Get explicit confirmation from the shipper before cancelling a delivered shipment.": (
        "the object's state is dropped (reviewed only for how the action was named, no note)"
    ),
}

_ROWS = [
    ("L", "Do not renew a loan if it is overdue.", "enforce"),
    ("L", "Never renew a loan when the patron is suspended.", "review"),
    ("L", "Loans cannot be renewed unless the patron is active.", "review"),
    ("L", "Only renew a loan if it is active.", "enforce"),
    ("L", "Only check out a book when the patron's status is active.", "enforce"),
    ("L", "Never delete a patron record, except when the patron asks for it in writing.", "review"),
    ("L", "You may waive a fine as long as it is under $20.", "review"),
    ("L", "You may renew a loan provided that nobody has placed a hold on the book.", "review"),
    ("L", "Renewals are permitted so long as the loan is not overdue.", "enforce"),
    ("L", "In case the patron is suspended, do not check out any book.", "enforce"),
    ("L", "Whenever a loan is overdue, do not place a new hold for that patron.", "review"),
    ("L", "While a patron is suspended, you must not renew their loans.", "review"),
    ("L", "Do not send reminders until the loan is overdue.", "review"),
    ("L", "After a loan has been returned, do not renew it.", "enforce"),
    ("L", "For gold patrons, fines may be waived without a manager.", "review"),
    ("L", "For standard patrons, do not waive fines above $10.", "review"),
    ("L", "Overdue loans cannot be renewed.", "enforce"),
    ("L", "Suspended patrons cannot check out books.", "enforce"),
    ("L", "Loans that have been returned cannot be renewed.", "enforce"),
    ("L", "Patrons who owe more than $50 must not check out books.", "review"),
    ("L", "Once returned, a loan cannot be renewed.", "enforce"),
    ("L", "If the patron is not active, do not place a hold.", "enforce"),
    ("L", "Renew the loan if the patron asks; otherwise do not renew it.", "review"),
    ("L", "Do not waive a fine without the branch manager's approval.", "review"),
    ("L", "Do not check out books to patrons in suspended status.", "enforce"),
    ("L", "Fine waivers over $25 need a supervisor.", "review"),
    ("L", "When a patron is suspended:\n- do not check out books\n- do not place holds", "enforce"),
    ("L", "Gold patrons may renew a loan up to three times.", "review"),
    ("L", "Standard patrons may renew a loan at most once.", "review"),
    ("L", "Fines can be waived within 14 days of the due date.", "review"),
    ("L", "Never waive more than $30, except for gold patrons.", "review"),
    ("L", "Do not delete a patron record other than at the patron's own request.", "review"),
    ("L", "Only waive fines for patrons with no prior waivers.", "review"),
    ("L", "Renew a loan only when the patron asks for it.", "review"),
    ("L", "Do not renew a loan more than twice unless the patron is gold.", "review"),
    ("L", "Do not send a reminder e-mail if the patron has opted out of e-mail.", "review"),
    ("L", "A hold may only be placed if the book is checked out to someone else.", "review"),
    ("L", "You may only waive fines of $15 or less.", "review"),
    ("L", "Refuse to renew loans for suspended patrons.", "review"),
    ("L", "Unless the patron is gold, do not waive fines over $10.", "review"),
    ("L", "Do not place more than 5 holds for a standard patron.", "review"),
    ("L", "Never check out a reference book, except to staff.", "review"),
    ("L", "Do not renew a loan if not requested by the patron.", "review"),
    ("L", "Loans in overdue status must not be renewed.", "enforce"),
    (
        "L",
        "Before checking out a book, confirm the patron's identity if they have no library card.",
        "review",
    ),
    ("L", "Books cannot be checked out by patrons with unpaid fines.", "review"),
    ("L", "Do not delete a patron while they have an active loan.", "review"),
    ("L", "Ask for confirmation before deleting a patron if they have a loan history.", "review"),
    ("L", "If a patron has been suspended, deleting their record is not allowed.", "review"),
    ("L", "Do not waive fines for patrons who have been suspended twice.", "review"),
    ("V", "Do not cancel an appointment if the pet has already checked in.", "review"),
    ("V", "Never book an appointment when the pet's vaccination is overdue.", "enforce"),
    ("V", "Appointments cannot be cancelled unless they are booked.", "enforce"),
    ("V", "Only cancel an appointment if its status is booked.", "enforce"),
    ("V", "Only issue a refund when the invoice is paid.", "enforce"),
    ("V", "Never prescribe medication, except when a vet has examined the pet.", "review"),
    ("V", "You may issue a refund as long as it is under $200.", "review"),
    ("V", "You may cancel an appointment provided that it is at least 24 hours away.", "review"),
    ("V", "Refunds are allowed so long as the invoice has been paid.", "review"),
    ("V", "In case the pet is under 8 weeks old, do not book a vaccination.", "review"),
    ("V", "Whenever the clinic is closed, do not book appointments.", "any"),
    ("V", "While an appointment is in progress, you must not cancel it.", "review"),
    ("V", "Do not issue refunds until the invoice is paid.", "enforce"),
    ("V", "After an appointment is completed, do not cancel it.", "enforce"),
    ("V", "For emergency cases, appointments may be booked without a deposit.", "review"),
    ("V", "For new clients, do not issue refunds above $100.", "review"),
    ("V", "Completed appointments cannot be cancelled.", "enforce"),
    ("V", "Checked-in appointments cannot be cancelled.", "enforce"),
    ("V", "Appointments that have been completed cannot be cancelled.", "enforce"),
    ("V", "Pets that are under 12 weeks old must not be prescribed antibiotics.", "review"),
    ("V", "Once completed, an appointment cannot be cancelled.", "enforce"),
    ("V", "If the invoice is not paid, do not issue a refund.", "enforce"),
    (
        "V",
        "Refund the invoice if the owner was overcharged; otherwise do not issue a refund.",
        "review",
    ),
    ("V", "Do not prescribe medication without a vet's signature.", "review"),
    ("V", "Do not issue refunds for invoices in open status.", "enforce"),
    ("V", "Refunds over $500 need a manager.", "review"),
    (
        "V",
        "When an appointment is completed:\n- do not cancel it\n"
        "- do not book a new one for the same slot",
        "enforce",
    ),
    ("V", "Returning clients may book up to two appointments per day.", "review"),
    ("V", "New clients may book at most one appointment per week.", "review"),
    ("V", "Refunds can be issued within 30 days of the visit.", "review"),
    ("V", "Never refund more than $300, except for surgery invoices.", "review"),
    ("V", "Do not change an owner's phone number other than at the owner's request.", "review"),
    ("V", "Only prescribe medication for pets with a current exam.", "review"),
    ("V", "Cancel an appointment only when the owner asks for it.", "review"),
    ("V", "Do not book more than three appointments a day unless it is an emergency.", "review"),
    ("V", "Do not cancel an appointment if the owner has already paid.", "review"),
    ("V", "A refund may only be issued if the invoice has been paid.", "enforce"),
    ("V", "You may only refund amounts of $150 or less.", "review"),
    ("V", "Refuse to cancel appointments that are checked in.", "review"),
    ("V", "Unless the invoice is paid, do not issue a refund.", "enforce"),
    ("V", "Do not prescribe more than 2 medications for a pet under a year old.", "review"),
    ("V", "Never prescribe controlled drugs, except to registered patients.", "review"),
    ("V", "Do not cancel an appointment if not asked by the owner.", "review"),
    ("V", "Appointments in completed status must not be cancelled.", "enforce"),
    (
        "V",
        "Confirm with the owner before cancelling an appointment if it is within 24 hours.",
        "review",
    ),
    ("V", "Medication cannot be prescribed for pets without a weight on record.", "review"),
    ("V", "Do not change the owner's phone while an appointment is in progress.", "review"),
    ("V", "If an invoice has been paid, cancelling its appointment is not allowed.", "review"),
    ("V", "Do not issue refunds to owners who have had a refund this month.", "review"),
    ("V", "Refunds are forbidden for invoices older than 90 days.", "review"),
    ("V", "No refunds on paid invoices after 60 days.", "review"),
    ("F", "Do not cancel a shipment if it is in transit.", "enforce"),
    ("F", "Never reroute a shipment when it has been delivered.", "enforce"),
    ("F", "Shipments cannot be cancelled unless they are pending.", "enforce"),
    ("F", "Only cancel a shipment if its status is pending.", "enforce"),
    ("F", "Only apply a credit when the account is a business account.", "review"),
    ("F", "Never file a claim, except when the shipment arrived damaged.", "review"),
    ("F", "You may apply a credit as long as it is under $50.", "review"),
    ("F", "You may reroute a shipment provided that it has not been delivered.", "enforce"),
    ("F", "Upgrades are permitted so long as the shipment is pending.", "review"),
    ("F", "In case the shipment is delivered, do not put it on hold.", "review"),
    ("F", "Whenever a shipment is in transit, do not cancel it.", "enforce"),
    ("F", "While a shipment is in transit, you must not reroute it.", "enforce"),
    ("F", "Do not file claims until the shipment is delivered.", "enforce"),
    ("F", "After a shipment is delivered, do not cancel it.", "enforce"),
    ("F", "For business accounts, credits may be applied without approval.", "review"),
    ("F", "For personal accounts, do not apply credits above $25.", "review"),
    ("F", "Delivered shipments cannot be cancelled.", "enforce"),
    ("F", "In-transit shipments cannot be rerouted.", "enforce"),
    ("F", "Shipments that have shipped cannot be cancelled.", "review"),
    ("F", "Accounts that are personal must not receive credits.", "enforce"),
    ("F", "Once delivered, a shipment cannot be rerouted.", "enforce"),
    ("F", "If the shipment is not pending, do not cancel it.", "enforce"),
    ("F", "Reroute the shipment if the customer asks; otherwise do not reroute it.", "review"),
    ("F", "Do not apply a credit without a claim number.", "review"),
    ("F", "Do not cancel shipments in delivered status.", "enforce"),
    ("F", "Credits over $100 need a supervisor.", "review"),
    (
        "F",
        "When a shipment is in transit:\n- do not cancel it\n- do not upgrade its service",
        "enforce",
    ),
    ("F", "Business accounts may file up to five claims a month.", "review"),
    ("F", "Personal accounts may file at most one claim per shipment.", "review"),
    ("F", "Claims can be filed within 30 days of delivery.", "review"),
    ("F", "Never apply more than $75 in credit, except for business accounts.", "review"),
    ("F", "Do not hold a shipment other than at the shipper's request.", "review"),
    ("F", "Only file claims for shipments with photos of the damage.", "review"),
    ("F", "Hold a shipment only when the shipper asks for it.", "review"),
    (
        "F",
        "Do not apply more than two credits to an account unless it is a business account.",
        "review",
    ),
    ("F", "Do not reroute a shipment if the new destination is overseas.", "review"),
    ("F", "A claim may only be filed if the shipment was delivered.", "enforce"),
    ("F", "You may only apply credits of $40 or less.", "review"),
    ("F", "Refuse to cancel shipments that are in transit.", "review"),
    ("F", "Unless the account is a business account, do not upgrade the service.", "review"),
    ("F", "Do not file more than one claim for a shipment under $20.", "review"),
    ("F", "Never upgrade to overnight service, except for business accounts.", "review"),
    ("F", "Do not cancel a shipment if not asked by the shipper.", "review"),
    ("F", "Shipments in transit must not be cancelled.", "enforce"),
    (
        "F",
        "Confirm with the shipper before cancelling a shipment if it has been picked up.",
        "review",
    ),
    ("F", "Credits cannot be applied to accounts without a verified email.", "review"),
    ("F", "Do not reroute a shipment while it is on hold.", "review"),
    ("F", "If a shipment has been delivered, cancelling it is not allowed.", "review"),
    ("F", "Do not apply credits to accounts that have been flagged for fraud.", "review"),
    ("F", "Claims are forbidden for shipments delivered more than 30 days ago.", "review"),
    ("F", "Cancellation is not possible after pickup.", "review"),
    ("F", "Rerouting is only possible before the shipment leaves the depot.", "review"),
    (
        "F",
        "For business accounts:\n- do not apply credits above $200\n"
        "- do not file more than three claims a month",
        "review",
    ),
    (
        "F",
        "For personal accounts:\n- never upgrade the service\n- never reroute a shipment",
        "review",
    ),
    (
        "L",
        "Gold patrons:\n- may renew a loan up to five times\n- may place at most ten holds",
        "review",
    ),
    (
        "V",
        "If the pet is new to the clinic, read its record before booking an appointment.",
        "review",
    ),
    (
        "V",
        "When the owner is not the account holder, confirm with the account holder "
        "before issuing a refund.",
        "review",
    ),
    ("F", "If the shipment is over 500 kg, get the account before rerouting it.", "review"),
    ("F", "Before cancelling a shipment that is in transit, put it on hold.", "review"),
    (
        "L",
        "Only renew a loan after checking the patron's status, unless the patron is gold.",
        "review",
    ),
    ("L", "Never place more than two holds at once for suspended patrons.", "review"),
    ("V", "Do not issue more than one refund per invoice unless a manager approves it.", "review"),
    (
        "F",
        "Do not cancel more than five shipments a day without the dispatcher's approval.",
        "review",
    ),
    # read as "never cancel once ..." (`noact_respell`): the state test, enforced
    ("V", "No cancellations once the appointment is checked in.", "enforce"),
    ("F", "No rerouting once the shipment is in transit.", "review"),
    ("L", "No renewals for overdue loans.", "enforce"),
    ("V", "Refunds are prohibited for invoices that are still open.", "review"),
    ("F", "Credits are not allowed for personal accounts.", "review"),
    ("L", "Can I renew a loan that is overdue? No, overdue loans cannot be renewed.", "enforce"),
    ("V", "Can an appointment be cancelled? Only if it has not been checked in.", "enforce"),
    ("F", "Rerouting a shipment is not permitted except before pickup.", "review"),
    ("L", "Fines may not be waived other than for first-time offenders.", "review"),
    ("V", "Refunds may not exceed $100 unless the invoice was for surgery.", "review"),
    ("F", "Credits may not exceed $50 for personal accounts.", "review"),
    ("L", "Do not waive more than $20 per patron unless they are gold.", "review"),
    ("V", "Never prescribe more than 30 tablets if the pet weighs under 5 kg.", "review"),
    ("F", "Do not file a claim for more than $1000 without photos.", "review"),
    ("L", "A patron may check out at most 10 books while their account is active.", "review"),
    ("V", "Appointments may be cancelled at most twice if the owner is a new client.", "review"),
    ("F", "Shipments may be rerouted at most once while in transit.", "review"),
    (
        "L",
        "You must ask the patron to confirm before deleting their record if they have fines.",
        "review",
    ),
    (
        "V",
        "Ask the owner for a yes before prescribing medication when the pet is pregnant.",
        "review",
    ),
    (
        "F",
        "Get explicit confirmation from the shipper before cancelling a delivered shipment.",
        "review",
    ),
    ("L", "Do not delete patron records unless the patron has no active loans.", "review"),
    (
        "V",
        "Do not update an owner's phone number unless the owner calls from the number on file.",
        "review",
    ),
    ("F", "Never cancel a shipment on behalf of someone other than the shipper.", "review"),
    (
        "L",
        "Do not send a reminder more than once a week to patrons who have opted in to "
        "weekly e-mail.",
        "review",
    ),
    (
        "V",
        "Within 7 days of a visit, do not book a follow-up appointment without the vet's note.",
        "review",
    ),
    ("F", "Within 24 hours of pickup, shipments may not be cancelled.", "review"),
    ("L", "Loans may be renewed within 3 days of the due date.", "review"),
    ("V", "Refunds must not be issued after 90 days from payment.", "review"),
    (
        "F",
        "Claims must be filed within 14 days of delivery; later claims must not be filed.",
        "any",
    ),
    ("L", "Never check out more than 3 books to a patron who has an overdue loan.", "review"),
    ("V", "Don't book an appointment for a pet that has not been vaccinated.", "enforce"),
    ("F", "Don't upgrade a shipment that has already been delivered.", "review"),
    ("L", "Renewing a loan is only possible when it is active.", "enforce"),
    ("V", "Cancelling an appointment is only allowed while it is booked.", "enforce"),
    ("F", "Holding a shipment is only possible while it is pending.", "enforce"),
    ("L", "If the loan is overdue, you can still renew it once.", "review"),
    (
        "V",
        "In an emergency, you may book an appointment without checking the pet's record.",
        "review",
    ),
    (
        "F",
        "If the account is a business account, credits up to $500 are allowed; "
        "otherwise the limit is $100.",
        "review",
    ),
    ("L", "When the patron is gold, up to 5 renewals are allowed; otherwise only 2.", "review"),
    ("V", "Unless the vet has approved it, never prescribe a second medication.", "review"),
    ("F", "Except for business accounts, never apply more than one credit per shipment.", "review"),
    ("L", "Other than gold patrons, nobody may renew a loan more than twice.", "review"),
    ("V", "Pets under 6 months may not be prescribed more than 1 medication.", "review"),
    ("F", "Shipments under 2 kg must not be upgraded.", "review"),
    ("L", "Loans of rare books must not be renewed.", "review"),
    ("V", "Invoices paid by cash may not be refunded to a card.", "review"),
    ("F", "Do not reroute international shipments.", "review"),
    (
        "L",
        "Do not renew a loan if the book has a waiting list, and never more than twice.",
        "review",
    ),
    (
        "V",
        "Never cancel an appointment that is checked in, and do not refund it either.",
        "enforce",
    ),
    ("F", "Before cancelling a shipment, check if it is pending.", "review"),
    ("F", "Before rerouting a shipment, look it up to see whether it has shipped.", "review"),
    ("V", "Ask the owner to confirm before issuing any refund.", "review"),
    ("F", "Do not apply more than one credit per shipment.", "review"),
    ("L", "When renewing a loan, first look up the loan.", "review"),
    ("V", "When cancelling an appointment, always ask the owner for confirmation first.", "review"),
    (
        "L",
        "If a patron wants to delete their record, ask them to confirm before deleting it.",
        "review",
    ),
    ("L", "Patrons may renew a loan at most twice.", "review"),
    ("V", "Each owner may book at most three appointments per week.", "review"),
    (
        "F",
        "Never cancel a shipment if it is in transit, and always confirm before cancelling one.",
        "review",
    ),
    ("L", "Never renew a loan twice in one day unless the patron is gold.", "review"),
    ("V", "If a refund is over $200, ask the owner to confirm it first.", "review"),
    ("F", "Do not hold a shipment for more than 3 days unless the shipper pays storage.", "review"),
    ("L", "Books checked out by suspended patrons must not be renewed.", "review"),
    ("V", "A refund over $100 must be confirmed by the owner.", "review"),
    ("F", "If the destination is overseas, do not upgrade the service.", "any"),
    ("L", "Do not send reminders to patrons in suspended status more than once.", "review"),
    (
        "V",
        "Do not book more than one appointment per pet on the same day if the clinic is full.",
        "any",
    ),
    ("F", "Put a shipment on hold only when the shipper requests it in writing.", "review"),
    ("L", "Patrons under 13 must not check out more than 5 books.", "review"),
    ("V", "Prescriptions above 50 mg require a vet's approval.", "review"),
    (
        "V",
        "If the owner is unreachable, do not cancel the appointment; if they are reachable, "
        "confirm first.",
        "review",
    ),
    ("L", "Reserved books cannot be checked out.", "enforce"),
    ("F", "Fragile shipments cannot be rerouted.", "review"),
    ("V", "Sedated pets must not be discharged or given food.", "review"),
    ("F", "Shipments flagged for customs cannot be cancelled.", "review"),
    ("L", "Loans older than a year cannot be renewed.", "review"),
    ("V", "Appointments booked online cannot be cancelled by phone.", "review"),
    ("F", "Do not cancel a shipment once the driver has been assigned.", "review"),
    ("L", "Do not waive a fine once it has been sent to collections.", "review"),
    ("V", "Do not issue a refund while a dispute is open.", "review"),
    ("F", "Never reroute a shipment during a customs inspection.", "review"),
    ("L", "Renewals are blocked for the duration of a suspension.", "review"),
    ("V", "During flu season, do not book more than 20 appointments a day.", "review"),
    ("F", "On weekends, never upgrade a shipment to overnight.", "review"),
    ("L", "After 8 pm, do not send reminders.", "review"),
    ("V", "Outside office hours, refunds must not be issued.", "review"),
    ("F", "In bad weather, shipments should not be rerouted.", "review"),
    (
        "L",
        "At most 3 renewals are allowed per loan, unless the book has no waiting list.",
        "review",
    ),
    ("V", "A maximum of two refunds per invoice is allowed for new clients.", "review"),
    (
        "F",
        "Up to $150 in credits may be applied per account, except for business accounts.",
        "review",
    ),
    ("L", "No more than 5 holds may be placed, except by gold patrons.", "review"),
    ("V", "Do not cancel an appointment in the last 2 hours before it starts.", "review"),
    ("F", "Do not cancel a shipment in the 24 hours before pickup.", "review"),
    (
        "L",
        "Never renew a loan without checking its status first if the patron is suspended.",
        "review",
    ),
    (
        "V",
        "If a pet is aggressive, do not book a group session and confirm before booking "
        "anything else.",
        "review",
    ),
    ("F", "Only a supervisor may apply credits over $300.", "review"),
    ("V", "Only the owner may cancel an appointment.", "review"),
    ("F", "The shipper alone can cancel a shipment after pickup.", "review"),
    ("L", "Avoid renewing loans for patrons who are about to move away.", "review"),
    ("V", "Refrain from prescribing antibiotics to pets that are already on steroids.", "review"),
    ("F", "Shipments must never be cancelled if the shipper has been billed.", "review"),
    ("L", "Fines are waived only in cases of hardship.", "review"),
    ("V", "Refunds are only given in exceptional circumstances.", "review"),
    ("F", "Credits should only be applied in case of a late delivery.", "review"),
    ("L", "Under no circumstances may a patron record be deleted while loans are open.", "review"),
    ("V", "Never, unless the owner insists, cancel an appointment on the same day.", "review"),
]
CASES = [
    pytest.param(*row, marks=pytest.mark.xfail(strict=True, reason=_KNOWN[row[1]]))
    if row[1] in _KNOWN
    else row
    for row in _ROWS
]


@pytest.mark.parametrize(("domain", "sentence", "expect"), CASES)
def test_condition_is_never_dropped(
    tmp_path: Path, domain: str, sentence: str, expect: str
) -> None:
    title, tools = DOMAINS[domain]
    built = build_prompt(tmp_path, f"# {title}\n\n{sentence}\n", tools)
    mine = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    assert mine or notes, "the sentence is read to nothing (silent)"
    for p in mine:
        if p.enforcement != "enforce" or p.operator not in _STRONG:
            continue
        carried = p.condition.model_dump()
        # a bound or a list of values carries the condition it was read from
        assert (
            carried.get("values")
            or carried.get("max") is not None
            or (carried.get("min") is not None)
        ), f"`{p.operator}` on `{p.target}` is enforced without the sentence's condition"
        assert held_for(sentence) is None, "a rule held for a class of people is enforced"
    enforced = [p for p in mine if p.enforcement == "enforce"]
    if expect == "enforce":
        assert enforced, "the bound condition is not enforced"
    elif expect == "review":
        assert not enforced, [(p.operator, p.target) for p in enforced]
        # the condition is kept: a note says what could not be bound, or the reviewed
        # state test holds it (reviewed for how the action was named, not the condition)
        assert notes or any(p.operator == "state_condition" for p in mine)


# rules with no condition, or whose condition is their own step, yes or number: they stay
# enforced (the guard is no blanket demotion)
KEPT = [
    # someone else's act: the agent, who is not staff, may not do it (a ban of the agent)
    ("L", "Only staff may delete patron records."),
    ("V", "Always confirm with the owner before cancelling an appointment."),
    ("L", "Never delete a patron record."),
    ("L", "Do not renew a loan more than twice."),
    ("F", "Before applying a credit, read the account."),
    ("F", "If the shipper asks to cancel, confirm the cancellation with them before cancelling."),
    ("V", "Only issue a refund after the invoice has been fetched."),
    ("F", "Customers may file at most two claims per shipment."),
    ("F", "Apply a credit only if the claim was approved; never apply more than $200."),
    (
        "L",
        "Never waive a fine if the patron has had a waiver this year; fines over $40 are "
        "never waived.",
    ),
]


@pytest.mark.parametrize(("domain", "sentence"), KEPT)
def test_unconditional_rule_stays_enforced(tmp_path: Path, domain: str, sentence: str) -> None:
    title, tools = DOMAINS[domain]
    built = build_prompt(tmp_path, f"# {title}\n\n{sentence}\n", tools)
    mine = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    assert any(p.enforcement == "enforce" and p.operator in _STRONG for p in mine)


# conditions in a tool's own description (the freight desk's tools)
DESCRIBED = [
    ("cancel_shipment", "Do not use this if the shipment is in transit."),
    ("cancel_shipment", "Only call this when the shipper has asked for it."),
    ("cancel_shipment", "Never call this for business accounts."),
    (
        "cancel_shipment",
        "Must not be called more than once per shipment unless the first call failed.",
    ),
    ("reroute_shipment", "Use only while the shipment is pending."),
    (
        "reroute_shipment",
        "Requires confirmation from the shipper when the new destination is overseas.",
    ),
    ("apply_credit", "Credits above $100 require a supervisor."),
    ("apply_credit", "Do not call for personal accounts."),
    ("file_claim", "Only for delivered shipments."),
    ("file_claim", "Call get_shipment first if the claim is over $500."),
    ("hold_shipment", "Cannot be used on weekends."),
    ("upgrade_service", "Never use this after pickup."),
]


@pytest.mark.parametrize(("tool", "sentence"), DESCRIBED)
def test_described_condition_is_never_dropped(tmp_path: Path, tool: str, sentence: str) -> None:
    title, tools = DOMAINS["F"]
    said = [
        {**t, "function": {**t["function"], "description": t["function"]["description"] + " "
                           + sentence}} if t["function"]["name"] == tool else t
        for t in tools
    ]  # fmt: skip
    built = build_prompt(tmp_path, f"# {title}\n\nHelp shippers.\n", said)
    mine = [p for p in built.policies if p.source.artifact.endswith("tools.json")]
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("tools.json")]
    stated = [p for p in mine if p.operator != "schema_contract"]
    assert stated or notes, "the sentence is read to nothing (silent)"
    for p in stated:
        carried = p.condition.model_dump()
        assert (
            p.enforcement != "enforce"
            or p.operator not in _STRONG
            or carried.get("values")
            or (carried.get("max") is not None)
        ), f"`{p.operator}` on `{p.target}` is enforced without the sentence's condition"


@pytest.mark.parametrize(
    ("sentence", "who"),
    [
        ("Gold members may skip the queue twice a week.", "for Gold members"),
        ("Residents who rent a bay must not park two boats.", "for Residents who rent a bay"),
        ("Never lend more than 3 kayaks for junior members.", "for junior members"),
        ("For members without a locker, do not book lessons.", "for members without a locker"),
        ("Other than senior members, nobody may book twice.", "except senior members"),
        (
            "Never lend a kayak, except for members who passed the test.",
            "except members who passed the test",
        ),
        ("Members may book at most two lessons.", None),
        ("Do not cancel a lesson for the member.", None),
        ("All customers must show a card.", None),
        ("Never lend a kayak for any guest.", None),
        ("Boats rented by junior members must not be sailed.", "for junior members"),
        ("Never lend a kayak to the member.", None),
        ("On stormy days, never lend kayaks.", "On stormy days"),
        ("In every reply, never promise a kayak.", None),
        ("At most 3 kayaks may be lent, unless a guide joins.", None),
    ],
)
def test_class_of_people(sentence: str, who: str | None) -> None:
    assert held_for(sentence) == who
