"""Where a time value comes from: "whenever the current date and time are required, use the
appropriate tool" names the tool that gets it (resolved from the value's words), and the
rule holds on every argument that carries a time (`timestamp`, `time_logged`,
`created_at`). Made-up clinic tools; sentences written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.sources import value_sources
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("get_current_time", "Get the current date and time."),
    _tool("log_visit", "Log a visit.", visit_id="string", timestamp="string"),
    _tool("note_vitals", "Note vital signs.", visit_id="string", time_logged="string"),
    _tool("open_chart", "Open a chart.", patient_id="string", created_at="string"),
    _tool("book_slot", "Book a slot.", patient_id="string", duration_minutes="integer"),
]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "Whenever the current date and time are required, utilize the appropriate tool.",
            {
                ("log_visit", "timestamp"),
                ("note_vitals", "time_logged"),
                ("open_chart", "created_at"),
            },
        ),
        (
            "If you need the current time, always use the `get_current_time` tool.",
            {
                ("log_visit", "timestamp"),
                ("note_vitals", "time_logged"),
                ("open_chart", "created_at"),
            },
        ),
    ],
)
def test_a_time_comes_from_the_tool_that_gets_it(
    tmp_path: Path, sentence: str, expected: set[tuple[str, str]]
) -> None:
    built = build_prompt(tmp_path, sentence + "\n", TOOLS)
    found = {
        (p.target, p.condition.model_dump()["selector"]["arg"])
        for p in built.policies
        if p.operator == "arg_grounded"
        and p.condition.model_dump()["from_tools"] == ("get_current_time",)
    }
    assert found == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "Whenever a refund is required, use the appropriate tool.",  # an action, not a value
        "When the date is required, ask the patient.",  # no tool named or meant
    ],
)
def test_no_source_is_made_up(sentence: str) -> None:
    assert value_sources(sentence) == []
