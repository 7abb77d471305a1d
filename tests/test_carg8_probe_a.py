"""Probe set A for bans whose condition is an argument of the banned call (hcarg): "Never
refund a customer in cash" on a tool taking `refund_method` (enum card, store_credit, cash),
"Do not print jobs over 200 pages" on a tool taking `pageCount`. Written before this
session's work in three made-up domains (a bicycle repair workshop in snake_case, a
co-working space in camelCase, a removals company with dotted ids), with look-alikes that
must give no enforced policy (a condition about something the call does not pass, a clause
not read, two arguments that could be meant). Measured once before the work and again after
it (`python -m tests.test_carg8_probe_a`); the cases that fail are marked xfail(strict)
below. The figures are in docs/carg8.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.probes import fits, marked, report


def tool(tool_id: str, description: str, /, **params: str | list[str]) -> dict[str, Any]:
    """An OpenAI tool spec; a parameter is its JSON type, or the list of its enum values."""
    props = {
        k: {"type": "string", "enum": v} if isinstance(v, list) else {"type": v}
        for k, v in params.items()
    }
    return {
        "type": "function",
        "function": {
            "name": tool_id,
            "description": description,
            "parameters": {"type": "object", "properties": props, "required": list(props)},
        },
    }


BIKES = [
    tool("find_customer", "Find a customer by e-mail.", email="string"),
    tool("get_repair", "Get a repair with its status.", repair_id="string"),
    tool("book_repair", "Book a bike in for a repair.", customer_id="string",
         service_tier=["basic", "full", "race_prep"],
         bike_type=["road", "mountain", "cargo", "e_bike"], frame_size_cm="number"),
    tool("order_part", "Order a part for a repair.", repair_id="string",
         part_kind=["chain", "cassette", "brake_pad", "motor"], quantity="integer",
         unit_price="number"),
    tool("refund_customer", "Refund a customer.", customer_id="string", amount="number",
         refund_method=["card", "store_credit", "cash"]),
    tool("lend_courtesy_bike", "Lend a courtesy bike while a repair is done.",
         customer_id="string", loan_days="integer", bike_class=["city", "cargo"]),
]  # fmt: skip

DESKS = [
    tool("lookupMember", "Find a member by e-mail.", email="string"),
    tool("getDesk", "Get a desk with its status.", deskId="string"),
    tool("reserveRoom", "Reserve a room for a member.", memberId="string",
         roomType=["phone_booth", "meeting", "event_hall"], attendeeCount="integer",
         durationHours="number"),
    tool("issueKeycard", "Issue a keycard to a member.", memberId="string",
         accessLevel=["day", "resident", "admin"]),
    tool("printJob", "Send a print job for a member.", memberId="string", pageCount="integer",
         paperSize=["A4", "A3", "letter"]),
    tool("chargeMember", "Charge a member.", memberId="string", amountEur="number",
         chargeReason=["late_fee", "damage", "printing"]),
]  # fmt: skip

MOVES = [
    tool("customers.find", "Find a customer by phone number.", phone="string"),
    tool("quotes.create", "Write a quote for a move.", customer_id="string",
         move_kind=["local", "interstate", "overseas"], volume_m3="number", floors="integer",
         truck_size=["small", "medium", "large"], crate_size=["small", "medium", "large"]),
    tool("crates.ship", "Ship a crate for an order.", order_id="string", weight_kg="number",
         contents=["furniture", "piano", "artwork", "hazardous"]),
    tool("storage.rent", "Rent a storage unit to a customer.", customer_id="string",
         unit_size=["locker", "room", "garage"], months="integer"),
    tool("crew.assign", "Assign a crew to a job.", job_id="string", crew_size="integer",
         vehicle=["van", "truck", "lorry"]),
    tool("payments.refund", "Refund a payment.", order_id="string", amount="number",
         method=["card", "bank_transfer", "voucher"]),
]  # fmt: skip

D, B = "deny_action", "arg_within_bound"
Exp = tuple[str, str, dict[str, Any]]


def _d(arg: str, *values: str) -> dict[str, Any]:
    return {"arg": arg, "values": list(values)}


def _m(arg: str, hi: float) -> dict[str, Any]:
    return {"arg": arg, "max": hi}


# (id, style, tools, prompt text, the policies a careful reader expects, every one, or [] for
# a look-alike: no policy of any operator may be enforced from the text)
CASES: list[tuple[str, str, list[dict[str, Any]], str, list[Exp]]] = [
    # --- the bicycle repair workshop (snake_case) ---
    ("b-ebike", "imperative", BIKES, "Never book a repair for an e-bike.",
     [(D, "book_repair", _d("bike_type", "e_bike"))]),
    ("b-cash", "imperative", BIKES, "Never refund a customer in cash.",
     [(D, "refund_customer", _d("refund_method", "cash"))]),
    ("b-cash-passive", "passive", BIKES, "Refunds are never paid out as cash.",
     [(D, "refund_customer", _d("refund_method", "cash"))]),
    ("b-credit-runbook", "terse runbook", BIKES, "refund_customer: never to store credit.",
     [(D, "refund_customer", _d("refund_method", "store_credit"))]),
    ("b-motor-if", "if then", BIKES, "If the part kind is motor, then do not order the part.",
     [(D, "order_part", _d("part_kind", "motor"))]),
    ("b-motor-when", "imperative", BIKES, "Do not order a part when it is a motor.",
     [(D, "order_part", _d("part_kind", "motor"))]),
    ("b-loan-days", "imperative", BIKES, "Do not lend a courtesy bike for more than 7 days.",
     [(B, "lend_courtesy_bike", _m("loan_days", 7))]),
    ("b-loan-bullet", "bullet fragment", BIKES, "- no courtesy bike lent for over 5 days",
     [(B, "lend_courtesy_bike", _m("loan_days", 5))]),
    ("b-cargo-loan", "passive", BIKES, "A courtesy bike is never lent if it is a cargo bike.",
     [(D, "lend_courtesy_bike", _d("bike_class", "cargo"))]),
    ("b-qty-faq", "FAQ answer", BIKES,
     "Q: Can I order more than 10 of a part?\nA: No, a part is never ordered in a quantity "
     "above 10.",
     [(B, "order_part", _m("quantity", 10))]),
    ("b-price-legal", "legal clause", BIKES,
     "The Workshop shall not order any part whose unit price exceeds 400.",
     [(B, "order_part", _m("unit_price", 400))]),
    ("b-frame-if", "if then", BIKES,
     "If the frame size is over 64 cm, then do not book a repair.",
     [(B, "book_repair", _m("frame_size_cm", 64))]),
    ("b-race-label", "label: value", BIKES, "Race prep on a cargo bike: never booked.",
     []),  # two values of two arguments at once: no one deny states both
    ("b-table", "table row", BIKES,
     "| action | never when |\n|---|---|\n| book_repair | the bike type is cargo |",
     [(D, "book_repair", _d("bike_type", "cargo"))]),
    ("b-price-param", "parameter description", BIKES,
     "unit_price (order_part): never order a part priced above 400.",
     [(B, "order_part", _m("unit_price", 400))]),
    # look-alikes
    ("lb-fact", "fact", BIKES, "Cargo bikes take longer to repair than road bikes.", []),
    ("lb-receipt", "fact", BIKES, "Customers paying in cash get a printed receipt.", []),
    ("lb-paid-cash", "imperative", BIKES, "Never refund a customer who paid in cash.", []),
    ("lb-unless", "imperative", BIKES,
     "Do not order a motor part unless the customer has paid a deposit.", []),
    ("lb-weight", "imperative", BIKES,
     "Do not book a repair for a bike heavier than 30 kg.", []),
    ("lb-open", "imperative", BIKES,
     "Do not lend a courtesy bike to a customer with more than 3 open repairs.", []),
    # --- the co-working space (camelCase) ---
    ("c-admin", "imperative", DESKS, "Do not issue a keycard with admin access.",
     [(D, "issueKeycard", _d("accessLevel", "admin"))]),
    ("c-admin-passive", "passive", DESKS, "Keycards are never issued at the admin level.",
     [(D, "issueKeycard", _d("accessLevel", "admin"))]),
    ("c-admin-label", "label: value", DESKS,
     "Keycards with `admin` access: never issued by the assistant.",
     [(D, "issueKeycard", _d("accessLevel", "admin"))]),
    ("c-attendees", "imperative", DESKS, "Never reserve a room for more than 20 attendees.",
     [(B, "reserveRoom", _m("attendeeCount", 20))]),
    ("c-pages", "imperative", DESKS, "Do not print jobs over 200 pages.",
     [(B, "printJob", _m("pageCount", 200))]),
    ("c-a3", "imperative", DESKS, "Never print on A3 paper.",
     [(D, "printJob", _d("paperSize", "A3"))]),
    ("c-hours", "passive", DESKS, "A room is never reserved for longer than 4 hours.",
     [(B, "reserveRoom", _m("durationHours", 4))]),
    ("c-letter-faq", "FAQ answer", DESKS,
     "Q: Can members print on letter paper?\nA: No. Never print a job on letter paper.",
     [(D, "printJob", _d("paperSize", "letter"))]),
    ("c-hall-legal", "legal clause", DESKS,
     "The Operator shall not reserve a room whose room type is event_hall.",
     [(D, "reserveRoom", _d("roomType", "event_hall"))]),
    ("c-hall-if", "if then", DESKS,
     "If the room type is event hall, then do not reserve the room.",
     [(D, "reserveRoom", _d("roomType", "event_hall"))]),
    ("c-damage", "imperative", DESKS, "Never charge a member for `damage`.",
     [(D, "chargeMember", _d("chargeReason", "damage"))]),
    ("c-hours-bullet", "bullet fragment", DESKS, "- no room reserved for over 6 hours",
     [(B, "reserveRoom", _m("durationHours", 6))]),
    ("c-pages-runbook", "terse runbook", DESKS, "printJob: never over 300 pages.",
     [(B, "printJob", _m("pageCount", 300))]),
    # look-alikes
    ("lc-daypass", "imperative", DESKS,
     "Never reserve a room for a member on a day keycard.", []),
    ("lc-owes", "imperative", DESKS,
     "Never reserve a room when the member owes more than 100 euros.", []),
    ("lc-copies", "imperative", DESKS, "Never print more than one copy of a contract.", []),
    ("lc-booth", "imperative", DESKS,
     "Do not reserve a phone booth if it is needed for more than 2 hours.", []),
    ("lc-fact", "fact", DESKS, "Admin keycards open the server room and the roof.", []),
    # --- the removals company (dotted ids) ---
    ("m-weight", "imperative", MOVES, "Never ship a crate heavier than 40 kg.",
     [(B, "crates.ship", _m("weight_kg", 40))]),
    ("m-hazard", "imperative", MOVES, "Do not ship a crate that holds hazardous contents.",
     [(D, "crates.ship", _d("contents", "hazardous"))]),
    ("m-piano", "passive", MOVES, "A crate is never shipped if its contents are a piano.",
     [(D, "crates.ship", _d("contents", "piano"))]),
    ("m-overseas", "imperative", MOVES, "Never quote an overseas move.",
     [(D, "quotes.create", _d("move_kind", "overseas"))]),
    ("m-volume", "imperative", MOVES,
     "Do not create a quote for a move of more than 90 m3.",
     [(B, "quotes.create", _m("volume_m3", 90))]),
    ("m-crew", "imperative", MOVES, "Never assign a crew of more than 6 movers.",
     [(B, "crew.assign", _m("crew_size", 6))]),
    ("m-lorry", "imperative", MOVES, "Do not assign a crew with a lorry.",
     [(D, "crew.assign", _d("vehicle", "lorry"))]),
    ("m-months", "passive", MOVES, "Storage is never rented for more than 12 months.",
     [(B, "storage.rent", _m("months", 12))]),
    ("m-garage", "imperative", MOVES, "Never rent a garage unit.",
     [(D, "storage.rent", _d("unit_size", "garage"))]),
    ("m-voucher", "passive", MOVES, "Refunds must not be made by voucher.",
     [(D, "payments.refund", _d("method", "voucher"))]),
    ("m-transfer-runbook", "terse runbook", MOVES, "payments.refund: never by bank transfer.",
     [(D, "payments.refund", _d("method", "bank_transfer"))]),
    ("m-artwork-legal", "legal clause", MOVES,
     "The Mover shall not ship any crate whose contents are artwork.",
     [(D, "crates.ship", _d("contents", "artwork"))]),
    ("m-hazard-if", "if then", MOVES,
     "If the contents are hazardous, then do not ship the crate.",
     [(D, "crates.ship", _d("contents", "hazardous"))]),
    ("m-floors-faq", "FAQ answer", MOVES,
     "Q: Do you quote tower blocks?\nA: Never quote a move with more than 10 floors.",
     [(B, "quotes.create", _m("floors", 10))]),
    # look-alikes
    ("lm-large", "imperative", MOVES, "Never quote a move when the crate size is large.",
     [(D, "quotes.create", _d("crate_size", "large"))]),
    ("lm-tie", "imperative", MOVES, "Never quote a large move.", []),
    ("lm-distance", "imperative", MOVES,
     "Never ship a crate to an address more than 500 km away.", []),
    ("lm-fact", "fact", MOVES, "Overseas moves take six weeks on average.", []),
    ("lm-unless", "imperative", MOVES,
     "Never ship a piano unless the crew has four movers.", []),
]  # fmt: skip


def _hit(policy: Any, expected: Exp) -> bool:
    return policy.enforcement == "enforce" and fits(policy, *expected)


def run(folder: Path, case: tuple[Any, ...]) -> tuple[str, int, list[Any], list[Any]]:
    """(`exact` | `none`, the number of wrong enforced policies, the policies, the notes):
    `exact` when every expected policy is there, enforced (a look-alike: no enforced policy);
    wrong: an enforced policy that matches no expectation."""
    _id, _style, tools, text, expected = case
    built = build_prompt(folder, f"# Desk\n\n{text}\n", tools)
    mine = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    wrong = [
        p for p in mine if p.enforcement == "enforce" and not any(_hit(p, e) for e in expected)
    ]
    got = all(any(_hit(p, e) for p in mine) for e in expected)
    return ("exact" if got and not wrong else "none"), len(wrong), mine, notes


# the cases that do not give their policies (before the session's work: 26 of 58 exact, i.e.
# 10 of the 42 rules and the 16 look-alikes and never-stronger cases; 3 wrong enforced
# policies, a state test of a field no output holds where the call passes the value; after
# it, `specgap.carg8_bind`: 48 of 58, 32 of the 42 rules, the look-alikes clean, none
# wrong; the open ones are not read upstream (a label, table or runbook form, a condition
# the grammar did not keep) or resolve under the score enforced at)
_OPEN = frozenset(
    {
        "b-cash-passive",
        "b-table",
        "c-admin-label",
        "c-damage",
        "c-pages-runbook",
        "m-garage",
        "m-voucher",
        "m-transfer-runbook",
        "lm-large",
    }
)


@pytest.mark.parametrize("case", marked(CASES, _OPEN), ids=[c[0] for c in CASES])
def test_carg8_probe_a(tmp_path: Path, case: tuple[Any, ...]) -> None:
    assert run(tmp_path, case)[0] == "exact"


if __name__ == "__main__":
    report(CASES, run)
