"""Probe set A for argument-anchored rules (harg): a rule whose subject is an argument of a
tool ("the labour_hours entered on a quote", "the payout account passed to payCourier",
"priorities of low, normal or rush") with no verb phrase naming the tool, written before
this session's work in three made-up domains (an upholstery workshop in snake_case, a cycle
courier desk in camelCase, a community tool library with dotted ids), with look-alikes that
must give no enforced policy and ties (several tools take the argument, nothing narrows)
that must give no enforced policy and a located `argument-tool-tie` note. Measured once
before the work and again after it (`python -m tests.test_arg8_probe_a`); the cases that
fail are marked xfail(strict) below. The figures are in docs/arg8-anchor.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.probes import fits, marked, report, spec

SOFA = [
    spec("find_client", "Find a client by e-mail.", email="string"),
    spec("get_job", "Get an upholstery job with its status.", job_id="string"),
    spec("quote_job", "Write a quote for a job.", job_id="string", fabric_code="string",
         labour_hours="number"),
    spec("log_hours", "Log the hours worked on a job.", job_id="string", labour_hours="number",
         notes="string"),
    spec("take_deposit", "Take a deposit for a job.", job_id="string",
         amount=("number", "Amount in EUR."), payment_method="string"),
    spec("collect_piece", "Hand a finished piece back to the client.", job_id="string",
         payment_reference="string"),
    spec("cancel_job", "Cancel a job.", job_id="string", cancellation_fee="number",
         reason="string"),
    spec("set_priority", "Set the priority of a job.", job_id="string", priority="string"),
    spec("get_supplier", "Get a fabric supplier with the bank account on file.",
         supplier_id="string"),
    spec("pay_supplier", "Pay a fabric supplier.", supplier_id="string",
         payee_account="string", amount=("number", "Amount in EUR.")),
]  # fmt: skip

COURIER = [
    spec("lookupSender", "Find a sender by phone number.", phoneNumber="string"),
    spec("getDelivery", "Get a delivery with its status.", deliveryId="string"),
    spec("bookDelivery", "Book a new delivery.", senderId="string", parcelWeightKg="number",
         serviceLevel="string", pickupAddress="string"),
    spec("rebookDelivery", "Move a delivery to another service level.", deliveryId="string",
         serviceLevel="string"),
    spec("verifySender", "Verify a sender's identity with a document.", senderId="string",
         documentType="string"),
    spec("refundDelivery", "Refund a delivery.", deliveryId="string", refundAmount="number",
         refundReason="string"),
    spec("getCourier", "Get a courier with the payout account on file.", courierId="string"),
    spec("payCourier", "Pay a courier for their deliveries.", courierId="string",
         payoutAccount="string", amount="number"),
    spec("addInsurance", "Add insurance cover to a delivery.", deliveryId="string",
         coverValue="number"),
]  # fmt: skip

LIBRARY = [
    spec("members.find", "Find a library member by e-mail.", email="string"),
    spec("members.get", "Get a member with the refund account on file.", member_id="string"),
    spec("tools.search", "Search the tools of the library by category.", category="string"),
    spec("tools.reserve", "Reserve a tool for a member.", member_id="string", tool_id="string",
         pickup_branch="string"),
    spec("loans.create", "Lend a tool to a member.", member_id="string", tool_id="string",
         loan_days="integer"),
    spec("loans.extend", "Extend a loan.", loan_id="string", extra_days="integer"),
    spec("fines.charge", "Charge a member a fine.", member_id="string", fine_amount="number",
         fine_reason="string"),
    spec("deposits.refund", "Refund a member's deposit.", member_id="string",
         refund_account="string", amount="number"),
]  # fmt: skip

B, A, G = "arg_within_bound", "resource_in_allowlist", "arg_grounded"
Exp = tuple[str, str, dict[str, Any]]
TIE = "ambiguous-mention"


def _b(arg: str, lo: float | None = None, hi: float | None = None) -> dict[str, Any]:
    return {"arg": arg, **({"min": lo} if lo is not None else {}),
            **({"max": hi} if hi is not None else {})}  # fmt: skip


def _a(arg: str, *values: str) -> dict[str, Any]:
    return {"arg": arg, "allowed": list(values)}


def _t(arg: str, *tools: str) -> dict[str, Any]:
    return {"arg": arg, "from_tools": list(tools)}


def _u(arg: str) -> dict[str, Any]:
    return {"arg": arg, "from_user": True}


# (id, style, tools, prompt text, the policies a careful reader expects, every one, or [] for
# a look-alike or a tie: no policy of any operator may be enforced from the text; a tie
# (id `t-`) must also give a located `argument-tool-tie` note)
CASES: list[tuple[str, str, list[dict[str, Any]], str, list[Exp]]] = [
    # --- the upholstery workshop (snake_case) ---
    ("s-hours-quote", "modal statement", SOFA,
     "The labour_hours entered on a quote can never be more than 40.",
     [(B, "quote_job", _b("labour_hours", hi=40))]),
    ("s-hours-logged", "modal statement", SOFA,
     "Labour hours logged against a job must not be more than 10.",
     [(B, "log_hours", _b("labour_hours", hi=10))]),
    ("s-fee-cancel", "modal statement", SOFA,
     "The cancellation fee charged with a cancellation can never be more than 300.",
     [(B, "cancel_job", _b("cancellation_fee", hi=300))]),
    ("s-fee-label", "label: value", SOFA, "Cancellation fee on a cancelled job: 300 at most.",
     [(B, "cancel_job", _b("cancellation_fee", hi=300))]),
    ("s-ref-passed", "modal statement", SOFA,
     "The payment_reference passed to collect_piece must be the reference that take_deposit "
     "returned.",
     [(G, "collect_piece", _t("payment_reference", "take_deposit"))]),
    ("s-ref-deposit-call", "modal statement", SOFA,
     "The payment reference given to collect_piece must be the one the deposit call returned.",
     [(G, "collect_piece", _t("payment_reference", "take_deposit"))]),
    ("s-payee-file", "two clauses", SOFA,
     "The payee account must be the account on file as returned by get_supplier; an account "
     "number given in the chat is not used.",
     [(G, "pay_supplier", _t("payee_account", "get_supplier"))]),
    ("s-priority-offered", "statement", SOFA,
     "Priorities of low, normal or rush are offered; no other priority is.",
     [(A, "set_priority", _a("priority", "low", "normal", "rush"))]),
    ("s-method-faq", "FAQ answer", SOFA,
     "Q: Which payment methods can a deposit be taken with?\nA: The payment method on a "
     "deposit is card or transfer; nothing else.",
     [(A, "take_deposit", _a("payment_method", "card", "transfer"))]),
    ("s-deposit-table", "table row", SOFA,
     "| argument | limit |\n|---|---|\n| amount of a deposit | at most 2000 |",
     [(B, "take_deposit", _b("amount", hi=2000))]),
    ("s-fabric-bullet", "bullet fragment", SOFA,
     "- fabric codes on a quote: only LIN-01, VEL-02 or WOL-03",
     [(A, "quote_job", _a("fabric_code", "LIN-01", "VEL-02", "WOL-03"))]),
    ("s-paid-if", "if ... then", SOFA,
     "If a supplier is paid, then the amount paid to the supplier can never exceed 5000.",
     [(B, "pay_supplier", _b("amount", hi=5000))]),
    ("s-reason-runbook", "terse runbook", SOFA,
     "cancel_job reason: client_request | fabric_unavailable | other.",
     [(A, "cancel_job", _a("reason", "client_request", "fabric_unavailable", "other"))]),
    ("s-fabric-typed", "modal statement", SOFA,
     "The fabric_code put on a quote must be the code the client typed.",
     [(G, "quote_job", _u("fabric_code"))]),
    ("s-keep-hours", "imperative", SOFA,
     "Keep the labour_hours entered on a quote at 40 or fewer.",
     [(B, "quote_job", _b("labour_hours", hi=40))]),
    # --- the cycle courier desk (camelCase) ---
    ("c-weight-booking", "modal statement", COURIER,
     "The parcelWeightKg sent with a booking can never be more than 25.",
     [(B, "bookDelivery", _b("parcelWeightKg", hi=25))]),
    ("c-level-rebook", "two clauses", COURIER,
     "For a rebooking, the accepted service levels are standard or express; anything else is "
     "refused.",
     [(A, "rebookDelivery", _a("serviceLevel", "standard", "express"))]),
    ("c-level-new", "label: value", COURIER,
     "Service levels offered on a new booking: standard, express or same_day.",
     [(A, "bookDelivery", _a("serviceLevel", "standard", "express", "same_day"))]),
    ("c-doc-verify", "two clauses", COURIER,
     "For verification, the accepted documents are a passport or an id card; anything else is "
     "refused.",
     [(A, "verifySender", _a("documentType", "passport", "id card"))]),
    ("c-refund-bound", "modal statement", COURIER,
     "The refundAmount on a refund may not exceed 150.",
     [(B, "refundDelivery", _b("refundAmount", hi=150))]),
    ("c-reason-label", "label: value", COURIER,
     "Refund reasons: late, damaged or lost. No other reason is entered.",
     [(A, "refundDelivery", _a("refundReason", "late", "damaged", "lost"))]),
    ("c-payout-ground", "two clauses", COURIER,
     "The payoutAccount passed to payCourier must be the account on file that getCourier "
     "returned; never an account typed in the chat.",
     [(G, "payCourier", _t("payoutAccount", "getCourier"))]),
    ("c-pickup-user", "passive", COURIER,
     "The pickup address of a booking is always the one the sender gives; it is never filled "
     "in from an old delivery.",
     [(G, "bookDelivery", _u("pickupAddress"))]),
    ("c-cover-legal", "legal clause", COURIER,
     "The cover value applied with an insurance add-on shall not exceed 1000.",
     [(B, "addInsurance", _b("coverValue", hi=1000))]),
    ("c-cover-min", "modal statement", COURIER,
     "The coverValue of any insurance must be at least 50.",
     [(B, "addInsurance", _b("coverValue", lo=50))]),
    ("c-sender-verify", "modal statement", COURIER,
     "The senderId used in a verification must be the id lookupSender returned.",
     [(G, "verifySender", _t("senderId", "lookupSender"))]),
    ("c-payout-amount", "modal statement", COURIER,
     "The amount paid out to a courier can never be more than 800.",
     [(B, "payCourier", _b("amount", hi=800))]),
    ("c-weight-runbook", "terse runbook", COURIER, "parcelWeightKg on bookings: 25 max.",
     [(B, "bookDelivery", _b("parcelWeightKg", hi=25))]),
    ("c-level-if", "if ... then", COURIER,
     "If a delivery is rebooked, then the service level given to the rebooking must be "
     "standard or express.",
     [(A, "rebookDelivery", _a("serviceLevel", "standard", "express"))]),
    # --- the community tool library (dotted ids) ---
    ("l-loan-days", "modal statement", LIBRARY,
     "The loan_days given to a new loan can never be more than 14.",
     [(B, "loans.create", _b("loan_days", hi=14))]),
    ("l-extra-days", "modal statement", LIBRARY,
     "Extra days granted on an extension must be between 1 and 7.",
     [(B, "loans.extend", _b("extra_days", 1, 7))]),
    ("l-fine-legal", "legal clause", LIBRARY,
     "The fine_amount charged to a member shall not exceed 50.",
     [(B, "fines.charge", _b("fine_amount", hi=50))]),
    ("l-fine-reasons", "statement", LIBRARY,
     "Fine reasons of late, damaged or missing are allowed; no other reason is.",
     [(A, "fines.charge", _a("fine_reason", "late", "damaged", "missing"))]),
    ("l-refund-account", "two clauses", LIBRARY,
     "The refund account must be the account on file as returned by members.get; an account "
     "given in the chat is never used.",
     [(G, "deposits.refund", _t("refund_account", "members.get"))]),
    ("l-branch-label", "label: value", LIBRARY,
     "Pickup branches for a reservation: north, harbour or central only.",
     [(A, "tools.reserve", _a("pickup_branch", "north", "harbour", "central"))]),
    ("l-branch-faq", "FAQ answer", LIBRARY,
     "Q: Can a tool be picked up at any branch?\nA: No. The pickup_branch of a reservation "
     "must be north, harbour or central.",
     [(A, "tools.reserve", _a("pickup_branch", "north", "harbour", "central"))]),
    ("l-tool-reserve", "modal statement", LIBRARY,
     "The tool_id passed to tools.reserve must be one that tools.search returned.",
     [(G, "tools.reserve", _t("tool_id", "tools.search"))]),
    ("l-member-loan", "modal statement", LIBRARY,
     "The member_id on a loan must be the id members.find returned.",
     [(G, "loans.create", _t("member_id", "members.find"))]),
    ("l-refund-amount", "modal statement", LIBRARY,
     "The amount refunded from a deposit may never exceed 100.",
     [(B, "deposits.refund", _b("amount", hi=100))]),
    ("l-category-search", "modal statement", LIBRARY,
     "The category used in a search must be drills, saws or sanders.",
     [(A, "tools.search", _a("category", "drills", "saws", "sanders"))]),
    ("l-days-bullet", "bullet fragment", LIBRARY,
     "- loan days on a new loan: 14 at most",
     [(B, "loans.create", _b("loan_days", hi=14))]),
    # --- ties: several tools take the argument, nothing narrows ---
    ("t-hours-job", "tie", SOFA,
     "The labour_hours on a job can never be more than 60.", []),
    ("t-amount-entered", "tie", SOFA,
     "The amount entered can never be more than 900.", []),
    ("t-member-library", "tie", LIBRARY,
     "The member_id given for a member must be one that members.find returned.", []),
    # --- look-alikes: no enforced policy ---
    ("x-shown", "look-alike", SOFA,
     "The labour_hours entered on a quote are shown to the client.", []),
    ("x-printed", "look-alike", SOFA,
     "The payment_reference is printed on the client's receipt.", []),
    ("x-most-pick", "look-alike", SOFA, "Most clients pick a normal priority.", []),
    ("x-fee-usually", "look-alike", SOFA,
     "The cancellation fee charged with a cancellation is usually about 50.", []),
    ("x-days-count", "look-alike", LIBRARY,
     "The loan_days of a loan count calendar days, weekends included.", []),
    ("x-weight-typical", "look-alike", COURIER,
     "The parcelWeightKg of a typical parcel is around 3.", []),
    ("x-update-account", "look-alike", LIBRARY,
     "Members can update their refund account at the front desk.", []),
    ("x-levels-price", "look-alike", COURIER,
     "Service levels differ in price: express costs more than standard.", []),
    ("x-fine-statement", "look-alike", LIBRARY,
     "The fine_amount charged to a member appears on their next statement.", []),
    ("x-explain-levels", "look-alike", COURIER,
     "Explain the service levels to the sender when they ask.", []),
    ("x-can-be-more", "look-alike", SOFA,
     "The labour_hours entered on a quote can be more than 12 for a large sofa.", []),
    ("x-cover-most", "look-alike", COURIER,
     "The coverValue on most insurance add-ons is under 200.", []),
]  # fmt: skip


def _hit(p: Any, exp: Exp) -> bool:
    return fits(p, *exp)


def run(folder: Path, case: tuple[Any, ...]) -> tuple[str, int, list[Any], list[Any]]:
    """(`exact` | `none`, the number of wrong enforced policies, the policies, the notes):
    `exact` when every expected policy is there (a look-alike: no enforced policy; a tie:
    none and the tie note); wrong: an enforced policy that matches no expectation."""
    case_id, _style, tools, text, expected = case
    built = build_prompt(folder, f"# Desk\n\n{text}\n", tools)
    mine = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    wrong = [
        p for p in mine if p.enforcement == "enforce" and not any(_hit(p, e) for e in expected)
    ]
    if not expected:
        tied = not case_id.startswith("t-") or any(d.code == TIE for d in notes)
        return ("exact" if not wrong and tied else "none"), len(wrong), mine, notes
    got = all(any(_hit(p, e) for p in mine) for e in expected)
    return ("exact" if got and not wrong else "none"), len(wrong), mine, notes


# the cases that do not give their policies (before the session's work: 18 of 56 exact, i.e.
# 6 of the 41 rules, the 12 look-alikes, none of the 3 ties; no wrong enforced policy; after
# it: 51 of 56, 36 of the 41 rules, the 3 ties, the look-alikes clean, none wrong; the
# twenty-ninth session's keyed clauses read the runbook's reason list, 52 of 56)
_OPEN = frozenset(
    {
        "s-ref-deposit-call",
        "s-deposit-table",
        "c-weight-runbook",
        "c-level-if",
    }
)


@pytest.mark.parametrize("case", marked(CASES, _OPEN), ids=[c[0] for c in CASES])
def test_arg8_probe_a(tmp_path: Path, case: tuple[Any, ...]) -> None:
    assert run(tmp_path, case)[0] == "exact"


if __name__ == "__main__":
    report(CASES, run)
