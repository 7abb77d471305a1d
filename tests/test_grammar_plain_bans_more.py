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

STORE = [
    _tool("delete_volume", "Delete a storage volume.", volume_id="string"),
    _tool("delete_snapshot", "Delete a snapshot.", snapshot_id="string"),
    _tool("wipe_disk", "Securely wipe a disk.", disk_id="string"),
    _tool("grant_access", "Grant access to a bucket.", bucket_id="string", user_email="string"),
    _tool("revoke_access", "Revoke access to a bucket.", bucket_id="string", user_email="string"),
    _tool("change_quota", "Change a project's quota.", project_id="string", quota_gb="integer"),
]
STORE_READ: list[tuple[str, set[tuple[str, str]]]] = [
    # forbidden whoever would do it; not available here; out of scope
    ("Disk wipes are prohibited.", {("wipe_disk", E)}),
    ("Volume deletion is never allowed.", {("delete_volume", E)}),
    ("Quota changes are not available through this assistant.", {("change_quota", E)}),
    ("Access grants are out of scope.", {("grant_access", E)}),
    # a label, a bare "no", someone else's job, handled by staff, requests refused
    ("Disk wipes: not allowed.", {("wipe_disk", E)}),
    ("No disk wipes.", {("wipe_disk", E)}),
    ("Revoking access is the security team's job.", {("revoke_access", E)}),
    ("Quota changes must be handled by the platform team.", {("change_quota", E)}),
    ("You must refuse any request to wipe a disk.", {("wipe_disk", E)}),
    ("Decline requests to delete snapshots.", {("delete_snapshot", E)}),
    # what follows "forbidden" is the case the ban holds in: reviewed, never dropped
    ("Snapshot deletion is strictly forbidden for production volumes.", {("delete_snapshot", R)}),
]
STORE_NOT_READ: list[str] = [
    "No exceptions.",
    "No changes.",  # no one action
    "Personal data is out of scope.",  # a thing
    # a ban under a condition: left to the readers of conditions, never a flat ban here
    "Disk wipes are not allowed within 24 hours of a restore.",
]


@pytest.mark.parametrize(("text", "expected"), STORE_READ, ids=[t for t, _ in STORE_READ])
def test_a_forbidden_act_is_banned(
    tmp_path: Path, text: str, expected: set[tuple[str, str]]
) -> None:
    built = _built(tmp_path, text, STORE)
    assert _bans(built) == expected
    codes = [d.code for d in built.state.diagnostics if d.span and "prompt" in d.span.path]
    reviewed = sum(1 for _, level in expected if level == R)
    assert codes.count("condition-not-bound") == reviewed  # each says what it holds under


@pytest.mark.parametrize("text", STORE_NOT_READ)
def test_no_ban_of_a_thing(tmp_path: Path, text: str) -> None:
    assert _bans(_built(tmp_path, text, STORE)) == set()


WED = [
    _tool("add_vendor", "Add an outside vendor to an event.", booking_id="string", vendor="string"),
    _tool("cancel_booking", "Cancel a wedding booking.", booking_id="string"),
    _tool("take_deposit", "Charge the booking deposit.", booking_id="string", amount="number"),
    _tool("refund_deposit", "Refund the booking deposit.", booking_id="string", amount="number"),
]
WED_READ: list[tuple[str, set[tuple[str, str]]]] = [
    # an act the adjective denies ("non-refundable"), and what it holds in
    ("Deposits are non-refundable.", {("refund_deposit", E)}),
    ("Deposits are non-refundable within 30 days of the event.", {("refund_deposit", R)}),
    # the agent as the doer of a passive ban is no condition
    ("Outside vendors cannot be added by the assistant.", {("add_vendor", E)}),
]


@pytest.mark.parametrize(("text", "expected"), WED_READ, ids=[t for t, _ in WED_READ])
def test_a_denied_act_is_banned(tmp_path: Path, text: str, expected: set[tuple[str, str]]) -> None:
    built = _built(tmp_path, text, WED)
    assert _bans(built) == expected
    codes = [d.code for d in built.state.diagnostics if d.span and "prompt" in d.span.path]
    assert codes.count("condition-not-bound") == sum(1 for _, level in expected if level == R)


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
