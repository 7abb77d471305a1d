"""Verbs the lexicon gained, each resolved to the tool of its kind and never to one of
another kind: pausing is freezing (and unpausing undoes it), pulling up reads, resending
sends, handing out gives, renting makes a booking; checking in is an action of its own,
never a read of the guest; refunding is never charging. A made-up climbing gym, written for
the test."""

from __future__ import annotations

import pytest

from specgap.registry import Tool, build_registry
from specgap.resolve import MARGIN, Resolver
from tests.resolve_registry import params


def _gym() -> Resolver:
    tools = [
        ("find_climber", "Find a climber by card number or e-mail.", "read", ("card_number",)),
        ("book_session", "Book a climber into a wall session.", "write", ("climber_id",)),
        ("freeze_membership", "Freeze a membership for some weeks.", "write", ("climber_id",)),
        ("unfreeze_membership", "End a membership freeze early.", "write", ("climber_id",)),
        ("get_invoice", "Get an invoice with its lines.", "read", ("invoice_id",)),
        ("charge_card", "Charge the climber's card on file.", "write", ("climber_id",)),
        ("refund_card", "Refund a charge to the climber's card.", "write", ("charge_id",)),
        ("send_receipt", "E-mail a receipt for a payment.", "write", ("payment_id",)),
        ("add_guest_pass", "Add a guest pass to a membership.", "write", ("climber_id",)),
    ]
    made = [
        Tool(id=i, description=d, effects=(e,), schema=params(**dict.fromkeys(args, "")))
        for i, d, e, args in tools
    ]
    return Resolver(build_registry(made)[0])


GYM = _gym()

RESOLVED = [
    ("pause a membership", "freeze_membership"),
    ("unpause the membership", "unfreeze_membership"),
    ("pull up the invoice", "get_invoice"),
    ("bring up the invoice", "get_invoice"),
    ("resend the receipt", "send_receipt"),
    ("hand out a guest pass", "add_guest_pass"),
    ("hire a wall session", "book_session"),
    ("rebook a wall session", "book_session"),
    ("refund the card", "refund_card"),
    ("charge the card", "charge_card"),
]


@pytest.mark.parametrize(("mention", "tool"), RESOLVED, ids=[m for m, _ in RESOLVED])
def test_a_new_verb_names_the_tool_of_its_kind(mention: str, tool: str) -> None:
    res = GYM.resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool), res.candidates[:3]
    runner_up = res.candidates[1].score if len(res.candidates) > 1 else 0.0
    assert res.candidates[0].score - runner_up >= MARGIN - 1e-9


# (mention, a tool it must never resolve to)
NEVER = [
    ("pause a membership", "unfreeze_membership"),  # pausing is not ending a freeze
    ("reactivate the membership", "freeze_membership"),
    ("check in the climber", "find_climber"),  # arriving is no lookup
    ("check the climber in", "find_climber"),
    ("check out the climber", "find_climber"),
    ("refund the card", "charge_card"),  # giving money back is not taking it
]


@pytest.mark.parametrize(("mention", "tool"), NEVER, ids=[f"{m} {t}" for m, t in NEVER])
def test_a_new_verb_never_names_a_tool_of_another_kind(mention: str, tool: str) -> None:
    res = GYM.resolve(mention)
    assert not (res.status == "resolved" and res.tool_id == tool), res.candidates[:3]
