"""Identification before acting, in more shapes (issue 11, class 4): a ban on acting for
an unverified person, an identification said to come first, a permission given once the
person is verified, an identification followed by `then`, and one whose scope only its
section says (a heading "Before doing anything", a step under "## Freezing a membership").

Generic verbs ("anything", "change their bookings", "help with their request") hold over
the tools acting on the person's account (the changes, the reads, or all, as said), any
one of the lookups first, enforced; a named action ("cancel a class booking") holds for
that action, reviewed (which lookup identifies is inferred); a scope neither the sentence
nor its section says is kept reviewed with a located note. Four made-up domains (a gym, a
theatre box office, an energy supplier, a laundry pickup service); sentences and tools
written for the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.identify_first import identify_first
from tests.corpus_agents import Built, build_prompt, orderings
from tests.test_grammar import _tool

GYM = [
    _tool("find_member_by_card", "Find a gym member by card number.", card_number="string"),
    _tool("find_member_by_email", "Find a gym member by e-mail.", email="string"),
    _tool("get_member_classes", "List a member's booked classes.", member_id="string"),
    _tool("search_classes", "Search the classes on a date.", date="string"),
    _tool("book_class", "Book a class for a member.", member_id="string", class_id="string"),
    _tool(
        "cancel_class_booking",
        "Cancel a member's class booking.",
        member_id="string",
        booking_id="string",
    ),
    _tool("freeze_membership", "Freeze a membership.", member_id="string", reason="string"),
]
GYM_LOOKUPS = ("find_member_by_card", "find_member_by_email")
GYM_CHANGES = {"book_class", "cancel_class_booking", "freeze_membership"}
GYM_ALL = GYM_CHANGES | {"get_member_classes"}

THEATRE = [
    _tool("find_patron_by_email", "Find a patron by e-mail.", email="string"),
    _tool("find_patron_by_phone", "Find a patron by phone number.", phone="string"),
    _tool("get_patron_bookings", "List a patron's bookings.", patron_id="string"),
    _tool("search_performances", "Search the performances of a show.", show="string"),
    _tool(
        "reserve_seats",
        "Reserve seats for a patron.",
        patron_id="string",
        performance_id="string",
    ),
    _tool("refund_tickets", "Refund a patron's tickets.", patron_id="string", booking_id="string"),
]
THEATRE_LOOKUPS = ("find_patron_by_email", "find_patron_by_phone")
THEATRE_ALL = {"get_patron_bookings", "reserve_seats", "refund_tickets"}

ENERGY = [
    _tool(
        "find_customer_by_number",
        "Find a customer by account number.",
        account_number="string",
    ),
    _tool("find_customer_by_postcode", "Find a customer by postcode.", postcode="string"),
    _tool("get_customer_bills", "List a customer's bills.", customer_id="string"),
    _tool(
        "change_customer_tariff",
        "Change a customer's tariff.",
        customer_id="string",
        tariff_code="string",
    ),
    _tool("close_customer_account", "Close a customer's account.", customer_id="string"),
    _tool("list_tariffs", "List the tariffs of a region.", region="string"),
]
ENERGY_LOOKUPS = ("find_customer_by_number", "find_customer_by_postcode")

LAUNDRY = [
    _tool("find_client_by_phone", "Find a client by phone number.", phone="string"),
    _tool("find_client_by_email", "Find a client by e-mail.", email="string"),
    _tool("get_client_orders", "List a client's laundry orders.", client_id="string"),
    _tool("schedule_pickup", "Schedule a pickup for a client.", client_id="string", date="string"),
    _tool("cancel_order", "Cancel a client's order.", client_id="string", order_id="string"),
]
LAUNDRY_LOOKUPS = ("find_client_by_email", "find_client_by_phone")


def _orders(
    tmp_path: Path, prompt: str, tools: list[dict[str, Any]]
) -> tuple[Built, dict[str, Any]]:
    built = build_prompt(tmp_path, prompt, tools)
    return built, orderings(built)


ACCOUNT: list[tuple[str, str, list[dict[str, Any]], tuple[str, ...], set[str]]] = [
    (
        "a ban on changes for an unverified person",
        "No booking may be changed for an unverified member.",
        GYM,
        GYM_LOOKUPS,
        GYM_CHANGES,
    ),
    (
        "nothing done for an unidentified person",
        "Nothing may be done for an unidentified patron.",
        THEATRE,
        THEATRE_LOOKUPS,
        THEATRE_ALL,
    ),
    (
        "no talk of anything with an unauthenticated person: the reads",
        "Do not discuss anything with an unauthenticated customer.",
        ENERGY,
        ENERGY_LOOKUPS,
        {"get_customer_bills"},
    ),
    (
        "verification comes first",
        "Verification comes first.",
        LAUNDRY,
        LAUNDRY_LOOKUPS,
        {"get_client_orders", "schedule_pickup", "cancel_order"},
    ),
    (
        "start by verifying",
        "Always start by verifying the member's identity.",
        GYM,
        GYM_LOOKUPS,
        GYM_ALL,
    ),
    (
        "the first step is to authenticate",
        "The first step is always to authenticate the patron.",
        THEATRE,
        THEATRE_LOOKUPS,
        THEATRE_ALL,
    ),
    (
        "a permission once verified: the changes",
        "Once the customer is verified, you may change their account.",
        ENERGY,
        ENERGY_LOOKUPS,
        {"change_customer_tariff", "close_customer_account"},
    ),
    (
        "only after authentication, inverted: the reads",
        "Only after the client has been authenticated can you discuss their orders.",
        LAUNDRY,
        LAUNDRY_LOOKUPS,
        {"get_client_orders"},
    ),
    (
        "no going on with any request until verified",
        "Do not proceed with any request until the member's identity is verified.",
        GYM,
        GYM_LOOKUPS,
        GYM_ALL,
    ),
    (
        "a person verified before any account change",
        "Members must be verified before any account changes.",
        GYM,
        GYM_LOOKUPS,
        GYM_CHANGES,
    ),
    (
        "nothing revealed to a person who has not been verified: the reads",
        "Never reveal booking details to a patron who has not been verified.",
        THEATRE,
        THEATRE_LOOKUPS,
        {"get_patron_bookings"},
    ),
    (
        "only verified people may act: generic verbs, reads and changes",
        "Only authenticated members may view or change their bookings.",
        GYM,
        GYM_LOOKUPS,
        GYM_ALL,
    ),
    (
        "unless verified, a ban on the reads",
        "Unless the client has been verified, do not discuss their orders.",
        LAUNDRY,
        LAUNDRY_LOOKUPS,
        {"get_client_orders"},
    ),
    (
        "authenticate, then help",
        "Authenticate the member, then help with their request.",
        GYM,
        GYM_LOOKUPS,
        GYM_ALL,
    ),
]


@pytest.mark.parametrize(
    ("name", "text", "tools", "lookups", "targets"), ACCOUNT, ids=[c[0] for c in ACCOUNT]
)
def test_identification_over_the_account(
    tmp_path: Path,
    name: str,
    text: str,
    tools: list[dict[str, Any]],
    lookups: tuple[str, ...],
    targets: set[str],
) -> None:
    _, orders = _orders(tmp_path, f"# Desk policy\n\n{text}\n", tools)
    assert set(orders) == targets
    assert all(o == (lookups, "enforce") for o in orders.values())


def test_a_heading_before_everything_gives_the_scope(tmp_path: Path) -> None:
    prompt = (
        "# Box office\n\n## Before doing anything\n\n"
        "- Establish the patron's identity by e-mail or by phone.\n"
    )
    _, orders = _orders(tmp_path, prompt, THEATRE)
    assert set(orders) == THEATRE_ALL
    assert all(o == (THEATRE_LOOKUPS, "enforce") for o in orders.values())


NAMED: list[tuple[str, str, list[dict[str, Any]], str]] = [
    (
        "a ban on one action for an unverified person",
        "# Desk policy\n\nNo class booking may be cancelled for an unverified member.\n",
        GYM,
        "cancel_class_booking",
    ),
    (
        "only verified people may take one action",
        "# Desk policy\n\nOnly verified members may book classes.\n",
        GYM,
        "book_class",
    ),
    (
        "a permission for one action once verified",
        "# Desk policy\n\nOnce the patron is verified you may refund their tickets.\n",
        THEATRE,
        "refund_tickets",
    ),
    (
        "a step of a section about one action",
        "# Desk policy\n\n## Freezing a membership\n\n1. Verify the member's identity.\n"
        "2. Freeze the membership.\n",
        GYM,
        "freeze_membership",
    ),
]


@pytest.mark.parametrize(("name", "prompt", "tools", "target"), NAMED, ids=[c[0] for c in NAMED])
def test_identification_before_one_named_action_is_reviewed(
    tmp_path: Path, name: str, prompt: str, tools: list[dict[str, Any]], target: str
) -> None:
    _, orders = _orders(tmp_path, prompt, tools)
    assert target in orders
    assert orders[target][1] == "review_only"
    # the identification holds for the named action, never spread over the account
    from_sentence = {t for t, (before, _) in orders.items() if before == orders[target][0]}
    assert from_sentence == {target}


def test_an_identification_with_no_scope_is_reviewed_with_a_note(tmp_path: Path) -> None:
    text = "The member's identity must be established (by card number or by e-mail)."
    built, orders = _orders(tmp_path, f"# Desk policy\n\n## Members\n\n{text}\n", GYM)
    assert set(orders) == GYM_ALL
    assert all(how == "review_only" for _, how in orders.values())
    notes = [
        d
        for d in built.state.diagnostics
        if d.code == "condition-not-bound" and "must wait" in d.message
    ]
    assert notes
    assert all(d.span is not None and d.span.start_line == 5 for d in notes)


NOT_IDENTIFY: list[tuple[str, str, str]] = [
    ("a payment, not a person", "Once the payment is confirmed, you may book the class.", ""),
    ("an order confirmed, then cancelled", "Confirm the order, then cancel it.", ""),
    ("a thing verified", "Verify the address.", "Before doing anything"),
    ("an unverified card, not a person", "No refund may be issued for an unverified card.", ""),
    ("a reading verified first", "Verification of the meter reading comes first.", ""),
    ("a first step that identifies no one", "The first step is to establish the budget.", ""),
    ("an ordering of its own", "Verify the member's identity before freezing anything.", ""),
    ("a thing verified before changes", "The address must be verified before any changes.", ""),
    ("a payment, not a person, awaited", "Do not proceed until the payment is verified.", ""),
]


@pytest.mark.parametrize(
    ("name", "text", "heading"), NOT_IDENTIFY, ids=[c[0] for c in NOT_IDENTIFY]
)
def test_not_read_as_identification_first(name: str, text: str, heading: str) -> None:
    assert identify_first(text, heading) == []
