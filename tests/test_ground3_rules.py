"""Counts over the whole conversation and counts of tries (`ground3_counts`), one call per
turn said with no verb or as "calls are sent one per reply" (`ground3_turns`), and values the
person must type themselves (`ground3_origins`). A kiln studio (snake_case ids), a seed bank
(camelCase) and a ferry desk (PascalCase, dotted and `server__tool` ids), written for the
test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.ground3_counts import counted_calls
from specgap.extract.ground3_origins import typed_by_user, without_also
from specgap.extract.ground3_turns import one_call
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

KILN = [
    _tool("find_member", "Find a studio member by e-mail.", email="string"),
    _tool(
        "verify_member",
        "Verify a member with their member number and birth date.",
        member_number="string",
        birth_date="string",
    ),
    _tool("list_kiln_slots", "List open kiln slots.", kiln="string"),
    _tool("book_firing", "Book a kiln firing in a slot.", slot_id="string", member_id="string"),
    _tool("cancel_firing", "Cancel a kiln firing.", firing_id="string"),
    _tool("request_glaze_refill", "Request a refill of a glaze.", glaze_id="string"),
    _tool(
        "send_studio_note", "Send a note to the studio manager.", member_id="string", body="string"
    ),
    _tool("refund_firing", "Refund a kiln firing.", firing_id="string"),
]
SEED = [
    _tool("lookupGrower", "Look up a grower.", growerId="string"),
    _tool(
        "requestSeedLot", "Request a seed lot for a tray.", lotNumber="string", trayNumber="string"
    ),
    _tool("reserveTray", "Reserve a germination tray.", trayNumber="string"),
    _tool("shipPacket", "Ship a seed packet.", packetId="string", address="string"),
]
FERRY = [
    _tool("FindPassenger", "Find a passenger by e-mail.", email="string"),
    _tool("ticket.reissue", "Reissue a ferry ticket.", ticket_id="string"),
    _tool("ferry__check_berth", "Check a berth on a crossing.", berth_code="string"),
]


def _policies(tmp_path: Path, sentence: str, tools: list[dict[str, Any]]) -> list[Any]:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", tools)
    return [p for p in built.policies if p.source.artifact.endswith("prompt.md")]


def _counts(policies: list[Any]) -> set[tuple[str, int, object]]:
    return {
        (p.target, p.condition.max, p.condition.per) for p in policies if p.operator == "max_calls"
    }


# (sentence, tools, {(target, max)}): no `per`, the conversation is the trace
COUNTS: list[tuple[str, list[dict[str, Any]], set[tuple[str, int]]]] = [
    (
        "At most three `request_glaze_refill` calls may be placed during a single chat.",
        KILN,
        {("request_glaze_refill", 3)},
    ),
    ("Up to 2 glaze refill requests per conversation.", KILN, {("request_glaze_refill", 2)}),
    ("A glaze refill may be attempted at most three times.", KILN, {("request_glaze_refill", 3)}),
    (
        "When a member fails verification twice, they may not be verified a third time.",
        KILN,
        {("verify_member", 2)},
    ),
    (
        "Up to four `cancel_firing` calls may be made in a single session.",
        KILN,
        {("cancel_firing", 4)},
    ),
    ("No more than two requestSeedLot calls per conversation.", SEED, {("requestSeedLot", 2)}),
    ("Seed lot requests may be attempted at most three times.", SEED, {("requestSeedLot", 3)}),
    ("Tray reservations can be tried no more than twice.", SEED, {("reserveTray", 2)}),
    ("Only one `ticket.reissue` request per conversation.", FERRY, {("ticket.reissue", 1)}),
    ("At most three ferry__check_berth calls in a chat.", FERRY, {("ferry__check_berth", 3)}),
    (
        "Send at most two studio notes within a single conversation, and keep them short.",
        KILN,
        {("send_studio_note", 2)},
    ),
]


@pytest.mark.parametrize(("sentence", "tools", "expected"), COUNTS, ids=[c[0] for c in COUNTS])
def test_a_count_over_the_conversation(
    tmp_path: Path, sentence: str, tools: list[dict[str, Any]], expected: set[tuple[str, int]]
) -> None:
    got = _counts(_policies(tmp_path, sentence, tools))
    assert {(t, m) for t, m, _ in got} == expected
    assert all(per is None for _, _, per in got)  # per trace, never per "session"


# a bare count made a rule by "no exceptions": per the entity said
EXCEPTIONLESS: list[tuple[str, tuple[str, int, str]]] = [
    ("Two glaze refills per firing - no exceptions.", ("request_glaze_refill", 2, "firing")),
    ("Only one refund per firing, without exception.", ("refund_firing", 1, "firing")),
]


@pytest.mark.parametrize(("sentence", "expected"), EXCEPTIONLESS, ids=[e[0] for e in EXCEPTIONLESS])
def test_a_count_with_no_exceptions(
    tmp_path: Path, sentence: str, expected: tuple[str, int, str]
) -> None:
    assert _counts(_policies(tmp_path, sentence, KILN)) == {expected}


NOT_COUNTED: list[str] = [
    "One refund per firing.",  # a bare count states no limit
    "Three bags of clay per member, no exceptions.",  # things, not acts
    # the banned try is not the one after the failures: no count read
    "When a member fails verification twice, they may not be verified a second time.",
    "Glaze refill requests may be sent in one conversation.",  # no limit
    "Member verification may be tried again later.",  # no count
    "Glaze refill requests are limited, ask the studio manager.",
]


@pytest.mark.parametrize("sentence", NOT_COUNTED)
def test_no_count_read(sentence: str) -> None:
    assert counted_calls(sentence) is None


# (sentence, with_text)
TURNS: list[tuple[str, bool]] = [
    ("A single API call per response.", False),
    ("A single function call per reply; wait for the result.", False),
    ("Function calls are sent one per reply.", False),
    ("Calls are made one at a time, each after the previous one has returned.", False),
    ("Requests are sent one by one.", False),
    ("Place a single function call and then wait for the output.", False),
    ("API calls should go out one at a time.", False),
    (
        "Function calls are sent one per reply, and a reply that carries a call contains no "
        "message for the member.",
        True,
    ),
]


@pytest.mark.parametrize(("sentence", "with_text"), TURNS, ids=[t[0] for t in TURNS])
def test_one_call_per_turn(tmp_path: Path, sentence: str, with_text: bool) -> None:
    got = [p for p in _policies(tmp_path, sentence, KILN) if p.operator == "one_call_at_a_time"]
    assert [(p.target, p.condition.with_text, p.condition.same_tool) for p in got] == [
        ("*", with_text, False)
    ]


NOT_TURNS: list[str] = [
    "One question per turn.",  # a way of talking
    "One firing per member.",  # a count per a person, not per turn
    "Make one booking, then wait for the member.",  # no call in general
    "Ask one question per message.",
]


@pytest.mark.parametrize("sentence", NOT_TURNS)
def test_no_one_call_read(tmp_path: Path, sentence: str) -> None:
    assert one_call(sentence) == []
    ops = {p.operator for p in _policies(tmp_path, sentence, KILN)}
    assert "one_call_at_a_time" not in ops


# (sentence, tools, {(target, arg)}): each from the user, no tool
TYPED: list[tuple[str, list[dict[str, Any]], set[tuple[str, str]]]] = [
    (
        "Member numbers and birth dates must be entered by the member personally.",
        KILN,
        {("verify_member", "member_number"), ("verify_member", "birth_date")},
    ),
    (
        "Lot and tray numbers must be entered by the grower themselves.",
        SEED,
        {
            ("requestSeedLot", "lotNumber"),
            ("requestSeedLot", "trayNumber"),
            ("reserveTray", "trayNumber"),
        },
    ),
    ("Packet ids can only be provided by the grower.", SEED, {("shipPacket", "packetId")}),
    ("Glaze ids should also be given by the member.", KILN, {("request_glaze_refill", "glaze_id")}),
    ("Ticket ids must be read out by the passenger.", FERRY, {("ticket.reissue", "ticket_id")}),
]


@pytest.mark.parametrize(("sentence", "tools", "expected"), TYPED, ids=[t[0] for t in TYPED])
def test_a_value_the_person_types(
    tmp_path: Path, sentence: str, tools: list[dict[str, Any]], expected: set[tuple[str, str]]
) -> None:
    got = [p for p in _policies(tmp_path, sentence, tools) if p.operator == "arg_grounded"]
    assert {(p.target, p.condition.selector.arg) for p in got} == expected
    assert all(p.condition.from_user and not p.condition.from_tools for p in got)


NOT_TYPED: list[str] = [
    "Member numbers have to be typed by the clerk.",  # staff, not the user
    "Member numbers may be typed by the member.",  # a permission
    "They have to be typed by the member.",  # which value: said elsewhere
]


@pytest.mark.parametrize("sentence", NOT_TYPED)
def test_no_typed_value(tmp_path: Path, sentence: str) -> None:
    assert typed_by_user(sentence) == []
    assert not [p for p in _policies(tmp_path, sentence, KILN) if p.operator == "arg_grounded"]


def test_also_is_read_as_without_it(tmp_path: Path) -> None:
    said = "When booking a firing, the slot id must also come from `list_kiln_slots`."
    assert without_also(said) == said.replace(" also", "")
    got = [p for p in _policies(tmp_path, said, KILN) if p.operator == "arg_grounded"]
    assert [(p.target, p.condition.selector.arg, tuple(p.condition.from_tools)) for p in got] == [
        ("book_firing", "slot_id", ("list_kiln_slots",))
    ]


SEATS = [
    _tool("sell_seats", "Sell seats on a crossing.", crossing_id="string", seats="integer"),
    _tool("book_room", "Book a room.", room_id="string", hours="integer"),
]


@pytest.mark.parametrize(
    "sentence",
    ["Sell at most four seats in one conversation.", "Book at most 4 hours per conversation."],
)
def test_a_number_in_one_call_is_no_count_of_calls(tmp_path: Path, sentence: str) -> None:
    # seats and hours are numbers one call takes: how many in a call, not how many calls
    assert _counts(_policies(tmp_path, sentence, SEATS)) == set()
