"""Probe set B for actions said as nouns (`nominal8_*`), written after the code was done
(new wording; a new desk, a community tool library in snake_case, and new sentences for the
driving school and the parcel lockers of set A), run once; its failures are marked as
measured (`docs/nominal8-actions.md`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.probes import spec as _t
from tests.test_nominal8_probe_a import DESKS as A_DESKS
from tests.test_nominal8_probe_a import Expected, policies, verdict

TOOLS = [
    _t("find_borrower", "Find a library borrower; returns standing (good, late or banned).",
       borrower_id="string"),
    _t("get_tool", "Read a tool: condition (working, worn or broken).", tool_id="string"),
    _t("lend_tool", "Lend a tool to a borrower.", tool_id="string", borrower_id="string",
       days="integer"),
    _t("renew_loan", "Renew a tool loan for more days.", loan_id="string", days="integer"),
    _t("collect_fine", "Collect a late fine from a borrower.", borrower_id="string",
       amount=("number", "Amount in dollars."), method=("string", "cash or card")),
    _t("waive_fine", "Waive a borrower's late fine.", borrower_id="string"),
    _t("book_safety_induction", "Book a safety induction for a borrower.",
       borrower_id="string"),
    _t("send_text", "Send a text message to a borrower.", borrower_id="string",
       message="string"),
]  # fmt: skip
DESKS = {**A_DESKS, "tools": TOOLS}
E, R = "enforce", "review_only"

B_CASES: list[tuple[str, str, str, Expected]] = [
    ("tools-fines-accepted", "tools", "Fines above 40 dollars are not accepted.",
     ("arg_within_bound", "collect_fine", {"arg": "amount", "max": 40}, E)),
    ("tools-cash-fines", "tools", "Cash fines over 25 dollars are not taken by the assistant.",
     ("arg_within_bound", "collect_fine", {"arg": "amount", "max": 25}, R)),
    ("tools-loans-for", "tools", "Loans are only for borrowers whose standing is good.",
     ("state_condition", "lend_tool", {"field": "standing", "allowed": ["good"]}, E)),
    ("tools-renewals-go-out", "tools", "Loan renewals go out at most twice per loan.",
     ("max_calls", "renew_loan", {"max": 2, "per": "loan"}, E)),
    ("tools-induction-before", "tools",
     "A safety induction is required before any tool is lent.",
     ("require_before", "lend_tool", {"before": "book_safety_induction"}, E)),
    ("tools-lending-requires", "tools",
     "Lending requires that the fine has first been collected.",
     ("require_before", "lend_tool", {"before": "collect_fine"}, E)),
    ("tools-texts-at-most", "tools", "Each chat sends three texts at most.",
     ("max_calls", "send_text", {"max": 3}, E)),
    ("tools-waivers-for", "tools", "Fine waivers are only for borrowers whose standing is late.",
     ("state_condition", "waive_fine", {"field": "standing", "allowed": ["late"]}, E)),
    ("tools-loans-refused", "tools", "Loans are not offered for tools that are broken.",
     ("state_condition", "lend_tool", {"field": "condition", "denied": ["broken"]}, E)),
    ("tools-if-banned", "tools", "If the borrower is banned, renewals are not accepted.",
     ("state_condition", "renew_loan", {"field": "standing", "denied": ["banned"]}, R)),
    ("tools-no-more", "tools", "No more than one text message is sent per chat.",
     ("max_calls", "send_text", {"max": 1}, E)),
    ("tools-waiver-review", "tools", "Any fine waiver above 30 dollars requires a review.",
     ("review_required", "waive_fine", {}, R)),
    ("drive-lessons-refused", "drive",
     "Lesson bookings are not accepted for students who are suspended.",
     ("state_condition", "book-lesson", {"field": "status", "denied": ["suspended"]}, E)),
    ("drive-cert-for", "drive", "Certificates are only for students whose status is graduated.",
     ("state_condition", "issue-certificate", {"field": "status", "allowed": ["graduated"]}, E)),
    ("drive-test-bookings", "drive", "Test bookings go out once per student.",
     ("max_calls", "schedule-test", {"max": 1, "per": "student"}, E)),
    ("drive-card-deposits", "drive", "Card deposits over 200 dollars are not accepted.",
     ("arg_within_bound", "take-deposit", {"arg": "amount", "max": 200}, R)),
    ("drive-deposit-before", "drive", "A deposit is required before any lesson is booked.",
     ("require_before", "book-lesson", {"before": "take-deposit"}, E)),
    ("locker-email-alerts", "locker", "E-mail alerts go out once per parcel.",
     ("max_calls", "alerts.email.Send", {"max": 1, "per": "parcel"}, E)),
    ("locker-returns-refused", "locker", "Returns are not accepted for parcels in transit.",
     ("state_condition", "parcels.item.Return", {"field": "status", "denied": ["in_transit"]},
      E)),
    ("locker-claims-for", "locker",
     "Claims are only for parcels whose status is returned.",
     ("state_condition", "claims.case.Open", {"field": "status", "allowed": ["returned"]}, E)),
    ("like-fines-posted", "tools", "Fines are posted to the borrower's account overnight.", None),
    ("like-loans-popular", "tools", "Loans of garden tools are popular in spring.", None),
    ("like-texts-short", "tools", "Texts go out from the library's own number.", None),
    ("like-induction-fun", "tools", "A safety induction takes about twenty minutes.", None),
    ("like-alerts", "locker", "E-mail alerts are sent from a no-reply address.", None),
]  # fmt: skip


def outcome(folder: Path, case: tuple[str, str, str, Expected]) -> str:
    _id, desk, text, expected = case
    return verdict(policies(folder, DESKS, desk, text), expected)


# Cases of set B not exact. Its one run before any change (the figure): 7 of the 20 rules
# exact, none wrong, the 5 look-alikes clean ({none: 13, exact: 12}). Fixed after that run
# (docs/nominal8-actions.md): fines and loans (money and irregular act nouns), a count "per
# chat" without its article, the loans refused for broken tools; still failing:
B_FAILING: frozenset[str] = frozenset(
    {
        "tools-induction-before",
        "tools-lending-requires",
        "tools-waivers-for",
        "tools-if-banned",
        "tools-waiver-review",
        "drive-deposit-before",
        "locker-returns-refused",
        "locker-claims-for",
    }
)


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(
            c, id=c[0], marks=[pytest.mark.xfail(strict=True)] if c[0] in B_FAILING else []
        )
        for c in B_CASES
    ],
)
def test_probe_b(tmp_path: Path, case: tuple[str, str, str, Expected]) -> None:
    assert outcome(tmp_path, case) == "exact"


if __name__ == "__main__":  # pragma: no cover - the figure for the doc
    from tests.probes import tally

    tally(B_CASES, outcome)
