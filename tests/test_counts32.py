"""Session 32: a count said bare ("One hire per chat; ...") read as its ceiling
(`count15_gets.bare_count`), the act's own noun as no object of its verb ("reserve
reservation", `resolve.verbs`), and a thing named with no verb as the thing made, not the
thing given back (`resolve.made_first`). Sentences written for these tests, in a made-up
boat-hire desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.count15_gets import bare_count
from specgap.resolve.verbs import parse_action
from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T
from tests.resolve_domains import S, registry

BOATS = [
    T("find_sailor", "Finds a sailor by phone number.", phone="string"),
    T("reserve_boat", "Reserves a boat for a day.", sailor_id="string", day="string"),
    T("take_deposit", "Charges the deposit for a boat.", sailor_id="string", amount="number"),
    T("return_deposit", "Pays a deposit back.", sailor_id="string", amount="number"),
    T("send_sms", "Sends a templated text message.", sailor_id="string", template="string"),
    T("book_lesson", "Books a sailing lesson.", sailor_id="string", day="string"),
]


@pytest.mark.parametrize(
    ("text", "tool", "params"),
    [
        ("One reservation per chat; a second boat waits for a new chat.", "reserve_boat", {}),
        ("One deposit per sailor.", "take_deposit", {"per": "sailor"}),
        ("One lesson per chat; a second one is booked another day.", "book_lesson", {}),
    ],
)
def test_a_bare_count_is_its_ceiling(
    tmp_path: Path, text: str, tool: str, params: dict[str, object]
) -> None:
    policies = desk_policies(tmp_path, text, BOATS)
    found = [p for p in policies if p.operator == "max_calls"]
    assert [p.target for p in found] == [tool], shown(policies)
    assert has_policy(found, "max_calls", tool, found[0].enforcement, max=1, **params)


def test_a_count_of_people_is_no_count_of_calls() -> None:
    assert bare_count("One sailor per chat, on the web or the app.") is None
    assert bare_count("One manager per shift.") is None
    assert bare_count("Two texts a chat.") == "At most two texts a chat."
    assert bare_count("Send two texts a chat.") is None  # a verb: the grammar's


def test_the_acts_own_noun_is_no_object() -> None:
    said = parse_action("reserve reservation")
    assert said is not None
    assert not said.objects
    booked = parse_action("book a booking for the boat")
    assert booked is not None
    assert booked.objects == ("boat",)


def test_a_bare_noun_names_the_tool_that_makes_it() -> None:
    desk = registry(
        ("take_deposit", "Charges the deposit for a boat.", {"sailor_id": S}),
        ("return_deposit", "Pays a deposit back.", {"sailor_id": S}),
    )
    from specgap.resolve.resolver import Resolver

    resolver = Resolver(desk)
    res = resolver.resolve("deposit")
    assert (res.status, res.candidates[0].tool_id) == ("resolved", "take_deposit")
    # an act said with its verb is left to the verb: "refund the deposit" is no taking
    back = resolver.resolve("return the deposit")
    assert back.candidates[0].tool_id == "return_deposit"


def test_an_act_noun_names_the_act_not_its_undoing() -> None:
    from specgap.resolve.resolver import Resolver

    desk = registry(
        ("opTakePayment", "Charges a saved card.", {"booking_id": S, "amount": S}),
        ("opRefundPayment", "Refunds all or part of a payment.", {"payment_id": S}),
        ("opCancelBooking", "Cancels a booking.", {"booking_id": S}),
        ("opGetBooking", "Reads a booking.", {"booking_id": S}),
    )
    resolver = Resolver(desk)
    paid = resolver.resolve("payments")  # "two payments per booking": payments taken
    assert (paid.status, paid.candidates[0].tool_id) == ("resolved", "opTakePayment")
    # an undoing act named by its own noun is its own tool's
    assert resolver.resolve("refund").candidates[0].tool_id == "opRefundPayment"
    assert resolver.resolve("cancellation").candidates[0].tool_id == "opCancelBooking"
