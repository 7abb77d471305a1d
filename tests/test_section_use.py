"""A section heading that says "using" names the tools that call or run things
(`specgap.spread._in_section`): a value rule spread over every tool taking the value keeps,
under "Unlocking and Using Staff Plugins", both the unlock and the call tool, and under
"Unlocking Staff Plugins" only the unlock tool. Made-up domain (a plugin desk); sentences and
tools written for this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar_asked_values import _tool

DESK = [
    _tool("share_member_plugin", "Give a member a plugin to install.", member_plugin_name=""),
    _tool(
        "unlock_staff_plugin", "Unlock a staff plugin found in the handbook.", staff_plugin_name=""
    ),
    _tool(
        "call_staff_plugin", "Call an unlocked staff plugin.", staff_plugin_name="", arguments=""
    ),
    _tool("search_handbook", "Search the handbook.", query=""),
]

CASES: list[tuple[str, str, set[str]]] = [
    ("'using' names the call tool too", "## Unlocking and Using Staff Plugins",
     {"unlock_staff_plugin", "call_staff_plugin"}),
    ("without 'using' the heading names the unlock tool best",
     "## Unlocking Staff Plugins", {"unlock_staff_plugin"}),
    ("another section keeps its own tool", "## Sharing Member Plugins", {"share_member_plugin"}),
]  # fmt: skip


@pytest.mark.parametrize(("why", "heading", "expected"), CASES, ids=[c[0] for c in CASES])
def test_using_in_a_heading_names_the_calling_tool(
    tmp_path: Path, why: str, heading: str, expected: set[str]
) -> None:
    text = f"# Desk\n\n{heading}\n\nNever invent plugin names.\n"
    built = build_prompt(tmp_path, text, DESK)
    targets = {p.target for p in built.policies if p.operator == "arg_grounded"}
    assert targets == expected, why
