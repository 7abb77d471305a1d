"""Bounds said with a plain copula, a strict comparison after a modal, a setting line, or an
amount before the thing it measures (`specgap.extract.copula_bounds`, issue 11). Two made-up
domains (a restaurant desk, a boat-hire desk); every sentence is written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.copula_bounds import copula_bounds
from tests.corpus_agents import Row, build_prompt, policy_rows
from tests.test_grammar_value_lists import _tool

DOMAINS: dict[str, list[dict[str, Any]]] = {
    "dine": [
        _tool("search_tables", "Search for free tables.", date="string",
              party_size=("integer", "Number of guests.")),
        _tool("book_table", "Book a table for a guest.", guest_name="string",
              party_size=("integer", "Number of guests.")),
        _tool("charge_no_show_fee", "Charge a no-show fee to the card on file.",
              booking_id="string", fee_amount=("number", "Fee in euros.")),
        _tool("hold_deposit", "Hold a deposit on the guest's card.", booking_id="string",
              deposit_eur=("number", "Deposit in euros.")),
    ],
    "boats": [
        _tool("hire_boat", "Hire a boat to a skipper.", skipper_id="string",
              hours=("integer", "Length of the hire in hours."),
              crew=("integer", "People on board.")),
        _tool("load_cargo", "Record cargo put on a boat.", boat_id="string",
              weight_kg=("number", "Cargo weight in kilograms.")),
    ],
}  # fmt: skip


def _bound(tool: str, arg: str, how: str = "enforce", **limits: float) -> Row:
    return (tool, "arg_within_bound", arg, how, {k: float(v) for k, v in limits.items()})


ROWS: list[tuple[str, str, list[Row]]] = [
    # a plain copula, no modal
    ("dine", "The no-show fee is at most €25.",
     [_bound("charge_no_show_fee", "fee_amount", max=25)]),
    ("boats", "A hire is at least 2 hours.",
     [_bound("hire_boat", "hours", min=2)]),
    # a strict comparison after a modal: a count one less, a measure or a sum as said
    ("dine", "The deposit must be under €100.", [_bound("hold_deposit", "deposit_eur", max=100)]),
    ("dine", "The party size must be under 9 guests.", [_bound("book_table", "party_size", max=8)]),
    ("boats", "Cargo weight has to stay below 400 kg.",
     [_bound("load_cargo", "weight_kg", max=400)]),
    ("boats", "A hire should be longer than 1 hours.", [_bound("hire_boat", "hours", min=1)]),
    # setting lines: the label names the argument (the reading tools are left out)
    ("dine", "max guests: 8", [_bound("book_table", "party_size", max=8)]),
    ("boats", "maximum_crew = 6", [_bound("hire_boat", "crew", max=6)]),
    ("dine", "Maximum deposit: €100", [_bound("hold_deposit", "deposit_eur", max=100)]),
    ("dine", "Party size: 1 to 8 guests.", [_bound("book_table", "party_size", min=1, max=8)]),
    ("dine", "No-show fee: up to €25", [_bound("charge_no_show_fee", "fee_amount", max=25)]),
    # the amount before what it is
    ("dine", "Hold at most €100 as a deposit.", [_bound("hold_deposit", "deposit_eur", max=100)]),
    ("dine", "Charge no more than €25 as a no-show fee.",
     [_bound("charge_no_show_fee", "fee_amount", max=25)]),
    # "label: maximum N", "can be N to M long", "worth at most"
    ("boats", "Crew: maximum 6.", [_bound("hire_boat", "crew", max=6)]),
    ("boats", "A hire can be 2 to 8 hours long.", [_bound("hire_boat", "hours", min=2, max=8)]),
    ("dine", "A deposit may be worth up to €100.",
     [_bound("hold_deposit", "deposit_eur", max=100)]),
    # the bound before a passive verb; "N or more" is not accepted: below it
    ("dine", "Deposits up to €100 may be held by the agent.",
     [_bound("hold_deposit", "deposit_eur", max=100)]),
    ("dine", "Parties of 9 guests or more cannot be booked.",
     [_bound("book_table", "party_size", "review_only", max=8)]),
    ("boats", "Cargo of 400 kg or more is not accepted.",
     [_bound("load_cargo", "weight_kg", "review_only", max=400)]),
    # negative: a time of day is no amount
    ("boats", "A hire cannot be later than 18:00.", []),
    # negative: no amount, a pronoun, an empty range, a crew no call sets by that name
    ("dine", "The fee is at most generous.", []),
    ("boats", "It is at most 5 minutes away.", []),
    ("dine", "Party size: 9 to 2 guests.", []),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), ROWS)
def test_a_bound_in_a_copula_or_setting(
    tmp_path: Path, domain: str, text: str, expected: list[Row]
) -> None:
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", DOMAINS[domain])
    rows = [r for r in policy_rows(built) if r[1] == "arg_within_bound"]
    assert rows == expected


SHAPES: list[tuple[str, dict[str, object] | None]] = [
    ("The no-show fee is at most €25.", {"facet": "amount", "max": 25}),
    ("Stays must be under 5 nights.", {"facet": "nights", "max": 4}),
    ("Stays must be under 5.5 nights.", {"facet": "nights", "max": 5.5}),
    ("max_nights = 14", {"facet": "nights", "max": 14, "set_by_call": True}),
    ("Refund: at least $5", {"facet": "amount", "min": 5}),
    ("The fee is generous.", None),
    ("Tables: 4 to 2 seats.", None),
]


@pytest.mark.parametrize(("text", "params"), SHAPES)
def test_the_shapes_read(text: str, params: dict[str, object] | None) -> None:
    found = copula_bounds(text)
    assert (found[0].params if found else None) == params
