"""Session 29: where an argument's value comes from, said as the call that gave it
(`grounded29`): "the quote_id passed in is the one that `T` returned", "`U` takes only a
slot_id that `T` gave back", "use the card token that `T` returned", "card_token comes from
the saved cards `T` listed". And a keyed line whose clauses hold under a condition another
clause says ("`t`: £80 at most, unless ...") is not read clause by clause. Sentences written
for these tests, in a made-up bicycle-repair workshop where two tools take a slot."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

BIKES = [
    T("find_rider", "Finds a rider; returns saved cards.", phone="string"),
    T("list_slots", "Lists open workshop slots.", day="string"),
    T("price_job", "Prices a job and returns a quote.", job="string"),
    T("book_slot", "Books a slot.", rider_id="string", slot_id="string", quote_id="string"),
    T("move_slot", "Moves a booking.", booking_id="string", new_slot_id="string"),
    T("take_payment", "Charges a saved card.", card_token="string", amount_gbp="number"),
]

CASES = [
    (
        "passed-in",
        "The quote_id passed in is the one that `price_job` returned.",
        "book_slot",
        {"arg": "quote_id", "from_tools": ["price_job"]},
    ),
    (
        "takes-only",
        "`book_slot` takes only a slot_id that `list_slots` gave back on this call.",
        "book_slot",
        {"arg": "slot_id", "from_tools": ["list_slots"]},
    ),
    (
        "use-the",
        "Use the card token that find_rider returned.",
        "take_payment",
        {"arg": "card_token", "from_tools": ["find_rider"]},
    ),
    (
        "comes-from",
        "card_token comes from the saved cards find_rider listed; digits read out are never used.",
        "take_payment",
        {"arg": "card_token", "from_tools": ["find_rider"]},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_values_origin_said_as_the_call_that_gave_it(tmp_path: Path, case: tuple) -> None:
    _, text, tool, params = case
    policies = desk_policies(tmp_path, text, BIKES)
    assert has_policy(policies, "arg_grounded", tool, "enforce", from_user=False, **params), shown(
        policies
    )


def test_a_tool_that_takes_only_a_value_binds_that_tools_argument_alone(tmp_path: Path) -> None:
    # `move_slot` takes a slot too (`new_slot_id`): the sentence is about booking only
    text = "`book_slot` takes only a slot_id that `list_slots` gave back."
    policies = desk_policies(tmp_path, text, BIKES)
    grounded = [p for p in policies if p.operator == "arg_grounded"]
    assert [p.target for p in grounded] == ["book_slot"], shown(policies)


def test_the_value_a_verb_says_is_not_respelt_for_every_tool(tmp_path: Path) -> None:
    # "the slot_id it books": read as "the slot_id must come from ...", `move_slot` would be
    # bound too; left to the grammar, which never enforces it on the moving tool
    text = "The slot_id it books is one that `list_slots` returned."
    policies = desk_policies(tmp_path, text, BIKES)
    assert not [p for p in policies if p.target == "move_slot" and p.enforcement == "enforce"], (
        shown(policies)
    )


def test_a_keyed_line_under_a_condition_is_not_read_clause_by_clause(tmp_path: Path) -> None:
    text = "payments (`take_payment`): \u00a3300 at most, unless the rider is a race team"
    policies = desk_policies(tmp_path, text, BIKES)
    assert not [
        p for p in policies if p.operator == "arg_within_bound" and p.enforcement == "enforce"
    ], shown(policies)


def test_a_clause_after_a_comma_with_no_verb_qualifies_the_one_before(tmp_path: Path) -> None:
    # "..., £500 for race teams": a raised figure for some riders, not a clause apart
    text = "payments (`take_payment`): \u00a3300 at most, \u00a3500 for race teams"
    policies = desk_policies(tmp_path, text, BIKES)
    assert not [
        p
        for p in policies
        if p.operator == "arg_within_bound"
        and p.condition.max == 300
        and p.enforcement == "enforce"
    ], shown(policies)
