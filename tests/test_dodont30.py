"""Session 30: a table of dos and don'ts read cell by cell, a "don't" cell as a refusal
(`dodont30`); "call `t` before anything else" ordering every other call; a lead time bound
on the argument that holds it; "never call two tools in one turn". Sentences written for
these tests, in a made-up chimney-sweep booking desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.probes import desk_policies, fits, shown
from tests.probes import spec as T

SWEEP = [
    T("find_client", "Finds a client by phone.", phone="string"),
    T("search_visits", "Lists free sweep visits.", days_ahead="integer", postcode="string"),
    T("plan_search", "Lists free survey dates.", postcode="string", start_date="string"),
    T("book_sweep", "Books a sweep.", client_id="string", visit_id="string", flues="integer"),
    T("cancel_sweep", "Cancels a sweep.", booking_id="string"),
    T("refund_fee", "Refunds a fee.", booking_id="string", amount="number"),
    T("wipe_client", "Erases a client's data.", client_id="string"),
]


def _any(policies: list, operator: str, target: str, **params: object) -> bool:
    return any(fits(p, operator, target, params) for p in policies)


def test_a_dos_and_donts_table_is_read_cell_by_cell(tmp_path: Path) -> None:
    text = (
        "## Do and don't\n\n"
        "| Do | Don't |\n|---|---|\n"
        "| Find the client with `find_client` before `book_sweep`. "
        "| Cancel more than one sweep in a chat. |\n"
        "| Book 1 to 3 flues on one visit. | Run `wipe_client`. |\n"
        "| Refund through `refund_fee`. | Refund more than £90 with `refund_fee`. |\n"
    )
    policies = desk_policies(tmp_path, text, SWEEP)
    expected = [
        ("require_before", "book_sweep", {"before": "find_client"}),
        ("max_calls", "cancel_sweep", {"max": 1}),
        ("arg_within_bound", "book_sweep", {"arg": "flues", "min": 1, "max": 3}),
        ("deny_action", "wipe_client", {}),
        ("arg_within_bound", "refund_fee", {"arg": "amount", "max": 90}),
    ]
    for operator, tool, params in expected:
        assert _any(policies, operator, tool, **params), (operator, shown(policies))
    # a "do" cell is no refusal: nothing bans the refund or the booking
    assert not [p for p in policies if p.operator == "deny_action" and p.target != "wipe_client"], (
        shown(policies)
    )


def test_a_dont_cell_that_already_refuses_is_not_negated_twice(tmp_path: Path) -> None:
    text = "| Always | Never |\n|---|---|\n| Greet the client. | Never run `wipe_client`. |\n"
    policies = desk_policies(tmp_path, text, SWEEP)
    assert _any(policies, "deny_action", "wipe_client"), shown(policies)


def test_a_table_with_a_lone_no_column_is_left_to_the_row_reader(tmp_path: Path) -> None:
    # "| Action | Allowed? |" / "| `wipe_client` | No |" is a permission table, not dos and
    # don'ts: the row reads "`wipe_client` never"
    text = "| Action | Allowed |\n|---|---|\n| Run `wipe_client` | No |\n"
    policies = desk_policies(tmp_path, text, SWEEP)
    assert _any(policies, "deny_action", "wipe_client"), shown(policies)


@pytest.mark.parametrize(
    "sentence",
    [
        "Call `find_client` before anything else; every other tool waits for the client.",
        "Call `find_client` before anything else.",
    ],
)
def test_before_anything_else_orders_every_other_call(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", SWEEP)
    assert _any(policies, "require_before", "*", before="find_client"), shown(policies)


def test_a_lead_time_bounds_the_argument_that_holds_it(tmp_path: Path) -> None:
    text = "Search with `search_visits`, looking no more than 21 days ahead.\n"
    policies = desk_policies(tmp_path, text, SWEEP)
    assert _any(policies, "arg_within_bound", "search_visits", arg="days_ahead", max=21), shown(
        policies
    )


def test_a_lead_time_with_no_argument_to_hold_it_stays_a_gap(tmp_path: Path) -> None:
    # `plan_search` takes a start date, which no bound compares: no bound, a located note
    text = "Search with `plan_search`, looking no more than 21 days ahead.\n"
    policies = desk_policies(tmp_path, text, SWEEP)
    assert not [p for p in policies if p.operator == "arg_within_bound"], shown(policies)


def test_two_tools_in_one_turn_is_one_call_at_a_time(tmp_path: Path) -> None:
    text = "Never call two tools in one turn.\n"
    policies = desk_policies(tmp_path, text, SWEEP)
    assert _any(policies, "one_call_at_a_time", "*"), shown(policies)


@pytest.mark.parametrize(
    "sentence",
    ["Book 1 to 3 flues on one visit.", "Each sweep may cover 1 to 3 flues."],
)
def test_a_range_said_with_to_bounds_the_counted_argument(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", SWEEP)
    assert _any(policies, "arg_within_bound", "book_sweep", arg="flues", min=1, max=3), shown(
        policies
    )


def test_two_numbers_joined_by_and_are_no_range(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Each sweep may cover 1 and 3 flues.\n", SWEEP)
    assert not [p for p in policies if p.operator == "arg_within_bound"], shown(policies)


SWEEP_LIST = [
    *SWEEP,
    T("price_items", "Price a list of extra items.", items=("array", "item codes")),
    T("add_extras", "Book extra items onto a sweep.", booking_id="string", items="array"),
]


def test_a_held_range_goes_to_the_tool_whose_description_opens_with_its_verb(
    tmp_path: Path,
) -> None:
    # "a booking" holds the items: `add_extras` ("Book extra items ..."), not `price_items`
    policies = desk_policies(tmp_path, "A booking may hold between 1 and 4 items.\n", SWEEP_LIST)
    assert _any(policies, "arg_count_bound", "add_extras", arg="items", max=4), shown(policies)
    assert not [p for p in policies if p.target == "price_items"], shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "Book 1 to 3 flues on one visit; a landlord client may book up to 6.\n",
        "- Book 1 to 3 flues on one visit.\n  - If the client is a landlord: as many as 6 flues.\n",
    ],
)
def test_a_bound_raised_for_some_calls_is_kept_under_that_exception(
    tmp_path: Path, text: str
) -> None:
    policies = desk_policies(tmp_path, text, SWEEP)
    flat_bounds = [
        p
        for p in policies
        if p.operator == "arg_within_bound" and p.condition.max == 3 and p.enforcement == "enforce"
    ]
    assert _any(policies, "arg_within_bound", "book_sweep", arg="flues", max=3), shown(policies)
    assert not flat_bounds, shown(policies)
