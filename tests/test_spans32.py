"""Session 32: a tool named bare or in kebab case takes the span "at most N days ahead" in an
argument of its own (`reading._spans`, `agent_params.known_params` of a respelled id); "no
further than" / "no longer than" read as "at most", and a check's field that "came back" a
value is tested as that value (`segments`). Sentences written for these tests, in a made-up
kayak-hire desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.segments import _compared
from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

KAYAKS = [
    T(
        "CHECK-LICENCE",
        "Checks a paddler's licence. Returns licence_valid (true or false).",
        paddler_id="string",
    ),
    T("FIND-SLOTS", "Finds free kayak slots.", days="integer", from_date="string"),
    T("BOOK-KAYAK", "Books a kayak.", paddler_id="string", slot_id="string"),
]


@pytest.mark.parametrize(
    "text",
    [
        "Search at most 21 days ahead with FIND-SLOTS.",
        "Search no further than 21 days ahead with FIND-SLOTS.",
    ],
)
def test_a_span_ahead_is_the_days_of_a_kebab_tool(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, KAYAKS)
    found = [p for p in policies if p.operator == "arg_within_bound"]
    assert has_policy(found, "arg_within_bound", "FIND-SLOTS", found[0].enforcement if found
                      else "review_only", arg="days", max=21), shown(policies)  # fmt: skip


def test_a_field_that_came_back_a_value(tmp_path: Path) -> None:
    text = "Book a kayak only when `licence_valid` came back true."
    policies = desk_policies(tmp_path, text, KAYAKS)
    assert has_policy(
        policies,
        "state_condition",
        "BOOK-KAYAK",
        "enforce",
        field="licence_valid",
        allowed=["true"],
    ), shown(policies)


def test_spellings_keep_their_length() -> None:
    said = "Stay no longer than 4 hours on the water."
    assert " ".join(_compared(said).split()) == "Stay at most 4 hours on the water."
    assert len(_compared(said)) == len(said)
    # a subject's "No further than" opens the sentence: left as it is
    assert _compared("No further than the pier.") == "No further than the pier."
