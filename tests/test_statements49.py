"""Session 49: a counter label that opens many lines in one shape ("A1 (8 bars):") no word of
the rule (`specgap.extract.labels31`); a process model's element ids (`ServiceTask_FindRenter`)
read as the readers read an id (`specgap.extract.ids7_respell`); "ahead of" / "in advance of"
an order said with "before" (`specgap.extract.segments`); "the X you V is one that `t`
returned" a grounding even in the present tense (`specgap.extract.ground6_respell`); a step
said before every call that is a clause about a tool, no step (`oblig2_session`). Sentences,
ids and descriptions written for these tests, in a made-up car-rental desk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.ground6_respell import respellings
from specgap.extract.labels31 import line_kinds
from specgap.extract.oblig2_session import session_step
from tests.probes import desk_policies, enforced, read
from tests.probes import spec as T

# a rental desk's tools named as the elements of a process model
MODEL = [
    T(
        "ServiceTask_FindRenter",
        "Looks up a renter by email; returns renter_id, account_status and card_token.",
        email="string",
    ),
    T("ServiceTask_OpenBooking", "Reads a booking and its status.", booking_id="string"),
    T(
        "ServiceTask_SearchCars",
        "Searches free cars for dates; returns car_id and price.",
        pickup_date="string",
    ),
    T(
        "ServiceTask_BookCar",
        "Books a car for a renter; returns booking_id.",
        renter_id="string",
        car_id="string",
    ),
    T("ServiceTask_MoveBooking", "Moves a booking to other dates.", booking_id="string"),
    T(
        "ServiceTask_TakePayment",
        "Charges a saved card for a booking.",
        booking_id="string",
        card_token="string",
        amount_gbp="number",
    ),
    T("SendTask_TextRenter", "Sends a templated text to a renter.", mobile="string"),
    T("ScriptTask_UnlockDepot", "Opens the depot's key safe remotely.", depot_id="string"),
]


_DEPOT = "ScriptTask_UnlockDepot"


def _policies(tmp_path: Path, text: str) -> list[Any]:
    return desk_policies(tmp_path, text, MODEL)


# a prompt whose lines are cued as a song's parts are: "V1 (4 bars):" and so on
CUED = """# The desk's song sheet

V1 (4 bars): Look the renter up with ServiceTask_FindRenter before anything else.
V2 (4 bars): Only a booking with status held or paid may be moved.
C1 (8 bars): Never run ScriptTask_UnlockDepot.
"""


def test_a_counter_label_said_on_many_lines_is_no_word_of_the_rule(tmp_path: Path) -> None:
    kinds = line_kinds(CUED)
    assert kinds is not None
    assert kinds.counters  # "V1 (4 bars)" and "C1 (8 bars)": one shape
    policies = _policies(tmp_path, CUED)
    # read from "Only": the label's words are not taken into the act ("move v2 bars")
    moved = "ServiceTask_MoveBooking"
    assert enforced(policies, "state_condition", moved, field="status", allowed=["held", "paid"])
    assert enforced(policies, "deny_action", "ScriptTask_UnlockDepot")


@pytest.mark.parametrize(
    "doc",
    [
        # said twice only: no counter of lines
        "V1 (4 bars): Never run ScriptTask_UnlockDepot.\nV2 (4 bars): Be brief.\n",
        # a topic label has no number: it stays the sentence's own word
        "Refunds: never more than £100.\nMoves: once a booking.\nTexts: four a chat.\n",
    ],
)
def test_a_label_said_twice_or_without_a_number_counts_nothing(doc: str) -> None:
    kinds = line_kinds(doc)
    assert kinds is None or not kinds.counters


@pytest.mark.parametrize(
    ("sentence", "operator", "tool", "params"),
    [
        ("ScriptTask_UnlockDepot is never yours to run.", "deny_action", _DEPOT, {}),
        (
            "ServiceTask_FindRenter must pass before moving any booking.",
            "require_before",
            "ServiceTask_MoveBooking",
            {"before": "ServiceTask_FindRenter"},
        ),
        (
            "SendTask_TextRenter is used four times a chat at most.",
            "max_calls",
            "SendTask_TextRenter",
            {"max": 4},
        ),
    ],
)
def test_a_process_model_element_id_reads_as_an_id(
    tmp_path: Path, sentence: str, operator: str, tool: str, params: dict[str, Any]
) -> None:
    assert enforced(_policies(tmp_path, sentence + "\n"), operator, tool, **params)


@pytest.mark.parametrize(
    "sentence",
    [
        "Run ServiceTask_OpenBooking ahead of moving any booking.",
        "ServiceTask_OpenBooking must pass ahead of moving any booking.",
        "Call ServiceTask_OpenBooking in advance of moving a booking.",
    ],
)
def test_ahead_of_is_before(tmp_path: Path, sentence: str) -> None:
    policies = _policies(tmp_path, sentence + "\n")
    assert enforced(
        policies, "require_before", "ServiceTask_MoveBooking", before="ServiceTask_OpenBooking"
    )


def test_ahead_of_it_is_left_to_the_readers_that_know_it(tmp_path: Path) -> None:
    # "it" is the lookup: nothing is called before it, not the lookup before itself
    text = "ServiceTask_FindRenter opens every chat; nothing else is run ahead of it.\n"
    policies = _policies(tmp_path, text)
    assert read(policies, "require_before", "*", before="ServiceTask_FindRenter")
    assert not read(policies, "require_before", "ServiceTask_FindRenter")


@pytest.mark.parametrize(
    ("sentence", "tool", "arg", "source"),
    [
        (
            "The car_id you book is one that ServiceTask_SearchCars listed earlier in this chat.",
            "ServiceTask_BookCar",
            "car_id",
            "ServiceTask_SearchCars",
        ),
        (
            "The card_token it charges is one that ServiceTask_FindRenter returned.",
            "ServiceTask_TakePayment",
            "card_token",
            "ServiceTask_FindRenter",
        ),
    ],
)
def test_the_value_the_agent_acts_with_is_one_a_tool_returned(
    tmp_path: Path, sentence: str, tool: str, arg: str, source: str
) -> None:
    policies = _policies(tmp_path, sentence + "\n")
    assert enforced(policies, "arg_grounded", tool, arg=arg, from_tools=[source], from_user=False)


@pytest.mark.parametrize(
    "sentence",
    [
        # where a value is seen, said of no act of the agent: no rule
        "The car is one that search_cars listed.",
        "The price shown is the one the search gave.",
    ],
)
def test_a_value_seen_in_the_present_is_no_grounding(sentence: str) -> None:
    assert respellings(sentence) == []


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("look up the renter for every request", "look up the renter"),
        ("find_renter for every chat", "find_renter"),
        # a clause about the tool, said before "for every chat": no step to oblige
        ("find_renter is the first thing on the desk in every chat", None),
    ],
)
def test_a_step_before_every_call_is_said_as_a_step(text: str, step: str | None) -> None:
    assert session_step(text) == step
