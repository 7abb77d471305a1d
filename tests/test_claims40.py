"""Session 40: a database's stored-procedure ids (`shop.usp_FindMember`) and a Go package's
one-word functions (`lanes.Book`), a step said with the verdict it gave ("until `x` has
returned passed"), a list of verb phrases each with its own object before one step ("do not
cancel a booking, refund a deposit or send a voucher until ..."), acts said to wait for a step
("A, B and C wait until X has run"), a camelCase step said bare after "until", a tool banned as
"it" after the clause that names it, and "keyed by its own X_id". Sentences written for these
tests, in a made-up bowling alley."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.probes import desk_policies, enforced, read, shown, spec

SNAKE = [
    spec("find_bowler", "Finds a bowler by email; returns bowler_id.", email="string"),
    spec("verify_bowler", "Checks a bowler's PIN; returns passed.", bowler_id="string"),
    spec("book_lane", "Books a lane.", bowler_id="string", lane_id="string"),
    spec("open_booking", "Opens a booking: lane, time, status.", booking_id="string"),
    spec("move_booking", "Moves a booking.", booking_id="string", new_lane_id="string"),
    spec("cancel_booking", "Cancels a booking.", booking_id="string"),
    spec("refund_deposit", "Refunds a deposit.", booking_id="string", amount="number"),
    spec("send_voucher", "Sends a free-game voucher.", booking_id="string"),
    spec("override_oil_pattern", "Changes a lane's oil pattern.", lane_id="string"),
    spec("search_lanes", "Lists free lanes: lane_id and time.", date="string"),
    spec("charge_card", "Charges a card.", card_token="string", timeout_seconds="integer"),
]

PROCEDURES = [
    spec("shop.usp_FindMember", "Finds a member by email.", email="string"),
    spec("shop.usp_VerifyMember", "Checks a member's PIN.", member_id="string"),
    spec("lanes.usp_BookLane", "Books a lane.", member_id="string", lane_id="string"),
    spec("lanes.usp_CancelLane", "Cancels a lane booking.", booking_id="string"),
]

PACKAGES = [
    spec("bowlers.Lookup", "Finds a bowler by email.", email="string"),
    spec("bowlers.Verify", "Checks a bowler's PIN.", bowler_id="string"),
    spec("lanes.Book", "Books a lane.", bowler_id="string", lane_id="string"),
    spec("bookings.Get", "Opens a booking.", booking_id="string"),
    spec("bookings.Cancel", "Cancels a booking.", booking_id="string"),
    spec("lanes.Reoil", "Changes a lane's oil pattern.", lane_id="string"),
]


RPC = [
    spec("crm_findBowler", "Finds a bowler by email.", email="string"),
    spec("lanes_getBooking", "Opens a booking.", booking_id="string"),
    spec("lanes_moveBooking", "Moves a booking.", booking_id="string", new_lane_id="string"),
    spec("lanes_cancelBooking", "Cancels a booking.", booking_id="string"),
]

STATUS = [
    spec(
        "find_bowler",
        "Finds a bowler; returns bowler_id and account_status (active, barred).",
        email="string",
    ),
    spec("book_lane", "Books a lane.", bowler_id="string", lane_id="string"),
    spec("refund_deposit", "Refunds a deposit.", bowler_id="string", amount="number"),
]


# (id, sentence, tools, operator, [(tool, params), ...] every one of which is enforced)
CASES = [
    (
        "stored-procedure-first",
        "Call shop.usp_FindMember before you call any other stored procedure.",
        PROCEDURES,
        "require_before",
        [("*", {"before": "shop.usp_FindMember"})],
        False,  # (an order before every call is kept for review, as for any id)
    ),
    (
        "stored-procedure-until",
        "Do not book a lane or cancel a lane booking until shop.usp_VerifyMember has run.",
        PROCEDURES,
        "require_before",
        [
            ("lanes.usp_BookLane", {"before": "shop.usp_VerifyMember"}),
            ("lanes.usp_CancelLane", {"before": "shop.usp_VerifyMember"}),
        ],
        True,
    ),
    (
        "verdict-after-until",
        "Do not refund a deposit until verify_bowler has returned passed.",
        SNAKE,
        "require_before",
        [("refund_deposit", {"before": "verify_bowler"})],
        True,
    ),
    (
        "verb-phrase-list",
        "The desk shall not cancel a booking, refund a deposit, or send a voucher until "
        "verify_bowler has succeeded.",
        SNAKE,
        "require_before",
        [
            ("cancel_booking", {"before": "verify_bowler"}),
            ("refund_deposit", {"before": "verify_bowler"}),
            ("send_voucher", {"before": "verify_bowler"}),
        ],
        True,
    ),
    (
        "shared-object-and-list",
        "Do not move or cancel a booking, or refund a deposit, until verify_bowler has run.",
        SNAKE,
        "require_before",
        [
            ("move_booking", {"before": "verify_bowler"}),
            ("cancel_booking", {"before": "verify_bowler"}),
            ("refund_deposit", {"before": "verify_bowler"}),
        ],
        True,
    ),
    (
        "ids-wait",
        "open_booking, cancel_booking and refund_deposit wait until verify_bowler has returned.",
        SNAKE,
        "require_before",
        [
            ("open_booking", {"before": "verify_bowler"}),
            ("cancel_booking", {"before": "verify_bowler"}),
            ("refund_deposit", {"before": "verify_bowler"}),
        ],
        True,
    ),
    (
        "gerunds-wait",
        "Cancelling a booking and refunding a deposit both wait until verify_bowler has run.",
        SNAKE,
        "require_before",
        [
            ("cancel_booking", {"before": "verify_bowler"}),
            ("refund_deposit", {"before": "verify_bowler"}),
        ],
        True,
    ),
    (
        "banned-as-it",
        "override_oil_pattern belongs to the lane mechanic alone; the desk never runs it.",
        SNAKE,
        "deny_action",
        [("override_oil_pattern", {})],
        True,
    ),
    (
        "package-ids",
        "bowlers.Lookup finds the bowler before any lanes.Book.",
        PACKAGES,
        "require_before",
        [("lanes.Book", {"before": "bowlers.Lookup"})],
        True,
    ),
    (
        "package-wait",
        "bookings.Get and bookings.Cancel wait until bowlers.Verify has answered passed.",
        PACKAGES,
        "require_before",
        [
            ("bookings.Get", {"before": "bowlers.Verify"}),
            ("bookings.Cancel", {"before": "bowlers.Verify"}),
        ],
        True,
    ),
    (
        "package-banned-as-it",
        "lanes.Reoil is the mechanic's alone: the desk never uses it.",
        PACKAGES,
        "deny_action",
        [("lanes.Reoil", {})],
        True,
    ),
    (
        "timeout-no-longer",
        "charge_card waits thirty seconds for an answer and no longer (timeout_seconds).",
        SNAKE,
        "timeout_leq",
        [("charge_card", {"max_seconds": 30, "arg": "timeout_seconds"})],
        True,
    ),
    (
        "timeout-not-a-second-more",
        "Give charge_card 20 seconds to answer (timeout_seconds), and not a second more.",
        SNAKE,
        "timeout_leq",
        [("charge_card", {"max_seconds": 20, "arg": "timeout_seconds"})],
        True,
    ),
    (
        "tool-subject-of-two-duties",
        "refund_deposit shall take its booking_id from open_booking, and shall be called once "
        "per booking at most.",
        SNAKE,
        "max_calls",
        [("refund_deposit", {"max": 1, "per": "booking"})],
        True,
    ),
    (
        "its-argument",
        "refund_deposit shall take its booking_id from open_booking.",
        SNAKE,
        "arg_grounded",
        [("refund_deposit", {"arg": "booking_id", "from_tools": ["open_booking"]})],
        True,
    ),
    (
        "whose-state-ban",
        "A bowler whose account_status is barred is neither booked nor refunded.",
        STATUS,
        "state_condition",
        [
            ("book_lane", {"field": "account_status", "denied": ["barred"]}),
            ("refund_deposit", {"field": "account_status", "denied": ["barred"]}),
        ],
        False,
    ),
    (
        "rpc-ids-ahead-of-act-nouns",
        "Open the booking with lanes_getBooking, keyed by the very same booking_id, ahead of a "
        "move or a cancel.",
        RPC,
        "require_before",
        [
            ("lanes_moveBooking", {"before": "lanes_getBooking", "same": {"arg": "booking_id"}}),
            ("lanes_cancelBooking", {"before": "lanes_getBooking", "same": {"arg": "booking_id"}}),
        ],
        True,
    ),
    (
        "keyed-by-its-own",
        "open_booking reads a booking, keyed by its own booking_id, ahead of cancel_booking on it.",
        SNAKE,
        "require_before",
        [("cancel_booking", {"before": "open_booking", "same": {"arg": "booking_id"}})],
        True,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_each_shape_reads_its_rules(tmp_path: Path, case: tuple[Any, ...]) -> None:
    _, text, tools, operator, wanted, must_enforce = case
    policies = desk_policies(tmp_path, text, tools)
    for tool, params in wanted:
        check = enforced if must_enforce else read
        assert check(policies, operator, tool, **params), (tool, shown(policies))


@pytest.mark.parametrize(
    "text",
    [
        # a noun spelt as a verb is no act of a list ("start time")
        "Read the lane, day and start time back; book_lane is called only after the bowler agrees.",
        # a person waits: no act of the agent is ordered
        "The desk waits until the duty manager has returned from the lanes.",
    ],
)
def test_no_act_is_read_from_words_that_only_look_like_a_list(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, SNAKE)
    assert not any(
        p.operator == "require_before" and p.target in {"open_booking", "verify_bowler"}
        for p in policies
    ), shown(policies)
    assert not any(p.target == "cancel_booking" for p in policies), shown(policies)


def test_an_order_until_a_step_binds_no_value_to_the_acts_object(tmp_path: Path) -> None:
    # "submit an application until X has returned": an order, never "the application must come
    # from X"
    text = "Do not send a voucher until verify_bowler has returned."
    policies = desk_policies(tmp_path, text, SNAKE)
    assert not any(p.operator == "arg_grounded" for p in policies), shown(policies)
    assert enforced(policies, "require_before", "send_voucher", before="verify_bowler")


def test_a_duty_that_a_step_must_have_passed_keeps_its_reading(tmp_path: Path) -> None:
    # "must have come back passed" is read by the step-duty reader, not cut to "has come back"
    text = "Before a booking is cancelled, verify_bowler must have come back passed."
    policies = desk_policies(tmp_path, text, SNAKE)
    assert enforced(policies, "require_before", "cancel_booking", before="verify_bowler"), shown(
        policies
    )


def test_a_value_taken_for_named_acts_binds_only_those_acts_tools(tmp_path: Path) -> None:
    # "to book a lane or move one": `book_lane.lane_id` and `move_booking.new_lane_id`, never
    # the oil-pattern override that also takes a `lane_id`
    text = "Take lane_id from search_lanes in this chat, to book a lane or move one there."
    policies = desk_policies(tmp_path, text, SNAKE)
    grounded = {
        (p.target, p.condition.selector.arg) for p in policies if p.operator == "arg_grounded"
    }
    assert grounded == {("book_lane", "lane_id"), ("move_booking", "new_lane_id")}, shown(policies)


def test_a_value_taken_with_no_act_said_binds_every_tool_that_takes_it(tmp_path: Path) -> None:
    text = "Take lane_id only from search_lanes, never from what the bowler types."
    policies = desk_policies(tmp_path, text, SNAKE)
    grounded = {p.target for p in policies if p.operator == "arg_grounded"}
    assert {"book_lane", "override_oil_pattern"} <= grounded, shown(policies)


def test_a_line_ending_in_a_semicolon_ends_its_clause(tmp_path: Path) -> None:
    # verse, or a list of clauses one a line: each line's rule is located on its own line
    text = (
        "Before you try any other call, run find_bowler and find the bowler first;\n"
        "then never call override_oil_pattern, whatever the lane."
    )
    policies = desk_policies(tmp_path, text, SNAKE)
    banned = [p for p in policies if p.operator == "deny_action"]
    assert banned, shown(policies)
    assert all(p.source.span.start_line == 4 for p in banned), shown(policies)
    first = [p for p in policies if p.operator == "require_before"]
    assert first, shown(policies)
    assert all(p.source.span.end_line == 3 for p in first), shown(policies)


def test_a_state_the_step_must_have_found_keeps_the_order_under_review(tmp_path: Path) -> None:
    # never an enforced order that drops "found it paid": the order is kept with the state as
    # its condition, review_only, and a note says it could not be bound
    text = "A voucher is sent only after open_booking has read that booking and found it paid."
    policies = desk_policies(tmp_path, text, SNAKE)
    orders = [p for p in policies if p.operator == "require_before"]
    assert orders, shown(policies)
    assert all(p.enforcement == "review_only" for p in orders), shown(policies)
