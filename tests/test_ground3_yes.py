"""The user's yes before a value is saved ("confirm the new address with the member before
saving it": the change of that value), and a yes asked for after telling the user something
("tell the member the date and ask them to confirm before `book_firing` is called"). A kiln
studio (snake_case ids) and a ride desk (PascalCase), written for the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.ground3_yes import respelled
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

STUDIO = [
    _tool("find_member", "Find a studio member by e-mail.", email="string"),
    _tool("book_firing", "Book a kiln firing in a slot.", slot_id="string", member_id="string"),
    _tool(
        "update_member_contact",
        "Change a member's phone number or e-mail.",
        member_id="string",
        phone="string",
        email="string",
    ),
    _tool(
        "set_payout_account",
        "Set the bank account a member's sales are paid to.",
        account_number="string",
        sort_code="string",
    ),
    _tool(
        "change_delivery_address",
        "Change where a member's finished pieces are delivered.",
        member_id="string",
        address="string",
    ),
    _tool("open_studio_ticket", "Open a ticket for the studio manager.", body="string"),
    _tool("cancel_firing", "Cancel a kiln firing.", firing_id="string"),
    _tool("refund_firing", "Refund a kiln firing.", firing_id="string"),
]
RIDES = [
    _tool("FindRider", "Find a rider by phone.", phone="string"),
    _tool("BookRide", "Book a ride for a rider.", riderId="string", pickup="string"),
    _tool(
        "UpdateHomeAddress",
        "Change a rider's saved home address.",
        riderId="string",
        address="string",
    ),
]


def _confirmed(tmp_path: Path, sentence: str, tools: list[dict[str, Any]]) -> set[str]:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", tools)
    return {
        p.target
        for p in built.policies
        if p.operator == "require_confirmation" and p.source.artifact.endswith("prompt.md")
    }


READ: list[tuple[str, list[dict[str, Any]], str]] = [
    (
        "Ask the member to confirm the new delivery address before saving it.",
        STUDIO,
        "change_delivery_address",
    ),
    (
        "Get the member to confirm the new e-mail before you record it.",
        STUDIO,
        "update_member_contact",
    ),
    (
        "Ask the member to confirm the new account number and sort code before you save them.",
        STUDIO,
        "set_payout_account",
    ),
    (
        "Have the member confirm the updated phone number before you store it.",
        STUDIO,
        "update_member_contact",
    ),
    (
        "Quote the kiln fee to the member, then have them confirm before `book_firing` runs.",
        STUDIO,
        "book_firing",
    ),
    (
        "Give the rider the fare and pickup time, and ask them to agree before `BookRide` runs.",
        RIDES,
        "BookRide",
    ),
    ("Ask the rider to confirm the new home address before saving it.", RIDES, "UpdateHomeAddress"),
]


@pytest.mark.parametrize(("sentence", "tools", "target"), READ, ids=[r[0] for r in READ])
def test_the_yes_guards_the_act(
    tmp_path: Path, sentence: str, tools: list[dict[str, Any]], target: str
) -> None:
    assert _confirmed(tmp_path, sentence, tools) == {target}


NOT_READ: list[str] = [
    "Confirm the new delivery address before saving it.",  # no one's yes
    "Tell the member the slot and ask the studio manager to approve before `book_firing` runs.",
    "Explain the studio rules to the member and book the firing.",
]


@pytest.mark.parametrize("sentence", NOT_READ)
def test_no_yes_read(tmp_path: Path, sentence: str) -> None:
    assert _confirmed(tmp_path, sentence, STUDIO) == set()


def test_only_a_saving_pronoun_is_respelled() -> None:
    # an act named by its own verb is left to the readers of the yes
    assert respelled("Ask the member to confirm the new address before booking it.") is None
    assert respelled("Ask the member to confirm before saving it.") is None  # no value


# (sentence, target, the exception kept as the condition)
EXCEPTED: list[tuple[str, str, str]] = [
    (
        "A firing may be cancelled only with the member's go-ahead, except where the kiln is "
        "already cold.",
        "cancel_firing",
        "except where the kiln is already cold",
    ),
    (
        "* Refunding a firing needs the member's OK, except if the kiln broke down.",
        "refund_firing",
        "except if the kiln broke down",
    ),
    (
        "Refunds of a firing require the member's explicit yes, unless the kiln broke down.",
        "refund_firing",
        "unless the kiln broke down",
    ),
]


@pytest.mark.parametrize(("sentence", "target", "tail"), EXCEPTED, ids=[e[0] for e in EXCEPTED])
def test_a_yes_with_an_exception_is_reviewed(
    tmp_path: Path, sentence: str, target: str, tail: str
) -> None:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", STUDIO)
    got = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    assert [(p.operator, p.target, p.enforcement) for p in got] == [
        ("require_confirmation", target, "review_only")
    ]
    notes = [d for d in built.state.diagnostics if d.code == "condition-not-bound"]
    assert any(tail in d.message for d in notes)


def test_an_exception_to_a_permission_is_no_yes(tmp_path: Path) -> None:
    said = "Cancelling a firing is allowed, except when the firing has already started."
    assert _confirmed(tmp_path, said, STUDIO) == set()
