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


# a prompt whose note says what binds follows a mark on each line ("Verdict:")
MARKED = """# Inspection sheet

Office note: on each car's line only the words after "Verdict:" bind, in every chat.

- Car 4 (blue hatchback, 2019). Verdict: ScriptTask_UnlockDepot is never yours to run.
- Car 7 (grey estate, 2021) failed its wash. Verdict: only a booking with status held may be moved.
- Car 9 (red coupe). Verdict: SendTask_TextRenter is used twice a chat at most.
"""


def test_a_mark_the_prompt_says_binds_starts_the_line_s_rule(tmp_path: Path) -> None:
    kinds = line_kinds(MARKED)
    assert kinds is not None
    assert kinds.marks == ("Verdict:",)
    policies = _policies(tmp_path, MARKED)
    assert enforced(policies, "deny_action", _DEPOT)
    moved = "ServiceTask_MoveBooking"
    assert enforced(policies, "state_condition", moved, field="status", allowed=["held"])
    assert enforced(policies, "max_calls", "SendTask_TextRenter", max=2)


def test_a_mark_said_to_bind_nothing_is_no_mark() -> None:
    doc = 'Note: the words after "Aside:" bind nothing.\n- Car 4. Aside: wash it weekly.\n'
    kinds = line_kinds(doc)
    assert kinds is None or not kinds.marks


# footnotes lettered with a dash, three of them at least
FOOTNOTES = """## Footnotes
a \u2014 ScriptTask_UnlockDepot is never yours to run.
b \u2014 Only a booking with status held may be moved.
c \u2014 SendTask_TextRenter is used twice a chat at most.
"""


def test_a_footnote_letter_and_dash_is_a_counter(tmp_path: Path) -> None:
    kinds = line_kinds(FOOTNOTES)
    assert kinds is not None
    assert kinds.counters == frozenset({"A"})
    policies = _policies(tmp_path, FOOTNOTES)
    # "b — Only ...": not the letter "b" read into the rule
    moved = "ServiceTask_MoveBooking"
    assert enforced(policies, "state_condition", moved, field="status", allowed=["held"])


# a desk whose bookings list their drivers, and whose kinds of hire are values of an argument
DRIVERS = [
    *MODEL,
    T(
        "ServiceTask_HireVan",
        "Hires a van for a day; returns hire_id.",
        hire_kind=("string", "day_hire or house_move"),
        driver_names=("array", "the drivers' names"),
    ),
]


