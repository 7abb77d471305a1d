"""Identify the person before acting on their account: one `require_before` per tool acting
on the account (an argument naming the person or the account), the lookups (any one of
them) first, the lookups themselves never targets; a scope of changes leaves out reads;
a lookup that cannot be told, or no account tool, keeps the rule reviewed, never a guess.
A made-up gym membership desk; sentences written for the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.identify_first import identify_first
from tests.corpus_agents import Built, build_prompt, orderings
from tests.test_grammar import _tool

LOOKUPS = [
    _tool("find_member_by_card", "Find a member by membership card number.", card_number="string"),
    _tool("find_member_by_email", "Find a member by e-mail address.", email="string"),
]
ACCOUNT = [
    _tool("get_member_details", "Get a member's plan, status and visits.", member_id="string"),
    _tool(
        "freeze_membership",
        "Freeze a membership for some weeks.",
        member_id="string",
        weeks="integer",
    ),
    _tool("book_class", "Book a member into a class.", member_id="string", class_id="string"),
]
OTHER = [
    _tool("list_classes", "List the classes on the timetable.", day="string"),
    _tool("ship_towel", "Ship a towel to an address.", address="string"),
]
TOOLS = LOOKUPS + ACCOUNT + OTHER
ANY = ("find_member_by_card", "find_member_by_email")
ALL = {"get_member_details", "freeze_membership", "book_class"}
CHANGES = {"freeze_membership", "book_class"}


def _build(tmp_path: Path, text: str, tools: list[dict[str, Any]] = TOOLS) -> Built:
    return build_prompt(tmp_path, f"# Gym desk policy\n\n{text}\n", tools)


_orders = orderings


CASES: list[tuple[str, str, set[str], str]] = [
    (
        "anything, with the ways: every account tool",
        "Before doing anything with a member's bookings, confirm who they are by their card "
        "number or their e-mail.",
        ALL,
        "enforce",
    ),
    (
        "changes only: the reads are left out",
        "Verify the member's identity before any change to their membership.",
        CHANGES,
        "enforce",
    ),
    (
        "reading or changing: all",
        "You must authenticate the member before reading or changing their records.",
        ALL,
        "enforce",
    ),
    (
        "a role the tools never name: what the lookups read",
        "Verify the caller's identity before any change to their account.",
        CHANGES,
        "enforce",
    ),
    (
        "the passive, after a ban",
        "Do not change a member's bookings until their identity has been verified.",
        CHANGES,
        "enforce",
    ),
    (
        "a noun and the account said as a noun",
        "Identity verification is required before any account change.",
        CHANGES,
        "enforce",
    ),
    (
        "reads only: the changes are left out",
        "Never disclose a member's information before confirming their identity.",
        {"get_member_details"},
        "enforce",
    ),
    (
        "identifying details after a subject's verbs: all",
        "Before you access or modify a member's plan, confirm the member's card number and e-mail.",
        ALL,
        "enforce",
    ),
    (
        "only after",
        "You may change a member's bookings only after confirming their identity.",
        CHANGES,
        "enforce",
    ),
    (
        "a list naming a generic verb, any of their",
        "Identify the member before you view, change or cancel any of their bookings.",
        ALL,
        "enforce",
    ),
    (
        "a ban on sharing until an active identification: reads only",
        "Do not share any details of a member's account until you have verified who they are.",
        {"get_member_details"},
        "enforce",
    ),
    (
        "a condition is kept: reviewed",
        "If the member calls from abroad, verify their identity before any change to their "
        "account.",
        CHANGES,
        "review_only",
    ),
]


@pytest.mark.parametrize(
    ("name", "text", "targets", "enforcement"), CASES, ids=[c[0] for c in CASES]
)
def test_identify_first_spreads_over_the_account(
    tmp_path: Path, name: str, text: str, targets: set[str], enforcement: str
) -> None:
    orders = _orders(_build(tmp_path, text))
    assert set(orders) == targets
    assert all(before == ANY and how == enforcement for before, how in orders.values())
    assert not set(orders) & set(ANY)  # a lookup is never required before itself


NOT_READ = [
    ("an address, not an identity", "Verify the address before shipping a towel."),
    (
        "a duty lifted",
        "There is no need to verify the member's identity before any change to their account.",
    ),
    (
        "a thing checked, not a person",
        "Check the booking status before cancelling the member's booking.",
    ),
    (
        "one action, not the account (read by `temporal`)",
        "Verify the member's identity before freezing a membership.",
    ),
    (
        "one tool's action with a possessive (read by `temporal`)",
        "Confirm the member's card number before freezing their membership.",
    ),
    (
        "a list of one tool's actions (read by `temporal`)",
        "Verify the member's identity before you freeze or cancel their membership.",
    ),
    (
        "only after something else",
        "Book a member's classes only after checking the timetable.",
    ),
    (
        "a ban waiting on an address",
        "Do not change a member's bookings until the address has been verified.",
    ),
]


@pytest.mark.parametrize(("name", "text"), NOT_READ, ids=[n for n, _ in NOT_READ])
def test_not_an_identify_first_rule(name: str, text: str) -> None:
    assert identify_first(text) == []


def test_no_scope_is_kept_as_the_condition_never_enforced() -> None:
    # "confirm the member's identity" says no before what: the account rule is kept with the
    # missing scope as its condition, so it is reviewed with a note, never enforced
    (emit,) = identify_first("Confirm the member's identity.")
    assert emit.target == "*"
    assert emit.params["before"] == "identify member"
    assert emit.condition is not None
    assert "does not say" in emit.condition


def test_the_address_rule_is_not_spread(tmp_path: Path) -> None:
    orders = _orders(_build(tmp_path, "Verify the address before shipping a towel."))
    assert set(orders) <= {"ship_towel"}
    assert all(how != "enforce" for _, how in orders.values())


def test_no_account_tool_stays_reviewed_with_a_note(tmp_path: Path) -> None:
    built = _build(
        tmp_path,
        "Verify the member's identity before any change to their account.",
        LOOKUPS + OTHER,
    )
    rules = [p for p in built.policies if p.operator == "require_before"]
    assert [(p.target, p.enforcement) for p in rules] == [("*", "review_only")]
    notes = [d for d in built.state.diagnostics if d.code == "condition-not-bound"]
    assert any("could not be determined" in d.message for d in notes)
    assert all(
        d.span is not None and d.span.path.endswith("prompt.md") and d.span.start_line == 3
        for d in notes
    )


def test_lookups_that_cannot_be_told_apart_stay_unresolved(tmp_path: Path) -> None:
    # two families of lookups and a role no tool names: no guess which one identifies
    tools = [
        *LOOKUPS,
        _tool("find_trainer_by_email", "Find a trainer by e-mail address.", email="string"),
        *ACCOUNT,
    ]
    built = _build(
        tmp_path, "Verify the caller's identity before any change to their account.", tools
    )
    assert all(p.enforcement != "enforce" for p in built.policies if p.operator == "require_before")
    assert any(d.code == "unresolved-mention" for d in built.state.diagnostics)
