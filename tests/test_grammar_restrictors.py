"""A prohibition is no wider than its sentence (issue 11, "never stronger than stated"), in the
made-up car-rental domain of `test_grammar`: a count, a missing approval, a purpose or a
comparison after the banned action never leaves a flat, enforced ban."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.phrasing import normalize
from tests.corpus_agents import Built, build_agent
from tests.test_grammar import TOOLS


def _build(tmp_path: Path, text: str) -> Built:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS, indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(text + "\n")
    return build_agent(tmp_path, [prompt], [tools])


CASES: list[tuple[str, list[tuple[str, str, dict[str, Any], str]], list[str]]] = [
    # sentence, (operator, tool, condition subset, enforcement), diagnostic codes
    (
        "Do not issue more than one refund per booking.",
        [("max_calls", "issue_refund", {"max": 1, "per": "booking"}, "enforce")],
        [],
    ),
    (
        "Never cancel bookings on behalf of the renter without their approval.",
        [("require_confirmation", "cancel_booking", {}, "enforce")],
        [],
    ),
    (
        # "an X": each X
        "Do not cancel a booking more than once.",
        [("max_calls", "cancel_booking", {"max": 1, "per": "booking"}, "enforce")],
        [],
    ),
    (
        "Never cancel a booking without the renter's confirmation.",
        [("require_confirmation", "cancel_booking", {}, "enforce")],
        [],
    ),
    (
        "Do not cancel without asking the renter first.",
        [("require_confirmation", "cancel_booking", {}, "enforce")],
        [],
    ),
    (
        "Never call update_booking_drivers to remove drivers.",
        [("deny_action", "update_booking_drivers", {}, "review_only")],
        ["condition-not-bound"],
    ),
    (
        "You must not list rentals older than 30 days.",
        [("deny_action", "list_rentals", {}, "review_only")],
        ["condition-not-bound"],
    ),
    (
        "Do not cancel bookings for other renters.",
        [("deny_action", "cancel_booking", {}, "review_only")],
        ["condition-not-bound"],
    ),
    (
        "Bookings must not be cancelled between 11pm and 6am.",
        [("deny_action", "cancel_booking", {}, "review_only")],
        ["condition-not-bound"],
    ),
    # naming the tool restricts nothing
    (
        "Do not call `cancel_booking` with `get_booking`.",
        [("deny_action", "cancel_booking", {}, "enforce")],
        [],
    ),
    (
        "Do not cancel bookings made by another renter.",
        [("deny_action", "cancel_booking", {}, "review_only")],
        ["condition-not-bound"],
    ),
    (
        # "never X while V" denies V (it does not allow it)
        "Never cancel a booking while its status is 'on_road'.",
        [("state_condition", "cancel_booking", {"denied": ["on_road"]}, "enforce")],
        [],
    ),
    (
        # "without doing X first": X comes first, the action is not banned
        "Never cancel a booking without getting the booking first.",
        [("require_before", "cancel_booking", {"before": "get_booking"}, "enforce")],
        [],
    ),
    (
        # every coordinated verb is banned, not only the last one read
        "Do not cancel or update bookings.",
        [
            ("deny_action", "cancel_booking", {}, "enforce"),
            ("deny_action", "update_booking_drivers", {}, "enforce"),
        ],
        [],
    ),
    (
        # the state of the entity a prepositional object names
        "You must not issue a refund for a booking that has not been cancelled.",
        [
            (
                "state_condition",
                "issue_refund",
                {"entity": "booking", "allowed": ["cancelled"]},
                "enforce",
            )
        ],
        [],
    ),
    # other ways of saying never
    ("Avoid cancelling bookings.", [("deny_action", "cancel_booking", {}, "enforce")], []),
    ("Cancelling bookings is not allowed.", [("deny_action", "cancel_booking", {}, "enforce")], []),
    (
        "Under no circumstances should you cancel a booking.",
        [("deny_action", "cancel_booking", {}, "enforce")],
        [],
    ),
    (
        "It is forbidden to cancel bookings at night.",
        [("deny_action", "cancel_booking", {}, "review_only")],
        ["condition-not-bound"],
    ),
    # a bound a manager's approval lifts: a review under the bound as its condition
    # (reviewed, never a flat bound; see `review5_rules`)
    (
        "Refunds above $100 require manager approval.",
        [("review_required", "issue_refund", {}, "review_only")],
        ["condition-not-bound"],
    ),
    # a count of what a tool's own verb acts on: each call reserves at least one car, so at
    # most 3 calls per renter is implied by the sentence (never stronger), never a flat ban
    (
        "Renters may not reserve more than 3 cars.",
        # (reviewed: no argument of `reserve_car` names the renter to count by)
        [("max_calls", "reserve_car", {"max": 3, "per": "renter"}, "review_only")],
        ["condition-not-bound"],
    ),
    # the plain ban stays a ban
    ("Never cancel a booking.", [("deny_action", "cancel_booking", {}, "enforce")], []),
]


@pytest.mark.parametrize(("sentence", "policies", "codes"), CASES)
def test_a_ban_is_no_wider_than_its_sentence(
    tmp_path: Path,
    sentence: str,
    policies: list[tuple[str, str, dict[str, Any], str]],
    codes: list[str],
) -> None:
    built = _build(tmp_path, sentence)
    found = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    assert len(found) == len(policies), [(p.operator, p.target) for p in found]
    for policy, (operator, tool, subset, enforcement) in zip(
        sorted(found, key=lambda p: (p.operator, p.target)), sorted(policies), strict=True
    ):
        dumped = policy.condition.model_dump(mode="json")
        assert (policy.operator, policy.target, policy.enforcement) == (operator, tool, enforcement)
        assert {k: dumped[k] for k in subset} == subset
    notes = sorted({d.code for d in built.state.diagnostics if d.span is not None})
    assert notes == sorted(codes)


NORMALIZED: list[tuple[str, str]] = [
    ("Avoid cancelling bookings.", "Never cancel     bookings."),
    ("Cancelling bookings is not allowed.", "cancel     bookings never         ."),
    ("Refrain from issuing refunds.", "Never issue          refunds."),
    ("Make sure to get the booking.", "Always       get the booking."),
    ("Be polite.", "Be polite."),
]


@pytest.mark.parametrize(("text", "normal"), NORMALIZED)
def test_other_ways_of_saying_never_keep_every_offset(text: str, normal: str) -> None:
    assert normalize(text) == normal
    assert len(normalize(text)) == len(text)
