"""What the agent must obtain first, and where values come from (issue 11, class 4).

Identify-first in more wordings (a boat-rental desk): ways with a coordinated key ("by phone
or by name and date of birth"), a scope with no possessive ("before discussing or changing
anything", "before any request"), every request ("at the start of every request"), and a
person who "cannot be helped until identified"; each spreads over the tools acting on the
account, a scope of changes leaves the reads out. Negative cases: an identification of a
thing, a scope naming one tool's action. Made-up values (a pharmacy counter): a ban on
inventing things in a line about writing a reply is about the message, not the calls (a
located note, no rule). Values obtained from the user ("collect the name and licence
number from the renter", "do not proceed without the renter's licence number"): reviewed
`arg_grounded` over every call with a located note, or the section's action's argument.
Sentences and tools written for the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.identify_first import identify_first
from tests.corpus_agents import Built, build_prompt, orderings
from tests.test_grammar import _tool

LOOKUPS = [
    _tool("find_renter_by_phone", "Find a renter by phone number.", phone="string"),
    _tool(
        "find_renter_by_name",
        "Find a renter by name and date of birth.",
        full_name="string",
        date_of_birth="string",
    ),
]
READS = [_tool("get_renter_trips", "Get a renter's boat trips.", renter_id="string")]
CHANGES = [
    _tool("hire_boat", "Hire a boat for a renter.", renter_id="string", boat_id="string"),
    _tool("end_hire", "End a renter's boat hire.", renter_id="string", hire_id="string"),
]
OTHER = [_tool("list_boats", "List the boats in the harbour.", harbour="string")]
BOATS = LOOKUPS + READS + CHANGES + OTHER
BOTH = ("find_renter_by_name", "find_renter_by_phone")
ALL = {"get_renter_trips", "hire_boat", "end_hire"}
CHANGED = {"hire_boat", "end_hire"}


def _build(tmp_path: Path, text: str, tools: list[dict[str, Any]]) -> Built:
    return build_prompt(tmp_path, f"# Desk policy\n\n{text}\n", tools)


_orders = orderings


IDENTIFY: list[tuple[str, str, set[str]]] = [
    (
        "ways with a coordinated key, bare scope of reads and changes",
        "Identify the renter by phone or by name and date of birth before discussing or "
        "changing anything.",
        ALL,
    ),
    (
        "a bare scope of changes only",
        "Confirm the renter's identity before you change anything.",
        CHANGED,
    ),
    ("doing anything", "Verify who they are before doing anything else.", ALL),
    ("before any request, the passive", "Renters must be authenticated before any request.", ALL),
    ("every request", "Verify the renter's identity at the start of every request.", ALL),
    ("for each enquiry", "For each enquiry, confirm the renter's identity.", ALL),
    ("cannot be helped until", "A renter cannot be helped until they have been identified.", ALL),
    (
        "cannot be assisted before, the identity said",
        "Renters may not be assisted before their identity is confirmed.",
        ALL,
    ),
]


@pytest.mark.parametrize(("name", "text", "targets"), IDENTIFY, ids=[c[0] for c in IDENTIFY])
def test_identify_first_in_more_wordings(
    tmp_path: Path, name: str, text: str, targets: set[str]
) -> None:
    orders = _orders(_build(tmp_path, text, BOATS))
    assert set(orders) == targets
    assert all(before == BOTH and how == "enforce" for before, how in orders.values())


NOT_IDENTIFY = [
    ("a thing verified before any request", "Verify the voucher before any request."),
    (
        "a payment, not the person",
        "A renter cannot be helped until the payment has been verified.",
    ),
    ("a parcel is not served", "A parcel cannot be shipped until the renter is identified."),
    ("a duty lifted", "There is no need to verify the renter's identity before any request."),
    ("one tool's action", "Verify the renter's identity before hiring anything."),
    ("a conversation is left to the openers", "At the start of every chat, greet the renter."),
]


@pytest.mark.parametrize(("name", "text"), NOT_IDENTIFY, ids=[n for n, _ in NOT_IDENTIFY])
def test_not_read_as_identify_first(name: str, text: str) -> None:
    assert identify_first(text) == []


def test_no_account_tool_keeps_the_new_wording_reviewed(tmp_path: Path) -> None:
    built = _build(
        tmp_path, "A renter cannot be helped until they have been identified.", LOOKUPS + OTHER
    )
    rules = [p for p in built.policies if p.operator == "require_before"]
    assert [(p.target, p.enforcement) for p in rules] == [("*", "review_only")]
    notes = [d for d in built.state.diagnostics if d.code == "condition-not-bound"]
    assert notes
    assert all(d.span is not None and d.span.start_line == 3 for d in notes)


PHARMACY = [
    _tool("find_patient", "Find a patient by card number.", card_number="string"),
    _tool(
        "dispense_item",
        "Dispense an item to a patient.",
        patient_id="string",
        item_id="string",
        voucher_id="string",
    ),
]
MADE_UP: list[tuple[str, str, bool]] = [
    (
        "a line about writing the reply: the message, not the calls",
        "Write the dosage notes as a short list, so that the reply holds only checked facts. "
        "Do not invent or guess details.",
        False,
    ),
    (
        "the reply said to contain: the message",
        "Make sure the answer contains only what the leaflet says. Never make up details.",
        False,
    ),
    ("a ban on its own: the values of every call", "Never make up any details.", True),
    (
        "a source named: the values",
        "Format the notes as a list. Never invent anything beyond what the patient or the "
        "tools supplied.",
        True,
    ),
]


@pytest.mark.parametrize(("name", "text", "grounded"), MADE_UP, ids=[c[0] for c in MADE_UP])
def test_made_up_in_a_line_about_a_text(
    tmp_path: Path, name: str, text: str, grounded: bool
) -> None:
    built = _build(tmp_path, text, PHARMACY)
    rules = [p for p in built.policies if p.operator == "arg_grounded"]
    assert bool(rules) == grounded
    notes = [
        d
        for d in built.state.diagnostics
        if d.code == "rule-not-compiled" and "what a message says" in d.message
    ]
    assert bool(notes) != grounded
    assert all(d.span is not None and d.span.start_line == 3 for d in notes)


OBTAINED: list[tuple[str, str, list[str], set[tuple[str, str]]]] = [
    (
        "collected from the person: a value an argument names is bound to it",
        "Collect the full name and skipper licence number from the renter.",
        ["skipper licence number"],
        {("find_renter_by_name", "full_name")},
    ),
    (
        "for every person: their own values",
        "Gather the name and phone number for every passenger.",
        ["passenger name", "passenger phone number"],
        set(),
    ),
    (
        "a list with commas, of the person",
        "You must first record the name, e-mail address and date of birth of the renter.",
        ["e-mail address"],
        {("find_renter_by_name", "full_name"), ("find_renter_by_name", "date_of_birth")},
    ),
    (
        "no going on without the person's value",
        "Do not proceed without the renter's licence number.",
        ["licence number"],
        set(),
    ),
    (
        "no going on without a value from the person",
        "Never continue with a hire without the mooring code from the renter.",
        ["mooring code"],
        set(),
    ),
]


@pytest.mark.parametrize(("name", "text", "args", "bound"), OBTAINED, ids=[c[0] for c in OBTAINED])
def test_values_obtained_from_the_user_are_bound_or_reviewed_with_a_note(
    tmp_path: Path, name: str, text: str, args: list[str], bound: set[tuple[str, str]]
) -> None:
    built = _build(tmp_path, text, BOATS)
    rules = [p for p in built.policies if p.operator == "arg_grounded"]
    assert all(p.condition.model_dump()["from_user"] for p in rules)
    # a value an argument's name says is bound to that argument of each tool taking it
    selected = {
        (p.target, p.condition.model_dump()["selector"]["arg"])
        for p in rules
        if p.condition.model_dump()["selector"]
    }
    assert selected == bound
    # never stronger: a value no argument names is kept over every call, reviewed, and a
    # located note says why
    kept = [p for p in rules if not p.condition.model_dump()["selector"]]
    assert {p.condition.model_dump()["arg"] for p in kept} == set(args)
    assert all(p.target == "*" and p.enforcement == "review_only" for p in kept)
    notes = [
        d
        for d in built.state.diagnostics
        if d.code == "condition-not-bound" and "must come from the user" in d.message
    ]
    assert len(notes) == len(args)
    assert all(d.span is not None and d.span.start_line == 3 for d in notes)


NOT_OBTAINED = [
    ("money, not a datum", "Collect the fee for every boat hire."),
    ("whose number is not said", "Record the number for every passenger."),
    ("not a person's value", "Do not proceed without the manager's approval."),
    ("a plain instruction", "Collect the keys from the harbour office."),
]


@pytest.mark.parametrize(("name", "text"), NOT_OBTAINED, ids=[n for n, _ in NOT_OBTAINED])
def test_not_read_as_obtained(name: str, text: str) -> None:
    from specgap.extract.obtained import obtained_values

    assert obtained_values(text) == []


def test_an_obtained_value_in_a_section_about_one_action_is_that_actions(tmp_path: Path) -> None:
    # in a section about renting a boat, the value is the hire's argument, resolved from the section
    built = build_prompt(
        tmp_path, "# Desk policy\n\n## Rent a boat\n\nCollect the boat id from the renter.\n", BOATS
    )
    rules = [p for p in built.policies if p.operator == "arg_grounded"]
    assert [(p.target, p.condition.model_dump()["selector"]["arg"]) for p in rules] == [
        ("hire_boat", "boat_id")
    ]
    assert not [d for d in built.state.diagnostics if "must come from the user" in d.message]


SLIPS = [
    _tool("search_slips", "Search the free mooring slips.", harbour="string"),
    _tool("moor_boat", "Moor a boat in a slip.", boat_id="string", slip_id="string"),
    _tool("list_boats", "List the boats in the harbour.", harbour="string"),
]
FROM_TOOLS: list[tuple[str, str, list[str]]] = [
    ("the action's own verb", "Only reserve slips listed by search_slips.", ["search_slips"]),
    ("only the verb's values", "Only use slip ids listed by search_slips.", ["search_slips"]),
    ("the tool as the subject", "Pass only slip ids that search_slips returned.", ["search_slips"]),
    (
        "must be one returned by",
        "The slip id must be one returned by search_slips.",
        ["search_slips"],
    ),
    # "the search": the one tool that searches (before the fifty-first session, any tool's output)
    (
        "the search as the subject",
        "Use only the slip ids that the search returned.",
        ["search_slips"],
    ),
]


@pytest.mark.parametrize(("name", "text", "sources"), FROM_TOOLS, ids=[c[0] for c in FROM_TOOLS])
def test_values_from_a_tools_output(
    tmp_path: Path, name: str, text: str, sources: list[str]
) -> None:
    built = _build(tmp_path, text, SLIPS)
    rules = [p for p in built.policies if p.operator == "arg_grounded"]
    assert [(p.target, p.condition.model_dump()["selector"]["arg"]) for p in rules] == [
        ("moor_boat", "slip_id")
    ]
    assert list(rules[0].condition.model_dump()["from_tools"]) == sources
    assert rules[0].condition.model_dump()["from_user"] is False


NOT_FROM_TOOLS = [
    ("a step, not a restriction", "Moor boats listed in the harbour system."),
    ("no action of the agent's", "Slip ids listed by search_slips are free."),
    ("a generic source for a named action", "Only moor boats listed in the system."),
    ("the user shown the output", "Show the renter the slips that the search returned."),
]


@pytest.mark.parametrize(("name", "text"), NOT_FROM_TOOLS, ids=[n for n, _ in NOT_FROM_TOOLS])
def test_not_read_as_values_from_tools(name: str, text: str) -> None:
    from specgap.extract.sources import value_sources

    assert value_sources(text) == []
