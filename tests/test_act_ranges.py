"""A bound an adverbial phrase puts on an action ("can be frozen for 2 to 12 weeks", "extend
a loan by no more than 14 days") binds the argument its unit names on the action's tool
(`extract/act_ranges.py`). A gym front desk and a tool library, written for the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("getMembership", "Get a membership with its status.", membershipId="string"),
    _tool("freezeMembership", "Freeze a membership for a number of weeks.",
          membershipId="string", weeks="integer"),
    _tool("extend_tool_loan", "Extend the loan of a tool by some days.", loan_id="string",
          days="integer"),
    _tool("rent_locker", "Rent a locker for some months.", patron_id="string", months="integer"),
    _tool("charge_fee", "Charge a fee.", patron_id="string", amount="number"),
]  # fmt: skip


def _bounds(tmp_path: Path, sentence: str) -> set[tuple[str, str, float | None, float | None, str]]:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", TOOLS)
    found = set()
    for p in built.policies:
        if p.operator == "arg_within_bound" and p.source.artifact.endswith("prompt.md"):
            c = p.condition.model_dump()
            found.add((str(p.target), c["selector"]["arg"], c["min"], c["max"], p.enforcement))
    return found


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("A membership can be frozen for 2 to 12 weeks.",
         ("freezeMembership", "weeks", 2.0, 12.0, "enforce")),
        ("Memberships may be frozen for between 2 and 12 weeks.",
         ("freezeMembership", "weeks", 2.0, 12.0, "enforce")),
        ("Freeze a membership for 2-12 weeks.",
         ("freezeMembership", "weeks", 2.0, 12.0, "enforce")),
        ("A tool loan can be extended by 7 to 14 days.",
         ("extend_tool_loan", "days", 7.0, 14.0, "enforce")),
        ("Lockers can be rented for at most six months.",
         ("rent_locker", "months", None, 6.0, "enforce")),
        ("Extend a tool loan by no more than 14 days.",
         ("extend_tool_loan", "days", None, 14.0, "enforce")),
        # the range beside a state condition: the condition is carried to the range, which
        # is reviewed (never stronger than the sentence; a weaker reading than it could be)
        ("A membership can be frozen for 2 to 12 weeks, and only if it is active.",
         ("freezeMembership", "weeks", 2.0, 12.0, "review_only")),
    ],
)  # fmt: skip
def test_a_range_on_the_action(
    tmp_path: Path, sentence: str, expected: tuple[str, str, float | None, float | None, str]
) -> None:
    assert _bounds(tmp_path, sentence) == {expected}


@pytest.mark.parametrize(
    "sentence",
    [
        "A membership can be frozen for 12 to 2 weeks.",  # empty: no bound
        "Never freeze a membership for 2 to 12 weeks.",  # a banned range states no bound
        "Lockers can be rented for 2 to 3 times.",  # a count, not an argument
        "Freezes usually last 2 to 12 weeks.",  # a description: no action
    ],
)
def test_no_range_bound(tmp_path: Path, sentence: str) -> None:
    assert _bounds(tmp_path, sentence) == set()
