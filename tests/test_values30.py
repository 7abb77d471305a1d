"""Session 30: a value said before a noun that names no argument ("never book an emergency
visit") is bound on the one writing tool whose argument lists it (`spread._act_values`).
Sentences written for these tests, in a made-up locksmith desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.probes import desk_policies, fits, shown
from tests.probes import spec as T


def _urgency(tool_id: str, does: str) -> dict:
    spec = T(tool_id, does, customer_id="string", urgency="string")
    spec["function"]["parameters"]["properties"]["urgency"]["enum"] = [
        "standard",
        "urgent",
        "emergency",
    ]
    return spec


LOCKS = [
    T("find_customer", "Finds a customer by phone.", phone="string"),
    _urgency("book_job", "Books a locksmith visit."),
    T("cancel_job", "Cancels a job.", job_id="string"),
]


@pytest.mark.parametrize(
    "sentence", ["Never book an emergency visit.", "Do not book emergency visits."]
)
def test_a_value_before_a_noun_binds_to_the_one_tool_listing_it(
    tmp_path: Path, sentence: str
) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", LOCKS)
    assert any(
        fits(p, "deny_action", "book_job", {"arg": "urgency", "values": ["emergency"]})
        for p in policies
    ), shown(policies)


def test_two_tools_listing_the_value_are_a_tie(tmp_path: Path) -> None:
    tools = [*LOCKS, _urgency("quote_job", "Quotes a locksmith visit.")]
    policies = desk_policies(tmp_path, "Never book an emergency visit.\n", tools)
    assert not [p for p in policies if p.operator == "deny_action"], shown(policies)


LEADS = [
    T("get_job", "Reads a job: its status (booked, on_way, done).", job_id="string"),
    T("cancel_job", "Cancels a job.", job_id="string"),
    T("refund_job", "Refunds a job.", job_id="string", amount="number"),
]


@pytest.mark.parametrize(
    "sentence",
    [
        "If the job is `done`, `cancel_job` is not allowed.",
        "When the job is `done`, `cancel_job` is refused.",
    ],
)
def test_a_condition_before_a_tool_id_binds_as_a_state(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", LEADS)
    assert any(
        fits(p, "state_condition", "cancel_job", {"field": "status", "denied": ["done"]})
        for p in policies
    ), shown(policies)
    assert not [p for p in policies if p.operator == "deny_action"], shown(policies)


def test_a_condition_no_state_binds_keeps_the_rule_for_review(tmp_path: Path) -> None:
    text = "Unless the customer is a landlord, `refund_job` may not exceed 80 dollars.\n"
    policies = desk_policies(tmp_path, text, LEADS)
    bounds = [p for p in policies if p.operator == "arg_within_bound"]
    assert any(fits(p, "arg_within_bound", "refund_job", {"max": 80}) for p in bounds), shown(
        policies
    )
    assert all(p.enforcement == "review_only" for p in bounds), shown(policies)


def _reasons() -> dict:
    spec = T("refund_job", "Refunds a job.", job_id="string", reason="string")
    spec["function"]["parameters"]["properties"]["reason"]["enum"] = [
        "cancelled",
        "fault",
        "duplicate",
    ]
    return spec


def test_a_state_of_a_noun_the_call_takes_is_its_values(tmp_path: Path) -> None:
    # "reasons" names the call's own `reason`, whose enum lists the values: an allowlist,
    # never the state of a "reason" no tool identifies
    tools = [*LEADS[:2], _reasons()]
    text = "Refunds are for cancelled or fault reasons only.\n"
    policies = desk_policies(tmp_path, text, tools)
    assert any(
        fits(
            p,
            "resource_in_allowlist",
            "refund_job",
            {"arg": "reason", "allowed": ["cancelled", "fault"]},
        )
        for p in policies
    ), shown(policies)
    assert not [p for p in policies if p.operator == "state_condition"], shown(policies)


SLOTS = [  # noun-only ids, and a description that says "collection slots"
    T("slot_list", "List open collection slots for a house.", house_id="string"),
    T("collection", "Book a collection for a house.", house_id="string", slot_id="string"),
    T("rebooking", "Move a booking to another slot.", booking_ref="string", new_slot_id="string"),
    T("route_override", "Move a booked slot onto another route.", slot_id="string"),
]


@pytest.mark.parametrize(
    "sentence",
    [
        "The `slot_id` sent to `collection` must be one `slot_list` returned.",
        "The `slot_id` passed to `collection` must come from `slot_list`.",
    ],
)
def test_an_argument_sent_to_one_tool_is_that_tools_only(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", SLOTS)
    grounded = [p for p in policies if p.operator == "arg_grounded"]
    assert {p.target for p in grounded} == {"collection"}, shown(policies)
