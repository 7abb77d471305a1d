"""Which steps of a `Step N.` procedure are paired (issue 11, ordering class), in a made-up
ticketing desk: a step that runs only once an earlier action happened tells that the action
may have failed, so a later step taken either way does not require it; a step skipped for
more than one reason is required by no later step; the same condition said twice ("only
if ...", "if no ..., skip") is one reason."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.procedures import Step, orderings
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("get_ticket", "Read a support ticket by its number.", ticket_id="string"),
    _tool("create_incident", "Open an incident for a ticket.", ticket_id="string"),
    _tool("assign_incident", "Assign an incident to an engineer.", incident_id="string"),
    _tool("notify_requester", "E-mail the requester of a ticket.", ticket_id="string"),
    _tool("close_ticket", "Close a support ticket.", ticket_id="string"),
    _tool("search_articles", "Search the help-centre articles.", query="string"),
]


def _build(tmp_path: Path, text: str) -> Built:
    return build_prompt(tmp_path, text, TOOLS)


def _orders(built: Built) -> set[tuple[str, Any]]:
    return {
        (p.target, p.condition.model_dump()["before"])
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "require_before"
    }


ANNOUNCE = "Carry out these steps in the exact order.\n\n"

PROCEDURES: list[tuple[str, str, set[tuple[str, Any]], set[tuple[str, Any]]]] = [
    # name, steps, orderings that must be read, orderings that must not
    (
        "a step after one that may have failed does not require it",
        "Step 1. Get the ticket\n\n"
        "Step 2. Create an incident\n\n"
        "Step 3. Assign the incident\n"
        "- Perform this step only if the incident was created.\n\n"
        "Step 4. Close the ticket\n",
        {("create_incident", "get_ticket"), ("assign_incident", "create_incident")},
        {("close_ticket", "create_incident")},
    ),
    (
        "a step skipped for two reasons is required by no later step",
        "Step 1. Create an incident\n\n"
        "Step 2. Search the articles\n"
        "- If the ticket is a duplicate, skip this step.\n"
        "- If the requester is a robot, skip this step.\n\n"
        "Step 3. Notify the requester\n",
        {("search_articles", "create_incident"), ("notify_requester", "create_incident")},
        {("notify_requester", "search_articles")},
    ),
    (
        "one reason said twice is one reason",
        "Step 1. Create an incident\n\n"
        "Step 2. Assign the incident\n"
        "- Perform this step only if the incident was created.\n"
        "- If no incident was created, skip this step.\n\n"
        "Step 3. Notify the requester\n",
        {("assign_incident", "create_incident"), ("notify_requester", "assign_incident")},
        set(),
    ),
    (
        "an unconditional procedure pairs every step",
        "Step 1. Get the ticket\n\nStep 2. Notify the requester\n\nStep 3. Close the ticket\n",
        {("notify_requester", "get_ticket"), ("close_ticket", "notify_requester")},
        set(),
    ),
]


LISTS: list[tuple[str, set[tuple[str, Any]]]] = [
    # a bulleted or numbered list after an announcement of its order
    (
        "Follow these steps in order:\n- Get the ticket.\n- Notify the requester.\n"
        "- Close the ticket.\n",
        {("notify_requester", "get_ticket"), ("close_ticket", "notify_requester")},
    ),
    (
        "Do the following, in this order:\n1. Create an incident.\n2. Assign it.\n",
        {("assign_incident", "create_incident")},
    ),
    (  # a deeper bullet belongs to its step
        "Handle it in the following order:\n- Get the ticket.\n  - Use its number.\n- Close it.\n",
        {("close_ticket", "get_ticket")},
    ),
    # negative cases: a list nobody said is ordered, a list after a blank paragraph
    ("These tools exist:\n- Get the ticket.\n- Close the ticket.\n", set()),
    ("We offer the following:\n\n- Notify the requester.\n- Close the ticket.\n", set()),
    (
        "Follow these steps in order:\n- Get the ticket.\n\nSome other paragraph.\n\n"
        "- Close the ticket.\n",
        set(),
    ),
]


@pytest.mark.parametrize(("text", "expected"), LISTS)
def test_a_listed_procedure(tmp_path: Path, text: str, expected: set[tuple[str, Any]]) -> None:
    assert _orders(_build(tmp_path, text)) == expected


@pytest.mark.parametrize(
    ("steps", "read", "not_read"), [p[1:] for p in PROCEDURES], ids=[p[0] for p in PROCEDURES]
)
def test_the_steps_a_procedure_pairs(
    tmp_path: Path, steps: str, read: set[tuple[str, Any]], not_read: set[tuple[str, Any]]
) -> None:
    found = _orders(_build(tmp_path, ANNOUNCE + steps))
    assert read <= found
    assert not (not_read & found)


def _step(number: int, title: str, bullets: list[str], **kw: Any) -> Step:
    return Step(number, title, bullets, lines=[number] * (len(bullets) + 1), **kw)


def test_an_action_doubted_by_an_optional_step_is_not_required_after_it() -> None:
    steps = [
        _step(1, "Create an incident", []),
        _step(2, "Assign the incident", [], condition="only if x", requires="create incident"),
        _step(3, "Close the ticket", []),
    ]
    pairs = {(e.target, e.params["before"], e.condition) for e in orderings(steps, None)}
    assert pairs == {
        ("assign incident", "create incident", None),
        ("close ticket", "assign incident", "only if x"),
    }
