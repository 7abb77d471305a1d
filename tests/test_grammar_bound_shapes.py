"""Bounds on an argument in more shapes (issue 11): a comparison after a copula ("the fee
cannot be higher than $500", "a tip must be at least 5%"), irregular participles ("deposits
of up to $80 may be taken"), a least amount in the imperative ("always take a deposit of at
least $20"), a measure word after the amount ("30 minutes long", "$80 in total"). Two
made-up domains (a cake bakery, an observatory); every sentence is written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.noun_bounds import trailing_condition
from tests.corpus_agents import Built, Row, build_prompt, policy_rows
from tests.test_grammar_value_lists import _tool

DOMAINS: dict[str, list[dict[str, Any]]] = {
    "bakery": [
        _tool("order_cake", "Order a celebration cake.", customer_id="string",
              servings=("integer", "People it feeds.")),
        _tool("take_deposit", "Take a deposit for a cake order.", order_id="string",
              amount=("number", "Deposit in dollars.")),
        _tool("add_tip", "Add a tip to an order.", order_id="string",
              percent=("number", "Tip in percent.")),
    ],
    "kennel": [
        _tool("board_dog", "Board a dog at the kennel.", owner_id="string",
              nights=("integer", "Length of the stay in nights."),
              deposit=("number", "Deposit taken, in dollars.")),
        _tool("book_grooming", "Book a grooming session.", dog_id="string",
              duration_minutes=("integer", "Session length in minutes.")),
        _tool("schedule_walk", "Schedule a walk.", dog_id="string",
              minutes=("integer", "Walk length.")),
    ],
    "observatory": [
        _tool("book_telescope", "Book observing time on a telescope.", observer_id="string",
              exposure_minutes=("integer", "Length of each exposure in minutes."),
              nights=("integer", "Number of nights.")),
        _tool("charge_fee", "Charge an observing fee.", booking_id="string",
              fee_usd=("number", "Fee in US dollars.")),
        _tool("list_bookings", "List telescope bookings.", observer_id="string"),
    ],
}  # fmt: skip


def _build(tmp_path: Path, domain: str, text: str) -> Built:
    return build_prompt(tmp_path, text + "\n", DOMAINS[domain])


def _bound(tool: str, arg: str, how: str = "enforce", **limits: float) -> Row:
    return (tool, "arg_within_bound", arg, how, {k: float(v) for k, v in limits.items()})


BOUNDS: list[tuple[str, str, list[Row]]] = [
    # a comparison after a copula, either side
    ("bakery", "A deposit must not be less than $20.", [_bound("take_deposit", "amount", min=20)]),
    ("bakery", "The tip must be at least 5%.", [_bound("add_tip", "percent", min=5)]),
    ("bakery", "The tip cannot be higher than 30 percent.",
     [_bound("add_tip", "percent", max=30)]),
    ("observatory", "The fee cannot be higher than 500 dollars.",
     [_bound("charge_fee", "fee_usd", max=500)]),
    ("observatory", "An exposure must not be longer than 30 minutes.",
     [_bound("book_telescope", "exposure_minutes", max=30)]),
    # an irregular participle after the amount
    ("bakery", "Deposits of up to $80 may be taken.", [_bound("take_deposit", "amount", max=80)]),
    # a least amount in the imperative
    ("bakery", "Always take a deposit of at least $20.",
     [_bound("take_deposit", "amount", min=20)]),
    # a measure word after the amount is no condition
    ("bakery", "A deposit must be at most $80 in total.",
     [_bound("take_deposit", "amount", max=80)]),
    # shapes read before, kept
    ("observatory", "Never charge a fee above 500 dollars.",
     [_bound("charge_fee", "fee_usd", max=500)]),
    ("observatory", "Exposures are limited to 30 minutes.",
     [_bound("book_telescope", "exposure_minutes", max=30)]),
    ("observatory", "Never book a telescope for more than 4 nights.",
     [_bound("book_telescope", "nights", max=4)]),
    # a noun that names no tool, bound by the argument it names with the measure
    ("observatory", "Each exposure must be between 1 and 30 minutes long.",
     [_bound("book_telescope", "exposure_minutes", min=1, max=30)]),
    ("observatory", "An exposure may not exceed 30 minutes.",
     [_bound("book_telescope", "exposure_minutes", max=30)]),
    # ... and nothing when no argument answers to the two together
    ("observatory", "A visit may not exceed 30 minutes.", []),
    # how many of a thing a call holds, both ends
    ("observatory", "A booking may include 1 to 5 nights.",
     [_bound("book_telescope", "nights", min=1, max=5)]),
    # allowed only for amounts below a sum
    ("bakery", "Deposits are only possible for amounts below 90 dollars.",
     [_bound("take_deposit", "amount", "review_only", max=90)]),
    # what an entity holds: only the tools its noun names, where one does
    ("kennel", "Grooming may take up to 90 minutes.",
     [_bound("book_grooming", "duration_minutes", max=90)]),
    # a place after the noun, "the number of", a noun that is an argument, a verb before it
    ("kennel", "Stays at the kennel are capped at 14 nights.",
     [_bound("board_dog", "nights", max=14)]),
    ("kennel", "The number of nights cannot be greater than 14.",
     [_bound("board_dog", "nights", max=14)]),
    ("kennel", "The deposit should not exceed $100.", [_bound("board_dog", "deposit", max=100)]),
    ("kennel", "Stays longer than 14 nights must not be booked.",
     [_bound("board_dog", "nights", max=14)]),
    # a minimum noun, both ends said apart
    ("kennel", "A minimum deposit of $25 is required.", [_bound("board_dog", "deposit", min=25)]),
    ("kennel", "Deposits must be at least $25 and at most $100.",
     [_bound("board_dog", "deposit", min=25, max=100)]),
    ("kennel", "Deposits must be at least $100 and at most $25.", []),  # an empty range
    # "cannot include more than", and one call's measure after the amount ("on one ...")
    ("observatory", "A single booking cannot include more than 5 nights.",
     [_bound("book_telescope", "nights", max=5)]),
    ("observatory", "Never book more than 5 nights on one booking.",
     [_bound("book_telescope", "nights", max=5)]),
    ("bakery", "A deposit may not exceed $80 at a time.",
     [_bound("take_deposit", "amount", max=80)]),
    # never below zero; "inclusive" after a range
    ("bakery", "The deposit amount cannot be negative.", [_bound("take_deposit", "amount", min=0)]),
    ("kennel", "The number of nights must be non-negative.",
     [_bound("board_dog", "nights", min=0)]),
    ("kennel", "Walks must be between 15 and 60 minutes (inclusive).",
     [_bound("schedule_walk", "minutes", min=15, max=60)]),
    # no amount, no bound
    ("bakery", "Always give a tip of some size.", []),
    ("bakery", "The tip must be at least generous.", []),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), BOUNDS)
def test_a_bound_in_more_shapes(
    tmp_path: Path, domain: str, text: str, expected: list[Row]
) -> None:
    rows = [r for r in policy_rows(_build(tmp_path, domain, text)) if r[1] == "arg_within_bound"]
    assert rows == expected


TAILS = [
    ("A deposit must be at most $80 in total.", None),
    ("Never book more than 5 nights on one booking.", None),
    ("Each exposure must be at most 30 minutes in length.", None),
    ("A deposit must be at most $80 for new customers.", "for new customers"),
]


@pytest.mark.parametrize(("text", "condition"), TAILS)
def test_what_follows_an_amount(text: str, condition: str | None) -> None:
    found = trailing_condition(text)
    assert (found[1] if found else None) == condition
