"""A confirmation step in a bulleted procedure makes the next step need the user's yes
(`require_confirmation`, stated at the confirmation's line); nothing else does. Car-rental
domain of `test_grammar`; procedures written for the test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.corpus_agents import build_agent
from tests.test_grammar import TOOLS


def _confirmations(tmp_path: Path, text: str) -> list[tuple[str, int, str]]:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS, indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(text)
    built = build_agent(tmp_path, [prompt], [tools])
    return sorted(
        (p.target, p.source.span.start_line, p.enforcement)
        for p in built.policies
        if p.operator == "require_confirmation" and p.source.artifact.endswith("prompt.md")
    )


PROCEDURES: list[tuple[str, str, list[tuple[str, int, str]]]] = [
    (
        "a confirmation step",
        "To cancel a booking you should:\n- Get the booking.\n- Confirm the cancellation fee.\n"
        "- Cancel the booking.\n",
        [("cancel_booking", 3, "enforce")],
    ),
    (
        "the user's approval, numbered",
        "Refunds go like this:\n1. Get the booking.\n2. Get the customer's explicit approval.\n"
        "3. Issue the refund to the card.\n",
        [("issue_refund", 3, "enforce")],
    ),
    # no confirmation is read
    (
        "no line introduces the list",
        "Some notes.\n\n- Confirm the cancellation fee.\n- Cancel the booking.\n",
        [],
    ),
    (  # the step is not guarded by the bullet before it, but states a yes of its own
        "the next step has a condition",
        "To cancel a booking:\n- Confirm the fee.\n- If the customer agrees, cancel the booking.\n",
        [("cancel_booking", 3, "enforce")],
    ),
    (
        "the confirmation is the last step",
        "To cancel a booking:\n- Get the booking.\n- Confirm the fee.\n",
        [],
    ),
    (
        "the next step is something said",
        "To cancel a booking:\n- Confirm the fee.\n- Tell the customer the new total.\n",
        [],
    ),
]


@pytest.mark.parametrize(
    ("name", "text", "expected"), PROCEDURES, ids=[name for name, _, _ in PROCEDURES]
)
def test_a_confirmation_step_guards_the_next(
    tmp_path: Path, name: str, text: str, expected: list[tuple[str, int, str]]
) -> None:
    assert _confirmations(tmp_path, text) == expected
