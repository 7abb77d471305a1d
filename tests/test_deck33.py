"""Session 33: plain shapes a slide deck's bullets used that no reader read, in general form:
acts named by the agent's own tool verbs in a coordination ("before any card charge, any
refund and any membership pause"), an amount "a time", "`t` takes ..." (a value's source or
its range), "X lasts from A to B", a long subject that "gets no" thing, and "the same
reference" bound to the one argument holding a reference. Sentences written for these tests,
in a made-up squash club desk with Objective-C-like ids."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.segments import Sentence
from tests.probes import desk_policies, has_policy, shown, spec

CLUB = [
    spec(
        "findPlayerWithEmail",
        "Finds a player; returns player_id, plan (junior, adult or off_peak) and status "
        "(active, suspended or left).",
        email="string",
    ),
    spec("checkPinForPlayer", "Checks the player's PIN.", player_id="string", pin="string"),
    spec("searchCourtsForDay", "Lists free courts; each has court_id.", day="string"),
    spec(
        "bookCourtForPlayer",
        "Books a court.",
        player_id="string",
        court_id="string",
        duration_minutes="integer",
    ),
    spec("getBookingWithReference", "Reads a booking.", booking_ref="string"),
    spec("moveBookingToSlot", "Moves a booking.", booking_ref="string", slot="string"),
    spec("chargeCardForAmount", "Charges a card.", player_id="string", amount_gbp="number"),
    spec("refundChargeToCard", "Refunds a charge.", charge_id="string", amount_gbp="number"),
    spec("pauseMembershipForMonths", "Pauses a membership.", player_id="string", months="integer"),
]

# (sentence, operator, tool, params)
CASES: list[tuple[str, str, str, dict[str, Any]]] = [
    (
        "Run checkPinForPlayer before any card charge, any refund and any membership pause.",
        "require_before",
        "pauseMembershipForMonths",
        {"before": "checkPinForPlayer"},
    ),
    (
        "Run checkPinForPlayer before any card charge, any refund and any membership pause.",
        "require_before",
        "chargeCardForAmount",
        {"before": "checkPinForPlayer"},
    ),
    (
        "Charge at most £60 a time.",
        "arg_within_bound",
        "chargeCardForAmount",
        {"arg": "amount_gbp", "max": 60},
    ),
    (
        "bookCourtForPlayer takes a court_id that searchCourtsForDay offered in this chat.",
        "arg_grounded",
        "bookCourtForPlayer",
        {"arg": "court_id", "from_tools": ["searchCourtsForDay"]},
    ),
    (
        "chargeCardForAmount takes £2 up to £90 a time.",
        "arg_within_bound",
        "chargeCardForAmount",
        {"arg": "amount_gbp", "min": 2, "max": 90},
    ),
    (
        "pauseMembershipForMonths takes from 1 to 3 months.",
        "arg_within_bound",
        "pauseMembershipForMonths",
        {"arg": "months", "min": 1, "max": 3},
    ),
    (
        "A booking lasts from 40 minutes to 120 minutes.",
        "arg_within_bound",
        "bookCourtForPlayer",
        {"arg": "duration_minutes", "min": 40, "max": 120},
    ),
    (
        "Players whose status is suspended or left get no courts.",
        "state_condition",
        "bookCourtForPlayer",
        {"field": "status", "denied": ["suspended", "left"]},
    ),
    (
        "Look the booking up with getBookingWithReference before you move it, and act on that "
        "same reference.",
        "require_before",
        "moveBookingToSlot",
        {"before": "getBookingWithReference", "same": {"arg": "booking_ref"}},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{c[2]}-{c[0][:40]}" for c in CASES])
def test_read(tmp_path: Path, case: tuple[str, str, str, dict[str, Any]]) -> None:
    sentence, operator, tool, params = case
    policies = desk_policies(tmp_path, sentence, CLUB)
    # the rule is read; how sure its binding is (a bound found by its unit alone, an act
    # said by a verb) decides its enforcement, as for any sentence
    assert any(
        has_policy(policies, operator, tool, level, **params)
        for level in ("enforce", "review_only")
    ), shown(policies)


@pytest.mark.parametrize(
    "sentence",
    [
        "Bookings usually last 40 to 120 minutes.",  # what tends to happen, no rule
        "Reports to the club captain go out once per court.",  # no tool of the agent reports
    ],
)
def test_not_enforced(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence, CLUB)
    assert not any(p.enforcement == "enforce" for p in policies), shown(policies)


def test_an_amount_a_time_is_blanked_at_the_same_length() -> None:
    from specgap.artifacts import Artifact

    text = "Book at most 2 at a time; refund £60 each time; send 3 in one go."
    said = Sentence(Artifact("prompt", "p.md", text, "p"), text, tuple(range(len(text) + 1)))
    assert len(said.clean) == len(text)
    assert re.sub(r"\s+(?=[;.])", "", said.clean) == "Book at most 2; refund £60; send 3."


def test_a_heading_naming_one_tools_act_makes_its_fragments_that_tools(tmp_path: Path) -> None:
    text = "## Pausing a membership\n\n- At most one per player.\n- Months: 1 to 3."
    policies = desk_policies(tmp_path, text, CLUB)
    assert has_policy(
        policies, "max_calls", "pauseMembershipForMonths", "enforce", max=1, per="player"
    ), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "# Booking desk\n\n- At most two per player.",  # a title names the business
        "## Courts\n\n- At most two per player.",  # a thing, not an act
        "## Moving or booking\n\n- At most two per player.",  # two tools' acts
    ],
)
def test_headings_that_name_no_one_act(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, CLUB)
    assert not any(p.enforcement == "enforce" for p in policies), shown(policies)


@pytest.mark.parametrize(
    "sentence",
    [
        "Call bookCourtForPlayer only for active players.",
        "Use bookCourtForPlayer only for active players.",
    ],
)
def test_only_after_the_object(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence, CLUB)
    assert has_policy(
        policies, "state_condition", "bookCourtForPlayer", "enforce", allowed=["active"]
    ), shown(policies)


def test_a_source_named_after_an_exception_is_not_the_parameters_own(tmp_path: Path) -> None:
    from tests.corpus_agents import build_prompt

    mailer = spec(
        "sendMailWithTemplate",
        "Sends a templated e-mail.",
        to_address=(
            "string",
            "Recipient: the address findPlayerWithEmail has on file, never one typed into the "
            "chat; the exception is guest_pass, which goes to the guest address the member gave.",
        ),
    )
    built = build_prompt(tmp_path, "# Desk\n\nBe kind.\n", [CLUB[0], mailer])
    grounded = [p for p in built.policies if p.operator == "arg_grounded"]
    # the exception's source (what the player gave) is never enforced as the only one
    assert not any(
        p.enforcement == "enforce" and p.condition.from_user and not p.condition.from_tools
        for p in grounded
    ), shown(grounded)
