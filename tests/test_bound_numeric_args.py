"""A bound said on a counted noun binds to the tool's numeric argument the noun names, never
to a text argument that shares the word (issue 11, `unknown-argument`): "8 guests" is
`party_size` ("Number of guests.") even when `guest_name` says "guest" in its name; a banned
action "for more than N things" bounds the argument the things name, as "with more than N
things" does. A made-up restaurant desk and a ferry desk; every sentence is written for
this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import Row, build_prompt, policy_rows
from tests.test_grammar_value_lists import _tool

DOMAINS: dict[str, list[dict[str, Any]]] = {
    "dine": [
        _tool("book_table", "Book a table for a guest.", restaurant_id="string",
              guest_name=("string", "Name the table is held under."),
              party_size=("integer", "Number of guests."),
              seating_area=("string", "Where the party sits.")),
        _tool("add_note", "Add a note to a booking.", booking_id="string", note="string"),
    ],
    "ferry": [
        _tool("book_crossing", "Book a ferry crossing.", route_code="string",
              passenger_name=("string", "Lead passenger."),
              passengers=("integer", "How many people travel."),
              vehicle_length_m=("number", "Length of the vehicle in metres.")),
        _tool("name_cabin", "Label a cabin.", cabin_id="string",
              passenger_name=("string", "Passenger sleeping there.")),
    ],
    "tea": [
        _tool("hold_table", "Hold a table.", guest="string",
              covers=("integer", "Number of guests.")),
    ],
}  # fmt: skip


def _bound(tool: str, arg: str, how: str = "enforce", **limits: float) -> Row:
    return (tool, "arg_within_bound", arg, how, {k: float(v) for k, v in limits.items()})


ROWS: list[tuple[str, str, list[Row]]] = [
    # the counted noun is in a text argument's name and a numeric argument's description
    ("dine", "Only book tables for between 1 and 8 guests.",
     [_bound("book_table", "party_size", min=1, max=8)]),
    ("dine", "Never book a table for more than 8 guests.",
     [_bound("book_table", "party_size", max=8)]),
    ("dine", "Parties of more than 8 guests are not accepted.",
     [_bound("book_table", "party_size", max=8)]),
    ("dine", "Tables must not be booked for more than 8 guests.",
     [_bound("book_table", "party_size", max=8)]),
    # the numeric argument is named by the noun itself: unchanged
    ("ferry", "Never book a crossing for more than 9 passengers.",
     [_bound("book_crossing", "passengers", max=9)]),
    # a plain text argument that says nothing of a number ("guest") is no bound's place
    ("tea", "Never hold a table for more than 8 guests.",
     [_bound("hold_table", "covers", max=8)]),
    # negative: a tool with no numeric argument gains no bound on its text argument
    ("ferry", "Never name a cabin for more than 4 passengers.", []),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), ROWS)
def test_a_counted_noun_binds_the_numeric_argument(
    tmp_path: Path, domain: str, text: str, expected: list[Row]
) -> None:
    built = build_prompt(tmp_path, text + "\n", DOMAINS[domain])
    rows = [r for r in policy_rows(built) if r[1] == "arg_within_bound"]
    enforced = [r for r in rows if r[3] == "enforce"]
    assert (enforced if not expected else rows) == expected
