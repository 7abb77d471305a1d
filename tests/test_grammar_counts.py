"""A count of the action itself ("issue at most one refund per booking") limits calls,
never the size of an argument or an amount; a count of things a call carries ("pay with a
single voucher or card") stays a count of items. A ban on sending to a value the user did
not give is about that value, never a ban on sending. Made-up car-rental tools."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_agent
from tests.test_grammar import TOOLS, _tool

MORE = [
    _tool(
        "send_receipt",
        "E-mail a receipt to the customer.",
        booking_id="string",
        contact_email="string",
    ),
    _tool("create_booking", "Book a car.", customer_id="string", vehicle_class="string"),
]


def _rules(tmp_path: Path, sentence: str) -> list[tuple[str, str, dict[str, Any]]]:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS + MORE, indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(sentence + "\n")
    built = build_agent(tmp_path, [prompt], [tools])
    keep = {"max", "per", "items", "from_user"}
    return [
        (
            p.operator,
            p.target,
            {k: v for k, v in p.condition.model_dump().items() if k in keep and v},
        )
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    ]


CASES: list[tuple[str, list[tuple[str, str, dict[str, Any]]]]] = [
    ("Issue at most one refund per booking.",
     [("max_calls", "issue_refund", {"max": 1, "per": "booking"})]),
    ("Send at most two receipts per booking.",
     [("max_calls", "send_receipt", {"max": 2, "per": "booking"})]),
    ("Create at most 3 bookings per customer.",
     [("max_calls", "create_booking", {"max": 3, "per": "customer"})]),
    # calls at once are no total: never a limit over the whole run, one call per turn
    ("Never cancel more than one booking at a time.",
     [("one_call_at_a_time", "cancel_booking", {})]),
    # things a call carries stay items of an argument
    ("Pay with a single voucher or card.",
     [("arg_count_bound", "pay_booking", {"max": 1, "items": "voucher or card"})]),
    # a ban on a value the user did not give: the value must come from the user
    ("Never send a receipt to an e-mail address the customer did not give.",
     [("arg_grounded", "send_receipt", {"from_user": True})]),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "expected"), CASES)
def test_what_a_count_or_a_value_restricts(
    tmp_path: Path, sentence: str, expected: list[tuple[str, str, dict[str, Any]]]
) -> None:
    assert _rules(tmp_path, sentence) == expected


NEGATED_TIMES: list[tuple[str, dict[str, Any]]] = [
    # "cannot be X-ed twice": at most once; "never more than twice": at most twice
    ("A booking must not be cancelled twice.", {"max": 1, "per": "booking"}),
    ("Never cancel a booking more than twice.", {"max": 2, "per": "booking"}),
    ("Do not call cancel_booking more than 3 times.", {"max": 3}),
]


@pytest.mark.parametrize(("sentence", "params"), NEGATED_TIMES)
def test_a_negated_number_of_times(tmp_path: Path, sentence: str, params: dict[str, Any]) -> None:
    found = [(op, p) for op, _, p in _rules(tmp_path, sentence) if op == "max_calls"]
    assert found == [("max_calls", params)]
