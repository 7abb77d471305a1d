"""Session 30: a ban said with "no" before the object ("send no `t`", `noobj30`) and a
decision outline whose "If X:" items hold over the items nested under them (`outline30`).
Sentences written for these tests, in a made-up chimney-sweep booking desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.noobj30 import respelt
from tests.probes import desk_policies, fits, shown
from tests.probes import spec as T

SWEEP = [
    T("find_client", "Finds a client by phone; returns the account status.", phone="string"),
    T("book_sweep", "Books a sweep.", client_id="string", visit_id="string", flues="integer"),
    T("cancel_sweep", "Cancels a sweep.", booking_id="string"),
    T("send_text", "Sends a text.", client_id="string", template="string"),
    T(
        "give_discount",
        "Gives a discount.",
        booking_id="string",
        scheme="string",
        percent="number",
    ),
]


def _any(policies: list, operator: str, target: str, **params: object) -> bool:
    return any(fits(p, operator, target, params) for p in policies)


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        ("Send no `send_text`.", "Never send any `send_text`."),
        (
            "Take no payment and change no booking; ring back.",
            "Never take any payment and never change any booking; ring back.",
        ),
        ("If it is frozen, issue no refund.", "If it is frozen, never issue any refund."),
        ("Give no more than 50 percent off.", None),  # a bound, read as it stands
        ("Say no to a second discount.", None),  # a verb of speech
        ("It has no limit.", None),  # no verb in its base form
    ],
)
def test_a_verb_then_no_is_said_as_a_refusal(said: str, meant: str | None) -> None:
    assert respelt(said) == meant


def test_send_no_tool_is_a_ban(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Send no `send_text`.\n", SWEEP)
    assert _any(policies, "deny_action", "send_text"), shown(policies)


def test_a_nested_item_holds_under_its_if(tmp_path: Path) -> None:
    text = (
        "- If the client's account status is `frozen`:\n"
        "  - Send no `send_text`.\n"
        "- Otherwise:\n"
        "  - Send at most 2 texts with `send_text` in a chat.\n"
    )
    policies = desk_policies(tmp_path, text, SWEEP)
    # the ban holds for frozen accounts only: never a flat ban on every text
    assert not [
        p
        for p in policies
        if p.operator == "deny_action" and p.target == "send_text" and not p.condition.values
    ], shown(policies)
    assert _any(policies, "state_condition", "send_text", denied=["frozen"]), shown(policies)
    # after an "If" that only refuses, the "Otherwise" items hold on every call made
    assert _any(policies, "max_calls", "send_text", max=2), shown(policies)
    counts = [p for p in policies if p.operator == "max_calls"]
    assert all(p.enforcement == "enforce" for p in counts), shown(policies)


def test_an_otherwise_holds_unless_its_if(tmp_path: Path) -> None:
    text = (
        "- If the scheme is `pensioner`:\n"
        "  - `give_discount` may take up to 100 percent off.\n"
        "- Otherwise:\n"
        "  - Never give a discount of more than 50 percent.\n"
    )
    policies = desk_policies(tmp_path, text, SWEEP)
    bounds = [p for p in policies if p.operator == "arg_within_bound" and p.condition.max == 50]
    # the 50 percent bound is not enforced on the pensioners' discounts
    assert bounds, shown(policies)
    assert all(p.enforcement == "review_only" for p in bounds), shown(policies)


def test_items_after_the_outline_hold_unconditionally(tmp_path: Path) -> None:
    text = (
        "- If the client's account status is `frozen`:\n"
        "  - Send no `send_text`.\n"
        "- Never call `cancel_sweep` more than once in a chat.\n"
    )
    policies = desk_policies(tmp_path, text, SWEEP)
    assert _any(policies, "max_calls", "cancel_sweep", max=1), shown(policies)
    counts = [p for p in policies if p.operator == "max_calls"]
    assert all(p.enforcement == "enforce" for p in counts), shown(policies)
