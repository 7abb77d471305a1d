"""A bound said in one unit is fitted to the unit its argument takes (`specgap.argunits`,
issue 11): hours on a minutes argument, dollars on a cents argument, a percent on a rate
described as a fraction. Made-up salon and ferry tools; every sentence is written for this
test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.argunits import in_argument_units
from tests.corpus_agents import Row, build_prompt, policy_rows
from tests.test_grammar_value_lists import _tool

TOOLS: list[dict[str, Any]] = [
    _tool("book_session", "Book a salon session.", client_id="string",
          duration_minutes=("integer", "Length of the session in minutes.")),
    _tool("refund_client", "Refund a client.", client_id="string",
          amount_cents=("integer", "Refund in cents.")),
    _tool("set_tip_rate", "Set the tip rate.", client_id="string",
          rate=("number", "Tip as a fraction between 0 and 1.")),
]  # fmt: skip


def _bound(tool: str, arg: str, how: str = "enforce", **limits: float) -> Row:
    return (tool, "arg_within_bound", arg, how, {k: float(v) for k, v in limits.items()})


ROWS: list[tuple[str, list[Row]]] = [
    ("Never book a session for more than 2 hours.",
     [_bound("book_session", "duration_minutes", max=120)]),
    ("Sessions must be between 30 and 90 minutes.",
     [_bound("book_session", "duration_minutes", min=30, max=90)]),
    ("Refunds may not exceed $25.",
     [_bound("refund_client", "amount_cents", "review_only", max=2500)]),
    # the noun names the one tool whose id says it; the unit finds its argument
    ("The tip rate must be at most 20%.", [_bound("set_tip_rate", "rate", max=0.2)]),
    ("Tips may not exceed 20%.", [_bound("set_tip_rate", "rate", max=0.2)]),
    ("Sessions cannot be longer than 2 hours.",
     [_bound("book_session", "duration_minutes", max=120)]),
    # negative: no tool's id says the noun
    ("Visits cannot be longer than 2 hours.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_a_bound_in_the_arguments_unit(tmp_path: Path, text: str, expected: list[Row]) -> None:
    built = build_prompt(tmp_path, f"# Salon\n\n{text}\n", TOOLS)
    assert [r for r in policy_rows(built) if r[1] == "arg_within_bound"] == expected


CASES: list[tuple[str, str, str, dict[str, Any], dict[str, Any]]] = [
    # (facet said, sentence, argument, its schema, the bound) -> the bound in its units
    ("hours", "at most 3 hours", "wait_minutes", {}, {"max": 180}),
    ("days", "at most 2 weeks", "length_days", {}, {"max": 2}),  # facet says days: as said
    ("weeks", "at most 2 weeks", "length_days", {}, {"max": 14}),
    ("amount", "at most $9.50", "fee_cents", {}, {"max": 950}),
    ("gb", "at most 2 GB", "quota_mb", {}, {"max": 2048}),
    # negative: the same unit, two units in the argument, units of other kinds, no unit
    ("minutes", "at most 30 minutes", "duration_minutes", {}, {"max": 30}),
    ("hours", "at most 3 hours", "span", {"description": "minutes or hours"}, {"max": 3}),
    ("hours", "at most 3 hours", "price_cents", {}, {"max": 3}),
    ("amount", "at most 300", "fee_cents", {}, {"max": 300}),
    ("percent", "at most 15%", "discount", {"description": "Discount in percent."}, {"max": 15}),
]


@pytest.mark.parametrize(("said", "text", "arg", "schema", "bound"), CASES[:5])
def test_units_converted(
    said: str, text: str, arg: str, schema: dict[str, Any], bound: dict[str, Any]
) -> None:
    stated = float(text.split()[2].strip("$"))  # "at most 3 hours": 3
    params = {"max": int(stated) if stated.is_integer() else stated}
    assert in_argument_units(said, text, arg, schema, params) == bound


@pytest.mark.parametrize(("said", "text", "arg", "schema", "bound"), CASES[5:])
def test_units_left_alone(
    said: str, text: str, arg: str, schema: dict[str, Any], bound: dict[str, Any]
) -> None:
    assert in_argument_units(said, text, arg, schema, dict(bound)) == bound


# distance and weight (thirteenth session): "50 miles" on `distance_km` was enforced as 50
# km, "2 tonnes" on `load_kg` as 2 kg; a unit the table lacks, or "pounds" (a currency as
# often as a weight), is left alone
MEASURES: list[tuple[str, str, str, dict[str, Any], dict[str, Any]]] = [
    ("miles", "over 50 miles", "distance_km", {}, {"max": 80.4672}),
    ("km", "over 3 km", "route_length_m", {}, {"max": 3000}),
    ("ft", "over 12 ft", "mast_height_m", {}, {"max": 3.6576}),
    ("lbs", "over 200 lbs", "load_kg", {}, {"max": 90.718474}),
    ("tonnes", "over 2 tonnes", "load_kg", {}, {"max": 2000}),
    ("g", "over 500 g", "parcel_weight", {"description": "Weight in kilograms."}, {"max": 0.5}),
    ("amount", "over £25", "fee_cents", {}, {"max": 2500}),
    ("hr", "over 2 hr", "wait_minutes", {}, {"max": 120}),
]
KEPT: list[tuple[str, str, str, dict[str, Any], dict[str, Any]]] = [
    ("pounds", "over 200 pounds", "load_kg", {}, {"max": 200}),
    ("km", "over 3 km", "route_length_km", {}, {"max": 3}),
    # "I'm" is no metre: the argument's one unit is still minutes
    ("hours", "over 2 hours", "wait", {"description": "I'm told it is in minutes."}, {"max": 120}),
]


@pytest.mark.parametrize(("said", "text", "arg", "schema", "bound"), [*MEASURES, *KEPT])
def test_distance_and_weight_in_the_arguments_unit(
    said: str, text: str, arg: str, schema: dict[str, Any], bound: dict[str, Any]
) -> None:
    stated = float(text.split()[1].strip("£"))
    params = {"max": int(stated) if stated.is_integer() else stated}
    assert in_argument_units(said, text, arg, schema, params) == bound


def test_a_trip_in_miles_is_bound_in_kilometres(tmp_path: Path) -> None:
    tools = [_tool("book_trip", "Book a van trip.", distance_km=("number", "Distance in km."))]
    built = build_prompt(tmp_path, "# Vans\n\nTrips over 50 miles are refused.\n", tools)
    rows = [r for r in policy_rows(built) if r[1] == "arg_within_bound"]
    assert rows == [("book_trip", "arg_within_bound", "distance_km", "enforce", {"max": 80.4672})]


def test_a_weight_in_tons_is_not_bound_to_kilograms(tmp_path: Path) -> None:
    # short, long or metric: "tons" says no one weight, so no argument takes it by its unit
    tools = [_tool("book_trip", "Book a van trip.", load_kg=("number", "Load in kg."))]
    built = build_prompt(tmp_path, "# Vans\n\nLoads above 2 tons are refused.\n", tools)
    assert not [r for r in policy_rows(built) if r[1] == "arg_within_bound" and r[3] == "enforce"]


# temperature: an offset and a factor ("8 °C" on `setpoint_f` was enforced as 8 °F)
DEGREES: list[tuple[str, str, dict[str, Any], dict[str, Any], dict[str, Any]]] = [
    ("at most 8 °C", "setpoint_f", {}, {"max": 8}, {"max": 46.4}),
    ("at most 8 degrees Celsius", "setpointF", {}, {"max": 8}, {"max": 46.4}),
    (
        "between 35 and 46.4 °F",
        "temp_c",
        {},
        {"min": 35, "max": 46.4},
        {"min": 1.666666667, "max": 8},
    ),
    ("at most 8 °C", "setpoint", {"description": "Degrees Fahrenheit."}, {"max": 8}, {"max": 46.4}),
    # the same scale, no scale said, or the argument's unknown: as said
    ("at most 8 °C", "temp_c", {}, {"max": 8}, {"max": 8}),
    ("at most 8 degrees", "setpoint_f", {}, {"max": 8}, {"max": 8}),
    ("at most 8 °C", "setpoint", {}, {"max": 8}, {"max": 8}),
]


@pytest.mark.parametrize(("text", "arg", "schema", "said", "bound"), DEGREES)
def test_a_temperature_in_the_arguments_scale(
    text: str, arg: str, schema: dict[str, Any], said: dict[str, Any], bound: dict[str, Any]
) -> None:
    assert in_argument_units("degrees", text, arg, schema, said) == bound


def test_a_fridge_bound_in_celsius_on_a_fahrenheit_argument(tmp_path: Path) -> None:
    tools = [_tool("set_fridge", "Set a fridge.", setpoint_f=("number", "Setpoint."))]
    built = build_prompt(
        tmp_path, "# Cold room\n\nFridge setpoints above 8 °C are refused.\n", tools
    )
    rows = [r for r in policy_rows(built) if r[1] == "arg_within_bound"]
    assert rows == [("set_fridge", "arg_within_bound", "setpoint_f", "enforce", {"max": 46.4})]
