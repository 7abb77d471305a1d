"""Session 32: two or more states said before the noun of the thing acted on are read as
that thing's state (`specgap.extract.state32_listed`). Sentences written for these tests, in
a made-up boat-hire desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.state32_listed import respelt
from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

HIRE = [
    T(
        "get_hire",
        "Reads a hire: status (reserved, on_water, returned, overdue or void) and the boat.",
        hire_id="string",
    ),
    T("extend_hire", "Extends a hire by some hours.", hire_id="string", hours="integer"),
    T("end_hire", "Ends a hire and frees the boat.", hire_id="string"),
    T(
        "book_boat",
        "Books a boat.",
        deck=("string", "Which deck: freight, cabin or open."),
        hours="integer",
    ),
]


@pytest.mark.parametrize(
    ("text", "operator", "states"),
    [
        ("Never end `returned` or `void` hires.", "end_hire", {"denied": ["returned", "void"]}),
        ("Returned or void hires are never ended.", "end_hire", {"denied": ["returned", "void"]}),
        (
            "A returned or void hire is not extended.",
            "extend_hire",
            {"denied": ["returned", "void"]},
        ),
        (
            "Only extend reserved or on_water hires.",
            "extend_hire",
            {"allowed": ["reserved", "on_water"]},
        ),
    ],
)
def test_listed_states_before_the_noun(
    tmp_path: Path, text: str, operator: str, states: dict[str, list[str]]
) -> None:
    policies = desk_policies(tmp_path, text, HIRE)
    assert has_policy(policies, "state_condition", operator, "enforce", field="status", **states), (
        shown(policies)
    )
    # no ban of the read tool ("end returned" or "void hires" split at the "or")
    assert not [p for p in policies if p.target == "get_hire"], shown(policies)


def test_kinds_before_the_noun_are_left_to_the_value_readers() -> None:
    # "freight", "cabin" are no states: values of the argument the schema lists them in
    assert respelt("Never book freight or cabin decks.") is None
    assert respelt("Never end returned hires.") is None  # one state: the grammar's already
    said = respelt("Never end `returned` or `void` hires today.")
    assert said == ("Never end hires that are `returned` or `void` today.", ["returned", "void"])
