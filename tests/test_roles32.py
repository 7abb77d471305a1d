"""Session 32: a tool said to be kept for someone who is not the agent ("`t` is reserved for
the duty manager", "belongs to the owner", "is not for this assistant", "stays unused") is
banned (`tool_subject19`); a tool kept for a kind of user ("reserved for members") stays a
condition. Sentences written for these tests, in a made-up boat-hire desk."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.tool_subject19 import respelt
from tests.probes import desk_policies, has_policy, shown
from tests.probes import spec as T

HIRE = [
    T("find_sailor", "Finds a sailor by phone number.", phone="string"),
    T("book_boat", "Books a boat for a day.", sailor_id="string", day="string"),
    T("sink_boat", "Scuttles a boat at sea.", boat_id="string"),
]


@pytest.mark.parametrize(
    "text",
    [
        "`sink_boat` is reserved for the yard supervisor.",
        "sink_boat belongs to the owner and stays unused here.",
        "sink_boat is for certified divers only; a sailor in trouble calls the coastguard.",
        "sink_boat is not for this assistant.",
        "sink_boat stays unused.",
        "sink_boat is not yours to use.",
    ],
)
def test_a_tool_kept_for_someone_else_is_banned(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, HIRE)
    assert has_policy(policies, "deny_action", "sink_boat", "enforce"), shown(policies)


def test_a_tool_kept_for_a_kind_of_user_is_a_condition() -> None:
    # a member is whom the agent serves: the grammar reads "for members" as who the call is for
    assert respelt("`book_boat` is reserved for members.") == "Only call `book_boat` for members."
    assert respelt("`book_boat` is reserved for the yard supervisor.") == "Never call `book_boat`."


def test_items_read_back_before_a_yes_are_no_acts(tmp_path: Path) -> None:
    tools = [*HIRE, T("list_harbours", "Lists the harbours.", region="string")]
    text = "Before booking the boat, read back harbours, date and hours and wait for a yes."
    policies = desk_policies(tmp_path, text, tools)
    confirms = [p for p in policies if p.operator == "require_confirmation"]
    assert [p.target for p in confirms] == ["book_boat"], shown(policies)