@pytest.mark.parametrize(
    "sentence",
    [
        "driver_names holds one to three names.",
        "driver_names carries one to three names.",
        "A hire has 1 to 3 driver_names.",
    ],
)
def test_a_count_said_in_the_present_is_a_count_bound(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", DRIVERS)
    assert enforced(
        policies, "arg_count_bound", "ServiceTask_HireVan", arg="driver_names", min=1, max=3
    )


def test_a_count_for_one_kind_keeps_the_kind_as_its_condition(tmp_path: Path) -> None:
    # a house_move hire may carry 1 to 3 drivers: never a bound on every hire
    text = "A house_move hire covers 1 to 3 drivers; every other hire covers one.\n"
    policies = desk_policies(tmp_path, text, DRIVERS)
    counted = [p for p in policies if p.operator == "arg_count_bound"]
    assert counted
    assert all(p.enforcement == "review_only" for p in counted)


def test_how_long_something_takes_is_no_count(tmp_path: Path) -> None:
    text = "A hire takes three to four hours from pickup to return.\n"
    policies = desk_policies(tmp_path, text, DRIVERS)
    assert not [p for p in policies if p.operator in {"arg_count_bound", "arg_within_bound"}]


def test_the_argument_said_first_counts_its_items_with_an_alternative(tmp_path: Path) -> None:
    text = "driver_names holds one to three names, or as many as five for a house_move.\n"
    policies = desk_policies(tmp_path, text, DRIVERS)
    # the alternative is a condition no field binds: kept for review, never dropped
    assert read(policies, "arg_count_bound", "ServiceTask_HireVan", arg="driver_names", max=3)
    assert not enforced(policies, "arg_count_bound", "ServiceTask_HireVan", arg="driver_names")


# a toolkit named as infrastructure addresses: a record, a dot, an operation
ADDRESSED = [
    T("data.rental_booking.read", "Reads a booking and its status.", booking_id="string"),
    T("rental_booking.cancel", "Cancels a booking.", booking_id="string"),
    T(
        "rental_payment.take",
        "Charges a saved card.",
        booking_id="string",
        timeout_seconds="number",
    ),
    T("rental_depot_safe.open", "Opens a depot's key safe.", depot_id="string"),
]


@pytest.mark.parametrize(
    ("sentence", "operator", "tool", "params"),
    [
        (
            "rental_depot_safe.open is never yours to activate.",
            "deny_action",
            "rental_depot_safe.open",
            {},
        ),
        (
            "rental_booking.cancel is not yours to apply.",
            "deny_action",
            "rental_booking.cancel",
            {},
        ),
        (
            "rental_payment.take: timeout_seconds at most 12, and no booking is charged twice.",
            "timeout_leq",
            "rental_payment.take",
            {"max_seconds": 12},
        ),
    ],
)
def test_a_dotted_id_said_as_the_subject(
    tmp_path: Path, sentence: str, operator: str, tool: str, params: dict[str, Any]
) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", ADDRESSED)
    assert enforced(policies, operator, tool, **params)
    # the clause after the bound is never read with the bound as its condition (a count kept
    # for review "if the timeout_seconds is at most 12")
    assert [p.enforcement for p in policies] == ["enforce"] * len(policies)


@pytest.mark.parametrize(
    "sentence",
    [
        "driver_names carries one to three names, or up to five on a weekend_special hire.",
        "driver_names holds one to three names, or as many as five when the hire is long.",
        # the case in a clause of its own: the first figure is not every hire's either
        "driver_names holds one to three names; a house_move takes five.",
    ],
)
def test_the_other_figure_of_a_count_keeps_its_case(tmp_path: Path, sentence: str) -> None:
    # "or up to five on a weekend_special hire": five only in that case, never on every hire
    policies = desk_policies(tmp_path, sentence + "\n", DRIVERS)
    counted = [p for p in policies if p.operator == "arg_count_bound"]
    assert not [p for p in counted if p.enforcement == "enforce"]


# a desk whose lookup returns the renter's account_status, which the booking's renter_id binds
STATUS = [
    T(
        "find_renter",
        "Looks up a renter; returns renter_id, account_status (active, paused or closed).",
        email="string",
    ),
    T("book_van", "Books a van for a renter.", renter_id="string", van_id="string"),
    T("text_renter", "Sends a text to a renter.", mobile="string"),
    T("page_manager", "Pages the duty manager.", note="string"),
]


def test_a_field_id_with_its_values_after_with_is_a_state(tmp_path: Path) -> None:
    text = "A renter with account_status paused or closed is never booked a van.\n"
    policies = desk_policies(tmp_path, text, STATUS)
    assert read(
        policies, "state_condition", "book_van", field="account_status", denied=["paused", "closed"]
    )
    assert not read(policies, "deny_action", "book_van")  # never a ban on every booking


@pytest.mark.parametrize(
    "sentence",
    [
        "Whatever find_renter returns is never passed on to text_renter or to page_manager.",
        "Keep what find_renter returns out of text_renter and out of page_manager.",
    ],
)
def test_a_preposition_said_again_before_each_tool_keeps_both(
    tmp_path: Path, sentence: str
) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", STATUS)
    for tool in ("text_renter", "page_manager"):
        assert enforced(policies, "flow_denied", tool, sources=["find_renter"])
