"""Session 46: a parameter's description that lists the sources of its value, each its own
noun phrase joined by "or" ("A hire_id find_paddler listed, or the reference the paddler reads
out"), and one source said with a clause on where it never comes from ("typed by the paddler,
never copied from the record") (`specgap.extract.desc46_sources`). Negative rows: a gloss
of one source, a phrase of the list that is no source, an exclusion of a source the list
names, a permission, an exception, the tool as its own source. Descriptions and ids written
for these tests, in a made-up kayak hire desk."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.desc46_sources import listed_sources
from tests.corpus_agents import build_prompt
from tests.probes import enforced, read, shown
from tests.probes import spec as T

NAMES = ("find_paddler", "PaddlerLookup.find", "--take-card", "open_hire", "refund_card")
BOTH = {"from_user": True, "from_tools": ["find_paddler"]}
USER = {"from_user": True, "from_tools": []}
SOURCES: list[tuple[str, dict[str, Any] | None]] = [
    ("A hire_id find_paddler listed, or the reference the paddler reads out.", BOTH),
    ("A hire_id that find_paddler listed or that the paddler gives.", BOTH),
    ("A hire_id the paddler gives or that find_paddler listed.", BOTH),
    ("Taken from find_paddler's hires, or read out by the paddler from the booking email.", BOTH),
    ("From find_paddler's list of hires, or as the paddler reads it from their ticket.", BOTH),
    ("From the find_paddler result, or the reference on the paddler's confirmation text.", BOTH),
    ("Either a hire_id from the recent hires find_paddler listed or the id the paddler quotes.",
     BOTH),
    ("A hire_id printed by find_paddler, or one the paddler copies from a receipt.", BOTH),
    ("Number to text: the mobile find_paddler has on record, or a number the paddler gives.",
     BOTH),
    ("A hire_id from `PaddlerLookup.find`, or the reference quoted in the paddler's email.",
     {"from_user": True, "from_tools": ["PaddlerLookup.find"]}),
    ("The charge to refund; it has to be a charge_id that --take-card or refund_card returned.",
     {"from_user": False, "from_tools": ["--take-card", "refund_card"]}),
    ("Only the address on the paddler's record from find_paddler, never one typed in the chat.",
     {"from_user": False, "from_tools": ["find_paddler"]}),
    ("Date of birth typed by the paddler in this chat, never copied from the record; YYYY-MM-DD.",
     USER),
    ("The licence number, as the paddler reads it out; the assistant never supplies it.", USER),
    ("The dock PIN, keyed in by the paddler and never suggested to them.", USER),
    ("The paddler's own answers, word for word; never fill one in for them.", USER),
    # one source glossed, not obliged: a description of the value
    ("Email the paddler gave.", None),
    ("Hire id from find_paddler.", None),
    # a phrase of the list that is no source: dropping it would make the rule stronger
    ("A hire_id find_paddler listed, or one the duty manager approves.", None),
    ("A hire_id find_paddler listed, or the one on the whiteboard.", None),
    # a source the list names, excluded again
    ("A hire_id find_paddler listed or one the paddler gives, never one typed in the chat.",
     None),
    # a permission, an exception: nothing obliged for every call
    ("A hire_id find_paddler listed, or one the paddler may read out.", None),
    ("The mobile find_paddler has on record; the exception is a new paddler's own number.", None),
    # the tool its own source: no first call could pass
    ("A hire_id open_hire returned, or the reference the paddler reads out.", None),
    ("The paddler's phone number.", None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "source"), SOURCES)
def test_listed_sources(text: str, source: dict[str, Any] | None) -> None:
    assert listed_sources(text, NAMES, "open_hire") == source


KAYAKS = [
    T("find_paddler", "Finds a paddler by phone; lists their hires.", phone="string"),
    T(
        "open_hire",
        "Reads one hire.",
        hire_id=(
            "string",
            "A hire_id find_paddler listed, or the reference the paddler reads out.",
        ),
    ),
    T(
        "check_paddler",
        "Checks a paddler's identity.",
        paddler_id=("string", "Only a paddler_id that find_paddler returned."),
        birth_year=("string", "The year of birth, as the paddler gives it; never suggested."),
    ),
    T(
        "text_paddler",
        "Sends a text.",
        mobile=(
            "string",
            "The mobile find_paddler has on record; the exception is a new paddler's own number.",
        ),
    ),
]


def test_a_list_of_sources_in_a_tools_file_compiles(tmp_path: Path) -> None:
    policies = build_prompt(tmp_path, "# Kayak desk\n\nBe courteous.\n", KAYAKS).policies
    # described, not obliged: reviewed
    assert read(
        policies, "arg_grounded", "open_hire", from_user=True, from_tools=["find_paddler"]
    ), shown(policies)
    assert not enforced(policies, "arg_grounded", "open_hire"), shown(policies)
    assert enforced(
        policies, "arg_grounded", "check_paddler", from_user=False, from_tools=["find_paddler"]
    ), shown(policies)
    assert enforced(policies, "arg_grounded", "check_paddler", from_user=True), shown(policies)
    # the exception is not the rule's: no source rule over every text
    assert not read(policies, "arg_grounded", "text_paddler"), shown(policies)


TRIPS = [
    T("find_paddler", "Finds a paddler by phone.", phone="string"),
    T(
        "search_trips",
        "Lists trips: trip_id, trip_type (shared or private), places.",
        date="string",
    ),
    T(
        "book_trip",
        "Books a trip.",
        trip_id="string",
        paddler_names=("array", "The names of those paddling."),
    ),
]


@pytest.mark.parametrize(
    "text",
    [
        "A booking names at most 12 paddler_names when the trip is private.",
        "A booking names 2 to 8 paddler_names, or as many as 12 when the trip is a private trip.",
        "A booking carries between one and four paddler_names, or up to eight on a private trip.",
    ],
)
def test_a_count_said_for_one_case_is_reviewed_with_it(tmp_path: Path, text: str) -> None:
    policies = build_prompt(tmp_path, f"# Kayak desk\n\n{text}\n", TRIPS).policies
    counts = [p for p in policies if p.operator == "arg_count_bound"]
    assert counts, shown(policies)
    # never the first figure over every trip: the case (or the other figure's) is kept
    assert all(p.enforcement == "review_only" for p in counts), shown(policies)


def test_a_range_of_the_calls_own_argument_by_its_id_is_a_rule(tmp_path: Path) -> None:
    text = "# Kayak desk\n\nA booking names 2 to 8 paddler_names.\n"
    policies = build_prompt(tmp_path, text, TRIPS).policies
    assert enforced(policies, "arg_count_bound", "book_trip", arg="paddler_names", min=2, max=8), (
        shown(policies)
    )


def test_ids_styled_but_with_no_spelling_to_read_them_in_build(tmp_path: Path) -> None:
    # message-definition ids (four letters, then numbers): a style the respelling knows of,
    # with no spelling it can give; the build once failed on them with a KeyError
    tools = [
        T("padl.001.001.02", "Finds a paddler by phone.", phone="string"),
        T("hire.004.001.01", "Cancels a hire.", hire_id="string"),
    ]
    text = "# Kayak desk\n\nCall padl.001.001.02 before hire.004.001.01.\n"
    policies = build_prompt(tmp_path, text, tools).policies
    assert read(policies, "require_before", "hire.004.001.01"), shown(policies)


RINK = [
    T("find_skater", "Finds a skater by phone.", phone="string"),
    T("search_sessions", "Lists sessions: session_id, date, places.", date="string"),
    T("book_session", "Books a session.", session_id="string"),
    T(
        "open_booking",
        "Reads a booking: status (reserved, paid or cancelled).",
        booking_id="string",
    ),
    T("move_booking", "Moves a booking to another session.", booking_id="string"),
    T("cancel_booking", "Cancels a booking.", booking_id="string"),
]


def test_a_threads_post_counter_is_no_word_of_the_rule(tmp_path: Path) -> None:
    text = "7/34 Only book a session_id that search_sessions showed you earlier in this chat.\n"
    policies = build_prompt(tmp_path, f"# Rink\n\n{text}", RINK).policies
    assert enforced(
        policies, "arg_grounded", "book_session", from_user=False, from_tools=["search_sessions"]
    ), shown(policies)


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("Moves happen only while the booking's status is reserved or paid.", "move_booking"),
        ("A cancellation goes ahead only when the booking's status is reserved.", "cancel_booking"),
    ],
)
def test_an_act_said_to_happen_only_in_a_case_is_allowed_only_then(
    tmp_path: Path, text: str, tool: str
) -> None:
    policies = build_prompt(tmp_path, f"# Rink\n\n{text}\n", RINK).policies
    assert enforced(policies, "state_condition", tool, field="status"), shown(policies)


def test_a_thing_said_to_happen_only_sometimes_is_no_act(tmp_path: Path) -> None:
    policies = build_prompt(tmp_path, "# Rink\n\nThe session happens only on Fridays.\n", RINK)
    assert not [p for p in policies.policies if p.source.artifact.endswith("prompt.md")]


WALKS = [
    T(
        "find_walker",
        "Finds a walker: walker_id, account_status (active, paused, closed).",
        phone="string",
    ),
    T("book_holiday", "Books a holiday.", walker_id="string", walker_names="array"),
    T("take_payment", "Charges a saved card for a booking.", booking_id="string"),
    T("refund_payment", "Refunds a payment.", payment_id="string"),
]


@pytest.mark.parametrize(
    "text",
    [
        "08:30 · If account_status is paused or closed, there's no booking and no payment.",
        "An account_status of paused or closed means no booking and no payment.",
        "If account_status is paused or closed, never book and never pay.",
    ],
)
def test_acts_refused_by_their_nouns_after_a_condition(tmp_path: Path, text: str) -> None:
    policies = build_prompt(tmp_path, f"# Walks\n\n{text}\n", WALKS).policies
    for tool in ("book_holiday", "take_payment"):
        assert read(
            policies, "state_condition", tool, field="account_status", denied=["paused", "closed"]
        ), shown(policies)
    # refunding a payment is no payment
    assert not read(policies, "state_condition", "refund_payment"), shown(policies)


def test_a_refused_noun_that_names_no_act_is_left_alone() -> None:
    from specgap.extract.noacts46 import respelt

    assert respelt("If it rains, no dogs and no glass.") is None
    assert respelt("If the status is closed, no booking.") == "If the status is closed, never book."


def test_a_bound_on_a_clause_word_is_no_reading(tmp_path: Path) -> None:
    text = "# Walks\n\nA booking lists 1 to 4 walker_names, or up to 10 when the walk is guided.\n"
    policies = build_prompt(tmp_path, text, WALKS).policies
    assert not [p for p in policies if p.operator == "arg_within_bound"], shown(policies)
    assert read(policies, "arg_count_bound", "book_holiday", min=1, max=4), shown(policies)


@pytest.mark.parametrize(
    "text",
    [
        "find_paddler opens every chat.",
        "First thing in every chat is find_paddler.",
        "Every trip opens with find_paddler.",
    ],
)
def test_the_first_call_said_as_what_opens_every_chat(tmp_path: Path, text: str) -> None:
    policies = build_prompt(tmp_path, f"# Kayak desk\n\n{text}\n", TRIPS).policies
    assert read(policies, "require_before", "*", before="find_paddler"), shown(policies)


def test_what_opens_every_thing_but_no_tool_is_no_first_call(tmp_path: Path) -> None:
    policies = build_prompt(tmp_path, "# Kayak desk\n\nEvery trip opens with a briefing.\n", TRIPS)
    assert not read(policies.policies, "require_before", "*"), shown(policies.policies)


@pytest.mark.parametrize(
    ("phrase", "source"),
    [
        ("the payments on the paddler record",
         {"from_user": False, "from_tools": ["look up paddler"]}),
        ("the mobile on the paddler's record, or one the paddler gives",
         {"from_user": True, "from_tools": ["look up paddler"]}),
        ("a number the paddler types during this conversation", USER),
        # what a value is checked against is not where it comes from
        ("the paddler record", None),
        ("the paddler's record", None),
    ],
)  # fmt: skip
def test_a_source_said_as_the_persons_record_or_as_they_give_it(
    phrase: str, source: dict[str, Any] | None
) -> None:
    from specgap.extract.origins import origin

    assert origin(phrase) == source


@pytest.mark.parametrize(
    "text",
    [
        "Before a move or a cancellation, run open_booking on the same booking_id.",
        "Before a move or a cancellation, open_booking is run on the very booking_id concerned.",
        "Distance: 18 km\n08:30 · Before a move or a cancellation, open_booking is run on the very "
        "booking_id concerned.",
    ],
)
def test_an_ordering_whose_shared_entity_ends_it(tmp_path: Path, text: str) -> None:
    policies = build_prompt(tmp_path, f"# Rink\n\n{text}\n", RINK).policies
    for tool in ("move_booking", "cancel_booking"):
        assert enforced(
            policies, "require_before", tool, before="open_booking", same={"arg": "booking_id"}
        ), shown(policies)


def test_the_exact_thing_named_is_no_back_reference() -> None:
    from specgap.extract.order_same import _said_same

    assert _said_same("Unlock it with the exact tool name from the list.") is None
    assert _said_same("open_booking goes on that exact booking_id beforehand.") == "booking_id"


KIT = [
    T("find_paddler", "Finds a paddler by phone.", phone="string"),
    T(
        "lend_kit",
        "Lends kit for a hire. items may hold only helmet, spraydeck and paddle, and pieces runs "
        "from 1 to 6.",
        hire_id="string",
        items="array",
        pieces="integer",
    ),
    T(
        "search_trips",
        "Lists trips. water is either lake or river and nothing else, and days_ahead lies "
        "between 0 and 14.",
        water="string",
        days_ahead="integer",
    ),
    T(
        "refund_payment",
        "Refunds a payment. method must be original_card or hire_credit, and a payment is "
        "refunded no more than once.",
        payment_id="string",
        method="string",
    ),
    T(
        "call_warden",
        "Calls the warden. reason is limited to capsize, injury or complaint.",
        reason="string",
    ),
]


def test_argument_limits_several_to_a_description_sentence(tmp_path: Path) -> None:
    policies = build_prompt(tmp_path, "# Kayak desk\n\nBe courteous.\n", KIT).policies
    assert enforced(
        policies, "resource_in_allowlist", "lend_kit", arg="items",
        allowed=["helmet", "paddle", "spraydeck"],
    ), shown(policies)  # fmt: skip
    assert enforced(policies, "arg_within_bound", "lend_kit", arg="pieces", min=1, max=6)
    # the figures are the second argument's: never a count of the first's items
    assert not read(policies, "arg_count_bound", "lend_kit"), shown(policies)
    assert enforced(policies, "resource_in_allowlist", "search_trips", arg="water")
    assert enforced(policies, "arg_within_bound", "search_trips", arg="days_ahead", min=0, max=14)
    assert enforced(policies, "resource_in_allowlist", "refund_payment", arg="method")
    # once per payment, not once in the whole chat
    assert enforced(policies, "max_calls", "refund_payment", max=1, per="payment"), shown(policies)
    counts = [p for p in policies if p.operator == "max_calls" and p.target == "refund_payment"]
    assert all(p.condition.per == "payment" for p in counts), shown(policies)
    assert enforced(
        policies, "resource_in_allowlist", "call_warden", arg="reason",
        allowed=["capsize", "complaint", "injury"],
    ), shown(policies)  # fmt: skip


def test_a_description_with_the_marks_own_characters_builds(tmp_path: Path) -> None:
    # a tools file is untrusted: NUL and \x02 in a description are text, never a tool's mark
    # (once an IndexError and a traceback)
    text = "A hire_id \x0099\x00 listed, or the reference the paddler reads out \x02."
    assert listed_sources(text, NAMES, "open_hire") is None  # "99" is no source it reads
    tools = [*KAYAKS[:1], T("open_hire", "Reads one hire.", hire_id=("string", text))]
    policies = build_prompt(tmp_path, "# Kayak desk\n\nBe courteous.\n", tools).policies
    assert not read(policies, "arg_grounded", "open_hire", from_tools=["find_paddler"])
