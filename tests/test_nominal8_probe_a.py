"""Probe set A for actions said as nouns (`nominal8_*`), written before the extractor was
changed: the action is a noun phrase ("cash payments", "part orders", "a quote", "skip
hire") with a verb that is not the tool's ("are not accepted", "go out", "is required",
"requires", "are only for") or a subordinate passive ("before any repair is created").
Made-up desks: a bicycle repair shop (snake_case), an allotment garden office
(camelCase), a parcel locker network (dotted ids), a driving school (kebab-case).

Each case is (id, desk, text, expected). `expected` is the policy a careful reader writes:
(operator, target, params, enforcement). `review_only` where the sentence carries a
condition no operator field holds ("cash payments above 300", "any refund over 80"): the
faithful answer is that rule, reviewed; enforcing it flat is stronger than the sentence.
None for a look-alike that must give no enforced policy. `docs/nominal8-actions.md` has the
figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.probes import fits
from tests.probes import spec as _t

BIKE = [
    _t("find_customer", "Find a workshop customer by phone number.", phone="string"),
    _t("request_quote", "Ask the mechanic for a written quote for a repair.",
       customer_id="string", description="string"),
    _t("create_repair", "Create a repair job for a customer's bicycle.", customer_id="string",
       quote_id="string"),
    _t("get_repair", "Read a repair job: status (booked, in_progress, ready, collected or "
       "cancelled) and the balance owed.", repair_id="string"),
    _t("cancel_repair", "Cancel a repair job.", repair_id="string"),
    _t("take_payment", "Take a payment from the customer for a repair.", repair_id="string",
       amount=("number", "Amount in dollars."), method=("string", "cash, card or voucher")),
    _t("refund_payment", "Refund money to the customer for a repair.", repair_id="string",
       amount=("number", "Amount in dollars.")),
    _t("mark_collected", "Mark a repair as collected by its owner.", repair_id="string"),
    _t("order_part", "Order a spare part from the wholesaler for a repair.",
       repair_id="string", part_code="string", quantity="integer"),
    _t("send_sms", "Send a text message to the customer.", customer_id="string",
       message="string"),
]  # fmt: skip
ALLOT = [
    _t("findPlotHolder", "Find a plot holder; returns membership (paid, unpaid or lapsed).",
       holderName="string"),
    _t("getPlot", "Read a plot: status (vacant, let, overgrown or withdrawn).",
       plotId="string"),
    _t("assignPlot", "Assign a vacant plot to a plot holder.", plotId="string",
       holderId="string"),
    _t("inspectPlot", "Inspect a plot and record its condition.", plotId="string"),
    _t("releasePlot", "Release a plot from its holder.", plotId="string"),
    _t("chargeRent", "Charge a plot holder the yearly rent.", holderId="string",
       amount=("number", "Amount in pounds."), method=("string", "cash, card or cheque")),
    _t("refundRent", "Refund rent to a plot holder.", holderId="string",
       amount=("number", "Amount in pounds.")),
    _t("sendNotice", "Send a notice to a plot holder.", holderId="string", text="string"),
    _t("requestSkip", "Request a skip (a large waste container) for a plot.", plotId="string",
       size="string"),
    _t("orderCompost", "Order bags of compost for a plot holder.", holderId="string",
       bags="integer"),
]  # fmt: skip
LOCKER = [
    _t("parcels.item.Get", "Look up a parcel: status (in_transit, in_locker, collected or "
       "returned).", parcelId="string"),
    _t("parcels.item.Hold", "Hold a parcel in its locker for longer.", parcelId="string",
       days="integer"),
    _t("parcels.item.Return", "Return a parcel to its sender.", parcelId="string"),
    _t("billing.fee.Collect", "Collect a storage fee for a parcel.", parcelId="string",
       amount=("number", "Amount in euros."), method=("string", "cash or card")),
    _t("billing.fee.Refund", "Refund a storage fee.", feeId="string",
       amount=("number", "Amount in euros.")),
    _t("alerts.email.Send", "Send an e-mail alert about a parcel.", parcelId="string",
       message="string"),
    _t("lockers.code.Reissue", "Reissue the opening code of a locker for a parcel.",
       parcelId="string"),
    _t("claims.case.Open", "Open a claim for a lost or damaged parcel.", parcelId="string",
       value=("number", "Declared value in euros.")),
]  # fmt: skip
DRIVE = [
    _t("find-student", "Find a learner driver; returns status (enrolled, suspended or "
       "graduated).", student_id="string"),
    _t("book-lesson", "Book a driving lesson for a student.", student_id="string",
       minutes="integer"),
    _t("cancel-lesson", "Cancel a driving lesson.", lesson_id="string"),
    _t("schedule-test", "Schedule a driving test for a student.", student_id="string",
       date="string"),
    _t("issue-certificate", "Issue a course certificate to a student.", student_id="string"),
    _t("take-deposit", "Take a deposit from a student.", student_id="string",
       amount=("number", "Amount in dollars."), method=("string", "cash or card")),
    _t("refund-deposit", "Refund a student's deposit.", student_id="string",
       amount=("number", "Amount in dollars.")),
    _t("send-reminder", "Send a lesson reminder to a student.", lesson_id="string",
       text="string"),
]  # fmt: skip
DESKS = {"bike": BIKE, "allot": ALLOT, "locker": LOCKER, "drive": DRIVE}

Expected = tuple[str, str, dict[str, Any], str] | None
E, R = "enforce", "review_only"

A_CASES: list[tuple[str, str, str, Expected]] = [
    # --- bicycle repair shop, snake_case ---
    ("bike-cash-accepted", "bike", "Cash payments above 300 dollars are not accepted.",
     ("arg_within_bound", "take_payment", {"arg": "amount", "max": 300}, R)),
    ("bike-accepted", "bike", "Payments over 2,000 dollars are not accepted.",
     ("arg_within_bound", "take_payment", {"arg": "amount", "max": 2000}, E)),
    ("bike-refund-review", "bike", "Any refund over 80 dollars requires a manager's review.",
     ("review_required", "refund_payment", {}, R)),
    ("bike-quote-before", "bike", "A quote is required before any repair is created.",
     ("require_before", "create_repair", {"before": "request_quote"}, E)),
    ("bike-sms-at-most", "bike", "A conversation sends two text messages at most.",
     ("max_calls", "send_sms", {"max": 2}, E)),
    ("bike-parts-go-out", "bike", "Part orders go out once per repair.",
     ("max_calls", "order_part", {"max": 1, "per": "repair"}, E)),
    ("bike-refunds-for", "bike", "Refunds are only for repairs whose status is cancelled.",
     ("state_condition", "refund_payment", {"field": "status", "allowed": ["cancelled"]}, E)),
    ("bike-collection-requires", "bike",
     "Collection requires that the balance has first been paid.",
     ("require_before", "mark_collected", {"before": "take_payment"}, E)),
    ("bike-cancel-accepted", "bike",
     "Repair cancellations are not accepted once the repair is in progress.",
     ("state_condition", "cancel_repair", {"field": "status", "denied": ["in_progress"]}, E)),
    ("bike-bullet-review", "bike", "- refunds above 80 dollars: manager review",
     ("review_required", "refund_payment", {}, R)),
    ("bike-parts-needed", "bike", "A quote is needed before any part is ordered.",
     ("require_before", "order_part", {"before": "request_quote"}, E)),
    ("bike-legal-sms", "bike", "7.2 No more than two text messages are sent in a conversation.",
     ("max_calls", "send_sms", {"max": 2}, E)),
    ("bike-if-then", "bike",
     "If a repair is already collected, then refunds are not offered.",
     ("state_condition", "refund_payment", {"field": "status", "denied": ["collected"]}, E)),
    # --- allotment garden office, camelCase ---
    ("allot-assign-for", "allot",
     "Plot assignments are only for holders whose membership is paid.",
     ("state_condition", "assignPlot", {"field": "membership", "allowed": ["paid"]}, E)),
    ("allot-inspection-before", "allot",
     "An inspection is required before any plot is released.",
     ("require_before", "releasePlot", {"before": "inspectPlot"}, E)),
    ("allot-notice-at-most", "allot", "A conversation sends one notice at most.",
     ("max_calls", "sendNotice", {"max": 1}, E)),
    ("allot-compost-go-out", "allot", "Compost orders go out once per holder.",
     ("max_calls", "orderCompost", {"max": 1, "per": "holder"}, E)),
    ("allot-rent-accepted", "allot", "Rent payments above 400 pounds are not accepted.",
     ("arg_within_bound", "chargeRent", {"arg": "amount", "max": 400}, E)),
    ("allot-refund-review", "allot",
     "Any rent refund over 60 pounds requires a committee review.",
     ("review_required", "refundRent", {}, R)),
    ("allot-skip-accepted", "allot", "Skip requests are not accepted for overgrown plots.",
     ("state_condition", "requestSkip", {"field": "status", "denied": ["overgrown"]}, E)),
    ("allot-release-requires", "allot",
     "Plot release requires that the plot has first been inspected.",
     ("require_before", "releasePlot", {"before": "inspectPlot"}, E)),
    ("allot-table", "allot", "| item | limit |\n|---|---|\n| notices | 1 per conversation |",
     ("max_calls", "sendNotice", {"max": 1}, E)),
    ("allot-notices-twice", "allot", "Notices to plot holders go out at most twice per holder.",
     ("max_calls", "sendNotice", {"max": 2, "per": "holder"}, E)),
    ("allot-if-skip", "allot", "If a plot is withdrawn, skip requests are not taken.",
     ("state_condition", "requestSkip", {"field": "status", "denied": ["withdrawn"]}, E)),
    ("allot-card-accepted", "allot",
     "Card payments of rent over 250 pounds are not accepted.",
     ("arg_within_bound", "chargeRent", {"arg": "amount", "max": 250}, R)),
    ("allot-compost-denied", "allot", "Compost orders are not accepted by the assistant.",
     ("deny_action", "orderCompost", {}, E)),
    ("allot-skip-hire-for", "allot", "Skip hire is offered for let plots only.",
     ("state_condition", "requestSkip", {"field": "status", "allowed": ["let"]}, E)),
    # --- parcel lockers, dotted ids ---
    ("locker-refund-review", "locker",
     "Fee refunds above 20 euros require a supervisor's review.",
     ("review_required", "billing.fee.Refund", {}, R)),
    ("locker-lookup-before", "locker",
     "A parcel lookup is required before any code is reissued.",
     ("require_before", "lockers.code.Reissue", {"before": "parcels.item.Get"}, E)),
    ("locker-reissue-go-out", "locker", "Code reissues go out once per parcel.",
     ("max_calls", "lockers.code.Reissue", {"max": 1, "per": "parcel"}, E)),
    ("locker-alerts-at-most", "locker", "A conversation sends three e-mail alerts at most.",
     ("max_calls", "alerts.email.Send", {"max": 3}, E)),
    ("locker-fees-accepted", "locker", "Storage fees above 50 euros are not accepted.",
     ("arg_within_bound", "billing.fee.Collect", {"arg": "amount", "max": 50}, E)),
    ("locker-returns-for", "locker", "Returns are only for parcels whose status is in_locker.",
     ("state_condition", "parcels.item.Return", {"field": "status", "allowed": ["in_locker"]},
      E)),
    ("locker-holds-accepted", "locker",
     "Holds are not accepted for parcels that are already collected.",
     ("state_condition", "parcels.item.Hold", {"field": "status", "denied": ["collected"]}, E)),
    ("locker-claim-requires", "locker",
     "Claim opening requires that the parcel has first been looked up.",
     ("require_before", "claims.case.Open", {"before": "parcels.item.Get"}, E)),
    ("locker-bullet-claims", "locker", "- claims over 200 euros: supervisor review",
     ("review_required", "claims.case.Open", {}, R)),
    ("locker-legal-refund", "locker", "4.2 Every fee refund is subject to a supervisor's review.",
     ("review_required", "billing.fee.Refund", {}, E)),
    ("locker-cash-accepted", "locker", "Cash fees above 30 euros are not accepted.",
     ("arg_within_bound", "billing.fee.Collect", {"arg": "amount", "max": 30}, R)),
    # --- driving school, kebab-case ---
    ("drive-lessons-for", "drive", "Lessons are only for students whose status is enrolled.",
     ("state_condition", "book-lesson", {"field": "status", "allowed": ["enrolled"]}, E)),
    ("drive-test-before", "drive",
     "A driving test is required before any certificate is issued.",
     ("require_before", "issue-certificate", {"before": "schedule-test"}, E)),
    ("drive-cert-requires", "drive",
     "Certification requires that a test has first been scheduled.",
     ("require_before", "issue-certificate", {"before": "schedule-test"}, E)),
    ("drive-reminders-at-most", "drive", "A conversation sends two reminders at most.",
     ("max_calls", "send-reminder", {"max": 2}, E)),
    ("drive-reminders-go-out", "drive", "Reminders go out once per lesson.",
     ("max_calls", "send-reminder", {"max": 1, "per": "lesson"}, E)),
    ("drive-deposits-accepted", "drive", "Deposits above 150 dollars are not accepted.",
     ("arg_within_bound", "take-deposit", {"arg": "amount", "max": 150}, E)),
    ("drive-refund-review", "drive",
     "Any deposit refund over 100 dollars requires an instructor's review.",
     ("review_required", "refund-deposit", {}, R)),
    ("drive-tests-accepted", "drive", "Test bookings are not accepted for suspended students.",
     ("state_condition", "schedule-test", {"field": "status", "denied": ["suspended"]}, E)),
    ("drive-if-graduated", "drive",
     "If the student is graduated, lesson bookings are not accepted.",
     ("state_condition", "book-lesson", {"field": "status", "denied": ["graduated"]}, E)),
    ("drive-card-accepted", "drive", "Card deposits above 90 dollars are not accepted.",
     ("arg_within_bound", "take-deposit", {"arg": "amount", "max": 90}, R)),
    ("drive-faq", "drive", "Q: Can a certificate go out before the test? A: No, a driving "
     "test is required before any certificate is issued.",
     ("require_before", "issue-certificate", {"before": "schedule-test"}, E)),
    # --- look-alikes: no enforced policy ---
    ("like-cash-counted", "bike", "Cash payments are counted at the end of each day.", None),
    ("like-refunds-reach", "bike", "Refunds usually reach the card within five days.", None),
    ("like-quote-ready", "bike", "A quote is usually ready within one working day.", None),
    ("like-sms-number", "bike", "Text messages come from the shop's own number.", None),
    ("like-assign-news", "allot",
     "Plot assignments are announced in the newsletter each spring.", None),
    ("like-compost-saturday", "allot", "Compost orders are delivered on Saturdays.", None),
    ("like-skips-autumn", "allot", "Skip requests rise sharply in autumn.", None),
    ("like-reissues-free", "locker", "Code reissues are free of charge.", None),
    ("like-refund-card", "locker", "Fee refunds are paid back to the original card.", None),
    ("like-cert-card", "drive", "Certificates are printed on heavy card.", None),
    ("like-reminders-help", "drive", "Reminders help students arrive on time.", None),
    ("like-deposits-around", "drive", "Most deposits are around 50 dollars.", None),
    ("like-rarely", "drive", "A conversation rarely sends more than one reminder.", None),
]  # fmt: skip


def policies(folder: Path, desks: dict[str, Any], desk: str, text: str) -> list[Any]:
    built = build_prompt(folder, f"# Desk\n\n{text}\n", desks[desk])
    return [p for p in built.policies if p.source.artifact.endswith("prompt.md")]


def verdict(found: list[Any], expected: Expected) -> str:
    """`exact`: a policy with the expected operator, target, parameters and enforcement, and
    no enforced policy on another tool; `wrong`: an enforced policy that is not it (any on a
    look-alike; the expected rule enforced where the sentence's condition is lost); `none`:
    neither."""
    enforced = [p for p in found if p.enforcement == "enforce"]
    if expected is None:
        return "wrong" if enforced else "exact"
    operator, target, params, enforcement = expected
    hit = [p for p in found if fits(p, operator, target, params) and p.enforcement == enforcement]
    if hit and all(p.target == target for p in enforced):
        return "exact"
    return "wrong" if enforced else "none"


def outcome(folder: Path, case: tuple[str, str, str, Expected]) -> str:
    _id, desk, text, expected = case
    return verdict(policies(folder, DESKS, desk, text), expected)


# Cases of set A not exact (before the work: 12 of the 49 rules exact, 1 wrong enforced
# policy, the 13 look-alikes clean; after it: 36 of 49, none wrong; docs/nominal8-actions.md;
# 37 since session 32, where "storage fees" names the tool that collects them, not a refund's)
A_FAILING: frozenset[str] = frozenset(
    {
        "bike-sms-at-most",
        "bike-collection-requires",
        "bike-legal-sms",
        "allot-inspection-before",
        "allot-skip-hire-for",
        "locker-lookup-before",
        "locker-holds-accepted",
        "locker-claim-requires",
        "drive-test-before",
        "drive-cert-requires",
        "drive-refund-review",
        "drive-faq",
    }
)


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(
            c, id=c[0], marks=[pytest.mark.xfail(strict=True)] if c[0] in A_FAILING else []
        )
        for c in A_CASES
    ],
)
def test_probe_a(tmp_path: Path, case: tuple[str, str, str, Expected]) -> None:
    assert outcome(tmp_path, case) == "exact"


if __name__ == "__main__":  # pragma: no cover - the figure for the doc
    from tests.probes import tally

    tally(A_CASES, outcome)
