"""Session 32: a ceiling on an act's amount said of the act as a thing ("A refund is £120 at
most", "No refund is above £200", "Goodwill credit (`t`) is 50 pounds at most") read as the
bound it is (`specgap.extract.amount32`); a lead-in that names kinds of people ("venues and
schools: ...") is never dropped to read the rest flat (`prose7_reasons`). Sentences written
for these tests, in a made-up gift-shop desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.amount32 import respelt
from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

SHOP = [
    T("find_customer", "Finds a customer.", email="string"),
    T("issue_refund", "Refunds an order.", order_id="string", amount="number"),
    T(
        "apply_credit",
        "Applies goodwill credit to an account.",
        customer_id="string",
        amount="number",
    ),
    T("take_payment", "Charges a card.", order_id="string", amount="number"),
]


@pytest.mark.parametrize(
    ("text", "tool", "most"),
    [
        ("A refund is £120 at most.", "issue_refund", 120),
        ("A single refund stays at or below £150.", "issue_refund", 150),
        ("No refund is above £200.", "issue_refund", 200),
        ("A refund never exceeds £150.", "issue_refund", 150),
        ("A payment can go up to £150.", "take_payment", 150),
        ("Goodwill credit (apply_credit) is 50 pounds at most.", "apply_credit", 50),
        (
            "One payment is £250 at most, and any one order is paid twice at most.",
            "take_payment",
            250,
        ),
    ],
)
def test_an_acts_ceiling_said_of_the_act(tmp_path: Path, text: str, tool: str, most: int) -> None:
    policies = desk_policies(tmp_path, text, SHOP)
    assert has_policy(policies, "arg_within_bound", tool, "enforce", arg="amount", max=most), shown(
        policies
    )


def test_who_it_is_said_of_is_no_act() -> None:
    assert respelt("A member is 18 at most.") is None
    assert respelt("A refund is at most £120.") is None  # said so already


def test_a_lead_in_naming_kinds_keeps_the_rule_from_holding_flat(tmp_path: Path) -> None:
    text = "Venues and schools: the payment can go up to £500."
    policies = desk_policies(tmp_path, text, SHOP)
    assert not [p for p in policies if p.enforcement == "enforce"], shown(policies)
