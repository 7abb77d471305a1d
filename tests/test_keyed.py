"""Configuration-like policies: a line keyed by a tool's id states a rule about that tool
("- water_bed: requires read_sensor first", "| send_alert | 2 per shift |",
"- set_heater.mode: eco, boost", "- open_vent on beds with status flooded" under
"Forbidden"). A greenhouse controller written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.keyed import statements
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool(
        "read_sensor", "Read a bed's sensors: moisture, status (ok, flooded, dry).", bed_id="string"
    ),
    _tool("check_forecast", "Read the weather forecast.", day="string"),
    _tool("water_bed", "Water a bed.", bed_id="string", litres="number"),
    _tool("open_vent", "Open the vent over a bed.", bed_id="string"),
    _tool("set_heater", "Set the heater.", mode="string"),
    _tool("send_alert", "Send an alert to the grower on duty.", text="string"),
    _tool("order_seed", "Order seed from the supplier.", variety="string", amount="number"),
]


def _said(rest: str, frame: str = "", arg: str | None = None) -> list[str] | None:
    found = statements("water_bed", arg, rest, 0, frame)
    if found is None:
        return None
    return ["".join(p if isinstance(p, str) else rest[p[0] : p[1]] for p in s) for s in found]


@pytest.mark.parametrize(
    ("rest", "frame", "arg", "said"),
    [
        ("3 per bed per day", "Limits", None, ["Call water_bed at most 3 times per bed per day."]),
        ("max 2", "", None, ["Call water_bed at most 2 times."]),
        ("twice per shift, never at night", "", None,
         ["Call water_bed at most 2 times per shift.", "never at night"]),
        ("requires read_sensor and check_forecast first", "", None,
         ["Always call read_sensor before calling water_bed.",
          "Always call check_forecast before calling water_bed."]),
        ("`read_sensor` first", "", None, ["Always call read_sensor before calling water_bed."]),
        ("after read_sensor", "", None, ["Always call read_sensor before calling water_bed."]),
        ("bed must not be flooded", "", None,
         ["Never call water_bed when the bed is flooded."]),
        ("bed must be dry (read_sensor shows it)", "", None,
         ["Call water_bed only when the bed is dry."]),
        ("only if the forecast is dry", "", None,
         ["Call water_bed only if the forecast is dry"]),
        ("on beds with status flooded", "Forbidden", None,
         ["Never call water_bed on beds with status flooded"]),
        ("5, 10 or 20", "Allowed values", "litres",
         ["Call water_bed only with litres 5, 10 or 20."]),
        ("eco | boost", "", "mode", ["Call water_bed only with mode eco or boost."]),
        ("max $40", "", None, ["Call water_bed with an amount of at most $40."]),
    ],
)  # fmt: skip
def test_the_sentence_a_keyed_line_states(
    rest: str, frame: str, arg: str | None, said: list[str]
) -> None:
    assert _said(rest, frame, arg) == said


@pytest.mark.parametrize(
    "rest",
    [
        "waters a bed with the given litres",  # says what the tool does
        "read_sensor, then water",  # not only ids
        "max $40 without the grower",  # an amount with a condition is left to the grammar
    ],
)
def test_lines_of_other_shapes_are_left_alone(rest: str) -> None:
    assert _said(rest) is None


POLICY = """\
## Limits
| Tool | Limit |
|---|---|
| send_alert | 2 per conversation |

## Preconditions
- water_bed: requires read_sensor first
- open_vent: bed must not be flooded

## Allowed values
- set_heater.mode: eco, boost

## Forbidden
- order_seed without a variety
"""


def _build(tmp_path: Path, text: str) -> Built:
    return build_prompt(tmp_path, f"# Greenhouse rules\n\n{text}", TOOLS)


def test_a_configuration_like_policy_compiles(tmp_path: Path) -> None:
    built = _build(tmp_path, POLICY)
    found = {
        (p.operator, p.target, p.source.span.start_line)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    }
    assert found >= {
        ("max_calls", "send_alert", 6),
        ("require_before", "water_bed", 9),
        ("state_condition", "open_vent", 10),
        ("resource_in_allowlist", "set_heater", 13),
    }
    # a ban under "Forbidden" of the call "without a variety" requires the argument the noun
    # names (sixteenth session; it was a ban under a condition nothing bound, reviewed)
    (ban,) = [
        p
        for p in built.policies
        if p.target == "order_seed" and p.source.artifact.endswith("prompt.md")
    ]
    assert (ban.operator, ban.enforcement) == ("schema_contract", "enforce")
    assert ban.condition.model_dump(by_alias=True)["schema"]["required"] == ["variety"]
    # a rule quotes its line
    (order,) = [p for p in built.policies if p.operator == "require_before"]
    assert order.source.quote == "water_bed: requires read_sensor first"


def test_a_sentence_that_starts_with_an_id_is_no_keyed_line(tmp_path: Path) -> None:
    built = _build(tmp_path, "water_bed is the tool that waters a bed.\n")
    assert not [p for p in built.policies if p.source.artifact.endswith("prompt.md")]


@pytest.mark.parametrize(
    ("sentence", "per"),
    [
        ("Call water_bed at most 3 times per bed per day.", "bed"),
        ("Send at most 3 alerts a day.", "day"),
        ("Call water_bed at most twice per conversation.", None),
    ],
)
def test_a_count_per_entity_and_per_day_counts_per_entity(
    tmp_path: Path, sentence: str, per: str | None
) -> None:
    built = _build(tmp_path, sentence + "\n")
    (count,) = [p for p in built.policies if p.operator == "max_calls"]
    assert count.condition.per == per  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("table", "counts"),
    [
        # a bare number is a count only where the column or the section says so
        ("## Tools\n| Tool | Max calls |\n|---|---|\n| send_alert | 2 |\n", {("send_alert", 2)}),
        ("## Tools\n| Tool | Per shift |\n|---|---|\n| send_alert | 3 |\n", {("send_alert", 3)}),
        ("## Limits\n| Tool | Value |\n|---|---|\n| send_alert | 4 |\n", {("send_alert", 4)}),
        # a price, a size, a duration: numbers, no counts, so no rule at all
        ("## Costs\n| Tool | Price |\n|---|---|\n| order_seed | 40 |\n| send_alert | 1 |\n", set()),
        ("## Tools\n| Tool | Timeout (s) |\n|---|---|\n| water_bed | 30 |\n", set()),
    ],
)
def test_a_bare_number_in_a_table_is_a_count_only_under_a_count(
    tmp_path: Path, table: str, counts: set[tuple[str, int]]
) -> None:
    built = _build(tmp_path, table)
    found = {
        (p.target, p.condition.max)  # type: ignore[attr-defined]
        for p in built.policies
        if p.operator == "max_calls"
    }
    assert found == counts


@pytest.mark.parametrize(
    "sentence",
    [
        "`order_seed` accepts amounts up to 500 only.",
        "Order seed in amounts of at most 40 overall.",
    ],
)
def test_a_word_after_the_number_that_counts_nothing_is_no_item_count(
    tmp_path: Path, sentence: str
) -> None:
    # "up to 500 only" was an enforced count of 500 items called "only"
    built = _build(tmp_path, sentence + "\n")
    assert not [p for p in built.policies if p.operator == "arg_count_bound"]
