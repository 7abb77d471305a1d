"""Where the state of a rule is said outside its own clause: a lead line over bullets ("When a
stay is cancelled:", "For faulty meters:"), a heading naming the action over "- Only booked
stays.", a leading condition with no comma ("Once a stay is checked in it cannot be
cancelled"), a permission under a proviso ("extending is allowed as long as ..."), a table
row keyed by the state, and a state right after the noun ("instruments out of order are
never reserved"). Negative rows: a lead over what to do (an obligation), a bullet with its
own condition, a lead that states no condition.

The made-up domains of `tests.test_state_late`; every sentence written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_state_late import _build, _prose, _read, _state

LED: list[tuple[str, str, list[Any]]] = [
    ("kennel", "When a stay is cancelled:\n- do not add grooming\n- do not extend it",
     [_state("add_grooming", "stay", "status", denied=["cancelled"]),
      _state("extend_stay", "stay", "status", denied=["cancelled"])]),
    ("meter", "If the account is suspended:\n- never apply credit\n- do not issue bills",
     [_state("apply_credit", "account", "state", denied=["suspended"]),
      _state("issue_bill", "account", "state", denied=["suspended"])]),
    # a state word the grammar does not know, bound by the tools' own list
    ("meter", "For faulty meters:\n- do not schedule readings",
     [_state("schedule_reading", "meter", "phase", denied=["faulty"])]),
    ("kennel", "**Once a stay is checked_out:**\n- never add grooming",
     [_state("add_grooming", "stay", "status", denied=["checked_out"])]),
    # a heading naming the action over "only" / "never for" bullets
    ("kennel", "## Cancelling a stay\n\n- Only booked stays.\n- Never for stays that are "
     "checked in or checked out.",
     [_state("cancel_stay", "stay", "status", allowed=["booked"]),
      _state("cancel_stay", "stay", "status", denied=["checked_in", "checked_out"])]),
    # a leading condition with no comma
    ("kennel", "Once a stay is checked in it cannot be cancelled.",
     [_state("cancel_stay", "stay", "status", denied=["checked_in"])]),
    ("kennel", "If the stay is cancelled do not send updates.",
     [_state("send_update", "stay", "status", denied=["cancelled"])]),
    # a permission under a proviso: allowed only while it holds
    ("meter", "Credits may be applied as long as the account is open.",
     [_state("apply_credit", "account", "state", allowed=["open"])]),
    ("meter", "You may reschedule a work order while it is still requested.",
     [_state("reschedule_work_order", "work order", "stage", allowed=["requested"])]),
    # a table row keyed by the state
    ("meter", "| If the meter is | then |\n|---|---|\n| faulty | do not schedule readings |",
     [_state("schedule_reading", "meter", "phase", denied=["faulty"])]),
    # the state right after the noun
    ("lab", "Instruments out of order are never reserved.",
     [_state("reserve_instrument", "instrument", "condition", denied=["out of order"])]),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), LED)
def test_a_state_said_outside_the_clause_conditions_the_rule(
    tmp_path: Path, domain: str, text: str, expected: list[Any]
) -> None:
    built = _build(tmp_path, domain, text)
    read = [_read(p) for p in _prose(built)]
    for each in expected:
        assert each in read, read
    # never also the unconditional ban of the same tool
    banned = {e[1] for e in expected}
    assert not [p for p in _prose(built) if p.operator == "deny_action" and p.target in banned]


NOT_LED: list[tuple[str, str, str]] = [
    # what to do under the lead is an obligation: no rule, certainly no state test
    ("kennel", "When a stay is cancelled:\n- send an update to the owner", "send_update"),
    # a bullet with its own condition keeps its own reading, not the lead's
    ("kennel", "When a stay is cancelled:\n- if the owner asks, send an update", "send_update"),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "tool"), NOT_LED)
def test_a_lead_over_no_ban_gives_no_state_rule(
    tmp_path: Path, domain: str, text: str, tool: str
) -> None:
    built = _build(tmp_path, domain, text)
    assert not [p for p in _prose(built) if p.operator == "state_condition" and p.target == tool]


def test_a_lead_that_states_no_condition_leaves_the_ban_as_it_is(tmp_path: Path) -> None:
    built = _build(tmp_path, "kennel", "Desk rules:\n- never extend a stay")
    read = [_read(p) for p in _prose(built)]
    assert ("deny_action", "extend_stay", {}) in read, read


def test_a_heading_with_a_blank_line_and_prose_between_is_no_lead(tmp_path: Path) -> None:
    text = "## Cancelling a stay\n\nAsk the owner why.\n\n- Only booked stays."
    built = _build(tmp_path, "kennel", text)
    assert not [p for p in _prose(built) if p.operator == "state_condition"]
