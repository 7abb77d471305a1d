"""Probe set A of the fifteenth session: orderings whose later action is a bare verb, a gerund
or a clause ("before booking, ...", "before you book anything for a member, ..."), whose step
is a verb phrase with the tool named after "with" or in brackets, or a pronoun ("look them
up"), in three made-up domains (a climbing-gym front desk in camelCase, a tool library in
snake_case, a ferry desk with dotted ids). Written by the lead before the session's ordering
work; measured once before it and once after (`python -m tests.test_lead15_probe_a`); the
cases that fail at the end are marked xfail(strict). Figures in CHANGELOG.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import marked, spec, tally
from tests.test_probe_c import outcome

GYM = [
    spec("findMember", "Look up a gym member by name or card; returns the member id and status "
         "(active, frozen, banned).", query="string"),
    spec("listSessions", "List climbing sessions with free spots.", date="string"),
    spec("getBooking", "Read a booking and its status (held, confirmed, cancelled, used).",
         bookingId="string"),
    spec("createBooking", "Book a session for a member.", memberId="string", sessionId="string",
         climbers="integer"),
    spec("moveBooking", "Move a booking to another session.", bookingId="string",
         sessionId="string"),
    spec("cancelBooking", "Cancel a booking.", bookingId="string"),
    spec("issueRefund", "Refund a booking payment.", bookingId="string", amount="number"),
    spec("sendText", "Send a text message to a member.", memberId="string", message="string"),
]  # fmt: skip

TOOLS = [
    spec("find_member", "Find a library member by card number or e-mail.", query="string"),
    spec("get_item", "Get a tool item: its condition, where it is and whether it is on loan.",
         item_id="string"),
    spec("lend_item", "Lend an item to a member.", member_id="string", item_id="string",
         days="integer"),
    spec("renew_loan", "Renew a member's loan of an item.", loan_id="string"),
    spec("return_item", "Record that an item came back.", loan_id="string",
         condition="string"),
    spec("charge_fee", "Charge a member a late or damage fee.", member_id="string",
         amount="number"),
    spec("waive_fee", "Waive a fee on a member's account.", fee_id="string"),
    spec("send_reminder", "E-mail a member a reminder about a loan.", loan_id="string"),
]  # fmt: skip

FERRY = [
    spec("passengers.Lookup", "Find a passenger by booking reference or name.",
         query="string"),
    spec("sailings.Get", "Get a sailing: its time, its free car and foot places and whether "
         "it runs.", sailing_id="string"),
    spec("tickets.Book", "Book tickets on a sailing.", sailing_id="string",
         passenger_id="string", vehicles="integer"),
    spec("tickets.Change", "Move a ticket to another sailing.", ticket_id="string",
         sailing_id="string"),
    spec("tickets.Cancel", "Cancel a ticket.", ticket_id="string"),
    spec("refunds.Issue", "Refund a cancelled ticket.", ticket_id="string", amount="number"),
]  # fmt: skip

Case = tuple[str, list[dict[str, Any]], str, tuple[str, str, dict[str, Any]] | None]


def _rb(later: str, step: str) -> tuple[str, str, dict[str, Any]]:
    return ("require_before", later, {"before": step})


CASES: list[Case] = [
    # the later action a bare gerund
    ("gerund-with", GYM, "Before booking, find the member with findMember.",
     _rb("createBooking", "findMember")),
    ("gerund-call", GYM, "Before booking, call findMember.", _rb("createBooking", "findMember")),
    ("gerund-lend", TOOLS, "Before lending, look the member up with find_member.",
     _rb("lend_item", "find_member")),
    ("gerund-prior", TOOLS, "Prior to waiving, open the fee's member with find_member.",
     _rb("waive_fee", "find_member")),
    ("gerund-trailing", FERRY, "Check the sailing with sailings.Get before booking.",
     _rb("tickets.Book", "sailings.Get")),
    ("gerund-brackets", FERRY, "Look the passenger up (passengers.Lookup) before booking.",
     _rb("tickets.Book", "passengers.Lookup")),
    ("gerund-refunding", GYM, "Before refunding, read the booking with getBooking.",
     _rb("issueRefund", "getBooking")),
    ("gerund-object", TOOLS, "Before renewing a loan, pull up the item with get_item.",
     _rb("renew_loan", "get_item")),
    # the later action a clause
    ("clause-anything", GYM,
     "Before you book anything for a member, look them up with findMember.",
     _rb("createBooking", "findMember")),
    ("clause-for-member", GYM, "Before you book a session for a member, call findMember.",
     _rb("createBooking", "findMember")),
    ("clause-trailing", GYM,
     "Always look the member up with findMember before you book for them.",
     _rb("createBooking", "findMember")),
    ("clause-lend-out", TOOLS, "You must have called get_item before you lend it out.",
     _rb("lend_item", "get_item")),
    ("clause-change", FERRY, "Before you change a ticket, check the new sailing with sailings.Get.",
     _rb("tickets.Change", "sailings.Get")),
    ("clause-bullet", TOOLS, "- before you lend anything: find_member",
     _rb("lend_item", "find_member")),
    # the step a verb phrase without an id
    ("until-looked-up", GYM, "Don't book until you've looked the member up.",
     _rb("createBooking", "findMember")),
    ("no-until", TOOLS, "No lending until find_member has returned the member.",
     _rb("lend_item", "find_member")),
    ("only-once", FERRY,
     "Tickets are booked only once the sailing has been read with sailings.Get.",
     _rb("tickets.Book", "sailings.Get")),
    ("never-before", GYM, "Never refund before you have read the booking.",
     _rb("issueRefund", "getBooking")),
    ("first-then", TOOLS, "First find the member, then lend.", _rb("lend_item", "find_member")),
    ("terse", FERRY, "passengers.Lookup first, then book.",
     _rb("tickets.Book", "passengers.Lookup")),
    ("label", GYM, "Refunds: read the booking with getBooking first.",
     _rb("issueRefund", "getBooking")),
    ("faq", TOOLS, "Can I renew without looking at the item? No, call get_item first.",
     _rb("renew_loan", "get_item")),
    ("legal", FERRY,
     "No ticket shall be cancelled unless the passenger has first been found with "
     "passengers.Lookup.", _rb("tickets.Cancel", "passengers.Lookup")),
    ("passive-step", GYM, "A booking may only be moved after it has been read with getBooking.",
     _rb("moveBooking", "getBooking")),
    ("if-not", TOOLS, "If you haven't looked the item up yet, don't lend it.",
     _rb("lend_item", "get_item")),
    ("make-sure", GYM, "Make sure you've called findMember before texting anyone.",
     _rb("sendText", "findMember")),
    ("gerund-pair", FERRY, "Before changing or cancelling, read the sailing with sailings.Get.",
     _rb("tickets.Cancel", "sailings.Get")),
    ("description", TOOLS, "Use find_member before charging a fee.",
     _rb("charge_fee", "find_member")),
    ("chat", GYM, "findMember b4 booking, always", _rb("createBooking", "findMember")),
    ("must-have", FERRY, "Refunds must have a prior tickets.Cancel call.",
     _rb("refunds.Issue", "tickets.Cancel")),
    # look-alikes: no enforced policy
    ("time", GYM, "Before 9 am, the front desk is closed.", None),
    ("leave", TOOLS, "Before you leave for the day, tidy the returns shelf.", None),
    ("habit", FERRY, "Before booking, most passengers look at the timetable.", None),
    ("advice", GYM, "Before booking, you might want to check listSessions.", None),
    ("history", TOOLS, "Before 2020 we lent items for a fortnight.", None),
    ("about", FERRY, "Before sailing, the crew checks the weather.", None),
    ("greeting", GYM, "Before anything else, greet the member warmly.", None),
    ("explain", TOOLS, "Before lending, explain the late fees if the member asks.", None),
]  # fmt: skip


_OPEN = frozenset({"terse", "faq", "make-sure", "must-have"})


@pytest.mark.parametrize("case", marked(CASES, _OPEN), ids=[c[0] for c in CASES])
def test_lead15_probe_a(tmp_path: Path, case: Case) -> None:
    assert outcome(tmp_path, case) == "exact"


if __name__ == "__main__":
    tally(CASES, outcome)
