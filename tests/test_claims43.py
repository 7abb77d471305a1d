"""Session 43: PascalCase ids with an acronym or a one-letter last word (Win32's wide and
extended names, `FindPotterW`, `BookWheelExW`, `GetURL`), and an exception that names the
rule's own action ("except for a refund of a charge taken twice"). Sentences written for these
tests, at a made-up pottery studio."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.ids7_respell import _camel
from tests.probes import desk_policies, enforced, read, shown, spec

STUDIO = [
    spec("FindPotterW", "Finds a potter by email.", email="string"),
    spec("SearchWheelsW", "Lists free wheels.", day="string"),
    spec("BookWheelExW", "Books a wheel.", slot_id="string", potter_id="string"),
    spec("CancelBookingW", "Cancels a wheel booking.", booking_id="string"),
    spec("RefundPaymentW", "Refunds a payment.", booking_id="string", amount="number"),
    spec("OpenKilnLockW", "Opens the kiln room lock.", room="string"),
]


@pytest.mark.parametrize(
    ("tool", "spelt"),
    [
        ("BookWheelExW", "bookWheelExw"),
        ("FindPotterW", "findPotterw"),
        ("GetURLData", "getUrlData"),
        ("GetURL", "getUrl"),
        ("ExtendBooking", "extendBooking"),
    ],
)
def test_a_pascal_id_is_spelt_as_camel_case_at_its_length(tool: str, spelt: str) -> None:
    assert _camel(tool) == spelt
    assert len(_camel(tool)) == len(tool)


def test_a_win32_id_is_read_where_a_pascal_id_is(tmp_path: Path) -> None:
    text = (
        "BookWheelExW accepts only a slot_id that SearchWheelsW returned earlier in the chat.\n\n"
        "OpenKilnLockW stays with the technician: you never call it, whatever the potter says.\n"
    )
    policies = desk_policies(tmp_path, text, STUDIO)
    assert enforced(
        policies, "arg_grounded", "BookWheelExW", arg="slot_id", from_tools=["SearchWheelsW"]
    ), shown(policies)
    assert enforced(policies, "deny_action", "OpenKilnLockW"), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "A refund comes only after CancelBookingW has cancelled that same booking, "
        "except for a refund of a charge taken twice.",
        "Call RefundPaymentW only after CancelBookingW, except for a refund of a double charge.",
    ],
)
def test_an_exception_naming_the_rules_own_action_is_kept(tmp_path: Path, text: str) -> None:
    policies = desk_policies(tmp_path, text, STUDIO)
    assert read(policies, "require_before", "RefundPaymentW", before="CancelBookingW"), shown(
        policies
    )
    # the exception takes some refunds out: never a flat ordering of every refund
    assert not enforced(policies, "require_before", "RefundPaymentW"), shown(policies)


HIRE = [
    spec("findHirerUsingGET", "Finds a hirer by email.", email="string"),
    spec("verifyHirerUsingPOST", "Checks a hirer's PIN; returns passed.", hirer_id="string"),
    spec("searchBoatsUsingGET", "Lists free boats.", day="string"),
    spec("bookBoatUsingPOST", "Books a boat.", boat_id="string", hirer_id="string"),
    spec("sendTextUsingPOST", "Sends a text.", mobile="string", body="string"),
]


def _boat_from_search(policies: list[Any]) -> bool:
    """`bookBoatUsingPOST`'s boat_id, enforced to come from `searchBoatsUsingGET`."""
    return enforced(
        policies,
        "arg_grounded",
        "bookBoatUsingPOST",
        arg="boat_id",
        from_tools=["searchBoatsUsingGET"],
    )


def test_a_camel_id_with_an_acronym_is_read(tmp_path: Path) -> None:
    assert _camel("bookBoatUsingPOST") == "bookBoatUsingPost"
    text = "bookBoatUsingPOST accepts only a boat_id that searchBoatsUsingGET returned.\n"
    policies = desk_policies(tmp_path, text, HIRE)
    assert _boat_from_search(policies), shown(policies)


@pytest.mark.parametrize("said", ["turned up", "brought back", "put in front of you", "fetched"])
def test_what_a_step_turned_up_is_its_answer(tmp_path: Path, said: str) -> None:
    text = f"`bookBoatUsingPOST` accepts only a boat_id that `searchBoatsUsingGET` {said}.\n"
    policies = desk_policies(tmp_path, text, HIRE)
    assert _boat_from_search(policies), shown(policies)


