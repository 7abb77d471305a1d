"""A step the agent must take "first", said without the action it comes before
(`specgap.extract.oblig_first`): the step read from many shapes, the later action read from
the section heading, every other call otherwise, and what is no such step. Sentences are
written for these tests, in made-up domains (a ferry desk, a dental clinic, a lending
service) with tool ids in several styles."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from specgap.extract.oblig_first import heading_action, said_first
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool


@pytest.mark.parametrize(
    ("sentence", "step"),
    [
        ("You must check the berth availability first.", "check the berth availability"),
        ("First, always look up the passenger.", "look up the passenger"),
        ("First of all, you must find the passenger's booking.", "find the passenger's booking"),
        ("Always pull the manifest first.", "pull the manifest"),
        ("Make sure to verify the ticket first.", "verify the ticket"),
        ("The agent should always fetch the sailing first!", "fetch the sailing"),
        ("Look up the passenger before doing anything else.", "look up the passenger"),
        ("Fetch the crossing before any other action.", "fetch the crossing"),
        ("Start by looking up the passenger.", "look up the passenger"),
        ("Always begin every call by checking the weather bulletin.", "check the weather bulletin"),
        ("The first step is always to find the vessel.", "find the vessel"),
        ("The first thing you must do is retrieve the chart.", "retrieve the chart"),
        ("The sailing must be fetched first.", "fetch the sailing"),
        ("Each ticket must always be looked up first.", "look up the ticket"),
        ("Verify the passenger at the start of every call.", "verify the passenger"),
        ("Checking the manifest is always the first step.", "check the manifest"),
        ("Ticket verification comes first.", "verify ticket"),
        ("The berth lookup must be done first.", "look up berth"),
        ("Every call starts with finding the passenger.", "find the passenger"),
        ("Only proceed once the sailing has been fetched.", "fetch the sailing"),
        ("Do not continue until you have checked the manifest.", "check the manifest"),
        ("Never proceed for a passenger until they have been verified.", "verify the passenger"),
        ("Check the passenger's ticket before anything.", "check the passenger's ticket"),
        # not a step of the agent's taken first
        ("Do not continue until the passenger confirms.", None),
        ("Only proceed once the weather is calm.", None),
        ("Passenger safety comes first.", None),
        ("The captain comes first.", None),
        ("You must not refund the fare first.", None),
        ("If the sea is rough, check the bulletin first.", None),
        ("The passenger must sign the waiver first.", None),
        ("Check the bulletin first, then sell the ticket.", None),
        ("Look up the passenger before you sell a ticket.", None),
        ("Sailings depart from pier four.", None),
        ("We were founded first in the harbour town.", None),
    ],
)
def test_the_step_taken_first(sentence: str, step: str | None) -> None:
    assert said_first(sentence) == step


@pytest.mark.parametrize(
    ("heading", "action"),
    [
        ("Selling a ticket", "sell ticket"),
        ("Cabin upgrades", "upgrade cabin"),
        ("Refunds", "refund"),
        ("Cancel a crossing", "cancel crossing"),
        ("Rules for cancellations", "cancel"),
        ("Berth assignment", "assign berth"),
        # a topic, or two actions: no one action the step comes before
        ("Safety and tone", None),
        ("Returns and exchanges", None),
        ("General", None),
        ("Passenger care", None),
    ],
)
def test_the_action_a_heading_names(heading: str, action: str | None) -> None:
    assert heading_action(heading) == action


TOOLS = [
    _tool("findPatient", "Find a patient record by name.", patientName="string"),
    _tool("getVisit", "Fetch a visit with its status.", visitId="string"),
    _tool("scheduleVisit", "Schedule a dental visit for a patient.", patientId="string"),
    _tool("cancelVisit", "Cancel a scheduled visit.", visitId="string"),
    _tool("checkCoverage", "Check a patient's insurance coverage.", patientId="string"),
    _tool("sendReminder", "Send a reminder text to a patient.", patientId="string"),
]

# (document body, the orders read: (target, before, enforcement))
CASES = [
    # under a section about one action: before that action, an inference (reviewed)
    (
        "## Scheduling a visit\n\nYou must check the patient's coverage first.\n",
        {("scheduleVisit", "checkCoverage", "review_only")},
    ),
    (
        "## Cancellations\n\nAlways fetch the visit first.\n",
        {("cancelVisit", "getVisit", "review_only")},
    ),
    # no section: before every other call (reviewed, as `openers` reads "you must first")
    ("First, always find the patient.\n", {("*", "findPatient", "review_only")}),
    ("The first step is always to find the patient.\n", {("*", "findPatient", "review_only")}),
    # "before anything else" in so many words: every call, even under an action's section
    (
        "## Scheduling a visit\n\nFind the patient before doing anything else.\n",
        {("*", "findPatient", "review_only")},
    ),
    # the next sentence states the order: it alone is read
    (
        "You must check the coverage first. Only then may you schedule the visit.\n",
        {("scheduleVisit", "checkCoverage", "enforce")},
    ),
    # no ordering: a manner, the user's step, a negation
    ("You must always be polite first.\n", set()),
    ("The patient must confirm the time first.\n", set()),
    ("## Scheduling a visit\n\nNever send a reminder first.\n", set()),
]


@pytest.mark.parametrize(("body", "orders"), CASES)
def test_orders_of_a_first_step(body: str, orders: set[tuple[str, str, str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        built = build_prompt(Path(folder), f"# Dental desk\n\n{body}", TOOLS)
    read = {
        (p.operator, p.target, str(getattr(p.condition, "before", "")), p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    }
    assert {(o, t, b, e) for o, t, b, e in read if o == "require_before"} == {
        ("require_before", *order) for order in orders
    }
