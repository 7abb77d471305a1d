"""The user's yes in its many wordings (a noun, a verb with the user as subject, a passive,
a question put to the user) and the action it guards (a `before` phrase or list, the main
clause the yes conditions, a passive subject, the noun phrase that needs it, the action
the yes is "to"). A meal-kit delivery desk and a bicycle workshop, written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

MEALS = [
    _tool("reschedule_delivery", "Move a delivery to another slot.", delivery_id="string"),
    _tool("cancel_subscription", "Cancel a meal-kit subscription.", subscription_id="string"),
    _tool("issue_refund", "Refund an order.", order_id="string", amount="number"),
    _tool(
        "update_delivery_address",
        "Change the delivery address of an order.",
        order_id="string",
        address="string",
    ),
    _tool("get_order", "Look up an order by its number.", order_id="string"),
]
BIKES = [
    _tool("book_service", "Book a bike in for a service.", owner_id="string", slot="string"),
    _tool("cancel_service", "Cancel a booked service.", service_id="string"),
    _tool("order_part", "Order a spare part for a repair.", part_id="string"),
    _tool("find_owner", "Find a bike owner by phone number.", phone="string"),
]

R, C, A, U = "reschedule_delivery", "cancel_subscription", "update_delivery_address", "issue_refund"

# (sentence, tools, the confirmed tools)
READ: list[tuple[str, list[dict[str, object]], set[str]]] = [
    # a noun: whose yes, and the action named by `before`, the main clause or the subject
    ("You need a yes from the member before you cancel their subscription.", MEALS, {C}),
    ("Get a clear yes from the customer before cancelling a subscription.", MEALS, {C}),
    ("Without explicit confirmation from the customer, do not refund anything.", MEALS, {U}),
    ("Refunds: customer confirmation required.", MEALS, {U}),
    ("Changes to the delivery address need the customer's approval.", MEALS, {A}),
    ("Ordering a part requires the client's go-ahead.", BIKES, {"order_part"}),
    # a verb with the user as its subject
    ("Make sure the customer agrees before changing the delivery address.", MEALS, {A}),
    ("Only proceed with a cancellation once the customer has confirmed.", MEALS, {C}),
    ("Do not move a delivery unless the customer explicitly approves the new slot.", MEALS, {R}),
    ("When the client accepts the quote, order the part.", BIKES, {"order_part"}),
    (
        "Before booking, tell the client the price and make sure they agree.",
        BIKES,
        {"book_service"},
    ),
    ("The client must agree to the price before any service is booked.", BIKES, {"book_service"}),
    # a passive, and a question put to the user
    ("Each cancellation must be confirmed by the customer.", MEALS, {C}),
    ("Before you cancel a subscription, ask the customer whether to proceed.", MEALS, {C}),
    # several actions: a `before` list, or "any action that ..." listing them
    (
        "Check the new slot with the client before you book or cancel a service.",
        BIKES,
        {"book_service", "cancel_service"},
    ),
    (
        "Any action that reschedules, cancels or refunds requires the customer to confirm first.",
        MEALS,
        {R, C, U},
    ),
    # the yes is "to" one action, whatever the `before` phrase says
    (
        "Before booking a new slot, get the client's yes to cancel the old one.",
        BIKES,
        {"cancel_service"},
    ),
    # a step said to the user and a yes: the yes is kept beside the other step
    (
        "Read the new slot back to the customer and wait for a yes before you reschedule it.",
        MEALS,
        {R},
    ),
]

# no user's yes, or no one action it guards: nothing is confirmed
NOT_READ: list[tuple[str, list[dict[str, object]]]] = [
    ("Deliver only to the address the customer confirmed.", MEALS),  # a value, not a yes
    ("A refund over $100 needs the manager's approval.", MEALS),  # someone else's yes
    ("The customer can confirm the order in the app.", MEALS),  # a fact, not a rule
    ("Ask the customer to confirm their e-mail address.", MEALS),  # a datum they tell
    # a check of who the customer is, not their yes (was read as a yes before the refund)
    ("Always confirm the customer's identity before refunding an order.", MEALS),
    ("Before any action that changes data, get user confirmation.", MEALS),  # no one action
]


def _built(tmp_path: Path, sentence: str, tools: list[dict[str, object]]) -> Built:
    return build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", tools)


def _confirmed(built: Built) -> set[str]:
    return {
        p.target
        for p in built.policies
        if p.operator == "require_confirmation" and p.source.artifact.endswith("prompt.md")
    }


@pytest.mark.parametrize(("sentence", "tools", "expected"), READ, ids=[s for s, _, _ in READ])
def test_the_yes_guards_the_actions_it_names(
    tmp_path: Path, sentence: str, tools: list[dict[str, object]], expected: set[str]
) -> None:
    built = _built(tmp_path, sentence, tools)
    assert _confirmed(built) == expected
    # the yes is the condition: no ban, and no ordering after a "yes" step, is left beside it
    others = [p.operator for p in built.policies if p.source.artifact.endswith("prompt.md")]
    assert "deny_action" not in others


@pytest.mark.parametrize(("sentence", "tools"), NOT_READ, ids=[s for s, _ in NOT_READ])
def test_no_yes_of_the_user_confirms_nothing(
    tmp_path: Path, sentence: str, tools: list[dict[str, object]]
) -> None:
    assert _confirmed(_built(tmp_path, sentence, tools)) == set()


# someone else's approval: a review of the action (`review_required`), never the user's yes
REVIEWED = [
    ("Ordering a part requires the workshop manager's approval.", "order_part"),
    ("Cancelling a service needs a supervisor's sign-off.", "cancel_service"),
]


@pytest.mark.parametrize(("sentence", "target"), REVIEWED)
def test_another_persons_approval_is_a_review(tmp_path: Path, sentence: str, target: str) -> None:
    built = _built(tmp_path, sentence, BIKES)
    found = {
        (p.operator, p.target) for p in built.policies if p.source.artifact.endswith("prompt.md")
    }
    assert found == {("review_required", target)}
