"""Rules stated as plain statements (`terse_cues`, through `rulelike.cue_of`): each form is
a rule and gets the cue kind it names; the look-alike descriptions beside them get none.
Sentences written for this test, in a bowling alley, a ferry desk and a tool library."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.rulelike import cue_of
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

RULES = [
    # (sentence, kind of cue)
    ("All refunds need a charge id from the charge tool.", "requirement"),
    ("Late tool returns need a supervisor's sign-off.", "requirement"),
    ("Cancelled bookings are final.", "finality"),
    ("A crossing that has departed is locked.", "finality"),
    ("Disputed loans are on hold.", "finality"),
    ("Members on probation get no refunds.", "prohibition"),
    ("Trial accounts receive no lending credit.", "prohibition"),
    ("Bookings are cancellable up to the start time.", "deadline"),
    ("Ferry tickets are transferable within 24 hours.", "deadline"),
    ("Every booking starts with a member lookup.", "ordering"),
    ("Each tool return begins with a damage check.", "ordering"),
    ("Booking flow: find member, check status, book lane.", "procedure"),
    ("Return process: scan, inspect, refund", "procedure"),
    ("Cancellations are confirmed with the member first.", "confirmation"),
    ("Each ticket change is read back to the caller.", "confirmation"),
    ("Food orders to lanes are discontinued.", "prohibition"),
    ("Gift wrapping is no longer offered.", "prohibition"),
    ("Guests per booking: between 1 and 6.", "bound"),
    ("Deposits between $20 and $80 only apply to drills.", "modal"),  # `only` comes first
    ("refund_method = original_card", "setting"),
    ("Refunds apply to cancelled bookings.", "scope"),
    ("Members with unpaid balances: bookings blocked.", "prohibition"),
    ("Party size caps at 6.", "bound"),
    ("Loans are limited to the value of the deposit.", "bound"),
    ("A refund is issued when the booking status is cancelled.", "conditional action"),
    ("No-shows are not refunded.", "prohibition"),
    ("Refunds are not given for no-shows.", "prohibition"),
    ("Cancelling a started booking is blocked.", "prohibition"),
    ("Booking is closed for suspended members.", "prohibition"),
    ("Crossings already underway are out of scope for rebooking.", "prohibition"),
    ("Booking after member lookup.", "order of steps"),
    ("Loan before deposit check.", "order of steps"),
    ("Refunds go back to the original card.", "requirement"),
    ("The refund amount matches the original charge.", "requirement"),
    ("Lanes are for members.", "scope"),
    ("The quiet workshop is for adult members.", "scope"),
    ("Every refund is logged.", "requirement"),
    ("Each cancellation gets a reason.", "requirement"),
    ("Cancellation applies to bookings in 'pending' status.", "scope"),
    ("Large parties: manager sign-off.", "label"),
    ("Refunds for cash: none.", "label"),
    ("Cancellation window: while status is 'pending'.", "label"),
    ("Food orders: lanes with active bookings.", "label"),
    ("Ticket changes: 24 hours notice.", "label"),
    ("We accept card and voucher payments.", "value list"),
    ("We ship to Jersey, Guernsey and Sark.", "value list"),
    ("Refund methods are original card and store credit.", "value list"),
    ("Members choose a wristband colour from red, blue and green.", "value list"),
    ("Wristband colours in use: red, blue, green.", "labelled values"),
    ("Species: dogs, cats and rabbits.", "labelled values"),
    ("Colour: red or blue.", "labelled values"),
    ("We rent shoes in sizes 4 to 13.", "bound"),
    ("Ferry bookings are taken for 1 to 6 passengers.", "bound"),
    ("Our lanes fit 6 guests.", "bound"),
    ("Refunds are paid as store credit.", "requirement"),
    ("Identity verification is the first step.", "order of steps"),
    ("Verification, then booking.", "order of steps"),
    ("The booking is read back, then placed.", "order of steps"),
    ("A booking without a prior lookup is invalid.", "prohibition"),
    ("Started bookings are excluded from changes.", "prohibition"),
    ("If the crossing has left, rebooking is unavailable.", "prohibition"),
    ("When a loan is overdue, no renewals.", "prohibition"),
    ("A spoken yes is the trigger for every booking.", "confirmation"),
    ("Bookings go ahead on the member's say-so.", "confirmation"),
    ("Cancellable statuses: pending, confirmed.", "value list"),
    ("Statuses that allow cancellation: pending, confirmed.", "value list"),
    ("Cancellation is possible for pending and confirmed bookings.", "scope"),
    ("Loans to minors go through a guardian.", "requirement"),
    ("Changes to a started booking: not possible.", "label"),
    ("Bookings in 'started' status: hands off.", "label"),
    ("Started bookings — leave as is.", "label"),
    ("Lane 12: no food.", "prohibition"),
    ("Overdue members - no loans", "prohibition"),
    ("Verification comes ahead of any change.", "order of steps"),
    ("Loan changes wait for a deposit check.", "order of steps"),
    ("The caller is verified at the start of every call.", "order of steps"),
    ("Authentication is step one.", "order of steps"),
    ("Tool loans are gated on a safety briefing.", "order of steps"),
    ("Charges go ahead with the customer's OK.", "confirmation"),
    ("The member confirms every cancellation.", "confirmation"),
    ("Unpaid invoices block new loans.", "prohibition"),
    ("A suspended account means no bookings.", "prohibition"),
    ("Overdue members lose borrowing rights.", "prohibition"),
    ("Reservations lapse after 15 minutes.", "deadline"),
    ("We haul dry goods, chilled goods and livestock.", "value list"),
    ("Tool kinds offered by the workshop: drills, sanders, saws.", "value list"),
]

NOT_RULES = [
    "Members earn a point for every game.",
    "Our alley opened in 1987 and has 24 lanes.",
    "Members who need a locker can ask at the desk.",  # a person who needs something
    "We know our members' needs well.",
    "Our office is located where the old ferry terminal was.",
    "The ferry has 40 cabins between decks 2 and 4.",  # `between` without numbers on both
    "Our day starts early.",
    "The workshop is open from 9 to 5.",
    "Each customer has a profile with a name and an address.",
    "Loyalty points are not affected by refunds.",
    "Taxes are not included in the lane price.",
    "The original payment method will be charged at checkout.",
    "Opening hours: 9 to 5, Monday to Saturday.",
    "Members pay for shoes separately.",
    "Hours: 9, 10 and 11.",
    "We open at 9 and close at 5.",
    "Our alley has 24 lanes and a bar.",
    "There are four ticket status types: open, held, used and void.",
    "We first sort the returns, then shelve them in the back room with the others.",
    "If every item on the list is present, then the list is complete and nothing is missing.",
    "Lost your card? No problem.",
    "The ferry stops at the north pier.",
    "Step 1 of the tour is the engine room.",
]


@pytest.mark.parametrize(("text", "kind"), RULES)
def test_a_plain_statement_of_a_rule_has_its_cue(text: str, kind: str) -> None:
    cue = cue_of(text)
    assert cue is not None, text
    assert cue.kind == kind, (text, cue)


@pytest.mark.parametrize("text", NOT_RULES)
def test_a_description_has_no_cue(text: str) -> None:
    assert cue_of(text) is None, (text, cue_of(text))


@pytest.mark.parametrize(
    "text",
    [
        "refund_method = x_y",
        "Every refund is logged.",
        "Wristband colour: red, blue or green.",
        "Booking after member lookup.",
        "We accept card and voucher payments.",
    ],
)
def test_in_a_tool_description_what_may_describe_the_tool_is_not_read(text: str) -> None:
    assert cue_of(text, described=True) is None


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Cancelled bookings are final.", "finality"),
        ("Loans are renewable until the due date.", "deadline"),
        ("Booking is closed for suspended members.", "prohibition"),
        ("A booking without a prior lookup is invalid.", "prohibition"),
        ("Bookings go ahead on the member's say-so.", "confirmation"),
    ],
)
def test_in_a_tool_description_a_rule_stated_plainly_is_read(text: str, kind: str) -> None:
    cue = cue_of(text, described=True)
    assert cue is not None
    assert cue.kind == kind


@pytest.mark.parametrize(
    "line",
    [
        "Booking after member lookup",  # no stop: still no title, a rule of its own
        "Verification, then booking",
        "Wristband colour: red, blue or green",
        "Cancelled bookings are final",
        "**Suspended members** - no bookings",
    ],
)
def test_a_terse_line_gets_a_note_at_its_line(tmp_path: Path, line: str) -> None:
    tools = [
        _tool("find_member", "Find a member by name.", member_name="string"),
        _tool("book_lane", "Book a bowling lane.", member_id="string"),
    ]
    built = build_prompt(tmp_path, f"# Lane desk\n\nHelp members.\n\n{line}\n", tools)
    notes = [
        d
        for d in built.state.diagnostics
        if d.span is not None and d.span.path.endswith("prompt.md") and d.span.start_line == 5
    ]
    said = [p for p in built.policies if p.source.span.start_line == 5]
    assert notes or said, line


@pytest.mark.parametrize(
    ("table", "noted"),
    [
        ("| Item | Refund window |\n|---|---|\n| Shoes | 30 days |\n| Food | 1 day |", {5, 6}),
        ("| Loan | Renewal limit |\n|---|---|\n| Drill | twice |\n| Saw | once |", {5, 6}),
        ("| Step | Tool |\n|---|---|\n| 1 | find_member |\n| 2 | issue_refund |", {5, 6}),
        ("| Request | When allowed |\n|---|---|\n| Late return | within a week |", {5}),
        ("| Item | Price |\n|---|---|\n| Shoes | $4 |\n| Food | $9 |", set()),  # no rule
        ("| Lane | Colour |\n|---|---|\n| 1 | red |\n| 2 | blue |", set()),
    ],
)
def test_a_row_under_a_framing_column_gets_a_note(
    tmp_path: Path, table: str, noted: set[int]
) -> None:
    tools = [_tool("issue_refund", "Refund a payment.", charge_id="string")]
    built = build_prompt(tmp_path, f"# Lane desk\n\n{table}\n", tools)
    lines = {
        d.span.start_line
        for d in built.state.diagnostics
        if d.code == "rule-not-compiled" and d.span is not None and d.span.path.endswith(".md")
    }
    assert lines == noted
