"""`specgap.extract.chat7_respell`: informal lines respelled into the readers' forms
(`docs/chat-seven.md`); the probe sets are `tests/test_chat7_probe_a.py` and `_b.py`."""

from __future__ import annotations

import time

import pytest

from specgap.extract.call_nouns import tool_nouns
from specgap.extract.chat7_respell import respellings


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("expired vaccines = no booking", "No booking for expired vaccines."),
        ("refunds >$50 need me (the manager) to sign off",
         "Refunds above $50 need sign-off from the manager."),
        ("parts orders >€300 = my sign off first",
         "Parts orders above €300 need sign-off from the manager."),
        ("refunds (anything over £40) need my ok",
         "Refunds over £40 need sign-off from the manager."),
        ("always lookupCustomer b4 createRepair",
         "Always call lookupCustomer before createRepair."),
        ("pls confirm w/ customer b4 ordering parts",
         "Confirm with the customer before ordering parts."),
        ("@channel heads up: from today no more refunds on open tickets, thx",
         "No refunds on open tickets."),
        ("refunds only if status = done", "No refunds unless the status is done."),
        ("discounts max 15%", "No discounts over 15%."),
        ("refunds >$100 -> ask me first", "Refunds above $100 need sign-off from the manager."),
        ("weekend appts = not allowed", "Weekend appointments are not allowed."),
    ],
)  # fmt: skip
def test_respelled(text: str, first: str) -> None:
    forms, unclear = respellings(text)
    assert unclear is None
    assert forms[0] == first


def test_owner_is_the_user_only_when_the_tools_deal_with_owners() -> None:
    text = "cancellations need the owner's ok first"
    with tool_nouns(frozenset({"owner", "visit"})):
        forms, unclear = respellings(text)
    assert unclear is None
    assert forms[0] == "Ask the customer to confirm before any cancellation."
    with tool_nouns(frozenset({"session"})):
        assert respellings(text) == ([], "owner")


def test_staff_ok_is_a_review() -> None:
    forms, _ = respellings("refunds need the manager's ok")
    assert forms[0] == "Refunds need sign-off from the manager."


@pytest.mark.parametrize(
    "text",
    ["use " + "a_b_" * 30, "no " * 80 + "more", "a = " * 60 + "no", "aA" * 60 + " before x",
     "(anything over " * 20, "refunds " + "max " * 50, "x w/ " * 60 + "y's ok"],
)  # fmt: skip
def test_no_backtracking(text: str) -> None:
    start = time.perf_counter()
    respellings(text)
    assert time.perf_counter() - start < 0.5
