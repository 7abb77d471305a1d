"""Probe set A for `arg_grounded` (hground6): where an argument's value must come from, said
in many styles, written before this session's grounding work in three made-up domains (a
bike repair shop in snake_case, a laundry pickup service in camelCase, a climbing gym with
dotted tool ids), with look-alikes that must give no enforced policy. Measured once before
the work and again after it (`python -m tests.test_ground6_probe_a`); the cases that fail
are marked xfail(strict) below. The figures are in docs/grounding-six.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.probes import fits, marked, report
from tests.test_grammar import _tool


def _with(spec: dict[str, Any], **described: str) -> dict[str, Any]:
    props = spec["function"]["parameters"]["properties"]
    for name, text in described.items():
        props[name]["description"] = text
    return spec


BIKE = [
    _tool("find_customer", "Find a customer by e-mail.", email="string"),
    _tool("list_repair_slots", "List the free workshop slots on a date.", date="string"),
    _tool("book_repair", "Book a repair for a customer's bike.", customer_id="string",
          slot_id="string", bike_serial="string", problem="string"),
    _tool("get_repair", "Get a repair with its status and parts.", repair_id="string"),
    _tool("cancel_repair", "Cancel a repair.", repair_id="string", reason="string"),
    _tool("update_contact", "Change a customer's phone or e-mail.", customer_id="string",
          phone="string", email="string"),
    _tool("search_parts", "Search the parts catalogue.", query="string"),
    _tool("order_part", "Order a part for a repair.", repair_id="string",
          part_number="string", quantity="integer"),
    _with(_tool("refund_deposit", "Refund a repair's deposit.", repair_id="string",
                amount="number"), amount="Amount in EUR."),
]  # fmt: skip

LAUNDRY = [
    _tool("lookupAccount", "Find a customer account by phone number.", phoneNumber="string"),
    _tool("listPickupWindows", "List the pickup windows for a postcode.", postcode="string"),
    _tool("schedulePickup", "Schedule a laundry pickup.", accountId="string",
          windowId="string", pickupAddress="string"),
    _tool("getOrder", "Get a laundry order with its items and their tags.", orderId="string"),
    _tool("changeAddress", "Change the pickup address of an account.", accountId="string",
          pickupAddress="string"),
    _tool("applyVoucher", "Apply a voucher to an order.", orderId="string",
          voucherCode="string"),
    _tool("reportDamage", "Report a damaged item of an order.", orderId="string",
          itemTag="string", details="string"),
]  # fmt: skip

CLIMB = [
    _tool("members.lookup", "Find a gym member by e-mail.", member_email="string"),
    _tool("passes.list", "List a member's passes.", member_id="string"),
    _tool("passes.freeze", "Freeze a pass for some weeks.", member_id="string",
          pass_id="string", weeks="integer"),
    _tool("classes.search", "Search climbing classes by level.", level="string"),
    _tool("classes.book", "Book a member onto a class.", member_id="string",
          class_id="string"),
    _tool("gear.rent", "Rent shoes and a harness to a member.", member_id="string",
          shoe_size="number"),
    _tool("guests.register", "Register a member's guest for a visit.", member_id="string",
          guest_name="string", guest_email="string"),
]  # fmt: skip

MEMBER_TOOLS = ("passes.list", "passes.freeze", "classes.book", "gear.rent", "guests.register")

# a variant of each domain whose one tool or parameter carries the sentence in its description
BIKE_PARAM = [
    *BIKE[:7],
    _with(_tool("order_part", "Order a part for a repair.", repair_id="string",
                part_number="string", quantity="integer"),
          part_number="The part number returned by `search_parts`."),
    BIKE[8],
]  # fmt: skip
LAUNDRY_DESC = [
    *LAUNDRY[:6],
    _tool("reportDamage", "Report a damaged item of an order. The item tag must be one that "
          "getOrder listed for that order.", orderId="string", itemTag="string",
          details="string"),
]  # fmt: skip
LAUNDRY_PARAM = [
    *LAUNDRY[:5],
    _with(_tool("applyVoucher", "Apply a voucher to an order.", orderId="string",
                voucherCode="string"),
          voucherCode="Must be the code the customer read out from their voucher."),
    LAUNDRY[6],
]  # fmt: skip

G = "arg_grounded"
Exp = tuple[str, str, dict[str, Any]]
USER: dict[str, Any] = {"from_user": True}


def _u(arg: str) -> dict[str, Any]:
    return {"arg": arg, "from_user": True}


def _t(arg: str, *tools: str) -> dict[str, Any]:
    return {"arg": arg, "from_tools": list(tools)}


def _a(arg: str) -> dict[str, Any]:
    return {"arg": arg}


# (id, style, tools, prompt text, the policies a careful reader expects (every one must be
# there; a rule over every tool taking a value is one policy per tool), or [] for a
# look-alike: no policy of any operator may be enforced from the text)
CASES: list[tuple[str, str, list[dict[str, Any]], str, list[Exp]]] = [
    # --- the bike repair shop (snake_case) ---
    ("b-typed-only", "imperative", BIKE,
     "Use only the bike serial the customer typed; never make one up.",
     [(G, "book_repair", _u("bike_serial"))]),
    ("b-serials-memory", "noun, no verb", BIKE,
     "Bike serial numbers come from the customer, not from memory.",
     [(G, "book_repair", _u("bike_serial"))]),
    ("b-guess-parts", "terse ban", BIKE, "Do not guess part numbers.",
     [(G, "order_part", _a("part_number"))]),
    ("b-slot-returned", "imperative", BIKE,
     "The slot_id passed to book_repair must be one that list_repair_slots returned.",
     [(G, "book_repair", _t("slot_id", "list_repair_slots"))]),
    ("b-label-parts", "label: value", BIKE, "Part numbers: only from search_parts.",
     [(G, "order_part", _t("part_number", "search_parts"))]),
    ("b-table", "table row", BIKE,
     "| field | source |\n|---|---|\n| slot id | list_repair_slots |\n"
     "| bike serial | the customer |",
     [(G, "book_repair", _t("slot_id", "list_repair_slots")),
      (G, "book_repair", _u("bike_serial"))]),
    ("b-param-desc", "parameter description", BIKE_PARAM, "Be kind to customers.",
     [(G, "order_part", _t("part_number", "search_parts"))]),
    ("b-ask-before", "obligation", BIKE,
     "Ask the customer for their bike serial before booking a repair.",
     [(G, "book_repair", _u("bike_serial"))]),
    ("b-faq-repair-id", "FAQ answer", BIKE,
     "Q: Where does a repair id come from?\nA: From get_repair or from the customer. "
     "Never invent one.",
     [(G, "get_repair", _a("repair_id")), (G, "cancel_repair", _a("repair_id")),
      (G, "order_part", _a("repair_id")), (G, "refund_deposit", _a("repair_id"))]),
    ("b-legal-email", "legal clause", BIKE,
     "The Agent shall not supply any e-mail address that was not provided by the Customer.",
     [(G, "find_customer", _u("email")), (G, "update_contact", _u("email"))]),
    ("b-if-phone", "if ... then", BIKE,
     "If you change a contact phone, then use only the number the customer dictated.",
     [(G, "update_contact", _u("phone"))]),
    ("b-runbook-cancel", "terse runbook", BIKE,
     "cancel_repair: repair_id from get_repair only.",
     [(G, "cancel_repair", _t("repair_id", "get_repair"))]),
    ("b-before-order", "obligation", BIKE,
     "Before ordering a part, get the part number from search_parts.",
     [(G, "order_part", _t("part_number", "search_parts"))]),
    ("b-invented-serial", "passive noun", BIKE, "Invented bike serials are not allowed.",
     [(G, "book_repair", _a("bike_serial"))]),
    ("b-emails-chat", "imperative", BIKE,
     "Only use e-mail addresses the customer wrote in this chat.",
     [(G, "find_customer", _u("email")), (G, "update_contact", _u("email"))]),
    ("b-customer-id", "noun, no verb", BIKE,
     "Customer ids always come from find_customer.",
     [(G, "book_repair", _t("customer_id", "find_customer")),
      (G, "update_contact", _t("customer_id", "find_customer"))]),
    ("b-amount-stated", "passive", BIKE,
     "The deposit amount to refund must be the one the customer was quoted by get_repair.",
     [(G, "refund_deposit", _t("amount", "get_repair"))]),
    # --- the laundry pickup service (camelCase) ---
    ("l-address-old", "noun, no verb", LAUNDRY,
     "Pickup addresses come from the customer, never from an old order.",
     [(G, "schedulePickup", _u("pickupAddress")), (G, "changeAddress", _u("pickupAddress"))]),
    ("l-window-gave", "imperative", LAUNDRY,
     "The windowId you send to schedulePickup has to be one listPickupWindows gave back.",
     [(G, "schedulePickup", _t("windowId", "listPickupWindows"))]),
    ("l-voucher-typed", "passive", LAUNDRY,
     "Voucher codes are typed by the customer; don't make one up.",
     [(G, "applyVoucher", _u("voucherCode"))]),
    ("l-invent-tags", "terse ban", LAUNDRY, "Never invent item tags.",
     [(G, "reportDamage", _a("itemTag"))]),
    ("l-account-label", "label: value", LAUNDRY,
     "Account ids: always the one lookupAccount returned.",
     [(G, "schedulePickup", _t("accountId", "lookupAccount")),
      (G, "changeAddress", _t("accountId", "lookupAccount"))]),
    ("l-phone-first", "obligation", LAUNDRY,
     "Get the customer's phone number before you look up their account.",
     [(G, "lookupAccount", _u("phoneNumber"))]),
    ("l-bullet-orders", "bullet fragment", LAUNDRY,
     "- order ids: from the customer or getOrder, never guessed",
     [(G, "getOrder", _a("orderId")), (G, "applyVoucher", _a("orderId")),
      (G, "reportDamage", _a("orderId"))]),
    ("l-postcode-wrote", "passive", LAUNDRY,
     "Postcodes are to be taken from what the customer wrote.",
     [(G, "listPickupWindows", _u("postcode"))]),
    ("l-param-desc", "parameter description", LAUNDRY_PARAM, "Be brief.",
     [(G, "applyVoucher", _u("voucherCode"))]),
    ("l-tool-desc", "tool description", LAUNDRY_DESC, "Be brief.",
     [(G, "reportDamage", _t("itemTag", "getOrder"))]),
    ("l-faq-postcode", "FAQ answer", LAUNDRY,
     "Can I fill in the postcode myself? No - always ask the customer for it.",
     [(G, "listPickupWindows", _u("postcode"))]),
    ("l-no-circumstances", "legal clause", LAUNDRY,
     "Under no circumstances shall a voucher code be made up.",
     [(G, "applyVoucher", _a("voucherCode"))]),
    ("l-ask-which", "obligation", LAUNDRY,
     "Before scheduling a pickup, ask which address the clothes should be collected from.",
     [(G, "schedulePickup", _u("pickupAddress"))]),
    ("l-change-not-given", "imperative", LAUNDRY,
     "Never change a pickup address to one the customer did not give.",
     [(G, "changeAddress", _u("pickupAddress"))]),
    ("l-if-need-order", "if ... then", LAUNDRY,
     "If you need an order id, then take it from getOrder or from the customer, never "
     "from memory.",
     [(G, "getOrder", _a("orderId")), (G, "applyVoucher", _a("orderId")),
      (G, "reportDamage", _a("orderId"))]),
    ("l-tags-listed", "noun, no verb", LAUNDRY,
     "Item tags must be ones getOrder listed.",
     [(G, "reportDamage", _t("itemTag", "getOrder"))]),
    # --- the climbing gym (dotted ids) ---
    ("c-emails-member", "noun, no verb", CLIMB, "Member e-mails come only from the member.",
     [(G, "members.lookup", _u("member_email"))]),
    ("c-class-returned", "passive", CLIMB, "Class ids must have been returned by classes.search.",
     [(G, "classes.book", _t("class_id", "classes.search"))]),
    ("c-shoe-told", "imperative", CLIMB,
     "Never fill in a shoe size the member has not told you.",
     [(G, "gear.rent", _u("shoe_size"))]),
    ("c-pass-label", "label: value", CLIMB,
     "Pass ids: use the ones passes.list shows, nothing else.",
     [(G, "passes.freeze", _t("pass_id", "passes.list"))]),
    ("c-member-scoped", "noun, no verb", CLIMB,
     "The member id for every booking, rental or freeze comes from members.lookup.",
     [(G, "classes.book", _t("member_id", "members.lookup")),
      (G, "gear.rent", _t("member_id", "members.lookup")),
      (G, "passes.freeze", _t("member_id", "members.lookup"))]),
    ("c-guests-given", "passive", CLIMB,
     "Guest names and guest e-mails are given by the member; do not guess them.",
     [(G, "guests.register", _u("guest_name")), (G, "guests.register", _u("guest_email"))]),
    ("c-legal-member", "legal clause", CLIMB,
     "Staff may not enter a member identifier that members.lookup has not returned.",
     [(G, t, _t("member_id", "members.lookup")) for t in MEMBER_TOOLS]),
    ("c-runbook-freeze", "terse runbook", CLIMB,
     "Freeze: pass id from passes.list; weeks from the member.",
     [(G, "passes.freeze", _t("pass_id", "passes.list")), (G, "passes.freeze", _u("weeks"))]),
    ("c-obtain-email", "obligation", CLIMB,
     "You must obtain the member's e-mail address before any lookup.",
     [(G, "members.lookup", _u("member_email"))]),
    ("c-ask-weeks", "obligation", CLIMB,
     "Ask how many weeks the member wants to freeze for; never pick a number yourself.",
     [(G, "passes.freeze", _u("weeks"))]),
    ("c-shoe-nowhere", "noun, no verb", CLIMB,
     "Shoe sizes come from the member and nowhere else.",
     [(G, "gear.rent", _u("shoe_size"))]),
    ("c-table-class", "table row", CLIMB,
     "| argument | must come from |\n|---|---|\n| class_id | classes.search |",
     [(G, "classes.book", _t("class_id", "classes.search"))]),
    ("c-when-guest", "if ... then", CLIMB,
     "When registering a guest, the guest's e-mail must be typed by the member.",
     [(G, "guests.register", _u("guest_email"))]),
    ("c-never-guess-pass", "imperative", CLIMB,
     "Never guess which pass to freeze; the pass must be one passes.list returned.",
     [(G, "passes.freeze", _t("pass_id", "passes.list"))]),
    ("c-every-call", "legal clause", CLIMB,
     "Every member id used in a call must be one members.lookup returned.",
     [(G, t, _t("member_id", "members.lookup")) for t in MEMBER_TOOLS]),
    # --- look-alikes: no enforced policy ---
    ("x-format", "look-alike", BIKE, "A bike serial looks like BK-123456.", []),
    ("x-nickname", "look-alike", CLIMB,
     "The member may give a nickname instead of their full name.", []),
    ("x-tell-id", "look-alike", BIKE,
     "Tell the customer their repair id once the booking is made.", []),
    ("x-computed", "look-alike", BIKE,
     "Work out the refund as the deposit minus the parts already fitted.", []),
    ("x-length", "look-alike", CLIMB, "Class ids are eight characters long.", []),
    ("x-fact-list", "look-alike", CLIMB,
     "Members often forget their pass id; passes.list shows every one of them.", []),
    ("x-printed", "look-alike", LAUNDRY,
     "The pickup address is printed on the customer's receipt.", []),
    ("x-expire", "look-alike", LAUNDRY, "Voucher codes expire after 30 days.", []),
    ("x-read-back", "look-alike", LAUNDRY, "Read the order id back to the customer.", []),
    ("x-units", "look-alike", CLIMB, "Shoe sizes are in EU units.", []),
    ("x-returns", "look-alike", LAUNDRY, "getOrder returns the item tags of every order.", []),
    ("x-app", "look-alike", LAUNDRY, "Customers can find their account id in the app.", []),
]  # fmt: skip


def _hit(p: Any, exp: Exp) -> bool:
    return fits(p, *exp)


def run(folder: Path, case: tuple[Any, ...]) -> tuple[str, int, list[Any]]:
    """(`exact` | `none`, the number of wrong enforced policies, the policies): `exact` when
    every expected policy is there (a look-alike: no enforced policy); wrong: an enforced
    policy that matches no expectation (on a look-alike, any enforced one)."""
    _id, _style, tools, text, expected = case
    built = build_prompt(folder, f"# Desk\n\n{text}\n", tools)
    # the prompt's policies, and those of the tools' descriptions (not their schemas' contracts)
    mine = [
        p
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
        or (p.source.artifact.endswith("tools.json") and p.operator != "schema_contract")
    ]
    wrong = [
        p for p in mine if p.enforcement == "enforce" and not any(_hit(p, e) for e in expected)
    ]
    if not expected:
        return ("exact" if not wrong else "none"), len(wrong), mine
    got = all(any(_hit(p, e) for p in mine) for e in expected)
    return ("exact" if got and not wrong else "none"), len(wrong), mine


# the cases that do not give their policies (before the session's work: 26 of 60 exact, i.e.
# 14 of the 48 rules and the 12 look-alikes, no wrong enforced policy; after it: 52 of 60, 40
# of the rules, the look-alikes clean, none wrong; "Bike serial numbers come from ..." is
# `args4_kinds`' shape, one rule over every call, kept so: the opened gold lists expect it)
_OPEN = frozenset(
    {
        "b-serials-memory",
        "b-faq-repair-id",
        "b-if-phone",
        "b-amount-stated",
        "l-faq-postcode",
        "c-member-scoped",
        "c-runbook-freeze",
    }
)


@pytest.mark.parametrize("case", marked(CASES, _OPEN), ids=[c[0] for c in CASES])
def test_ground6_probe_a(tmp_path: Path, case: tuple[Any, ...]) -> None:
    assert run(tmp_path, case)[0] == "exact"


if __name__ == "__main__":
    report(CASES, run)
