"""A count kept up to date after an event is a follow-up, never an ordering.

Sentences written for these tests (a coworking space, a cinema, a warehouse, a loyalty
scheme, a clinic); see `specgap.extract.tuned_followups`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.temporal import read
from specgap.extract.tuned_followups import adjusts_a_count
from tests.corpus_agents import build_prompt


@pytest.mark.parametrize(
    "text",
    [
        "After a guest pass is issued, the pass counter must be incremented.",
        "Once a seat is booked, decrease the free seat count.",
        "After each pallet is shipped, the stock level for its SKU must be reduced atomically.",
        "As soon as points are redeemed, the member's points balance has to be decremented.",
        "After a slot is released, increase the available slots total by one.",
    ],
)
def test_a_count_after_an_event_is_no_ordering(text: str) -> None:
    timed = read(text)
    assert timed is None or all(e.operator != "require_before" for e in timed.emits)


@pytest.mark.parametrize(
    ("text", "target", "before"),
    [
        # "only" states the order itself
        ("The pass counter may only be incremented after a pass is issued.",
         "increment pass counter", "issue pass"),
        ("Only after a refund is approved may the refunds total be increased.",
         "increase refunds total", "approve refund"),
        # not a count: an action that follows the event is still read as the order
        ("After verifying the patient, book the appointment.", "book appointment",
         "verify patient"),
        ("Once you have verified the pallet, schedule the pickup.", "schedule pickup",
         "verify pallet"),
    ],
)  # fmt: skip
def test_orders_that_are_no_count_are_still_read(text: str, target: str, before: str) -> None:
    timed = read(text)
    assert timed is not None
    assert ("require_before", target, before) in [
        (e.operator, e.target, e.params.get("before")) for e in timed.emits
    ]


@pytest.mark.parametrize(
    ("action", "conj", "main", "expected"),
    [
        ("increment pass counter", "after", "the pass counter must be incremented", True),
        ("reduce stock_level", "once", "reduce the stock_level", True),
        ("reduce price", "after", "the price must be reduced", False),  # no count
        ("increment pass counter", "before", "increment the pass counter", False),
        ("increment pass counter", "after", "never increment the counter", False),
        (None, "after", "it happens", False),
    ],
)
def test_adjusts_a_count(action: str | None, conj: str, main: str, expected: bool) -> None:
    assert adjusts_a_count(action, conj, main) is expected


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


def test_the_follow_up_keeps_a_located_note(tmp_path: Path) -> None:
    tools = [
        _spec("issue_pass", "Issue a guest pass to a member.", "member_id"),
        _spec("update_pass_counter", "Set the guest pass counter.", "value"),
    ]
    text = "# Front desk\n\nAfter a guest pass is issued, the pass counter must be incremented.\n"
    built = build_prompt(tmp_path, text, tools)
    assert not [p for p in built.policies if p.operator == "require_before"]
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    assert notes, "the sentence must not be lost silently"
