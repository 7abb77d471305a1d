"""Allowed values and numeric bounds in the shapes `values3_*` reads (dvvalues): the
argument as the subject with bare values after it ("the berth must be North, South or Old
Quay", "... is one of the codes A, B or C"), the values first ("X and Y are the only berths
that can be booked"), a label then "only ... can be done", who uses the values ("reminder
texts use only the templates ..."), an argument named by its tool's words ("the waiver
reason"), bounds said with "a single", "is never more than", "above $X are not issued",
"at least N and at most M", and a table row naming its argument as `tool.arg`. Four made-up
domains with tool ids in several styles; every sentence is written for this test, with
near misses that must not compile or must stay `review_only`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.values3_lists import subject_list
from specgap.extract.values3_respell import respelled
from specgap.extract.values3_tables import bound_words
from tests.corpus_agents import Row, build_prompt, policy_rows
from tests.test_grammar_value_lists import _tool

DOMAINS: dict[str, list[dict[str, Any]]] = {
    # a ferry desk, camelCase
    "ferry": [
        _tool("bookCrossing", "Book a crossing for a passenger.", passengerId="string",
              berth=("string", "Where the ship docks."), cabinClass=("string", "Cabin.")),
        _tool("moveBooking", "Move a booking to another crossing.", bookingId="string",
              berth=("string", "Berth of the new crossing.")),
        _tool("checkBerth", "Check whether a berth is free.", berth=("string", "Berth.")),
        _tool("cancelBooking", "Cancel a booking.", bookingId="string",
              reason=("string", "Why.")),
        _tool("waiveFee", "Waive a change fee.", bookingId="string", reason=("string", "Why.")),
        _tool("issueVoucher", "Issue a travel voucher.", passengerId="string",
              amount=("number", "Voucher value in USD.")),
        _tool("sendReminderText", "Text a passenger a reminder.", passengerId="string",
              template=("string", "Which text.")),
        _tool("updateAddress", "Change a passenger's postal address.", passengerId="string",
              postalCode=("string", "Postcode.")),
    ],
    # a kiln studio, snake_case
    "kiln": [
        _tool("reserve_kiln", "Reserve a kiln firing slot.", member_id="string",
              firing_type=("string", "Kind of firing."),
              piece_count=("integer", "Number of pieces.")),
        _tool("pay_balance", "Take a payment towards a member's balance.", member_id="string",
              amount=("number", "Amount in USD.")),
        _tool("submit_glaze_order", "Order glaze.", member_id="string",
              category=("string", "Glaze family."), quantity=("integer", "Jars.")),
        _tool("open_ticket", "Open a support ticket.", subject="string",
              priority=("string", "Urgency.")),
        _tool("adjust_hours", "Adjust the studio hours logged for a member.",
              member_id="string", hours=("number", "Hours logged.")),
        _tool("send_note", "Send a note to a member.", member_id="string",
              message=("string", "The text.")),
    ],
    # a seed bank, kebab-case
    "seeds": [
        _tool("request-sample", "Request a seed sample for a grower.", grower_id="string",
              storage_vault=("string", "Vault the sample comes from."),
              packets=("integer", "How many packets.")),
        _tool("refund-deposit", "Refund a grower's deposit.", grower_id="string",
              amount=("number", "Refund in EUR.")),
        _tool("list-vaults", "List the vaults.", region="string"),
        _tool("collect-order", "Arrange a collection.", grower_id="string",
              pickup_point=("string", "Where the grower collects.")),
    ],
    # a glasshouse, PascalCase
    "glass": [
        _tool("ScheduleTour", "Schedule a glasshouse tour.", visitor_id="string",
              time_slot=("string", "Start time."), group_size=("integer", "Visitors.")),
        _tool("CancelTour", "Cancel a tour.", tour_id="string", reason=("string", "Why.")),
        _tool("SellPass", "Sell a season pass.", visitor_id="string", band=("string", "Kind.")),
    ],
}  # fmt: skip


def _allow(tool: str, arg: str, *values: str, enforcement: str = "enforce") -> Row:
    return (tool, "resource_in_allowlist", arg, enforcement, {"allowed": sorted(values)})


def _bound(tool: str, arg: str, low: float | None, high: float | None, how: str = "enforce") -> Row:
    said: dict[str, Any] = {}
    if low is not None:
        said["min"] = low
    if high is not None:
        said["max"] = high
    return (tool, "arg_within_bound", arg, how, said)


ROWS: list[tuple[str, str, list[Row]]] = [
    # the argument as subject, bare values after "must be" (names, codes, three or more)
    ("ferry", "The berth must be North Quay, Old Pier or Slip 4.",
     [_allow("bookCrossing", "berth", "North Quay", "Old Pier", "Slip 4"),
      _allow("checkBerth", "berth", "North Quay", "Old Pier", "Slip 4"),
      _allow("moveBooking", "berth", "North Quay", "Old Pier", "Slip 4")]),
    ("kiln", "The firing type has to be one of bisque, glaze or raku; anything else goes "
     "to the head potter.",
     [_allow("reserve_kiln", "firing_type", "bisque", "glaze", "raku")]),
    ("kiln", "The glaze category is one of matte, gloss, satin or crackle.",
     [_allow("submit_glaze_order", "category", "crackle", "gloss", "matte", "satin")]),
    ("ferry", "The cancellation reason must be one of the codes WX, DUP or MED.",
     [_allow("cancelBooking", "reason", "DUP", "MED", "WX")]),
    # two plain words: only for a noun naming a choice among kinds, and the condition kept
    ("kiln", "Ticket priority must be low or normal, unless the member lost a piece.",
     [_allow("open_ticket", "priority", "low", "normal", enforcement="review_only")]),
    # an argument named by its tool's words ("waiver": waive)
    ("ferry", "The waiver reason must be one of ferry_delay, crew_error or first_trip.",
     [_allow("waiveFee", "reason", "crew_error", "ferry_delay", "first_trip")]),
    ("ferry", "Reminder texts use only the templates boarding, delay and ready_to_board.",
     [_allow("sendReminderText", "template", "boarding", "delay", "ready_to_board")]),
    # the values first; the verb of the relative clause names the tools
    ("ferry", "North Quay and Old Pier are the only berths that can be booked.",
     [_allow("bookCrossing", "berth", "North Quay", "Old Pier"),
      _allow("moveBooking", "berth", "North Quay", "Old Pier")]),
    ("seeds", "Ridge and Cellar B are the only vaults we can request from.",
     [_allow("request-sample", "storage_vault", "Cellar B", "Ridge")]),
    ("kiln", "Firing types: only bisque, glaze and raku can be reserved.",
     [_allow("reserve_kiln", "firing_type", "bisque", "glaze", "raku")]),
    ("glass", "Tour times: only 09:30, 11:00 and 14:30 can be scheduled.",
     [_allow("ScheduleTour", "time_slot", "09:30", "11:00", "14:30")]),
    # a place the act happens at; "comes in N Xs only"
    ("seeds", "Pickup is possible at Gate 2, Barn Door or Old Mill only.",
     [_allow("collect-order", "pickup_point", "Barn Door", "Gate 2", "Old Mill")]),
    ("glass", "Passes are sold with SellPass and come in three bands only: Day, Week and Season.",
     [_allow("SellPass", "band", "Day", "Season", "Week")]),
    ("seeds", "Pickup is possible at the front or the back.", []),
    # near misses: adjectives of an instruction, states, an open list, a generic code
    ("kiln", "The note must be short or friendly.", []),
    ("ferry", "The booking must be active or pending.", []),
    ("kiln", "The glaze category is something like matte, gloss or satin.", []),
    ("ferry", "Codes: GOLD10 and SUMMER are the only ones you may apply.", []),
    ("kiln", "The firing type is usually bisque or glaze.", []),
    # bounds: a single X, is never more than, above $X not issued, at least/at most
    ("kiln", "A single payment must be between $1 and $300.",
     [_bound("pay_balance", "amount", 1, 300)]),
    ("kiln", "Each payment is never more than $900.", [_bound("pay_balance", "amount", None, 900)]),
    ("kiln", "The adjusted hours for a single week may not be more than 40.",
     [_bound("adjust_hours", "hours", None, 40, "review_only")]),
    ("seeds", "Refunds above €250 are not issued at the desk; they go to the curator.",
     [_bound("refund-deposit", "amount", None, 250, "review_only")]),
    ("kiln", "Every reservation is for at least 2 and at most 30 pieces.",
     [_bound("reserve_kiln", "piece_count", 2, 30)]),
    ("glass", "Each tour has at least 4 and no more than 12 visitors.",
     [_bound("ScheduleTour", "group_size", 4, 12)]),
    # near misses: a single one said of no bound, a plain count
    ("kiln", "Only a single ticket may be open per member.", []),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), ROWS)
def test_values_and_bounds_in_more_shapes(
    tmp_path: Path, domain: str, text: str, expected: list[Row]
) -> None:
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", DOMAINS[domain])
    wanted = {"resource_in_allowlist", "arg_within_bound"}
    rows = [r for r in policy_rows(built) if r[1] in wanted]
    got = [(*r[:4], {k: sorted(v) if isinstance(v, list) else v for k, v in r[4].items()})
           for r in rows]  # fmt: skip
    assert got == expected


TABLE = """# Studio

