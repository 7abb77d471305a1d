""" "Confirm the crossing's status before moving a booking" is a check of a record, not the
user's yes: it no longer compiles to an enforced `require_confirmation` (which blocked every
move the passenger had not said yes to). "Confirm the details" and "confirm X with the
passenger" stay the user's yes. A ferry desk written for the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("lookupPassenger", "Find a passenger by name or e-mail.", email="string"),
    _tool("getCrossing", "Get a ferry crossing with its status.", crossingId="string"),
    _tool("moveBooking", "Move a booking to another crossing.", bookingId="string",
          crossingId="string"),
]  # fmt: skip


def _confirmations(tmp_path: Path, sentence: str) -> list[str]:
    built = build_prompt(tmp_path, f"# Ferry desk\n\n{sentence}\n", TOOLS)
    return [p.target for p in built.policies if p.operator == "require_confirmation"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Confirm the crossing's status before moving a booking.",
        "Confirm the crossing's status prior to moving any booking.",
        "Always confirm the crossing's availability before you move a booking.",
    ],
)
def test_confirming_a_state_is_no_yes(tmp_path: Path, sentence: str) -> None:
    assert _confirmations(tmp_path, sentence) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Confirm the details before moving a booking.",
        "Confirm the new crossing with the passenger before moving a booking.",
    ],
)
def test_confirming_with_the_user_is_a_yes(tmp_path: Path, sentence: str) -> None:
    assert _confirmations(tmp_path, sentence) == ["moveBooking"]
