"""Made-up domains for the tests of `specgap.extract.noact_*`, one per tool-id style:
a gym (snake_case), an observatory (camelCase), a plant nursery (dotted ids) and a
co-working space (`server__tool`). Every tool and description written for these tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from specgap.ir import Policy
from tests.corpus_agents import Built, build_agent
from tests.test_grammar import _tool

DOMAINS: dict[str, list[dict[str, Any]]] = {
    "gym": [
        _tool("get_member", "Look up a gym member with membership status and tier.",
              member_id="string"),
        _tool("freeze_membership", "Pause a membership for up to 3 months.", member_id="string",
              months="integer"),
        _tool("cancel_membership", "Cancel a gym membership.", member_id="string",
              reason="string"),
        _tool("book_class", "Book a member into a fitness class.", member_id="string",
              class_id="string"),
        _tool("cancel_class_booking", "Cancel a class booking.", booking_id="string"),
        _tool("get_class_booking", "Get a class booking with its status.", booking_id="string"),
        _tool("issue_guest_pass", "Issue a guest pass to a member.", member_id="string",
              guest_name="string"),
        _tool("refund_fee", "Refund a membership fee to the member's card.", member_id="string",
              amount="number"),
        _tool("transfer_membership", "Transfer a membership to another person.",
              member_id="string", new_holder="string"),
    ],
    "obs": [
        _tool("getBooking", "Fetch a telescope booking with its status and night.",
              bookingId="string"),
        _tool("createBooking", "Book a telescope night for an astronomer.",
              astronomerId="string", night="string", telescopeId="string"),
        _tool("rescheduleBooking", "Move a booking to another night.", bookingId="string",
              night="string"),
        _tool("cancelBooking", "Cancel a telescope booking.", bookingId="string"),
        _tool("getTelescope", "Read a telescope's status.", telescopeId="string"),
        _tool("chargeFee", "Charge an observing fee.", bookingId="string", amount="number"),
        _tool("refundFee", "Refund an observing fee.", bookingId="string", amount="number"),
        _tool("findAstronomer", "Find an astronomer by e-mail.", email="string"),
    ],
    "nursery": [
        _tool("plants.order.get", "Get a plant order with status and items.", order_id="string"),
        _tool("plants.order.create", "Place a new plant order.", customer_id="string",
              items="array"),
        _tool("plants.order.cancel", "Cancel a plant order.", order_id="string"),
        _tool("plants.order.update_address", "Change the delivery address of an order.",
              order_id="string", address="string"),
        _tool("plants.discount.apply", "Apply a discount code to an order.", order_id="string",
              code="string"),
        _tool("plants.refund.issue", "Refund an order, in full or in part.", order_id="string",
              amount="number"),
        _tool("customers.customer.find", "Find a customer by e-mail or phone.", email="string"),
    ],
    "cowork": [
        _tool("desk__get_reservation", "Get a desk reservation and its status.",
              reservation_id="string"),
        _tool("desk__reserve_desk", "Reserve a desk for a member.", member_id="string",
              desk_id="string", day="string"),
        _tool("desk__extend_reservation", "Extend a desk reservation by some days.",
              reservation_id="string", days="integer"),
        _tool("desk__release_desk", "Release a reserved desk.", reservation_id="string"),
        _tool("desk__issue_keycard", "Issue a keycard to a member.", member_id="string"),
        _tool("desk__revoke_keycard", "Revoke a member's keycard.", keycard_id="string"),
        _tool("desk__get_member", "Get a member with plan and status.", member_id="string"),
        _tool("desk__bill_member", "Bill a member for extra services.", member_id="string",
              amount="number"),
    ],
}  # fmt: skip


def build(folder: Path, domain: str, sentences: list[str]) -> Built:
    """One agent whose prompt holds each sentence as a paragraph of its own (line 3, 5, ...)."""
    (folder / "tools.json").write_text(json.dumps(DOMAINS[domain], indent=1))
    text = "# Desk\n\n" + "\n\n".join(sentences) + "\n"
    (folder / "prompt.md").write_text(text)
    return build_agent(folder, [folder / "prompt.md"], [folder / "tools.json"])


def at_line(built: Built, n: int) -> list[Policy]:
    """The prose policies stated at the `n`-th sentence (0-based) of `build`."""
    line = 3 + 2 * n
    return [
        p
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
        and any(s.span.start_line == line for s in (p.source, *p.also_stated_at))
    ]


def notes_at(built: Built, n: int) -> list[str]:
    """The codes and messages of the diagnostics at the `n`-th sentence of `build`."""
    line = 3 + 2 * n
    return [
        f"{d.code}: {d.message}"
        for d in built.state.diagnostics
        if d.span is not None and d.span.path.endswith("prompt.md") and d.span.start_line == line
    ]
