"""A bound counted in characters on a text argument is a bound on the text's length (the
selector facet `length`), not a number the text holds. Before, "The note must not be
longer than 200 characters" compiled to an enforced numeric bound on `note`: a note
reading "350" was denied and a 5,000-character note allowed. A ferry desk written for
the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.events import ToolCall
from specgap.guard import Guard
from specgap.irbase import Selector
from specgap.operators.arg_within_bound import ArgWithinBound, _check_bound, _exceed_bound
from specgap.operators.base import TraceState, describe_selector
from specgap.operators.values import select
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("flagVehicle", "Flag a vehicle for inspection.", bookingId="string", note="string"),
    _tool("issueVoucher", "Issue a travel voucher.", passengerId="string", amount="number"),
]


def _bounds(tmp_path: Path, sentence: str) -> list[tuple[str, Selector, float | None]]:
    built = build_prompt(tmp_path, f"# Ferry desk\n\n{sentence}\n", TOOLS)
    return [
        (p.target, p.condition.selector, p.condition.max)
        for p in built.policies
        if isinstance(p.condition, ArgWithinBound)
    ]


@pytest.mark.parametrize(
    ("sentence", "arg", "extract", "most"),
    [
        ("The note must not be longer than 200 characters.", "note", "length", 200.0),
        ("Notes must not be longer than 90 characters.", "note", "length", 90.0),
        ("The note must be at most 90 characters long.", "note", "length", 90.0),
        # a number bound on a numeric argument stays one
        ("Voucher amounts must stay below 200.", "amount", None, 200.0),
        ("Never issue a voucher of more than 75 euros.", "amount", None, 75.0),
    ],
)  # fmt: skip
def test_a_bound_in_characters_bounds_the_length(
    tmp_path: Path, sentence: str, arg: str, extract: str | None, most: float
) -> None:
    found = _bounds(tmp_path, sentence)
    assert [(s.arg, s.extract, m) for _, s, m in found] == [(arg, extract, most)]


def _bound(most: float) -> ArgWithinBound:
    return ArgWithinBound(selector=Selector(arg="note", extract="length"), max=most)


def _call(note: object) -> ToolCall:
    return ToolCall(name="flagVehicle", tool="flagVehicle", args={"bookingId": "b-1", "note": note})


@pytest.mark.parametrize(
    ("note", "denied"),
    [
        ("x" * 200, False),
        ("x" * 201, True),
        ("350", False),  # a number as text: three characters
        ("é" * 200, False),  # characters, not bytes
        (17, False),  # no text: no length to bound, as a bound skips what is no number
    ],
)
def test_the_check_reads_the_length(note: object, denied: bool) -> None:
    reason = _check_bound(_bound(200), _call(note), TraceState())
    assert (reason is not None) is denied
    if denied:
        assert reason == "201 exceeds the maximum 200"


def test_a_list_of_texts_is_each_one_checked() -> None:
    assert select(Selector(arg="notes", extract="length"), {"notes": ["ab", "abcd"]}) == [2, 4]


def test_the_mutant_is_one_character_over_and_is_caught() -> None:
    events = [_call("short note")]
    (mutant,) = _exceed_bound(_bound(200), "flagVehicle", events)
    changed = mutant.events[0]
    assert isinstance(changed, ToolCall)
    assert len(changed.args["note"]) == 201
    assert _check_bound(_bound(200), changed, TraceState()) is not None
    assert "length in characters in `note`" in mutant.description


def test_described_as_a_length() -> None:
    assert describe_selector(Selector(arg="note", extract="length")) == (
        "length in characters in `note`"
    )


def test_the_guard_enforces_it(tmp_path: Path) -> None:
    built = build_prompt(
        tmp_path, "# Ferry desk\n\nThe note must not be longer than 200 characters.\n", TOOLS
    )
    guard = Guard(built.bundle)
    ok = {"bookingId": "b-1", "note": "350"}
    assert guard.check(ToolCall(name="flagVehicle", args=ok)).verdict == "allow"
    long = {"bookingId": "b-1", "note": "y" * 500}
    assert guard.check(ToolCall(name="flagVehicle", args=long)).verdict == "deny"
