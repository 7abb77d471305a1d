"""What a tool gets, for which other action ("use this to get the current timestamp for
logging visit records"): that action's argument comes from the tool. Made-up clinic
tools; descriptions written for the test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.corpus_agents import build_agent
from tests.test_grammar import _tool


@pytest.mark.parametrize(
    ("clock", "expected"),
    [
        (
            "Get the current time. Use this to get the current timestamp for logging visit "
            "records.",
            [("log_visit_record", "time_logged", ("get_clock",))],
        ),
        # no other action named: nothing
        ("Get the current time. Use this to get the time.", []),
        ("Get the current time. Use this to get the current time for patients.", []),
        ("Get the current time. Call this to get the time before noon.", []),
    ],
)
def test_a_tool_gets_a_value_for_another_action(
    tmp_path: Path, clock: str, expected: list[tuple[str, str, tuple[str, ...]]]
) -> None:
    tools = tmp_path / "tools.json"
    tools.write_text(
        json.dumps(
            [
                _tool("get_clock", clock),
                _tool(
                    "log_visit_record",
                    "Log a visit record.",
                    visit_id="string",
                    time_logged="string",
                ),
            ]
        )
    )
    prompt = tmp_path / "prompt.md"
    prompt.write_text("Be kind to patients.\n")
    built = build_agent(tmp_path, [prompt], [tools])
    found = [
        (
            p.target,
            p.condition.model_dump()["selector"]["arg"],
            p.condition.model_dump()["from_tools"],
        )
        for p in built.policies
        if p.operator == "arg_grounded"
    ]
    assert found == expected
