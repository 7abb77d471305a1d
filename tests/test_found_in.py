"""Values the agent must find in a source before acting on them (`specgap.extract.found_in`,
issue 11 class 4): "search S to find the Xs you can V" grounds the argument naming X on V's
tool in S's output, never in the user's word.

Never stronger than the sentence: a search whose purpose names no action, a person asked
instead of a source searched, a purpose going on with a condition, and a thing no argument
of the action names give no grounding rule. Made-up domains (a plugin workshop, a garden
allotment office); sentences and tools written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.found_in import found_in
from tests.corpus_agents import build_prompt
from tests.test_grammar_asked_values import _tool
from tests.test_grammar_value_origins import E, Row, _rows

WORKSHOP = [
    _tool("search_catalogue", "Search the plugin catalogue and return matching entries.", query=""),
    _tool("install_plugin", "Install a plugin into the workspace.", plugin_name=""),
    _tool("run_plugin", "Run an installed plugin.", plugin_name="", arguments=""),
    _tool("share_widget", "Give the member a widget to use on their own.", widget_name=""),
    _tool("grant_badge", "Grant a badge to a member.", member_id="", badge_id=""),
]
ALLOTMENT = [
    _tool("search_directory", "Search the plot directory for free plots.", area=""),
    _tool("lease_plot", "Lease an allotment plot to a gardener.", plot_number="", gardener_id=""),
    _tool("find_gardener", "Find a gardener by name.", full_name=""),
]

READ: list[tuple[str, str, list[dict[str, Any]], set[Row]]] = [
    (
        "modal subject, relative 'that', the catalogue's search tool",
        "You must search the catalogue to find plugins that you can install.",
        WORKSHOP,
        {("install_plugin", "plugin_name", False, ("search_catalogue",), E)},
    ),
    (
        "'always', no relative pronoun, a thing named by its name argument",
        "Always search the catalogue to find the widgets you can share.",
        WORKSHOP,
        {("share_widget", "widget_name", False, ("search_catalogue",), E)},
    ),
    (
        "bare imperative; the action picks the tool (run, not install)",
        "Search the catalogue to find plugins that you can run.",
        WORKSHOP,
        {("run_plugin", "plugin_name", False, ("search_catalogue",), E)},
    ),
    (
        "a thing named by its id argument",
        "You should search the catalogue to find the badges that you may grant.",
        WORKSHOP,
        {("grant_badge", "badge_id", False, ("search_catalogue",), E)},
    ),
    (
        "'use S to find'",
        "Use the catalogue to find plugins you can install.",
        WORKSHOP,
        {("install_plugin", "plugin_name", False, ("search_catalogue",), E)},
    ),
    (
        "the things as the subject: 'the Xs you can V are listed in S'",
        "The widgets that you may share are listed in the catalogue.",
        WORKSHOP,
        {("share_widget", "widget_name", False, ("search_catalogue",), E)},
    ),
    (
        "'find the Xs you can V in S'",
        "Find the plugins you can run in the catalogue.",
        WORKSHOP,
        {("run_plugin", "plugin_name", False, ("search_catalogue",), E)},
    ),
    (
        "another source and another action word ('look through', 'locate', 'are allowed to')",
        "Look through the directory to locate the plots which you are allowed to lease.",
        ALLOTMENT,
        {("lease_plot", "plot_number", False, ("search_directory",), E)},
    ),
]


@pytest.mark.parametrize(("why", "text", "tools", "expected"), READ, ids=[r[0] for r in READ])
def test_found_in_grounds_the_action_argument(
    tmp_path: Path, why: str, text: str, tools: list[dict[str, Any]], expected: set[Row]
) -> None:
    built = build_prompt(tmp_path, f"# Desk policy\n\n{text}\n", tools)
    assert _rows(built) == expected, why


NOT_READ: list[tuple[str, str]] = [
    ("a purpose that names no action",
     "You must search the catalogue to find out whether a plugin exists."),
    ("a person asked, not a source searched",
     "You must search the member list to find the members you can greet."),
    ("the purpose goes on with a condition",
     "Search the catalogue to find plugins you can install if the member asks."),
    ("information is no thing a call acts on",
     "Search the catalogue to find information you can share."),
    ("no search at all", "You must find plugins that you can install."),
    ("the things are where a person keeps them",
     "The plugins you can install are listed by the member."),
]  # fmt: skip


@pytest.mark.parametrize(("why", "text"), NOT_READ, ids=[r[0] for r in NOT_READ])
def test_found_in_reads_nothing_else(why: str, text: str) -> None:
    assert found_in(text) == [], why


def test_a_thing_no_argument_names_gives_no_rule(tmp_path: Path) -> None:
    """Never stronger: "gardeners" name no argument of `lease_plot` (it takes a gardener
    id, but the sentence's action is on plots found, not on people): no rule on another
    argument of the lease."""
    text = "Search the directory to find the sheds that you can lease."
    built = build_prompt(tmp_path, f"# Desk policy\n\n{text}\n", ALLOTMENT)
    assert not any(r[0] == "lease_plot" and r[1] == "plot_number" for r in _rows(built))
    assert all(r[1] != "gardener_id" for r in _rows(built))
