"""A word that only flags the sentence after it ("IMPORTANT:", "Note -", "Rule 4:") is not
part of the rule: the sentence reads as it would without it, in a prompt and in a tool's
description. Words that say something ("Prerequisite:", "Step 2:", "Never:") stay. A
dog-boarding kennel written for the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.segments import _FLAG
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("find_owner", "Find a dog owner by phone number.", phone="string"),
    _tool("check_vaccinations", "Read a dog's vaccination record.", dog_id="string"),
    _tool("book_stay", "Book a boarding stay for a dog.", dog_id="string", nights="integer"),
    _tool("end_stay", "Check a dog out at the end of its stay.", stay_id="string"),
]


def _build(tmp_path: Path, text: str, tools: list[dict[str, Any]] = TOOLS) -> Built:
    tmp_path.mkdir(exist_ok=True)
    return build_prompt(tmp_path, f"# Kennel desk\n\n{text}\n", tools)


def _rules(built: Built, artifact: str = "prompt.md") -> set[tuple[str, str, str]]:
    return {
        (p.operator, p.target, p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith(artifact) and p.operator != "schema_contract"
    }


RULE = "check the vaccinations before booking a stay."
FLAGS = ["IMPORTANT:", "Note:", "NOTE -", "**Important:**", "Reminder:", "Rule 3:", "Heads-up:"]


@pytest.mark.parametrize("flag", FLAGS)
def test_a_flagged_rule_reads_as_the_rule_alone(tmp_path: Path, flag: str) -> None:
    plain = _rules(_build(tmp_path / "plain", RULE.capitalize()))
    assert {(op, target) for op, target, _ in plain} == {("require_before", "book_stay")}
    assert _rules(_build(tmp_path / "flagged", f"{flag} {RULE}")) == plain


def test_the_flag_is_cut_from_the_quote_not_from_the_file(tmp_path: Path) -> None:
    built = _build(tmp_path, f"IMPORTANT: {RULE.capitalize()}")
    (order,) = [p for p in built.policies if p.operator == "require_before"]
    assert order.source.quote.startswith("Check the vaccinations")
    assert (tmp_path / "prompt.md").read_text().count("IMPORTANT:") == 1


def test_a_flag_in_a_tool_description(tmp_path: Path) -> None:
    tools = [
        *TOOLS[:3],
        _tool("end_stay", "Check a dog out. IMPORTANT: call `find_owner` first.", stay_id="string"),
    ]
    rules = _rules(_build(tmp_path, "Be friendly.", tools), "tools.json")
    assert ("require_before", "end_stay", "enforce") in rules


@pytest.mark.parametrize(
    "text",
    [
        "Prerequisite: find_owner.",  # says what comes first
        "Step 2: book the stay.",  # a step number orders
        "Never: book a stay for an unvaccinated dog.",  # a ban
        "Important dogs are walked first.",  # no colon: a word of the sentence
        "Notes: the kennel opens at 8.",  # a label of its own, left to the other readers
    ],
)
def test_words_that_say_something_stay(text: str) -> None:
    assert _FLAG.match(text) is None
