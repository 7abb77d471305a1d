"""Session 29: a chat log pasted in as a policy ("[09:02] @ops.lead: ...", threaded replies
"↳ ...", emoji reaction lines, "(edited)"), a script's lines for the assistant ("Agent does:
..."), and a line keyed by a tool whose rest lists clauses that name no verb ("`t`: days no
more than 14, and max_results 8 at most", "refunds (`t`): £60 at most per repair", "`t` with a
limit of 12 or less"). Also: a later sentence that lets some callers "pay as much as" more
keeps the bound before it under that exception, and "at once" is no count of calls. Sentences
written for these tests, in a made-up bicycle-repair workshop."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.probes import assert_read, desk_policies, has_policy, shown
from tests.probes import spec as T

BIKES = [
    T("find_rider", "Finds a rider's account by phone number.", phone="string"),
    T(
        "search_slots",
        "Searches workshop slots.",
        days="integer",
        max_results="integer",
        limit="integer",
    ),
    T("read_repair", "Reads one repair: its status (booked, in_stand, done).", repair_id="string"),
    T("book_repair", "Books a repair.", rider_id="string", slot_id="string", service="string"),
    T("cancel_repair", "Cancels a repair.", repair_id="string", reason="string"),
    T("refund_rider", "Refunds money for a repair.", repair_id="string", amount_gbp="number"),
    T(
        "give_discount",
        "Applies a discount to a repair.",
        repair_id="string",
        percent="number",
        reason="string",
    ),
    T("add_bike", "Adds a bike to a rider's record.", rider_id="string", frame_no="string"),
    T("take_payment", "Charges a saved card.", repair_id="string", amount_gbp="number"),
    T("send_text", "Sends a templated text.", rider_id="string", template="string"),
]

CASES = [
    (
        "message-head",
        "[09:02] @ops.lead: pinned: get the rider's yes before every `cancel_repair`",
        "require_confirmation",
        "cancel_repair",
        {},
        "enforce",
    ),
    (
        "reply-arrow",
        "[09:10] @kim: hello all\n  \u21b3 [09:12] @ops.lead: never call `erase_rider`, ever",
        "deny_action",
        "erase_rider",
        {},
        "enforce",
    ),
    (
        "keyed-two-bounds",
        "[09:20] @kim: `search_slots`: days no more than 14, and max_results 8 at most",
        "arg_within_bound",
        "search_slots",
        {"arg": "max_results", "max": 8},
        "enforce",
    ),
    (
        "keyed-first-bound",
        "`search_slots`: days no more than 14, and max_results 8 at most",
        "arg_within_bound",
        "search_slots",
        {"arg": "days", "max": 14},
        "enforce",
    ),
    (
        "led-amount",
        "refunds (`refund_rider`): \u00a360 at most per repair, and only by card",
        "arg_within_bound",
        "refund_rider",
        {"arg": "amount_gbp", "max": 60},
        "enforce",
    ),
    (
        "led-bound-then-values",
        "discounts via `give_discount`: percent 10 at most, reason loyalty, student or club",
        "resource_in_allowlist",
        "give_discount",
        {"arg": "reason", "allowed": ["loyalty", "student", "club"]},
        "enforce",
    ),
    (
        "led-bound-before-values",
        "discounts via `give_discount`: percent 10 at most, reason loyalty, student or club",
        "arg_within_bound",
        "give_discount",
        {"arg": "percent", "max": 10},
        "enforce",
    ),
    (
        "led-ask-first",
        "cancelling with `cancel_repair`: ask first, every time.",
        "require_confirmation",
        "cancel_repair",
        {},
        "enforce",
    ),
    (
        "keyed-count-per-entity",
        "`add_bike` once per rider in a chat; the frame number as the rider reads it",
        "max_calls",
        "add_bike",
        {"max": 1, "per": "rider"},
        "enforce",
    ),
    (
        "script-with-bound",
        "Agent does: search_slots with a limit of 12 or less.",
        "arg_within_bound",
        "search_slots",
        {"arg": "limit", "max": 12},
        "enforce",
    ),
    (
        "script-with-values",
        "Agent does: cancel_repair with reason rider_request, duplicate or weather, and no "
        "other kind.",
        "resource_in_allowlist",
        "cancel_repair",
        {"arg": "reason", "allowed": ["rider_request", "duplicate", "weather"]},
        "enforce",
    ),
    (
        "script-amount-range",
        "Agent does: take_payment for \u00a31 to \u00a3400 at a time.",
        "arg_within_bound",
        "take_payment",
        {"arg": "amount_gbp", "min": 1, "max": 400},
        "enforce",
    ),
    (
        "edited-mark",
        "[11:02] @kim: discounts via `give_discount`: reason loyalty, student or club (edited)",
        "resource_in_allowlist",
        "give_discount",
        {"arg": "reason", "allowed": ["loyalty", "student", "club"]},
        "enforce",
    ),
    (
        "next-sentence-of-the-line",
        "cancelling with `cancel_repair`: ask first. reason is rider_request or duplicate",
        "resource_in_allowlist",
        "cancel_repair",
        {"arg": "reason", "allowed": ["rider_request", "duplicate"]},
        "enforce",
    ),
    (
        "comma-after-a-clause",
        "refunds (`refund_rider`): \u00a360 at most, anything above \u00a330 needs my review.",
        "arg_within_bound",
        "refund_rider",
        {"arg": "amount_gbp", "max": 60},
        "enforce",
    ),
    (
        "label-then-tool",
        "texts: `send_text` with repair_ready or running_late only, and at most 2 texts per chat",
        "max_calls",
        "send_text",
        {"max": 2},
        "enforce",
    ),
    (
        "said-of-the-tool",
        "[09:40] @kim: payments through `take_payment` are \u00a35 to \u00a3300.",
        "arg_within_bound",
        "take_payment",
        {"arg": "amount_gbp", "min": 5, "max": 300},
        "enforce",
    ),
    (
        "keyed-texts-in-one-chat",
        "`send_text`: template repair_ready or running_late, and up to two texts in one chat.",
        "max_calls",
        "send_text",
        {"max": 2},
        "enforce",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_chat_or_script_line_reads_as_its_rule(tmp_path: Path, case: tuple) -> None:
    _, text, operator, tool, params, enforcement = case
    tools = [*BIKES, T("erase_rider", "Erases a rider.", rider_id="string")]
    policies = desk_policies(tmp_path, text, tools)
    assert_read(policies, (case[0], text, tools, operator, tool, params, enforcement))


def test_messages_of_a_chat_log_are_read_apart(tmp_path: Path) -> None:
    # a line that opens a message ends the one above, even with no full stop: read together,
    # the second message's count was said of the first's tool
    text = (
        "[10:01] @kim: `add_bike` needs the frame number the rider reads off the bike\n"
        "[10:03] @ops.lead: `give_discount`: percent 10 at most\n"
        "    :+1: 2  :wrench: 1\n"
        "[10:05] @kim: one discount per repair (edited)"
    )
    policies = desk_policies(tmp_path, text, BIKES)
    assert has_policy(
        policies, "arg_within_bound", "give_discount", "enforce", arg="percent", max=10
    ), shown(policies)
    bounds = [p for p in policies if p.operator == "arg_within_bound"]
    assert all(p.target == "give_discount" for p in bounds), shown(policies)


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        pytest.param(
            "Agent does: take_payment for \u00a31 to \u00a3400 at a time.\n"
            "Branch: club accounts (race teams, shops) can pay as much as \u00a31,500 at once.",
            400,
            id="the-next-line",
        ),
        pytest.param(
            "[09:40] @kim: payments through `take_payment` are \u00a35 to \u00a3300.\n"
            "  \u21b3 [09:41] @ops.lead: card on file only\n"
            "  \u21b3 [09:42] @ops.lead: race teams: the payment can go up to \u00a31,000",
            300,
            id="a-reply-a-few-lines-on",
        ),
    ],
)
def test_a_later_line_that_lets_some_pay_more_keeps_the_bound_under_that_exception(
    tmp_path: Path, text: str, bound: int
) -> None:
    policies = desk_policies(tmp_path, text, BIKES)
    bounds = [p for p in policies if p.operator == "arg_within_bound" and p.condition.max == bound]
    assert bounds, shown(policies)
    # enforced alone, it would refuse the larger payment the later line allows
    assert all(p.enforcement == "review_only" for p in bounds), shown(policies)


def test_a_figure_a_few_lines_on_about_something_else_leaves_the_bound_alone(
    tmp_path: Path,
) -> None:
    text = (
        "[09:40] @kim: payments through `take_payment` are \u00a35 to \u00a3300.\n"
        "[09:41] @ops.lead: the texts go out at nine\n"
        "[09:42] @ops.lead: the wheel truing stand can hold up to 4 wheels"
    )
    policies = desk_policies(tmp_path, text, BIKES)
    assert has_policy(
        policies, "arg_within_bound", "take_payment", "enforce", arg="amount_gbp", max=300
    ), shown(policies)


def test_at_once_is_no_count_of_calls(tmp_path: Path) -> None:
    text = "Club accounts can pay up to \u00a31,500 at once."
    policies = desk_policies(tmp_path, text, BIKES)
    assert not [p for p in policies if p.operator == "max_calls"], shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        # a verb after an argument's id: the line is keyed by no tool, and "runs" is no argument
        "minutes_late runs from 10 to 90; a later bus is for the supervisor.",
        # a count of days is a span, not a count of calls
        "`book_repair`: 2 days per repair, and ask first",
    ],
)
def test_a_keyed_clause_is_not_read_where_its_words_say_something_else(
    tmp_path: Path, text: str
) -> None:
    policies = desk_policies(tmp_path, text, BIKES)
    assert not [p for p in policies if p.operator == "max_calls"], shown(policies)
    assert not [
        p
        for p in policies
        if p.operator == "arg_within_bound" and getattr(p.condition.selector, "arg", "") == "runs"
    ], shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "rescheduling: `read_repair` on that same repair first, then `cancel_repair`",
        "read_repair on the repair in question, then cancel_repair on that same one.",
    ],
)
def test_a_step_then_another_on_that_same_thing_binds_the_entity(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, BIKES)
    assert has_policy(
        policies,
        "require_before",
        "cancel_repair",
        "enforce",
        before="read_repair",
        same={"arg": "repair_id"},
    ), shown(policies)


def test_in_the_same_visit_is_a_stay_not_an_entity(tmp_path: Path) -> None:
    tools = [
        *BIKES,
        T("read_visit", "Reads a workshop visit.", visit_id="string"),
        T("move_visit", "Moves a workshop visit.", visit_id="string"),
    ]
    text = "Call `read_visit` on that same visit first, then `move_visit`."
    policies = desk_policies(tmp_path, text, tools)
    assert has_policy(
        policies, "require_before", "move_visit", "enforce", same={"arg": "visit_id"}
    ), shown(policies)
    text = "In the same visit, call `read_repair` before `cancel_repair`."
    policies = desk_policies(tmp_path, text, tools)
    orders = [p for p in policies if p.operator == "require_before"]
    assert orders, shown(policies)
    assert all(p.condition.same is None for p in orders), shown(policies)


def test_an_argument_one_tool_takes_is_bounded_with_no_tool_named(tmp_path: Path) -> None:
    tools = [*BIKES, T("hang_bike", "Hangs a bike on the rack.", frame_cm="integer")]
    text = "Agent does: frame_cm between 40 and 64; anything bigger goes on the floor."
    policies = desk_policies(tmp_path, text, tools)
    assert has_policy(
        policies, "arg_within_bound", "hang_bike", "enforce", arg="frame_cm", min=40, max=64
    ), shown(policies)


def test_an_argument_several_tools_take_is_not_bounded_for_all_of_them(tmp_path: Path) -> None:
    # `reason` is taken by `cancel_repair` and `give_discount`: said with no tool, the list
    # would hold for both, which the line does not say
    text = "reason: rider_request, duplicate or weather"
    policies = desk_policies(tmp_path, text, BIKES)
    assert not [
        p for p in policies if p.operator == "resource_in_allowlist" and p.enforcement == "enforce"
    ], shown(policies)


def test_a_threaded_reply_is_of_the_tool_its_message_keyed(tmp_path: Path) -> None:
    text = (
        "[10:15] @kim: discounts (`give_discount`): percent 10 at most\n"
        "  \u21b3 [10:16] @ops.lead: agreed\n"
        "  \u21b3 [10:18] @ops.lead: reason: late, damage or no_show\n"
        "[10:30] @kim: reason: rider_request or duplicate"
    )
    policies = desk_policies(tmp_path, text, BIKES)
    assert has_policy(
        policies,
        "resource_in_allowlist",
        "give_discount",
        "enforce",
        arg="reason",
        allowed=["late", "damage", "no_show"],
    ), shown(policies)
    # a message of its own, not a reply: no tool of the thread above
    assert not [
        p for p in policies if p.operator == "resource_in_allowlist" and "duplicate" in str(p)
    ], shown(policies)
