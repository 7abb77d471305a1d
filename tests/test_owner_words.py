"""A value rule on "the X of a Y" belongs to the tool named after Y, not to another tool whose
argument X is only *described* with Y's word (a boat yard written for the test; the shape was
found as the one wrong-tool line of the eighth blind set, whose wording is not used here):
`book_haulout.hull_type` described as "copied from the survey" is no hull type of a survey,
and enforcing the survey's list on it would block haul-outs the sentence never spoke of.
When no tool is named after Y, the described argument still takes the rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool


def _tools(survey: str = "CREATE_SURVEY", copied: str = "Copied from the survey.") -> list[Any]:
    tools = [
        _tool("GET_OWNER", "Find a boat owner by name.", owner_name="string"),
        _tool(survey, "Open a hull survey for a boat.", boat_id="string", hull_type="string"),
        _tool("BOOK_HAULOUT", "Book a haul-out slot.", survey_id="string", hull_type="string",
              slot="string"),
    ]  # fmt: skip
    tools[2]["function"]["parameters"]["properties"]["hull_type"]["description"] = copied
    return tools


def _targets(tmp_path: Path, sentence: str, tools: list[Any]) -> set[tuple[str, str]]:
    built = build_prompt(tmp_path, f"# Boat yard\n\n{sentence}\n", tools)
    return {
        (p.target, p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "resource_in_allowlist"
    }


@pytest.mark.parametrize(
    "sentence",
    [
        "The hull_type of a survey shall be `steel`, `wood` or `grp`.",
        "A survey's hull_type is one of `steel`, `wood` or `grp`.",
        "7.3 The hull_type of a survey must be `steel` or `wood`.",
    ],
)
@pytest.mark.parametrize("survey", ["CREATE_SURVEY", "createSurvey", "surveys.open"])
def test_the_tool_named_after_the_owner_takes_the_rule(
    tmp_path: Path, sentence: str, survey: str
) -> None:
    assert _targets(tmp_path, sentence, _tools(survey)) == {(survey, "enforce")}


def test_without_the_descriptions_word_nothing_changes(tmp_path: Path) -> None:
    found = _targets(
        tmp_path, "The hull_type of a survey shall be `steel` or `wood`.", _tools(copied="")
    )
    assert found == {("CREATE_SURVEY", "enforce")}


def test_an_argument_said_for_every_tool_still_spreads(tmp_path: Path) -> None:
    """No owner in the phrase: both tools taking the argument get the rule."""
    found = _targets(tmp_path, "The hull_type shall be `steel`, `wood` or `grp`.", _tools())
    assert found == {("CREATE_SURVEY", "enforce"), ("BOOK_HAULOUT", "enforce")}
