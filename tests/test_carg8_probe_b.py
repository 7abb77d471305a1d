"""Probe set B for bans whose condition is an argument of the banned call (hcarg), written
after the work (`specgap.carg8_bind`) in two new made-up domains (a dry cleaner in
snake_case, a bakery's order desk with dotted ids), new wording, with look-alikes and
never-stronger cases (two values at once, an exception, a count of something else) that must
give no enforced policy. Run once (`python -m tests.test_carg8_probe_b`); that first figure is
the one reported in docs/carg8.md, and the cases that failed on it are marked xfail(strict)
below, untouched."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import report
from tests.test_carg8_probe_a import Exp, run, tool

CLEANER = [
    tool("find_client", "Find a client by phone number.", phone="string"),
    tool("get_ticket", "Get a cleaning ticket with its status.", ticket_id="string"),
    tool("accept_garment", "Take in garments from a client on a new ticket.",
         client_id="string", fabric=["cotton", "wool", "silk", "leather", "suede"],
         service=["wash", "dry_clean", "press"], item_count="integer"),
    tool("schedule_delivery", "Schedule the delivery of a finished ticket.",
         ticket_id="string", delivery_slot=["morning", "afternoon", "evening"],
         distance_km="number"),
    tool("issue_credit", "Issue a credit to a client.", client_id="string",
         credit_eur="number", credit_type=["voucher", "account_balance"]),
]  # fmt: skip

BAKERY = [
    tool("customers.lookup", "Find a customer by e-mail.", email="string"),
    tool("orders.place", "Place a cake order.", customer_id="string", cake_tiers="integer",
         flavour=["vanilla", "chocolate", "lemon", "carrot"], filling=["jam", "cream", "none"],
         servings="integer"),
    tool("orders.deliver", "Deliver an order.", order_id="string", vehicle=["bike", "car"],
         distance_miles="number"),
    tool("refunds.issue", "Refund an order.", order_id="string", amount="number",
         channel=["card", "cash", "gift_card"]),
]  # fmt: skip

D, B = "deny_action", "arg_within_bound"


def _d(arg: str, *values: str) -> dict[str, Any]:
    return {"arg": arg, "values": list(values)}


def _m(arg: str, hi: float) -> dict[str, Any]:
    return {"arg": arg, "max": hi}


CASES: list[tuple[str, str, list[dict[str, Any]], str, list[Exp]]] = [
    # --- the dry cleaner (snake_case) ---
    ("d-suede", "passive", CLEANER, "Suede is never accepted.",
     [(D, "accept_garment", _d("fabric", "suede"))]),
    ("d-leather", "imperative", CLEANER, "Do not accept a garment made of leather.",
     [(D, "accept_garment", _d("fabric", "leather"))]),
    ("d-items", "imperative", CLEANER, "Never accept more than 15 items at once.",
     [(B, "accept_garment", _m("item_count", 15))]),
    ("d-evening", "passive", CLEANER, "Evening deliveries must not be scheduled.",
     [(D, "schedule_delivery", _d("delivery_slot", "evening"))]),
    ("d-far-if", "if then", CLEANER,
     "If the drop-off is farther than 25 km, don't schedule the delivery.",
     [(B, "schedule_delivery", _m("distance_km", 25))]),
    ("d-balance-runbook", "terse runbook", CLEANER, "issue_credit — never as account balance.",
     [(D, "issue_credit", _d("credit_type", "account_balance"))]),
    ("d-credit-cap", "passive", CLEANER, "Credits above 60 euros are not issued.",
     [(B, "issue_credit", _m("credit_eur", 60))]),
    ("d-silk-faq", "FAQ answer", CLEANER,
     "Q: Can silk go through the wash service?\nA: No, never accept silk for a wash.", []),
    ("d-wool-legal", "legal clause", CLEANER,
     "The Shop shall not accept garments for pressing when the fabric is wool.", []),
    ("d-slot-table", "table row", CLEANER,
     "| tool | refused when |\n|---|---|\n| schedule_delivery | the slot is evening |",
     [(D, "schedule_delivery", _d("delivery_slot", "evening"))]),
    ("d-far-bullet", "bullet fragment", CLEANER, "- no delivery scheduled over 30 km",
     [(B, "schedule_delivery", _m("distance_km", 30))]),
    # --- the bakery (dotted ids) ---
    ("k-tiers", "imperative", BAKERY, "Never place an order with more than 4 tiers.",
     [(B, "orders.place", _m("cake_tiers", 4))]),
    ("k-servings", "passive", BAKERY, "Orders are not placed for over 120 servings.",
     [(B, "orders.place", _m("servings", 120))]),
    ("k-carrot", "imperative", BAKERY, "Do not place an order whose flavour is carrot.",
     [(D, "orders.place", _d("flavour", "carrot"))]),
    ("k-cream", "imperative", BAKERY, "Never place an order with a cream filling.",
     [(D, "orders.place", _d("filling", "cream"))]),
    ("k-car", "passive", BAKERY, "Deliveries by car are not allowed.",
     [(D, "orders.deliver", _d("vehicle", "car"))]),
    ("k-miles", "imperative", BAKERY, "Do not deliver an order further than 10 miles away.",
     [(B, "orders.deliver", _m("distance_miles", 10))]),
    ("k-cash-runbook", "terse runbook", BAKERY, "refunds.issue: never in cash.",
     [(D, "refunds.issue", _d("channel", "cash"))]),
    ("k-gift-legal", "legal clause", BAKERY,
     "The Bakery shall not issue a refund to a gift card.",
     [(D, "refunds.issue", _d("channel", "gift_card"))]),
    ("k-amount-if", "if then", BAKERY, "If the amount exceeds 200, do not issue the refund.",
     [(B, "refunds.issue", _m("amount", 200))]),
    # look-alikes and never-stronger cases
    ("lk-paid-cash", "imperative", BAKERY, "Never refund an order that was paid in cash.", []),
    ("lk-unpaid", "imperative", BAKERY,
     "Do not place an order for a customer with more than 2 unpaid orders.", []),
    ("lk-fact", "fact", BAKERY, "Chocolate is our most popular flavour.", []),
    ("lk-bike-tiers", "imperative", BAKERY,
     "Never deliver an order by bike when it has more than 3 tiers.", []),
    ("ld-unless", "imperative", CLEANER,
     "Do not accept leather unless the client signs a waiver.", []),
]  # fmt: skip

# the first run: 16 of 25 exact (11 of the 18 rules, the 7 look-alikes and never-stronger
# cases but 2), 2 wrong enforced policies, both this module's: "for pressing when the fabric
# is wool" (a state test turned into a ban on `fabric` with the service value left out) and
# "to a gift card" (`card` read inside `gift_card`); failed then: d-leather, d-items,
# d-balance-runbook, d-wool-legal, k-servings, k-car, k-miles, k-cash-runbook, k-gift-legal.
# Both wrong readings were mended after the run (a value the sentence names on a second
# argument, a value spelt inside a longer one): 18 of 25, none wrong. The figure is the first.
# The seventeenth session's "at a time" (one call's bound, no condition) made d-items pass;
# the twenty-seventh's present passive ("are not placed for": the modal form) k-servings.
_OPEN = frozenset(
    {
        "d-leather",
        "d-balance-runbook",
        "k-car",
        "k-miles",
        "k-cash-runbook",
    }
)


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, marks=pytest.mark.xfail(strict=True)) if c[0] in _OPEN else c for c in CASES],
    ids=[c[0] for c in CASES],
)
def test_carg8_probe_b(tmp_path: Path, case: tuple[Any, ...]) -> None:
    assert run(tmp_path, case)[0] == "exact"


if __name__ == "__main__":
    report(CASES, run)
