"""Probe set A (reviews): a call that needs a person's approval (a manager, a second staff
member, a curator), written for this test before the reader was built, in many styles, over
the three desks of `test_flow5`. `review_required` on the tool, params `{}`; a condition the
operator cannot carry ("over $100") keeps the rule for review (`review`), never a bound that
blocks the approved call. The user's own yes is `require_confirmation`, not a review.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_flow5 import DESKS, LOOKALIKE, Expected, case, kiln, prompt_policies, verdict
from tests.test_grammar import _tool


def R(target: str) -> tuple[str, str, dict[str, Any], str]:
    return ("review_required", target, {}, "enforce")


def R_REVIEW(target: str) -> tuple[str, str, dict[str, Any], str]:
    return ("review_required", target, {}, "review")


def kiln_described() -> list[dict[str, Any]]:
    tools = [t for t in kiln() if t["function"]["name"] != "issue_credit"]
    said = "Issue studio credit to a member. Requires approval from a staff reviewer."
    return [*tools, _tool("issue_credit", said, member_id="string", amount="number")]


DESKS["kiln_described"] = kiln_described

CASES = [
    # -- kiln studio --------------------------------------------------------------------
    case("kiln", "issue_credit requires human review.", [R("issue_credit")]),
    case("kiln", "Credits over $100 need a manager's sign-off.", [R_REVIEW("issue_credit")]),
    case("kiln", "A second staff member has to check each cancellation before cancel_firing "
         "runs.", [R("cancel_firing")]),
    case("kiln", "Only schedule a firing with kiln__schedule_firing after the kiln lead "
         "approves.", [R("kiln__schedule_firing")]),
    case("kiln", "Every cancel_firing call must be approved by a supervisor.",
         [R("cancel_firing")]),
    case("kiln", "Cancellations: supervisor sign-off required.", [R("cancel_firing")], True),
    case("kiln", "| Tool | Review |\n|---|---|\n| issue_credit | manager approval needed |",
         [R("issue_credit")]),
    case("kiln", "Human review: required for issue_credit.", [R("issue_credit")]),
    case("kiln", "Q: Can I issue credit on my own?\nA: No. A manager must approve every "
         "credit first.", [R("issue_credit")], True),
    case("kiln", "Please make sure a studio manager signs off on any credit before you issue "
         "it.", [R("issue_credit")]),
    case("kiln_described", "Be kind to members.", [R("issue_credit")]),
    case("kiln", "If the credit is for more than 50 dollars, get a supervisor's approval "
         "before calling issue_credit.", [R_REVIEW("issue_credit")]),
    case("kiln", "Credits go out only once a manager has reviewed them, or they are "
         "rejected.", [R("issue_credit")], True),
    # -- ferry desk -----------------------------------------------------------------------
    case("ferry", "issueVoucher calls need a supervisor's approval.", [R("issueVoucher")]),
    case("ferry", "A duty manager must review every voucher before issueVoucher is called.",
         [R("issueVoucher")]),
    case("ferry", "Vehicle flags cannot be raised without a second officer's sign-off.",
         [R("flagVehicle")], True),
    case("ferry", "Runbook step 4: hand the cancellation to the shift lead for approval, "
         "then call cancelBooking.", [R("cancelBooking")]),
    case("ferry", "Moving a booking to another crossing requires human approval when the "
         "crossing is full.", [R_REVIEW("moveBooking")]),
    # -- seed bank ------------------------------------------------------------------------
    case("seeds", "grant.release may only run after a curator has approved the request.",
         [R("grant.release")]),
    case("seeds", "Inventory.Adjust changes need two-person review.", [R("Inventory.Adjust")]),
    case("seeds", "ShipParcel: requires sign-off from the vault keeper.", [R("ShipParcel")]),
    case("seeds", "Opening a drawer through vault__open_drawer is subject to human review.",
         [R("vault__open_drawer")]),
    # -- look-alikes ----------------------------------------------------------------------
    case("kiln", "The kiln lead reviews firing logs every Friday.", LOOKALIKE),
    case("kiln", "Before you cancel a firing, the member must confirm.", LOOKALIKE),
    case("kiln", "Managers can approve refunds in the back office.", LOOKALIKE),
    case("ferry", "Ask the passenger to confirm the new crossing before calling moveBooking.",
         LOOKALIKE),
    case("ferry", "Review the manifest with getManifest before boarding starts.", LOOKALIKE),
    case("ferry", "The passenger must approve the voucher amount before issueVoucher.",
         LOOKALIKE),
    case("ferry", "Never call cancelBooking for a crossing that has already sailed.",
         LOOKALIKE),
]  # fmt: skip


@pytest.mark.parametrize(("desk", "text", "expected"), CASES)
def test_probe_a_reviews(tmp_path: Path, desk: str, text: str, expected: Expected) -> None:
    found = prompt_policies(tmp_path, desk, text)
    assert verdict(found, expected) == "exact", found


# -- probe set B (see `test_flow5`): a glider club, measured once as written ---------------

CASES_B = [
    case("glider", "RefundFee needs the treasurer's sign-off.", [R("RefundFee")]),
    case("glider", "Refunds larger than 80 euros have to be approved by the club treasurer.",
         [R_REVIEW("RefundFee")], True),
    case("glider", "ground-glider-now may be used only after the duty instructor has signed "
         "off.", [R("ground-glider-now")], True),
    # fixed after B was measured (by the lead: "a member record" is no user's yes)
    case("glider", "Deleting a member record requires approval from the committee.",
         [R("delete_member_record")]),
    case("glider", "Launch scheduling via winch.schedule_launch is subject to a safety "
         "officer's check.", [R("winch.schedule_launch")]),
    case("glider", "Before calling assign_instructor, get the chief flying instructor to "
         "approve the pairing.", [R("assign_instructor")], True),
    case("glider", "Please remember: every refund is checked by a second committee member "
         "before RefundFee runs.", [R("RefundFee")]),
    case("glider", "delete_member_record — two-person approval required.",
         [R("delete_member_record")]),
    case("glider", "Q: Can I delete a member's record myself?\nA: Only with the chairman's "
         "approval.", [R("delete_member_record")], True),
    case("glider", "If the glider is a two-seater, winch.schedule_launch needs the duty "
         "pilot's okay.", [R_REVIEW("winch.schedule_launch")], True),
    case("glider", "No fee refunds without a treasurer's approval.", [R("RefundFee")], True),
    case("glider", "Grounding a glider must be authorised by the safety officer.",
         [R("ground-glider-now")], True),
    # look-alikes
    case("glider", "The treasurer approves the annual budget in March.", LOOKALIKE),
    case("glider", "Ask the pilot to confirm before calling RefundFee.", LOOKALIKE),
    case("glider", "Review the weather with fetch_weather_feed before scheduling a launch.",
         LOOKALIKE),
]  # fmt: skip


@pytest.mark.parametrize(("desk", "text", "expected"), CASES_B)
def test_probe_b_reviews(tmp_path: Path, desk: str, text: str, expected: Expected) -> None:
    found = prompt_policies(tmp_path, desk, text)
    assert verdict(found, expected) == "exact", found


@pytest.mark.parametrize(
    ("text", "reviewed"),
    [
        ("Pulling a track always needs a second person to approve it.", True),
        ("Every glaze order requires the studio lead to sign off first.", True),
        ("Each credit needs someone to check it.", True),
        # the user's own yes is a confirmation, not a review
        ("Refunds need the customer to approve them first.", False),
        ("A firing needs two people to load it.", False),  # no act of approval
    ],
)
def test_a_reviewer_needed_to_approve(text: str, reviewed: bool) -> None:
    """ "X needs <a person who is not the user> to approve": a review (added by the lead after
    probe C's "a second person" case was read as the user's yes and enforced)."""
    from specgap.extract.review5_rules import reviews

    assert bool(reviews(text)) is reviewed


@pytest.mark.parametrize(
    ("text", "confirmation_kept"),
    [
        # a staff approval whose act names no tool: never the user's yes, a note instead
        ("No fee refunds without a treasurer's approval.", False),
        # the user's own yes stays
        ("Get the member's confirmation before RefundFee.", True),
        ("RefundFee requires the member to confirm the amount.", True),
    ],
)
def test_a_staff_approval_is_never_the_users_yes(
    tmp_path: Path, text: str, confirmation_kept: bool
) -> None:
    """(added by the lead after set B's two wrong enforced confirmations)"""
    found = prompt_policies(tmp_path, "glider", text)
    kept = any(op == "require_confirmation" and target == "RefundFee" for op, target, *_ in found)
    assert kept is confirmation_kept, found