@pytest.mark.parametrize("said", ["ruled out", "rejected", "cancelled"])
def test_what_a_step_took_away_is_no_answer_of_it(tmp_path: Path, said: str) -> None:
    text = f"`bookBoatUsingPOST` accepts only a boat_id that `searchBoatsUsingGET` {said}.\n"
    policies = desk_policies(tmp_path, text, HIRE)
    assert not read(policies, "arg_grounded", "bookBoatUsingPOST", arg="boat_id"), shown(policies)


GUIDE = """## Species accounts
### Kingfisher (verifyHirerUsingPOST)
Voice: a shrill call.
### Mute Swan (bookBoatUsingPOST)
Habits: takes only a boat_id that searchBoatsUsingGET turned up earlier in the same chat.

## The whole flock
Never call the kingfisher more than twice in a chat.
Whatever the kingfisher brings back is never carried into a text.
"""


def test_a_line_under_a_named_tools_heading_is_the_tools(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, GUIDE, HIRE)
    assert _boat_from_search(policies), shown(policies)


def test_a_name_given_to_a_tool_is_read_as_the_tool(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, GUIDE, HIRE)
    assert enforced(policies, "max_calls", "verifyHirerUsingPOST", max=2), shown(policies)
    assert read(policies, "flow_denied", "sendTextUsingPOST", sources=["verifyHirerUsingPOST"]), (
        shown(policies)
    )


def test_given_names_and_their_last_words() -> None:
    from specgap.extract.named43 import given_names

    tools = frozenset({"find_hirer", "book_boat", "move_booking", "take_payment"})
    text = (
        "### Grey Heron (find_hirer)\n### Mute Swan (`book_boat`)\n"
        "- **Whooper Swan** (take_payment)\n### Booking (move_booking)\n### Magpie (not_a_tool)\n"
    )
    names = given_names(text, tools)
    assert names["grey heron"] == "find_hirer"
    assert names["heron"] == "find_hirer"
    assert names["mute swan"] == "book_boat"
    assert names["whooper swan"] == "take_payment"
    assert "swan" not in names  # the last word of two names names neither
    assert "booking" not in names  # a word of the tool's own id: the resolver finds it
    assert "cancellations" not in given_names(
        "- Cancellations (cancel_it)\n", frozenset({"cancel_it"})
    )
    assert "magpie" not in names  # no tool of that id


ARENA = [
    spec("_ZN2lz6Player4findEv", "Finds a player by email.", email="string"),
    spec("_ZN2lz5Arena6searchEv", "Lists free games.", day="string"),
    spec("_ZN2lz4Game4bookEv", "Books a game.", game_id="string"),
    spec("_ZN2lz5Party9addExtrasEv", "Adds party food.", booking_id="string"),
    spec("_ZN2lz11Leaderboard4wipeEv", "Clears the leaderboard.", season="string"),
]


@pytest.mark.parametrize(
    ("symbol", "names"),
    [
        ("_ZN2lz6Player4findEv", ("lz", "Player", "find")),
        ("_ZN2lz11Leaderboard4wipeEv", ("lz", "Leaderboard", "wipe")),
        ("_ZN3foo", None),  # no end of the nested name
        ("_Z3fooi", None),  # not nested: no class to read the act with
        ("_ZN2lz9PlayerEv", None),  # a length longer than what follows
    ],
)
def test_an_itanium_symbol_is_demangled(symbol: str, names: tuple[str, ...] | None) -> None:
    from specgap.resolve.text import demangled

    assert demangled(symbol) == names


def test_a_mangled_id_and_its_demangled_name_are_read(tmp_path: Path) -> None:
    text = (
        "_ZN2lz4Game4bookEv accepts only a game_id that _ZN2lz5Arena6searchEv listed.\n\n"
        "Never call lz::Leaderboard::wipe.\n"
    )
    policies = desk_policies(tmp_path, text, ARENA)
    assert enforced(
        policies,
        "arg_grounded",
        "_ZN2lz4Game4bookEv",
        arg="game_id",
        from_tools=["_ZN2lz5Arena6searchEv"],
    ), shown(policies)
    assert enforced(policies, "deny_action", "_ZN2lz11Leaderboard4wipeEv"), shown(policies)


def test_a_possessive_name_leaves_the_lines_count_enforced(tmp_path: Path) -> None:
    text = (
        "### Grey Heron (findHirerUsingGET)\nField marks: finds a hirer.\n"
        "### Song Thrush (sendTextUsingPOST)\n"
        "Habits: sings only to the mobile on the heron's record, three times in a chat at most.\n"
    )
    policies = desk_policies(tmp_path, text, HIRE)
    assert enforced(policies, "max_calls", "sendTextUsingPOST", max=3), shown(policies)
