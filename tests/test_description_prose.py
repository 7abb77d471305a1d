"""A tool description's sentence that binds ("only", "must", "never", "not", "at most", ...)
and that the readers of a tool's own words leave unread is read as a prompt's sentence is,
the described tool its context (`extract/reading.py`). A description's imperative ("Assign a
single licence") says what the tool does and is never read so. A kennel's MCP server,
written for the test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.corpus_agents import build_agent


def _tool(name: str, description: str, **params: str) -> dict[str, object]:
    return {"type": "function", "function": {"name": name, "description": description,
            "parameters": {"type": "object", "properties": {k: {"type": v} for k, v in
                           params.items()}, "required": list(params)}}}  # fmt: skip


BASE = [
    _tool("get_dog", "Look up a dog by id.", dog_id="string"),
    _tool("get_booking", "Fetch a boarding booking with its status.", booking_id="string"),
    _tool("create_booking", "Create a boarding booking for a dog.", dog_id="string",
          nights="integer"),
]  # fmt: skip


def _built(tmp_path: Path, *extra: dict[str, object]) -> set[tuple[str, str, str]]:
    (tmp_path / "prompt.md").write_text("# Kennel assistant\n\nYou help dog owners.\n")
    (tmp_path / "tools.json").write_text(json.dumps([*BASE, *extra]))
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    found = set()
    for p in built.policies:
        if p.operator != "schema_contract":
            params = p.condition.model_dump(exclude_defaults=True) if p.condition else {}
            said = params.get("allowed", params.get("max", ""))
            found.add((p.operator, str(p.target), str(said)))
    return found


@pytest.mark.parametrize(
    ("tool", "expected"),
    [
        (_tool("cancel_booking", "Cancel a boarding booking. Only bookings in status "
               "'confirmed' or 'pending' can be cancelled.", booking_id="string"),
         ("state_condition", "cancel_booking", "('confirmed', 'pending')")),
        (_tool("notify_owner", "Send a message to a dog's owner. Do not send more than 2 "
               "messages per booking.", booking_id="string", text="string"),
         ("max_calls", "notify_owner", "2")),
    ],
)  # fmt: skip
def test_a_binding_description_sentence_is_read(
    tmp_path: Path, tool: dict[str, object], expected: tuple[str, str, str]
) -> None:
    assert expected in _built(tmp_path, tool)


@pytest.mark.parametrize(
    "tool",
    [
        # what the tool does, in the imperative: no instruction, no count of calls
        _tool("assign_run", "Assign a single outdoor run to a dog.", dog_id="string",
              run_id="string"),
        _tool("list_runs", "List the outdoor runs. Returns only the runs that are free.",
              day="string"),
        # what a search returns is not a list of values its calls may take
        _tool("find_kennels", "Search kennels. Only lists kennels in Berlin or Hamburg.",
              city="string"),
    ],
)  # fmt: skip
def test_a_description_of_what_the_tool_does_is_no_rule(
    tmp_path: Path, tool: dict[str, object]
) -> None:
    name = tool["function"]["name"]  # type: ignore[index]
    assert {p for p in _built(tmp_path, tool) if p[1] == name} == set()
