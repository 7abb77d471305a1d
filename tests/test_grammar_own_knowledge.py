"""Nothing the agent passes is its own invention, said of information in general (issue 11,
class 4): "avoid making up information", "never rely on your own knowledge", "base every
answer on data the tools returned", "all information you give must come from tool
results", "only share facts that come from the tools or the member", "do not answer from
memory", "you must not speculate about prices".

Each is one `arg_grounded` over every call with no facet (every identifier a call passes),
from the sources the sentence names, else the user and any tool; a source list with a part
not read is no reading; a step or a sentence about where information is shown is no rule.
A made-up harbour office; sentences and tools written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.own_knowledge import own_knowledge
from tests.test_grammar_origin_forms import HARBOUR, _build, _rows

ANY = ("*",)
READ: list[tuple[str, str, bool, tuple[str, ...]]] = [
    ("a ban on making up information", "Avoid making up information.", True, ANY),
    ("two verbs of inventing", "You should never invent or guess data.", True, ANY),
    ("filled in by the agent", "Do not fill in missing details yourself.", True, ANY),
    ("speculation about a topic", "You must not speculate about mooring prices.", True, ANY),
    ("assumptions about a topic", "Never make assumptions about a member's boat.", True, ANY),
    (
        "the agent's own knowledge",
        "Never rely on your own knowledge for tides; use the tools.",
        True,
        ANY,
    ),
    ("memory", "Do not answer from memory; always check the records.", True, ANY),
    (
        "answers based on the tools' data, not the agent's",
        "Base every answer on data returned by the tools, not on your own knowledge.",
        False,
        ANY,
    ),
    (
        "information from tool results",
        "All information you give must come from tool results.",
        False,
        ANY,
    ),
    (
        "information from a tool or the person, never assumed",
        "Information must come from tool outputs or the member, never from your own assumptions.",
        True,
        ANY,
    ),
    (
        "facts the person or the tools gave",
        "Use only facts from the conversation or the tools.",
        True,
        ANY,
    ),
    (
        "only information one tool returned",
        "Only share information returned by list_berths.",
        False,
        ("list_berths",),
    ),
]


@pytest.mark.parametrize(("why", "sentence", "user", "tools"), READ, ids=[r[0] for r in READ])
def test_no_information_of_the_agents_own(
    tmp_path: Path, why: str, sentence: str, user: bool, tools: tuple[str, ...]
) -> None:
    built = _build(tmp_path, sentence, HARBOUR)
    assert ("*", "~None", user, tools, "review_only") in _rows(built), why
    assert not [r for r in _rows(built) if r[0] == "*" and r[1] != "~None"], why


NOT_READ: list[tuple[str, str]] = [
    (
        "a step sharing information, no restriction",
        "Share the facts from the tools with the member.",
    ),
    ("where information is shown", "Mooring prices are listed in the tariff."),
    ("one kind of value, read elsewhere", "Never invent a berth code."),
    ("a source not read", "Only share information provided by the harbour master."),
]


@pytest.mark.parametrize(("why", "sentence"), NOT_READ, ids=[r[0] for r in NOT_READ])
def test_not_read_here(why: str, sentence: str) -> None:
    assert not own_knowledge(sentence), why


def test_berth_code_ban_still_binds_its_argument(tmp_path: Path) -> None:
    built = _build(tmp_path, "Never invent a berth code.", HARBOUR)
    rows: set[Any] = _rows(built)
    assert ("assign_berth", "berth_code", True, ANY, "enforce") in rows
