"""Allowed values and bounds in the forms terse policies use, read through a whole build:
a bare label over a list ("Wristband colour: red, blue or green"), a dash after the label,
"one of", "X is a, b or c", "X come in a, b and c"; a labelled range with "between", a
label with "per <thing>", an amount with "max" after it. Each lands on the argument the
label names, on the tools that take it; a label that names no argument compiles to nothing
and says so. Sentences written for this test (a bowling alley and a tool library)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.labelled_values import labelled_list
from tests.corpus_agents import Row, build_prompt, policy_rows
from tests.test_grammar import _tool

TOOLS: list[dict[str, Any]] = [
    _tool("book_lane", "Book a bowling lane.", member_id="string", guests="integer",
          wristband_colour="string"),
    _tool("rent_shoes", "Rent bowling shoes.", member_id="string", shoe_size="integer"),
    _tool("lend_tool", "Lend a tool to a member.", member_id="string", drill_bit="string",
          loan_days="integer"),
    _tool("order_food", "Order food to a lane.", booking_id="string", quantity="integer"),
]  # fmt: skip


def _allow(tool: str, arg: str, *values: str) -> Row:
    return (tool, "resource_in_allowlist", arg, "enforce", {"allowed": sorted(values)})


def _bound(tool: str, arg: str, **limits: float) -> Row:
    return (tool, "arg_within_bound", arg, "enforce", {k: float(v) for k, v in limits.items()})


CASES: list[tuple[str, list[Row]]] = [
    # allowlists
    ("Wristband colour: red, blue or green only.",
     [_allow("book_lane", "wristband_colour", "red", "blue", "green")]),
    ("Wristband colour — one of red, blue, green.",
     [_allow("book_lane", "wristband_colour", "red", "blue", "green")]),
    ("The wristband colour is red, blue or green.",
     [_allow("book_lane", "wristband_colour", "red", "blue", "green")]),
    ("Wristbands come in red, blue and green.",
     [_allow("book_lane", "wristband_colour", "red", "blue", "green")]),
    ("Drill bit: one of masonry, wood or metal.",
     [_allow("lend_tool", "drill_bit", "masonry", "wood", "metal")]),
    ("Allowed drill bits — masonry, wood.", [_allow("lend_tool", "drill_bit", "masonry", "wood")]),
    # bounds
    ("Guests per booking: between 1 and 6.", [_bound("book_lane", "guests", min=1, max=6)]),
    ("Guests per lane: 6 max.", [_bound("book_lane", "guests", max=6)]),
    ("Food quantity per order: 1-10.", [_bound("order_food", "quantity", min=1, max=10)]),
    ("Loan days — 14 maximum.", [_bound("lend_tool", "loan_days", max=14)]),
    ("Shoe size: between 4 and 13.", [_bound("rent_shoes", "shoe_size", min=4, max=13)]),
    # bullets of values of several words under a line that says they are the only ones
    ("Allowed drill bits:\n- masonry\n- hard wood\n- sheet metal",
     [_allow("lend_tool", "drill_bit", "masonry", "hard wood", "sheet metal")]),
    ("Allowed drill bits:\n- lend a masonry bit\n- the wood bit", []),  # phrases, not values
    # never a reading the words do not give
    ("Opening days: Monday, Friday or Sunday.", []),  # a fact of the place, no argument
    ("Wristband colour: red, blue or green.", []),  # a bare label may describe: noted only
    ("Guests: 6.", []),  # a value, no bound
    ("Loans per member: 2 max.", []),  # a count of calls per member: no argument bound
    ("Wristbands: red, blue or green are typical.", []),  # an open list
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_a_labelled_value_list_or_bound(tmp_path: Path, text: str, expected: list[Row]) -> None:
    built = build_prompt(tmp_path, f"# Lane desk\n\n{text}\n", TOOLS)
    rows = [r for r in policy_rows(built) if r[1] in {"resource_in_allowlist", "arg_within_bound"}]
    assert rows == sorted(expected, key=lambda r: (r[0], r[1]))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Payment: one of card or voucher.", "unknown-argument"),  # no argument is `payment`
        ("Wristband colour: red, blue or green.", "rule-not-compiled"),  # a bare label
    ],
)
def test_a_list_not_compiled_is_reported_at_its_line(tmp_path: Path, text: str, code: str) -> None:
    built = build_prompt(tmp_path, f"# Lane desk\n\n{text}\n", TOOLS)
    assert not policy_rows(built)
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    assert [d.code for d in notes] == [code]
    assert notes[0].span is not None
    assert notes[0].span.start_line == 3


SHAPES: list[tuple[str, tuple[str, tuple[str, ...]]]] = [
    ("Wristband colour: red or blue only.", ("Wristband colour", ("red", "blue"))),
    ("Wristband colour: red, blue or green.", ("", ())),
    ("Guests per booking: between 1 and 6.", ("", ())),  # a range, not values
    ("Opening hours: 9, 12 or 15.", ("", ())),
    ("Note: drills, sanders.", ("", ())),
]


@pytest.mark.parametrize(("text", "found"), SHAPES)
def test_the_list_shapes(text: str, found: tuple[str, tuple[str, ...]]) -> None:
    assert labelled_list(text) == found


@pytest.mark.parametrize(
    "said",
    [
        "Allowed: red, blue, green.",
        "One of red, blue, green.",
        "Wristband colour: red, blue or green.",  # a label, then the list (`desc4_values`)
    ],
)
def test_a_parameter_description_read_as_an_enum_gets_no_note(tmp_path: Path, said: str) -> None:
    tool = _tool("book_lane", "Book a bowling lane.", wristband_colour="string")
    tool["function"]["parameters"]["properties"]["wristband_colour"]["description"] = said
    built = build_prompt(tmp_path, "# Lane desk\n\nHelp members book lanes.\n", [tool])
    enums = [
        p.condition.model_dump(mode="json", by_alias=True)
        for p in built.policies
        if p.operator == "schema_contract" and "enum" in str(p.condition.model_dump(mode="json"))
    ]
    assert len(enums) == 1
    assert "'red', 'blue', 'green'" in str(enums[0])
    notes = [d.code for d in built.state.diagnostics if d.span and d.span.path.endswith(".json")]
    assert "rule-not-compiled" not in notes


@pytest.mark.parametrize(
    ("said", "noted"),
    [
        ("Red, blue or green.", True),  # sentence case: kinds of value, not compiled
        ("Red, blue and green are typical.", False),  # an open list
        ("The colour printed on the band.", False),
    ],
)
def test_a_parameter_description_of_alternatives_is_noted(
    tmp_path: Path, said: str, noted: bool
) -> None:
    tool = _tool("book_lane", "Book a bowling lane.", wristband_colour="string")
    tool["function"]["parameters"]["properties"]["wristband_colour"]["description"] = said
    built = build_prompt(tmp_path, "# Lane desk\n\nHelp members book lanes.\n", [tool])
    notes = [d.code for d in built.state.diagnostics if d.span and d.span.path.endswith(".json")]
    assert ("rule-not-compiled" in notes) is noted
