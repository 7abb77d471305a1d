"""Probe set B for argument-anchored rules (harg): 25 new sentences in new wording, written
after the work and run once (`python -m tests.test_arg8_probe_b`), in a new made-up domain
(a catering order desk, snake_case) and two of set A's (the cycle courier desk, the tool
library). The first figure is the one docs/arg8-anchor.md reports; the cases that failed
then are marked xfail(strict) below."""

from __future__ import annotations

from typing import Any

import pytest

from tests.probes import report, spec
from tests.test_arg8_probe_a import COURIER, LIBRARY, A, B, Exp, G, _a, _b, _t, _u, run

CATERING = [
    spec("find_customer", "Find a catering customer by phone.", phone="string"),
    spec("get_menu", "Get the menu with its dish codes.", menu_id="string"),
    spec("place_order", "Place a catering order.", customer_id="string", guest_count="integer",
         dish_codes="array", delivery_slot="string"),
    spec("get_order", "Get a catering order with its status.", order_id="string"),
    spec("change_guests", "Change the guest count of an order.", order_id="string",
         guest_count="integer"),
    spec("add_tip", "Add a tip for the staff to an order.", order_id="string",
         tip_percent="number"),
    spec("issue_credit", "Credit a customer for a problem.", customer_id="string",
         credit_amount="number", credit_reason="string"),
    spec("book_tasting", "Book a tasting session.", customer_id="string",
         tasting_date="string", party_size="integer"),
]  # fmt: skip

CASES: list[tuple[str, str, list[dict[str, Any]], str, list[Exp]]] = [
    ("k-tip-order", "modal statement", CATERING,
     "The tip_percent added to an order can never be higher than 20.",
     [(B, "add_tip", _b("tip_percent", hi=20))]),
    ("k-party-tasting", "legal clause", CATERING,
     "The party size stated for a tasting shall not exceed 6.",
     [(B, "book_tasting", _b("party_size", hi=6))]),
    ("k-credit-bound", "modal statement", CATERING,
     "The credit_amount issued to a customer may never be more than 75.",
     [(B, "issue_credit", _b("credit_amount", hi=75))]),
    ("k-credit-reasons", "statement", CATERING,
     "Credit reasons of late, cold or missing are accepted; no other reason is.",
     [(A, "issue_credit", _a("credit_reason", "late", "cold", "missing"))]),
    ("k-guests-change", "modal statement", CATERING,
     "The guest_count sent with a change must be between 10 and 200.",
     [(B, "change_guests", _b("guest_count", 10, 200))]),
    ("k-guests-new", "label: value", CATERING,
     "Guest count on a new order: 10 minimum.",
     [(B, "place_order", _b("guest_count", lo=10))]),
    ("k-slot-label", "bullet fragment", CATERING,
     "- delivery slots offered on an order: morning, noon or evening",
     [(A, "place_order", _a("delivery_slot", "morning", "noon", "evening"))]),
    ("k-customer-credit", "modal statement", CATERING,
     "The customer_id passed to issue_credit must be the id that find_customer returned.",
     [(G, "issue_credit", _t("customer_id", "find_customer"))]),
    ("k-customer-order", "two clauses", CATERING,
     "The customer_id on an order must be the one find_customer returned; an id read out in "
     "the chat is never used.",
     [(G, "place_order", _t("customer_id", "find_customer"))]),
    ("k-tasting-date", "modal statement", CATERING,
     "The tasting_date of a tasting must be the date the customer typed.",
     [(G, "book_tasting", _u("tasting_date"))]),
    ("k-for-tasting", "lead phrase", CATERING,
     "For a tasting, the party_size can never be more than 6.",
     [(B, "book_tasting", _b("party_size", hi=6))]),
    ("k-if-credited", "if ... then", CATERING,
     "If a customer is credited, then the credit amount given to them must not exceed 75.",
     [(B, "issue_credit", _b("credit_amount", hi=75))]),
    ("k-tie-guests", "tie", CATERING,
     "The guest_count entered can never be more than 300.", []),
    ("k-tie-customer", "tie", CATERING,
     "The customer_id given must be the id that find_customer returned.", []),
    ("k-x-shown", "look-alike", CATERING,
     "The tip_percent added to an order is shown on the invoice.", []),
    ("k-x-usual", "look-alike", CATERING,
     "The guest_count on a new order is usually about 40.", []),
    # --- the courier desk and the tool library again, new wording ---
    ("c-insured-max", "modal statement", COURIER,
     "The coverValue put on an insurance add-on must never go above 1000.",
     [(B, "addInsurance", _b("coverValue", hi=1000))]),
    ("c-refund-reasons", "statement", COURIER,
     "Refund reasons of late or damaged are allowed; no other reason is.",
     [(A, "refundDelivery", _a("refundReason", "late", "damaged"))]),
    ("c-sender-booking", "modal statement", COURIER,
     "The senderId given with a booking has to be the id that lookupSender returned.",
     [(G, "bookDelivery", _t("senderId", "lookupSender"))]),
    ("c-for-refund", "lead phrase", COURIER,
     "For a refund, the refundAmount must be at most 150.",
     [(B, "refundDelivery", _b("refundAmount", hi=150))]),
    ("c-x-printed", "look-alike", COURIER,
     "The payoutAccount passed to payCourier is printed on the courier's payslip.", []),
    ("l-fine-cap", "legal clause", LIBRARY,
     "The fine amount charged on a late return shall not be more than 30.",
     [(B, "fines.charge", _b("fine_amount", hi=30))]),
    ("l-extend-days", "modal statement", LIBRARY,
     "The extra_days given with an extension may not exceed 7.",
     [(B, "loans.extend", _b("extra_days", hi=7))]),
    ("l-tool-loan", "modal statement", LIBRARY,
     "The tool_id passed to loans.create must be one that tools.search returned.",
     [(G, "loans.create", _t("tool_id", "tools.search"))]),
    ("l-x-branch", "look-alike", LIBRARY,
     "The pickup_branch of a reservation is chosen by most members for its opening hours.",
     []),
]  # fmt: skip

# the cases that failed on the first run: 23 of 25 exact (17 of the 19 rules, both ties, the
# 4 look-alikes), none wrong ("on a new order": `order` names both tools taking the count;
# "has to be the id that ..." after "given with a booking" was not read; it is since the
# twenty-first session, `copula21`: "has to be" read as "must be")
_OPEN = frozenset({"k-guests-new"})


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, marks=pytest.mark.xfail(strict=True)) if c[0] in _OPEN else c for c in CASES],
    ids=[c[0] for c in CASES],
)
def test_arg8_probe_b(tmp_path: Any, case: tuple[Any, ...]) -> None:
    assert run(tmp_path, case)[0] == "exact"


if __name__ == "__main__":
    report(CASES, run)
