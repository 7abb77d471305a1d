"""Prose-seven probe set A (hprose5, 2026-12-02, written before any extractor change):
long second-person sentences of several clauses with their reasons, and defined terms that
a later clause relies on. Three made-up domains of our own (a bicycle repair workshop in
snake_case, a climbing gym in camelCase, a print shop with dotted ids). Each case states the
policy a careful reader expects; a look-alike (expected None) must give no enforced policy.
The harness is probe C's (`outcome`). Figures in docs/prose-seven.md;
`python -m tests.test_prose7_probe_a` prints the tally."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import marked, tally
from tests.test_grammar import _tool
from tests.test_probe_c import _with, outcome

WORKSHOP = [
    _tool("find_rider", "Find a rider's account by phone number.", phone="string"),
    _tool("get_rider", "Get a rider's account with its status (active, suspended or closed).",
          rider_id="string"),
    _tool("get_bike", "Get a bike's record: make, frame size and service history.",
          bike_id="string"),
    _tool("get_ticket", "Get a repair ticket with its status (open, waiting_parts, done or "
          "closed).", ticket_id="string"),
    _tool("schedule_repair", "Schedule a repair for a bike.", rider_id="string",
          bike_id="string", day="string"),
    _with(_tool("create_quote", "Create a repair quote.", ticket_id="string",
                labour_hours="number", discount_percent="number"),
          labour_hours="Labour in hours.", discount_percent="Discount in per cent."),
    _tool("close_ticket", "Close a repair ticket.", ticket_id="string"),
    _with(_tool("refund_rider", "Refund a rider.", rider_id="string", amount="number"),
          amount="Amount in EUR."),
    _tool("book_pickup", "Book the van to collect a bike.", rider_id="string",
          phone="string", address="string"),
    _tool("send_message", "Send a text message to a rider.", rider_id="string",
          text="string"),
]  # fmt: skip

GYM = [
    _tool("findClimber", "Find a climber by e-mail.", email="string"),
    _tool("getClimber", "Get a climber's record with the membership status (active, frozen "
          "or expired).", climberId="string"),
    _tool("recordBelayCheck", "Record that a climber passed a belay check.",
          climberId="string"),
    _with(_tool("bookSession", "Book a wall session.", climberId="string", wallId="string",
                groupSize="integer"), groupSize="Number of climbers in the group."),
    _with(_tool("issueDayPass", "Issue a day pass.", climberId="string", amount="number"),
          amount="Price in EUR."),
    _tool("refundPass", "Refund a pass.", passId="string", amount="number"),
    _tool("sendClimberMessage", "Send a message to a climber.", climberId="string",
          text="string"),
]  # fmt: skip

PRINT = [
    _tool("orders.find_customer", "Find a customer account by e-mail.", email="string"),
    _tool("orders.get_order", "Get an order with its status (draft, paid, printing, shipped "
          "or cancelled).", order_id="string"),
    _with(_tool("orders.create_print_job", "Create a print job for an order.",
                order_id="string", paper="string", copies="integer"),
          paper="The paper stock.", copies="Number of copies."),
    _tool("orders.release_job", "Release a finished job to the customer.", job_id="string"),
    _tool("billing.take_payment", "Take a payment.", order_id="string", amount="number"),
    _tool("notify.send_email", "Send an e-mail to a customer.", customer_id="string",
          body="string"),
]  # fmt: skip

# (id, tools, prompt text, expected (operator, target, params) or None)
CASES: list[tuple[str, list[dict[str, Any]], str, tuple[str, str, dict[str, Any]] | None]] = [
    # --- long second-person sentences with their reasons ---------------------------------
    ("long-before-find", WORKSHOP,
     "Before you schedule a repair for a rider, you need to look them up with find_rider "
     "first, because the workshop keeps its warranty records by rider.",
     ("require_before", "schedule_repair", {"before": "find_rider"})),
    ("long-ground-returned", WORKSHOP,
     "The bike_id you pass to schedule_repair has to be one that get_bike returned earlier "
     "in the conversation, rather than a frame number the rider reads off the tube, since "
     "those are often worn.",
     ("arg_grounded", "schedule_repair", {"arg": "bike_id", "from_tools": ["get_bike"]})),
    ("long-after-reading", WORKSHOP,
     "You can only close a repair ticket after reading it with get_ticket, because the "
     "ticket tells you whether parts are still on order.",
     ("require_before", "close_ticket", {"before": "get_ticket"})),
    ("long-confirm-wait", WORKSHOP,
     "When a rider asks for their money back, tell them the amount and wait for them to say "
     "yes before you call refund_rider, because a refund cannot be undone.",
     ("require_confirmation", "refund_rider", {})),
    ("long-state-until", WORKSHOP,
     "A rider whose account is suspended can still ask you about opening hours, but you must "
     "not schedule a repair for them until the front desk has cleared their balance.",
     ("state_condition", "schedule_repair", {"denied": ["suspended"]})),
    ("long-bound-fewer", WORKSHOP,
     "Keep labour_hours on a quote to 6 or fewer, because anything longer goes to the head "
     "mechanic.",
     ("arg_within_bound", "create_quote", {"arg": "labour_hours", "max": 6})),
    ("long-bound-never-since", WORKSHOP,
     "You may never give a discount_percent above 15 on a quote, since the workshop has to "
     "pay for its parts too.",
     ("arg_within_bound", "create_quote", {"arg": "discount_percent", "max": 15})),
    ("long-user-so-that", WORKSHOP,
     "The phone number you give book_pickup must have come from the rider in this "
     "conversation, so that the van driver can actually reach them.",
     ("arg_grounded", "book_pickup", {"arg": "phone", "from_user": True})),
    ("long-gym-before", GYM,
     "Before you book a session for anyone, you need to find them with findClimber first, "
     "because the signed waiver lives on their record.",
     ("require_before", "bookSession", {"before": "findClimber"})),
    ("long-gym-confirm-once", GYM,
     "You should only call refundPass once the climber has confirmed which pass they mean, "
     "because refunds go back to the original card.",
     ("require_confirmation", "refundPass", {})),
    ("long-gym-calls", GYM,
     "The walls are shared, so be fair about it: nobody gets more than two sessions from you "
     "in one conversation.",
     ("max_calls", "bookSession", {"max": 2})),
    ("long-gym-range-so", GYM,
     "Instructors cannot watch big groups, so keep groupSize between 1 and 8 when you book a "
     "session; larger parties are for the duty manager.",
     ("arg_within_bound", "bookSession", {"arg": "groupSize", "min": 1, "max": 8})),
    ("long-gym-state-until", GYM,
     "If a climber's membership is frozen or expired, you must not issue them a day pass "
     "until they have spoken to reception, since they still owe fees.",
     ("state_condition", "issueDayPass", {"denied": ["frozen", "expired"]})),
    ("long-print-read-before", PRINT,
     "You need to read the order with orders.get_order before you create a print job for it, "
     "because the order says which paper was paid for.",
     ("require_before", "orders.create_print_job", {"before": "orders.get_order"})),
    ("long-print-allowed-because", PRINT,
     "The paper you choose has to be one of matte, gloss or recycled, because those are the "
     "only stocks we keep in the store room.",
     ("resource_in_allowlist", "orders.create_print_job",
      {"arg": "paper", "allowed": ["matte", "gloss", "recycled"]})),
    ("long-print-otherwise", PRINT,
     "Keep copies to 500 or fewer on a single job; otherwise the press runs overnight and "
     "blocks everyone else.",
     ("arg_within_bound", "orders.create_print_job", {"arg": "copies", "max": 500})),
    ("long-print-make-sure", PRINT,
     "Before you release a job, make sure the payment has been taken with "
     "billing.take_payment; otherwise the customer walks off with unpaid prints.",
     ("require_before", "orders.release_job", {"before": "billing.take_payment"})),
    # --- defined terms a later clause relies on ------------------------------------------
    ("term-verified-tool", PRINT,
     '1.1 "Cleared Customer" means a customer whose account was found with '
     "orders.find_customer during the current conversation.\n\n"
     "3.1 No print job may be created for anyone who is not a Cleared Customer.",
     ("require_before", "orders.create_print_job", {"before": "orders.find_customer"})),
    ("term-state-denied", GYM,
     'A "Frozen Member" means a climber whose membership status reads frozen.\n\n'
     "A Frozen Member is not to be booked into any session.",
     ("state_condition", "bookSession", {"denied": ["frozen"]})),
    ("term-state-allowed", WORKSHOP,
     '"Open Ticket" means a ticket whose status is open or waiting_parts.\n\n'
     "Closing a ticket is possible only while it is an Open Ticket.",
     ("state_condition", "close_ticket", {"allowed": ["open", "waiting_parts"]})),
    ("term-known-only-to", WORKSHOP,
     'A "Known Rider" means a rider who was found with find_rider in this conversation.\n\n'
     "Text messages are sent only to Known Riders.",
     ("require_before", "send_message", {"before": "find_rider"})),
    ("term-settled-once", PRINT,
     '"Settled" means that the balance has been taken through billing.take_payment.\n\n'
     "A job is released only once it is Settled.",
     ("require_before", "orders.release_job", {"before": "billing.take_payment"})),
    ("term-numbered-authorised", GYM,
     '1.2 An "Authorised Climber" means a climber whose belay check was recorded with '
     "recordBelayCheck during the current session.\n\n"
     "4.1 No session may be booked for anyone who is not an Authorised Climber.",
     ("require_before", "bookSession", {"before": "recordBelayCheck"})),
    ("term-inactive-state", GYM,
     '"Lapsed Climber" means a climber whose membership status is expired.\n\n'
     "Day passes are never issued to a Lapsed Climber.",
     ("state_condition", "issueDayPass", {"denied": ["expired"]})),
    ("term-suspended-rider", WORKSHOP,
     '2.1 "Blocked Rider" means a rider whose account status reads suspended or closed.\n\n'
     "5.3 A Blocked Rider is not to be given a pickup under any circumstances.",
     ("state_condition", "book_pickup", {"denied": ["suspended", "closed"]})),
    # --- look-alikes: no enforced policy -------------------------------------------------
    ("look-patient", WORKSHOP,
     "You need to be patient with riders who are new to cycling, because many of them are "
     "nervous about what a repair will cost.", None),
    ("look-cafe", GYM,
     "If a climber asks about the café, tell them it closes at six, because the kitchen staff "
     "go home then.", None),
    ("look-definition-only", PRINT,
     '"Walk-in" means a customer who arrives at the counter without an order.', None),
    ("look-undefined-term", PRINT,
     "No print job may be created for anyone who is not a Trusted Client.", None),
    ("look-unbindable-term", GYM,
     '"Peak Slot" means a slot the manager marks as busy on the wall chart.\n\n'
     "No session may be booked in a Peak Slot.", None),
    ("look-not-yours", WORKSHOP,
     "The head mechanic reviews every quote over 6 hours on Fridays, which is between them "
     "and the owner, not something you check.", None),
    ("look-background-because", PRINT,
     "Most customers are students, so you will often see small orders, because the "
     "university is next door.", None),
]  # fmt: skip

# before any change (first run): 7 of the 25 rules exact, 2 wrong enforced policies
# (term-settled-once, term-inactive-state), the 7 look-alikes clean. After prose7_terms and
# prose7_reasons: 22 of 25 exact, none wrong, the 7 look-alikes clean.
_OPEN: frozenset[str] = frozenset({"long-confirm-wait", "long-user-so-that", "long-gym-calls"})


@pytest.mark.parametrize("case", marked(CASES, _OPEN), ids=[c[0] for c in CASES])
def test_prose7_probe_a(tmp_path: Path, case: tuple[Any, ...]) -> None:
    assert outcome(tmp_path, case) == "exact"


if __name__ == "__main__":
    tally(CASES, outcome)
