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
