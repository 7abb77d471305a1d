"""A count of calls said with no verb (`args4_counts`): a tool's id counted, a noun behind a
warning or a label, table rows. A glider club (PascalCase and dotted ids), a kiln studio
(snake_case) and a seed bank (camelCase), written for the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.args4_counts import counted
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

CLUB = [
    _tool("FindPilot", "Find a pilot by e-mail.", email="string"),
    _tool("BookLaunch", "Book a winch launch for a pilot.", pilot_id="string", slot="string"),
    _tool("fleet.InspectGlider", "Request an inspection of a glider.", glider_id="string"),
    _tool("issue_refund", "Issue a refund for a launch.", launch_id="string", amount="number"),
    _tool("send_reminder", "Send a reminder to a pilot.", pilot_id="string", body="string"),
    _tool("verifyMember", "Verify a member with their number.", memberNumber="string"),
]

RESPELT = [
    ("- One issue_refund per launch, ever.", "Call issue_refund at most One times per launch."),
    ("A pilot gets no more than three verifyMember attempts in one chat.",
     "Call verifyMember at most three times."),
    ("NOTE: one refund per launch per chat.", "At most one refund per launch."),
    ("Reminders per conversation: 2.", "At most 2 reminders."),
    ("| Glider inspections per session | 3 |", "At most 3 glider inspections."),
    ("| New hangars per session | 2 |", "Create at most 2 hangars."),
    ("| Refunds | one per launch per session |", "At most one refunds per launch."),
    ("Two fleet.InspectGlider calls per glider at most.",
     "Call fleet.InspectGlider at most Two times per glider."),
]  # fmt: skip

NOT_RESPELT = [
    "Two adults.",  # a number, no limit
    "Three days of notice.",  # a span, not a count
    "One pilot, one glider.",  # no limit said
    "Refunds go to the original card.",  # no count
]


@pytest.mark.parametrize(("text", "said"), RESPELT)
def test_respelt(text: str, said: str) -> None:
    assert counted(text) == said


@pytest.mark.parametrize("text", NOT_RESPELT)
def test_not_respelt(text: str) -> None:
    assert counted(text) is None


def _counts(tmp_path: Path, sentence: str) -> set[tuple[str, int, Any]]:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", CLUB)
    return {
        (p.target, p.condition.max, p.condition.per)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "max_calls"
    }


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("- One issue_refund per launch, ever.", {("issue_refund", 1, "launch")}),
        ("A pilot gets no more than three verifyMember attempts in one chat.",
         {("verifyMember", 3, None)}),
        ("| Refunds | one per launch per session |", {("issue_refund", 1, "launch")}),
        ("Two fleet.InspectGlider calls per glider at most.",
         {("fleet.InspectGlider", 2, "glider")}),
        # a thing counted, no act: no count of calls
        ("- One parachute per pilot, ever.", set()),
        ("Two adults.", set()),
    ],
)  # fmt: skip
def test_counts_compiled(tmp_path: Path, sentence: str, expected: set[Any]) -> None:
    assert _counts(tmp_path, sentence) == expected
