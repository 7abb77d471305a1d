"""An action restricted to the values a named list holds (`specgap.extract.origin_lists`,
issue 11 class 3): "only V the Xs returned by / listed in / called L" grounds the argument
naming X on V's tool in the output of the tool that gives L, with `from_user` false, and
replaces the patterns' ban "unless <relative clause>".

Never stronger than the sentence: a state instead of a list, a person as the source, or
words after the list give no such rule; a list no tool gives is never enforced. Made-up
domains (a member profile desk, a locker room); sentences and tools written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.origin_lists import only_listed
from tests.corpus_agents import build_prompt
from tests.test_grammar_asked_values import _tool
from tests.test_grammar_value_origins import E, R, Row, _rows

PROFILES = [
    _tool("get_member", "Look up a member.", member_id=""),
    _tool("edit_profile", "Edit fields of a member profile.", member_id="", fields_to_edit=""),
    _tool("get_editable_fields", "Return the fields a profile allows to edit.", member_id=""),
    _tool("edit_notes", "Edit the desk notes of a member.", member_id="", notes=""),
]
LOCKERS = [
    _tool("list_free_lockers", "List the lockers that are free today.", room=""),
    _tool("open_locker", "Open a locker for a guest.", locker_number=""),
    _tool("close_locker", "Close a locker.", locker_number=""),
]

LOCKERS_DIRECTORY = [
    _tool("search_directory", "Search the locker directory.", room=""),
    _tool("open_locker", "Open a locker for a guest.", locker_number=""),
    _tool("close_locker", "Close a locker.", locker_number=""),
]

READ: list[tuple[str, str, list[dict[str, Any]], set[Row]]] = [
    (
        "'only allowed to', a list called by its own snake name",
        'You are only allowed to edit specific fields which are called "editable_fields".',
        PROFILES,
        {("edit_profile", "fields_to_edit", False, ("get_editable_fields",), E)},
    ),
    (
        "'returned by' a tool id; the other edit tool takes no fields",
        "Only edit the fields returned by get_editable_fields.",
        PROFILES,
        {("edit_profile", "fields_to_edit", False, ("get_editable_fields",), E)},
    ),
    (
        "'may only', 'listed in', a quoted list name",
        'You may only edit fields listed in "editable_fields".',
        PROFILES,
        {("edit_profile", "fields_to_edit", False, ("get_editable_fields",), E)},
    ),
    (
        "a list named in words, then 'list'",
        "Only edit fields that are in the editable fields list.",
        PROFILES,
        {("edit_profile", "fields_to_edit", False, ("get_editable_fields",), E)},
    ),
    (
        "the source as the relative clause's subject: 'that T returns'",
        "You may only edit fields that get_editable_fields returns.",
        PROFILES,
        {("edit_profile", "fields_to_edit", False, ("get_editable_fields",), E)},
    ),
    (
        "'listed as <word> by' a tool",
        "Only edit the fields that are listed as editable by get_editable_fields.",
        PROFILES,
        {("edit_profile", "fields_to_edit", False, ("get_editable_fields",), E)},
    ),
    (
        "'V only Xs': the restriction after the verb",
        "Open only lockers returned by list_free_lockers.",
        LOCKERS,
        {("open_locker", "locker_number", False, ("list_free_lockers",), E)},
    ),
    (
        "a place a tool reads ('the directory'), the agent as subject",
        "The agent may only open lockers found in the directory.",
        LOCKERS_DIRECTORY,
        {("open_locker", "locker_number", False, ("search_directory",), E)},
    ),
    (
        "the patterns' 'ban unless' reading is dropped for the source rule",
        "Only open lockers that list_free_lockers returned.",
        LOCKERS,
        {("open_locker", "locker_number", False, ("list_free_lockers",), E)},
    ),
    (
        "passive: the thing as subject, 'only be V-ed if they are listed by' (the if-clause is "
        "kept as the condition by the scope reader, so the rule is reviewed)",
        "Lockers may only be opened if they are listed by list_free_lockers.",
        LOCKERS,
        {("open_locker", "locker_number", False, ("list_free_lockers",), R)},
    ),
    (
        "the verb picks the tool among those taking the value (open, not close)",
        "Only open lockers which are listed by `list_free_lockers`.",
        LOCKERS,
        {("open_locker", "locker_number", False, ("list_free_lockers",), E)},
    ),
]


@pytest.mark.parametrize(("why", "text", "tools", "expected"), READ, ids=[r[0] for r in READ])
def test_only_listed_grounds_the_action_argument(
    tmp_path: Path, why: str, text: str, tools: list[dict[str, Any]], expected: set[Row]
) -> None:
    built = build_prompt(tmp_path, f"# Desk policy\n\n{text}\n", tools)
    assert _rows(built) == expected, why
    # the patterns' reading ("ban unless ...") is replaced, not kept beside it
    assert not [p for p in built.policies if p.operator == "deny_action"], why


NOT_READ: list[tuple[str, str]] = [
    ("a state, not a list", "Only edit fields that are empty."),
    ("a person as the source", "Only edit fields the member named."),
    ("words after the list", "Only edit fields returned by get_editable_fields when asked."),
    ("no restriction word", "Edit the fields returned by get_editable_fields."),
    ("information is no value", "Only share information listed in the handbook list."),
    ("one value's name, not a list's", 'Only edit fields called "display_name".'),
]


@pytest.mark.parametrize(("why", "text"), NOT_READ, ids=[r[0] for r in NOT_READ])
def test_only_listed_reads_nothing_else(why: str, text: str) -> None:
    assert only_listed(text) == [], why


def test_a_list_no_tool_gives_names_no_tool(tmp_path: Path) -> None:
    """Never stronger: "the banned words list" names no tool of the desk, so no rule
    grounds the fields in one tool's output (at most in any tool's, a weaker rule)."""
    text = "Only edit fields that are in the banned words list."
    built = build_prompt(tmp_path, f"# Desk policy\n\n{text}\n", PROFILES)
    sources = {t for r in _rows(built) for t in r[3]}
    assert sources <= {"*"}
