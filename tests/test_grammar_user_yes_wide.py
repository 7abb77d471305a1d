"""The user's yes read by one reader (`user_yes`) in the shapes the phrase patterns read
before and in more: an OK waited for after a read-back, a caller who agreed, a question put
to the member and an answer gone ahead on, a sign-off, a list of actions the yes is for, a
yes asked for in a tool description. A climbing gym and a print shop, written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool
from tests.test_grammar_user_yes import _built, _confirmed

GYM = [
    _tool("book_session", "Book a climbing session.", member_id="string", slot="string"),
    _tool("cancel_session", "Cancel a booked climbing session.", session_id="string"),
    _tool("refund_pass", "Refund a day pass or punch card.", pass_id="string", amount="number"),
    _tool("freeze_membership", "Pause a membership.", member_id="string", weeks="integer"),
    _tool("upgrade_membership", "Move a member to a higher tier.", member_id="string"),
    _tool("lookup_member", "Find a member by card number.", card_number="string"),
    _tool("reset_pin", "Reset the door PIN of a member.", member_id="string"),
]
PRINT = [
    _tool("place_print_order", "Place a print order.", customer_id="string", file_id="string"),
    _tool("cancel_print_order", "Cancel a print order.", order_id="string"),
    _tool("reprint_order", "Reprint an order at no charge.", order_id="string"),
    _tool("get_proof", "Fetch the proof of an order.", order_id="string"),
]
CAMP = [
    _tool("reserve_site", "Reserve a campsite.", camper_id="string", site_id="string"),
    _tool("cancel_reservation", "Cancel a campsite reservation.", reservation_id="string"),
    _tool("extend_stay", "Add nights to a reservation.", reservation_id="string", nights="integer"),
    _tool("find_camper", "Find a camper by e-mail.", email="string"),
]
B, C, F, U = "book_session", "cancel_session", "freeze_membership", "upgrade_membership"

# (sentence, tools, the confirmed tools)
READ: list[tuple[str, list[dict[str, object]], set[str]]] = [
    # an OK waited for after a read-back; the yes of a caller who has agreed
    ("Read the slot back to the member and wait for their OK before you book it.", GYM, {B}),
    ("Only cancel a session once the caller has agreed.", GYM, {C}),
    ("A membership may only be frozen after the member has said yes.", GYM, {F}),
    # a question put to the member, and the answer gone ahead on
    ("Ask the member whether they want the upgrade and go ahead only if they say yes.", GYM, {U}),
    ("Proceed with a refund only after the member agrees.", GYM, {"refund_pass"}),
    # a ban until the user approves; a sign-off the action requires
    ("Don't freeze a membership until the member has approved.", GYM, {F}),
    ("Refunding a pass requires the customer's sign-off.", GYM, {"refund_pass"}),
    ("A reprint requires the customer's sign-off on the proof.", PRINT, {"reprint_order"}),
    # the member got to confirm; a check made with the member
    ("Get the member to confirm before you cancel a session.", GYM, {C}),
    ("Confirm with the member before freezing their membership.", GYM, {F}),
    ("Obtain explicit member confirmation before resetting a PIN.", GYM, {"reset_pin"}),
    # a list of actions: opening the `before` phrase, or spelled out after a general phrase
    (
        "Before any booking, cancellation or refund, get the member's confirmation.",
        GYM,
        {B, C, "refund_pass"},
    ),
    (
        "Before placing or cancelling an order, ask the customer for a clear yes.",
        PRINT,
        {"place_print_order", "cancel_print_order"},
    ),
    (
        "Before actions that change an order (reprint, cancel), obtain the customer's consent.",
        PRINT,
        {"reprint_order", "cancel_print_order"},
    ),
    # the action noun the sentence ends with
    (
        "The customer has to confirm the order number and the reason for the cancellation.",
        PRINT,
        {"cancel_print_order"},
    ),
    ("The member needs to confirm the amount for the refund.", GYM, {"refund_pass"}),
    # the policy's own word for the user ("the camper"), not in any list of user words
    ("Cancelling a reservation needs a clear yes from the camper.", CAMP, {"cancel_reservation"}),
    (
        "Before extending a stay, make sure the camper is OK with the new total.",
        CAMP,
        {"extend_stay"},
    ),
    (
        "No reservation may be cancelled without the camper's explicit approval.",
        CAMP,
        {"cancel_reservation"},
    ),
    ("Don't extend a stay until the camper okays the price.", CAMP, {"extend_stay"}),
    ("Seek the camper's consent prior to any cancellation.", CAMP, {"cancel_reservation"}),
    ("The pass holder must confirm the amount before you refund the pass.", GYM, {"refund_pass"}),
    # a `before` phrase with no comma: it ends at the main clause's subject or at the yes
    ("Before freezing a membership you must get the member's confirmation.", GYM, {F}),
    (
        "Before cancelling an order the agent must obtain explicit customer approval.",
        PRINT,
        {"cancel_print_order"},
    ),
    ("Before a membership is frozen ask the member to confirm.", GYM, {F}),
    # a yes that is needed for an action, or on which it happens
    ("Explicit consent is required before any reprint.", PRINT, {"reprint_order"}),
    ("A verbal yes from the member is needed to freeze a membership.", GYM, {F}),
    ("Customer approval is mandatory for all reprints.", PRINT, {"reprint_order"}),
    ("The member's written consent is needed for any cancellation.", GYM, {C}),
    ("Upgrades happen only on the member's say-so.", GYM, {U}),
    ("Before a refund goes through, the member has to give the go-ahead.", GYM, {"refund_pass"}),
    (
        "Get a yes or no from the customer; cancel the order only on a yes.",
        PRINT,
        {"cancel_print_order"},
    ),
    # the clause the yes conditions, before it or after it
    (
        "Read the dates back and only reserve the site after they say it's correct.",
        CAMP,
        {"reserve_site"},
    ),
    ("Confirm the new checkout date with the camper, then extend the stay.", CAMP, {"extend_stay"}),
    (
        "Ask the camper if they'd like to proceed, and only then reserve the site.",
        CAMP,
        {"reserve_site"},
    ),
    (
        "Reservations, cancellations and extensions all require the camper's confirmation.",
        CAMP,
        {"reserve_site", "cancel_reservation", "extend_stay"},
    ),
]

# no yes asked for, no user's yes, or no action it can be read for: nothing is confirmed
NOT_READ: list[tuple[str, list[dict[str, object]]]] = [
    # what happens after a yes, told as a fact
    ("After the customer's confirmation, the order goes to the press.", PRINT),
    ("If the member agrees, the session is moved to the next free slot.", GYM),
    # someone else's sign-off
    ("A reprint needs the shift lead's sign-off.", PRINT),
    ("Extending a stay needs approval from the park ranger.", CAMP),  # a role, not the user
    ("Wait for the dispatcher's OK before you cancel a reservation.", CAMP),
    ("Show the member the sessions they have confirmed.", GYM),  # a value, not a yes
    ("After the member confirms, thank them.", GYM),  # no tool action
    ("Check the order's confirmation number before you reprint it.", PRINT),  # a thing's
    # a datum of their own
    ("Ask the member to confirm their card number.", GYM),
    # a general phrase with no action spelled out
    ("Before any change to an order, get the customer's go-ahead.", PRINT),
]


@pytest.mark.parametrize(("sentence", "tools", "expected"), READ, ids=[s for s, _, _ in READ])
def test_one_reader_reads_the_yes_and_what_it_guards(
    tmp_path: Path, sentence: str, tools: list[dict[str, object]], expected: set[str]
) -> None:
    built = _built(tmp_path, sentence, tools)
    assert _confirmed(built) == expected
    found = {p.operator for p in built.policies if p.source.artifact.endswith("prompt.md")}
    # the yes is the condition of the action, never a ban of it nor someone else's review
    assert not found & {"deny_action", "review_required"}


@pytest.mark.parametrize(("sentence", "tools"), NOT_READ, ids=[s for s, _ in NOT_READ])
def test_no_yes_asked_for_confirms_nothing(
    tmp_path: Path, sentence: str, tools: list[dict[str, object]]
) -> None:
    assert _confirmed(_built(tmp_path, sentence, tools)) == set()


# a tool description: the yes guards the described tool
DESCRIBED = [
    ("Empty a locker. Ask the user to confirm before calling this.", True),
    ("Empty a locker. Only call this after the member has said yes.", True),
    ("Empty a locker. Requires the member's explicit go-ahead.", True),
    ("Empty a locker. If the member agrees, the contents go to lost and found.", False),
]


@pytest.mark.parametrize(("description", "confirmed"), DESCRIBED)
def test_a_yes_in_a_tool_description_guards_that_tool(
    tmp_path: Path, description: str, confirmed: bool
) -> None:
    tools = [_tool("empty_locker", description, locker_id="string"), *GYM]
    built = build_prompt(tmp_path, "# Desk\n\nBe kind to every climber.\n", tools)
    found = {
        p.target
        for p in built.policies
        if p.operator == "require_confirmation" and not p.source.artifact.endswith("prompt.md")
    }
    assert found == ({"empty_locker"} if confirmed else set())
