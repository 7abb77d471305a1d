"""A value for "timestamps" holds on every tool's one argument named for when something
happened (`created_at`, `loggedAt`) as well as on arguments named `timestamp`; a tool with
two such arguments is ambiguous and left out, never guessed. Made-up clinic tools."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("log_visit", "Log a patient visit.", patient_id="string", timestamp="string"),
    _tool("open_chart", "Open a chart.", patient_id="string", created_at="string"),
    _tool("note_vitals", "Note vital signs.", patient_id="string", loggedAt="string"),
    _tool("move_bed", "Move a bed.", bed_id="string", created_at="string", updated_at="string"),
    _tool("bill_visit", "Bill a visit.", visit_id="string", due_date="string"),
    _tool("read_chart", "Read a chart.", format="string"),  # `format` ends in `at`: no time
]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "For audit entries, apply the fixed timestamp '2030-05-01T08:00:00Z'.",
            {
                ("log_visit", "timestamp"),
                ("open_chart", "created_at"),
                ("note_vitals", "loggedAt"),
            },
        ),
        ("For invoices, apply the fixed due date '2030-06-01'.", {("bill_visit", "due_date")}),
    ],
)
def test_a_timestamp_value_holds_on_event_time_arguments(
    tmp_path: Path, sentence: str, expected: set[tuple[str, str]]
) -> None:
    built = build_prompt(tmp_path, sentence + "\n", TOOLS)
    found = {
        (p.target, p.condition.model_dump()["selector"]["arg"])
        for p in built.policies
        if p.operator == "resource_in_allowlist" and p.source.artifact.endswith("prompt.md")
    }
    assert found == expected
