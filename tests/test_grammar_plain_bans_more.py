"""More plain bans: an action reserved for staff, not part of the agent's role, a staff-only
action, one only staff may do or that is only done by staff, no permission or ability to do
it, not the agent's job. Each is someone else's action, never the user's standing: an action
"reserved for gold members" or "only verified skiers can buy" is a condition on the user, no
ban. A ski resort desk, written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_grammar import _tool
from tests.test_grammar_plain_bans import _bans, _built

SKI = [
    _tool("find_guest", "Find a guest by name.", guest_name="string"),
    _tool("sell_pass", "Sell a lift pass to a guest.", guest_id="string", days="number"),
    _tool("upgrade_pass", "Upgrade a lift pass to a higher tier.", pass_id="string"),
    _tool("refund_pass", "Refund a lift pass.", pass_id="string"),
    _tool("book_lesson", "Book a ski lesson.", guest_id="string", date="string"),
    _tool("cancel_lesson", "Cancel a ski lesson.", lesson_id="string"),
    _tool("rent_equipment", "Rent skis or boards to a guest.", guest_id="string"),
    _tool("extend_rental", "Extend an equipment rental.", rental_id="string", days="number"),
    _tool("reset_pin", "Reset a guest's account PIN.", guest_id="string"),
]
E = "enforce"
R = "review_only"  # the act named by a bare noun ("refunds") resolves only in part

READ: list[tuple[str, set[tuple[str, str]]]] = [
    # reserved for staff
    ("Refunds are reserved for staff.", {("refund_pass", R)}),
    ("Equipment rental extensions are reserved for the rental shop.", {("extend_rental", E)}),
    # not part of the agent's role; not the agent's job
    ("Selling passes is not part of your role.", {("sell_pass", E)}),
    ("Cancelling a lesson is not within the assistant's remit.", {("cancel_lesson", E)}),
    ("It is not your job to cancel lessons.", {("cancel_lesson", E)}),
    # a staff-only action
    ("Pass upgrades are a manager-only action.", {("upgrade_pass", E)}),
    # only staff may do it, or it is only done by them
    ("Only staff can refund passes.", {("refund_pass", E)}),
    ("Only the ski school office may cancel lessons.", {("cancel_lesson", E)}),
    ("PIN resets can only be carried out by the front desk.", {("reset_pin", E)}),
    # no permission, authority or ability to do it
    ("You do not have permission to upgrade passes.", {("upgrade_pass", E)}),
    ("The assistant lacks the authority to reset PINs.", {("reset_pin", E)}),
    ("You are not able to sell passes.", {("sell_pass", E)}),
    ("You are unable to extend rentals.", {("extend_rental", E)}),
]

NOT_READ: list[str] = [
    # a condition on the user, not someone else's action
    "Upgrades are reserved for gold members.",
    "Only verified guests can buy passes.",
    "Only members can book lessons.",
    "Lessons are only booked by the guest.",
    # no tool action
    "It is not your job to judge the guest.",
    "You are not able to see card numbers.",
    # what follows the staff holds a condition no state binds: left to the other readers
    "Refunds can only be issued by the ticket office within 24 hours.",
    "Refunds are reserved for staff on weekends.",
]


@pytest.mark.parametrize(("text", "expected"), READ, ids=[t for t, _ in READ])
def test_someone_elses_action_is_banned(
    tmp_path: Path, text: str, expected: set[tuple[str, str]]
) -> None:
    built = _built(tmp_path, text, SKI)
    assert _bans(built) == expected
    codes = [d.code for d in built.state.diagnostics if d.span and "prompt" in d.span.path]
    assert "rule-not-compiled" not in codes


@pytest.mark.parametrize("text", NOT_READ)
def test_no_ban_of_the_agent(tmp_path: Path, text: str) -> None:
    assert _bans(_built(tmp_path, text, SKI)) == set()