## Limits

| What | Limit |
|---|---|
| Pieces per firing (`reserve_kiln.piece_count`) | 2 to 30 pieces |
| Hours adjusted (`adjust_hours.hours`) | ≤ 40 h per request |
| Payment (`pay_balance.amount`) | 1–300 |
| Glaze (`submit_glaze_order.quantity`) | at most 6; 2 for new members |
| Tickets per day | 2 |

## Settings

| Setting | Allowed values | Applies to |
|---|---|---|
| Firings we run | `bisque`, `raku` | `reserve_kiln.firing_type` |
"""


def test_a_table_row_names_its_argument(tmp_path: Path) -> None:
    built = build_prompt(tmp_path, TABLE, DOMAINS["kiln"])
    wanted = {"resource_in_allowlist", "arg_within_bound"}
    rows = [r for r in policy_rows(built) if r[1] in wanted]
    assert [(*r[:4], r[4]) for r in rows] == [
        _bound("adjust_hours", "hours", None, 40),
        _bound("pay_balance", "amount", 1, 300),
        _bound("reserve_kiln", "piece_count", 2, 30),
        ("reserve_kiln", "resource_in_allowlist", "firing_type", "enforce",
         {"allowed": ["bisque", "raku"]}),
        _bound("submit_glaze_order", "quantity", None, 6),
    ]  # fmt: skip


LISTS: list[tuple[str, tuple[str, tuple[str, ...]]]] = [
    ("The dock must be Pier 1, Pier 2 or Pier 9.", ("dock", ("Pier 1", "Pier 2", "Pier 9"))),
    ("A grade has to be either A1 or B2.", ("grade", ("A1", "B2"))),
    ("The colour must be red or blue.", ("", ())),
    ("The tone must be warm, calm and kind.", ("", ())),
    ("Cups, plates and bowls are the only items that can be glazed.",
     ("glaze items", ("Cups", "plates", "bowls"))),
    ("The size is one of S, M or L, such as for shirts.", ("", ())),
    ("The document type for member letters has to be receipt, w2 or offer_letter.",
     ("member letters document type", ("receipt", "w2", "offer_letter"))),
    ("Collection is possible at Dock A or Dock B only.", ("Collection", ("Dock A", "Dock B"))),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), LISTS)
def test_the_lists_read(text: str, expected: tuple[str, tuple[str, ...]]) -> None:
    assert subject_list(text) == expected


SPELLINGS: list[tuple[str, str]] = [
    ("A single refund may not exceed $40.", "A refund may not exceed $40."),
    ("Loans for a single week may not be more than 3.", "Loans may not be more than 3."),
    ("Fees are never more than $9.", "Fees may not be more than $9."),
    ("Refunds over $80 are not issued.", "Refunds may not exceed $80."),
    ("Groups are for at least 3 and at most 9 people.", "Groups must have between 3 and 9 people."),
    ("Refunds are issued to the card.", "Refunds are issued to the card."),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), SPELLINGS)
def test_the_respellings(text: str, expected: str) -> None:
    assert respelled(text) == expected


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("30 to 3650 days", "must be between 30 and 3650 days"),
        ("1–72 h", "must be between 1 and 72 hours"),
        ("≤ 90 days", "may not exceed 90 days"),
        ("max 5 per call", "may not exceed 5"),
        ("≥ 2", "must be at least 2"),
        ("one per object", None),
        ("2", None),
    ],
)
def test_a_limit_cell(cell: str, expected: str | None) -> None:
    assert bound_words(cell) == expected
