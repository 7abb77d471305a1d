"""Rules a tool's description states about the tool itself: a state it may only be used in,
several tools it comes after ("after `a` and `b`": each; "after `a` or `b`": any), the
user's yes it needs. Made-up car-rental tools; descriptions written for the test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_agent
from tests.test_grammar import _tool


def _rules(tmp_path: Path, description: str) -> list[tuple[str, dict[str, Any], str]]:
    tools = [
        _tool("get_booking", "Read a rental booking by its number.", booking_id="string"),
        _tool("get_customer", "Read a customer profile.", customer_id="string"),
        _tool("cancel_booking", description, booking_id="string"),
    ]
    (tmp_path / "tools.json").write_text(json.dumps(tools))
    (tmp_path / "prompt.md").write_text("Be kind to customers.\n")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    keep = {"before", "allowed", "denied", "field", "entity"}
    return sorted(
        ((p.operator, {k: v for k, v in p.condition.model_dump().items() if k in keep and v},
         p.enforcement)
        for p in built.policies
        if p.operator != "schema_contract" and p.target == "cancel_booking"),
        key=repr,
    )  # fmt: skip


CASES: list[tuple[str, list[tuple[str, dict[str, Any], str]]]] = [
    ("Cancel a booking. Only use this when the booking status is 'reserved'.",
     [("state_condition", {"entity": "booking", "field": "status", "allowed": ("reserved",)},
       "enforce")]),
    ("Cancel a booking. Never call this tool if the booking is 'returned'.",
     [("state_condition", {"entity": "booking", "denied": ("returned",)}, "enforce")]),
    ("Cancel a booking. Use this function only if the booking status is not 'returned'.",
     [("state_condition", {"entity": "booking", "field": "status", "denied": ("returned",)},
       "enforce")]),
    ("Cancel a booking. Must be called after get_booking and get_customer.",
     [("require_before", {"before": "get_booking"}, "enforce"),
      ("require_before", {"before": "get_customer"}, "enforce")]),
    ("Cancel a booking. Use this only after `get_booking` or `get_customer`.",
     [("require_before", {"before": ("get_booking", "get_customer")}, "enforce")]),
    ("Cancel a booking. This tool must only be called after the customer confirmed.",
     [("require_confirmation", {}, "enforce")]),
    ("Cancel a booking. Prerequisite: get_booking.",
     [("require_before", {"before": "get_booking"}, "enforce")]),
    ("Cancel a booking. Depends on get_booking and get_customer.",
     [("require_before", {"before": "get_booking"}, "enforce"),
      ("require_before", {"before": "get_customer"}, "enforce")]),
    ("Cancel a booking. Requires the output of `get_booking` or `get_customer`.",
     [("require_before", {"before": ("get_booking", "get_customer")}, "enforce")]),
    # a value it needs is no call it needs
    ("Cancel a booking. Requires a booking id.", []),
    # a suggestion, not a restriction: nothing
    ("Cancel a booking. Use this when the booking status is 'reserved'.", []),
]  # fmt: skip


@pytest.mark.parametrize(("description", "expected"), CASES)
def test_a_description_restricts_its_tool(
    tmp_path: Path, description: str, expected: list[tuple[str, dict[str, Any], str]]
) -> None:
    assert _rules(tmp_path, description) == expected
