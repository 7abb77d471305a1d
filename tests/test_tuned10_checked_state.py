"""A check of the very state an action sets, then the action: the thing's record first.

Sentences written for these tests (a kennel, a building, a bank, a fleet, a school); see
`specgap.extract.tuned_checked_state`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.order_outcome import checked_first
from tests.corpus_agents import build_prompt

# (the sentence before, the sentence, the action, the prerequisite, the kept condition)
READ: list[tuple[str, str, str, str, str | None]] = [
    ("Check whether the gate is alarm enabled.", "If it is not, enable it.",
     "enable alarm", "get gate details", None),
    ("Verify that the account tied to the card is two-factor enabled.\n    - ",
     "If the account is not two-factor enabled, enable it for free.",
     "enable two-factor", "get account details", None),  # a post-modifier and a nested bullet
    ("If a driver reports a fault, you should check if the van is tracking enabled.",
     "If it is not, enable it at no cost.", "enable tracking", "get van details",
     "If a driver reports a fault"),  # the check's own condition is kept
    ("See whether the student's card is contactless activated.", "If it is not, activate it.",
     "activate contactless", "get student card details", None),  # a possessive subject
]  # fmt: skip

NOT_READ: list[tuple[str, str]] = [
    ("Check whether the gate is alarm enabled.", "If it is not, tell the guard."),  # talk
    ("The gate is alarm enabled.", "If it is not, enable it."),  # no check asked for
    ("Check whether the gate is alarm enabled.", "Enable it."),  # no branch
]  # fmt: skip


@pytest.mark.parametrize(("before", "text", "action", "first", "kept"), READ,
                         ids=[t for _, t, _, _, _ in READ])  # fmt: skip
def test_the_thing_is_read_before_its_state_is_set(
    before: str, text: str, action: str, first: str, kept: str | None
) -> None:
    emits = checked_first(text, before)
    assert [(e.operator, e.target, e.params, e.condition) for e in emits] == [
        ("require_before", action, {"before": first}, kept)
    ]


@pytest.mark.parametrize(("before", "text"), NOT_READ, ids=[b + t for b, t in NOT_READ])
def test_nothing_is_read(before: str, text: str) -> None:
    assert checked_first(text, before) == []


def _spec(name: str, description: str, *args: str) -> dict[str, Any]:
    props = {a: {"type": "string"} for a in args}
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": props, "required": list(args)},
        },
    }


def test_the_order_compiles_reviewed_on_the_record_reader(tmp_path: Path) -> None:
    tools = [
        _spec("fleet.get_details", "Get the details of a Van, Driver or Depot by its ID.", "id"),
        _spec("fleet.get_driver_by_van", "Find the driver assigned to a van.", "van_id"),
        _spec("fleet.enable_tracking", "Enable GPS tracking on a van.", "van_id"),
    ]
    text = (
        "# Fleet desk\n\nIf a driver reports a fault, you should check if the van is tracking "
        "enabled. If it is not, enable it at no cost.\n"
    )
    built = build_prompt(tmp_path, text, tools)
    orders = [
        (p.target, p.condition.model_dump().get("before"), p.enforcement)
        for p in built.policies
        if p.operator == "require_before"
    ]
    assert orders == [("fleet.enable_tracking", "fleet.get_details", "review_only")]


def test_no_reader_of_the_thing_itself_gives_no_guess(tmp_path: Path) -> None:
    tools = [
        _spec("fleet.get_driver_by_van", "Find the driver assigned to a van.", "van_id"),
        _spec("fleet.get_fuel_log", "Get the fuel log of a van.", "van_id"),
        _spec("fleet.enable_tracking", "Enable GPS tracking on a van.", "van_id"),
    ]
    text = "# Fleet desk\n\nCheck if the van is tracking enabled. If it is not, enable it.\n"
    built = build_prompt(tmp_path, text, tools)
    orders = [p for p in built.policies if p.operator == "require_before"]
    assert orders == [], orders
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    assert notes, "the sentence must keep a located note"


RECORDS = [
    _spec("fleet.get_details", "Get the details of a Van, Driver or Depot by its ID.", "id"),
    _spec("fleet.get_driver_by_van", "Find the driver assigned to a van.", "van_id"),
    _spec("fleet.get_fuel_log", "Get the fuel log of a van.", "van_id"),
    _spec("getDepot", "Get a depot with its opening hours.", "depotId"),
    _spec("hr__get_driver_profile", "Get a driver's profile.", "driver_id"),
]


@pytest.mark.parametrize(
    ("mention", "tools"),
    [
        # the plain record reader, never what reads another thing by the van
        ("get van details", {"fleet.get_details"}),
        # either reader of the depot itself (a name whose object is it, or the plain one)
        ("get depot details", {"getDepot", "fleet.get_details"}),
        ("get driver information", {"hr__get_driver_profile"}),
        ("find driver by van", {"fleet.get_driver_by_van"}),  # not a record: as it was
    ],
)
def test_a_record_is_read_by_what_reads_the_thing_itself(mention: str, tools: set[str]) -> None:
    from specgap.registry import Tool, build_registry
    from specgap.resolve.resolver import Resolver

    registry = [
        Tool(id=s["function"]["name"], names=(s["function"]["name"],),
             description=s["function"]["description"], schema=s["function"]["parameters"])
        for s in RECORDS
    ]  # fmt: skip
    assert Resolver(build_registry(registry)[0]).resolve(mention).tool_id in tools
