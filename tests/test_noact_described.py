"""A tool description's rule about the tool's own act, said with the act's noun
(`specgap.extract.noact_described`): compiled like the description's own forms ("Only for
X", "Not available for X"). Negative rows: the same sentence in the description of a tool
whose verb it does not name gives that tool no rule. Descriptions written for this test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.noact_described import described_spelling
from tests.corpus_agents import build_agent
from tests.test_grammar import _tool

SPELT: list[tuple[str, str, str | None]] = [
    ("No refunds for completed bookings.", "refundFee", "Not available for completed bookings."),
    ("Refunds are only possible for cancelled bookings.", "plants.refund.issue",
     "Only for cancelled bookings."),
    ("Refunds cannot exceed 400.", "refund_fee", "Amount cannot exceed 400."),
    ("Requires explicit member confirmation.", "cancel_booking",
     "Requires the member's explicit confirmation."),
    # another tool's act: left alone
    ("No refunds for completed bookings.", "getBooking", None),
    ("Refunds cannot exceed 400.", "desk__charge_fee", None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "subject", "said"), SPELT)
def test_a_description_names_its_own_act(text: str, subject: str, said: str | None) -> None:
    assert described_spelling(text, subject) == said


TOOLS: list[dict[str, Any]] = [
    _tool("get_booking", "Fetch a telescope booking with its status. No refunds for completed "
          "bookings.", booking_id="string"),
    _tool("refund_fee", "Refund an observing fee. No refunds for completed bookings.",
          booking_id="string", amount="number"),
    _tool("reschedule_booking", "Move a booking to another night. Rescheduling is only possible "
          "for pending bookings.", booking_id="string", night="string"),
    _tool("charge_fee", "Charge an observing fee. Charges cannot exceed 80.", booking_id="string",
          amount="number"),
    _tool("cancel_booking", "Cancel a booking. Requires explicit astronomer confirmation.",
          booking_id="string"),
]  # fmt: skip


def test_a_description_rule_said_with_a_noun_compiles_on_its_tool(tmp_path: Path) -> None:
    (tmp_path / "tools.json").write_text(json.dumps(TOOLS, indent=1))
    (tmp_path / "prompt.md").write_text("# Desk\n\nHelp astronomers with their bookings.\n")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    said = {(p.operator, p.target): p for p in built.policies if p.operator != "schema_contract"}
    assert said[("state_condition", "refund_fee")].condition.model_dump()["denied"] == (
        "completed",
    )
    assert said[("state_condition", "reschedule_booking")].condition.model_dump()["allowed"] == (
        "pending",
    )
    assert said[("arg_within_bound", "charge_fee")].condition.model_dump()["max"] == 80
    assert ("require_confirmation", "cancel_booking") in said
    # the read tool's description speaks of refunds: no rule of the read tool
    assert not [key for key in said if key[1] == "get_booking"]
