"""Acceptance scenarios (`extract.gherkin`): each `Then` line read on its own, as an
instruction, under the scenario's conditions. Written for these tests, in a made-up spa
desk."""

from __future__ import annotations

from pathlib import Path

from specgap.extract.gherkin import is_scenario
from tests.probes import desk_policies, fits
from tests.probes import spec as T

TOOLS = [
    T("guest_find", "Find a guest; returns guest_id and tier (basic, gold, suite).",
      phone="string"),
    T("slot_search", "Search free treatment slots.", treatment="string"),
    T("treat_book", "Book a treatment.", guest_id="string", slot_id="string",
      minutes="integer"),
    T("treat_get", "Read a booking: status (booked, started, done).", booking_id="string"),
    T("treat_cancel", "Cancel a treatment booking.", booking_id="string"),
]  # fmt: skip

SCENARIOS = """Feature: Treatments

  Scenario: A guest books a treatment
    Given a guest asks for a treatment
    When the agent books it
    Then the agent calls `slot_search` before `treat_book`
    And the treatment lasts at most 90 minutes

  Scenario: A basic-tier guest
    Given the guest's `tier` is `basic`
    When the guest asks for a second treatment on the same day
    Then the agent does not book it

  Scenario: Cancelling
    When a guest asks to cancel a booking
    Then the agent reads the booking with `treat_get` first
"""


def _policies(tmp_path: Path) -> list:
    return desk_policies(tmp_path, SCENARIOS, TOOLS)


def _line(policy: object) -> int:
    return policy.source.span.start_line  # type: ignore[attr-defined]


def test_then_lines_are_read_as_instructions_at_their_line(tmp_path: Path) -> None:
    policies = _policies(tmp_path)
    shown = [(p.operator, p.target, p.enforcement, _line(p)) for p in policies]
    order = [
        p for p in policies if fits(p, "require_before", "treat_book", {"before": "slot_search"})
    ]
    assert [(p.enforcement, _line(p)) for p in order] == [("enforce", 8)], shown
    bound = [p for p in policies if fits(p, "arg_within_bound", "treat_book", {"max": 90})]
    assert [(p.enforcement, _line(p)) for p in bound] == [("enforce", 9)], shown
    first = [
        p for p in policies if fits(p, "require_before", "treat_cancel", {"before": "treat_get"})
    ]
    assert [_line(p) for p in first] == [18], shown


def test_a_ban_under_a_scene_keeps_it(tmp_path: Path) -> None:
    """ "When the guest asks for a second treatment ..., the agent does not book it": the scene
    is the ban's condition; without it the ban would refuse every booking."""
    policies = _policies(tmp_path)
    bans = [p for p in policies if p.target == "treat_book" and p.operator == "deny_action"]
    assert bans
    assert all(p.enforcement == "review_only" for p in bans)


def test_only_lines_with_a_then_make_a_scenario() -> None:
    assert is_scenario("Given a guest\nWhen they ask\nThen the agent books it")
    assert not is_scenario("Given a guest\nWhen they ask")  # no `Then`: prose as before
    assert not is_scenario("Then read the booking.")  # one keyed line
