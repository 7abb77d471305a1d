"""A yes required for a list of acts (`specgap.extract.noact_listed`): each act the list
names gets the confirmation, never only the first. Negative rows: a list of things (what
is confirmed, not acts) adds nothing. Sentences written for this test, in the made-up
domains of `tests.noact_domains`."""

from __future__ import annotations

from pathlib import Path

from tests.noact_domains import at_line, build

# (sentence, the tools that must need the yes)
LISTED: list[tuple[str, set[str]]] = [
    ("Explicit confirmation is required for all refunds, freezes and transfers.",
     {"refund_fee", "freeze_membership", "transfer_membership"}),
    ("Get the member's confirmation before any refund, freeze or transfer.",
     {"refund_fee", "freeze_membership", "transfer_membership"}),
    ("Confirmation required: refunds, freezes and transfers.",
     {"refund_fee", "freeze_membership", "transfer_membership"}),
    ("The member must confirm all refunds and membership transfers.",
     {"refund_fee", "transfer_membership"}),
]  # fmt: skip


def test_every_listed_act_needs_the_yes(tmp_path: Path) -> None:
    built = build(tmp_path, "gym", [row[0] for row in LISTED])
    for n, (sentence, tools) in enumerate(LISTED):
        asked = {p.target for p in at_line(built, n) if p.operator == "require_confirmation"}
        assert tools <= asked, (sentence, asked)


def test_a_list_of_things_confirmed_adds_no_act(tmp_path: Path) -> None:
    sentence = "Refunds need a confirmation of the amount, the card and the date."
    built = build(tmp_path, "gym", [sentence])
    assert {p.target for p in at_line(built, 0)} <= {"refund_fee"}
