"""Bounds stated in other words than "at most" (issue 11, argument restrictions), in the
made-up car-rental domain of `test_grammar`: the action noun names the tool, the words after
it or the unit name the argument, and a rate is never read as a fixed bound."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.amounts import amount_bounds
from specgap.extract.argvalues import fixed_values
from tests.corpus_agents import Built, build_agent
from tests.test_grammar import TOOLS

READS: list[tuple[str, tuple[str, dict[str, Any]] | None]] = [
    ("Refunds may not exceed $500.", ("refund", {"facet": "amount", "max": 500})),
    ("The refund amount must not exceed 500 dollars.", ("refund", {"facet": "amount", "max": 500})),
    ("Never refund more than €75.50.", ("refund", {"facet": "amount", "max": 75.5})),
    ("The maximum refund is $500.", ("refund", {"facet": "amount", "max": 500})),
    (
        "Do not issue a refund of more than 200 euros.",
        ("issue refund", {"facet": "amount", "max": 200}),
    ),
    (
        "A rental extension must be at most 14 days.",
        ("extend rental", {"facet": "days", "max": 14}),
    ),
    ("The minimum booking is 2 days.", ("book", {"facet": "days", "min": 2})),
    ("Never issue a refund above $900.", ("issue refund", {"facet": "amount", "max": 900})),
    ("A rental must not be shorter than 2 days.", ("*", {"facet": "rental days", "min": 2})),
    (
        # no action named: the argument of every tool taking it
        "The rental days must be between 1 and 30.",
        ("*", {"facet": "rental days", "min": 1, "max": 30}),
    ),
    ("Refunds are limited to $20 per day.", None),  # a rate, not a fixed bound
    ("The maximum is 5.", None),  # nothing bounded
    ("Names must not exceed 20 characters.", None),  # no action named
]


@pytest.mark.parametrize(("sentence", "expected"), READS)
def test_bounds_in_other_words(sentence: str, expected: tuple[str, dict[str, Any]] | None) -> None:
    found = [(e.target, e.params) for e in amount_bounds(sentence)]
    assert found == ([expected] if expected else [])


def _build(tmp_path: Path, text: str) -> Built:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS, indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(text + "\n")
    return build_agent(tmp_path, [prompt], [tools])


COMPILED: list[tuple[str, tuple[str, str, dict[str, Any]]]] = [
    (
        "The refund amount must not exceed 500 dollars.",
        (
            "arg_within_bound",
            "issue_refund",
            {"selector": {"arg": "amount", "extract": None}, "max": 500.0},
        ),
    ),
    (
        "The rental days must be between 1 and 30.",
        ("arg_within_bound", "list_rentals", {"min": 1.0, "max": 30.0}),
    ),
    (
        # a count of calls stated of each booking is counted per booking
        "Each booking can be cancelled at most once.",
        ("max_calls", "cancel_booking", {"max": 1, "per": "booking"}),
    ),
    (
        "Confirm the booking details with the renter before reserving a car.",
        ("require_confirmation", "reserve_car", {}),
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), COMPILED)
def test_compiled(tmp_path: Path, sentence: str, expected: tuple[str, str, dict[str, Any]]) -> None:
    built = _build(tmp_path, sentence)
    found = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    assert [(p.operator, p.target) for p in found] == [expected[:2]]
    dumped = found[0].condition.model_dump(mode="json")
    assert {k: dumped[k] for k in expected[2]} == expected[2]


VALUES: list[tuple[str, tuple[str, str, dict[str, Any]]]] = [
    # the values of one argument, or the state of the entity acted on, in the imperative
    (
        "You can only reserve cars of class 'economy' or 'compact'.",
        ("resource_in_allowlist", "reserve_car", {"allowed": ["compact", "economy"]}),
    ),
    (
        "Do not search for cars in class 'luxury'.",
        ("deny_action", "find_cars", {"values": ["luxury"]}),
    ),
    (
        "Only cancel bookings with status 'reserved'.",
        ("state_condition", "cancel_booking", {"entity": "booking", "allowed": ["reserved"]}),
    ),
    (
        "Never cancel bookings in state 'returned' or 'on_road'.",
        (
            "state_condition",
            "cancel_booking",
            {"field": "state", "denied": ["returned", "on_road"]},
        ),
    ),
]


VALUES += [
    # the state of the entity acted on, said by an adjective or a relative clause
    (
        "Only reserved or paid bookings can be cancelled.",
        (
            "state_condition",
            "cancel_booking",
            {"entity": "booking", "allowed": ["paid", "reserved"]},
        ),
    ),
    (
        "You cannot cancel a booking that has already been returned.",
        ("state_condition", "cancel_booking", {"entity": "booking", "denied": ["returned"]}),
    ),
    (
        # the state word, not the entity's other words ("returned rental bookings")
        "Returned rental bookings cannot be cancelled.",
        ("state_condition", "cancel_booking", {"denied": ["Returned"]}),
    ),
    (
        "Bookings that have been returned cannot be cancelled.",
        ("state_condition", "cancel_booking", {"entity": "booking", "denied": ["returned"]}),
    ),
    (
        "Cancellations are possible only for reserved bookings.",
        ("state_condition", "cancel_booking", {"entity": "booking", "allowed": ["reserved"]}),
    ),
    (
        "The booking reason must be either 'moved' or 'changed plans'.",
        ("resource_in_allowlist", "cancel_booking", {"allowed": ["changed plans", "moved"]}),
    ),
    (
        "Always ask the renter for the booking number.",
        ("arg_grounded", "*", {"arg": "booking number", "from_user": True}),
    ),
    (
        # the adjective before the object
        "You are not allowed to cancel returned bookings.",
        ("state_condition", "cancel_booking", {"entity": "booking", "denied": ["returned"]}),
    ),
    (
        "Only cancel bookings that are unpaid.",
        ("state_condition", "cancel_booking", {"entity": "booking", "allowed": ["unpaid"]}),
    ),
]


@pytest.mark.parametrize(("sentence", "expected"), VALUES)
def test_values_of_an_argument_in_the_imperative(
    tmp_path: Path, sentence: str, expected: tuple[str, str, dict[str, Any]]
) -> None:
    test_compiled(tmp_path, sentence, expected)


FIXED: list[tuple[str, tuple[str, dict[str, Any]] | None]] = [
    (
        "For audit entries, apply the fixed timestamp '2030-01-01T00:00:00Z'.",
        ("*", {"facet": "timestamp", "allowed": ["2030-01-01T00:00:00Z"]}),
    ),
    (
        "New bookings are created with a status of 'reserved'.",
        ("create booking", {"facet": "status", "allowed": ["reserved"]}),
    ),
    ("Use the same format 'YYYY-MM-DD'.", None),  # a format, not a value
    ("Apply the fixed fees 'a' and 'b'.", None),  # two values are no fixed value
]


@pytest.mark.parametrize(("sentence", "expected"), FIXED)
def test_fixed_values(sentence: str, expected: tuple[str, dict[str, Any]] | None) -> None:
    found = [(e.target, e.params) for e in fixed_values(sentence)]
    assert found == ([expected] if expected else [])


def test_a_fixed_value_holds_wherever_the_argument_is(tmp_path: Path) -> None:
    test_compiled(
        tmp_path,
        "Always use the fixed reason 'renter request'.",
        ("resource_in_allowlist", "cancel_booking", {"allowed": ["renter request"]}),
    )
