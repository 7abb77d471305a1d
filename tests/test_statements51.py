"""Session 51: a tool list whose descriptions all open with one house sentence but for the tool's
own id ("Till button B3 (a grey button, so it only looks) of the Harbour Kayak shed.") says what
each tool does in its next sentence, which the resolver and the state readers read as the
tool's summary (`specgap.resolve.openers`); a list after a colon in that summary is what the
tool gives, not what it does; a source tie ("take the new_berth_id from the search results",
three tools read) decided by the one tool that gives the value (`specgap.resolve.source_ties`),
and one no output decides never enforced as "any tool's output"; "this outing's own search" a
search in this chat (`origins`); a user's yes guards its own clause's act, not a later clause's
"before", and never a read-back; a bare verb named by one tool's own name beats a tool merely
described by it. Sentences, ids and descriptions written for these tests, in a made-up kayak
hire shed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.origins import origin
from specgap.registry import Tool, build_registry
from specgap.resolve.openers import summaries, what_it_does
from specgap.resolve.resolver import Resolver
from tests.probes import desk_policies, enforced, read
from tests.probes import spec as T

_LOOKS = "(a grey button, so it only looks) of the Harbour Kayak shed."
_DOES = "(a red button, so it changes something) of the Harbour Kayak shed."

# the shed's till: every tool a button, every description opening with the same sentence
TILL = [
    T(
        "B1",
        f"Till button B1 {_LOOKS} Finds a paddler by mobile number and returns paddler_id, "
        "account_status (active, suspended or lapsed) and card_token.",
        mobile="string",
    ),
    T(
        "B2",
        f"Till button B2 {_LOOKS} Lists free berths: berth_id, craft (single, double or sup), "
        "date and price.",
        date="string",
    ),
    T(
        "B3",
        f"Till button B3 {_LOOKS} Reads an outing: berth, date, paddlers and status (booked, "
        "paid or cancelled).",
        outing_id="string",
    ),
    T(
        "R1",
        f"Till button R1 {_DOES} Books a berth for a paddler and returns outing_id.",
        paddler_id="string",
        berth_id="string",
    ),
    T(
        "R2",
        f"Till button R2 {_DOES} Moves an outing to another berth.",
        outing_id="string",
        new_berth_id="string",
    ),
    T("R3", f"Till button R3 {_DOES} Cancels an outing.", outing_id="string"),
    T(
        "R4",
        f"Till button R4 {_DOES} Charges a saved card for an outing.",
        outing_id="string",
        card_token="string",
    ),
    T("R5", f"Till button R5 {_DOES} Sends a templated text.", template="string"),
]


def _registry(specs: list[dict[str, Any]]) -> Any:
    tools = [
        Tool(
            id=s["function"]["name"],
            description=s["function"]["description"],
            schema=s["function"]["parameters"],
        )
        for s in specs
    ]
    registry, problems = build_registry(tools)
    assert not problems
    return registry


def _till(tmp_path: Path, text: str) -> list[Any]:
    return desk_policies(tmp_path, text + "\n", TILL)


# --- the house opener -----------------------------------------------------------------------


def test_a_shared_opener_is_looked_past_to_what_each_tool_does() -> None:
    said = summaries(_registry(TILL).tools)
    assert said["R2"] == "Moves an outing to another berth."
    assert said["B1"].startswith("Finds a paddler by mobile number")


def test_an_opener_led_by_a_verb_is_what_the_tools_do_however_alike() -> None:
    # "Retrieves the details of an existing X.", said of three tools but for their ids' words:
    # its verb and, in the ids' words, its object say what each does
    alike = [
        T(f"retrieve_{x}", f"Retrieves the details of an existing {x}. Needs its id.", id="string")
        for x in ("paddler", "berth", "outing")
    ]
    said = summaries(_registry(alike).tools)
    assert said["retrieve_berth"].startswith("Retrieves the details")


def test_a_description_that_is_all_opener_keeps_it() -> None:
    bare = [T(f"K{n}", f"Till button K{n} {_DOES}", x="string") for n in range(3)]
    said = summaries(_registry(bare).tools)
    assert said["K1"] == f"Till button K1 {_DOES}"


@pytest.mark.parametrize(
    ("sentence", "does"),
    [
        ("Lists free berths: berth_id, craft (single or double), date.", "Lists free berths"),
        ("Code name HERON: find a paddler.", "Code name HERON: find a paddler."),
    ],
)
def test_a_list_after_a_colon_is_what_a_tool_gives(sentence: str, does: str) -> None:
    assert what_it_does(sentence) == does


@pytest.mark.parametrize(
    ("mention", "tool"),
    [
        ("move the outing", "R2"),
        ("cancel an outing", "R3"),
        ("send a text", "R5"),
        ("charge the outing", "R4"),
    ],
)
def test_a_verb_phrase_resolves_past_the_opener(mention: str, tool: str) -> None:
    res = Resolver(_registry(TILL)).resolve(mention)
    assert (res.status, res.tool_id) == ("resolved", tool), res


def test_the_state_readers_are_found_past_the_opener(tmp_path: Path) -> None:
    text = "A paddler whose account_status is suspended or lapsed gets no booking."
    policies = _till(tmp_path, text)
    assert read(
        policies, "state_condition", "R1", field="account_status", denied=["suspended", "lapsed"]
    ), policies


# --- sources ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        "this outing's own search results",
        "the search results",
        "a search made in this session",
        "the search",
    ],
)
def test_a_search_said_in_words_is_a_search(source: str) -> None:
    assert origin(source) == {"from_user": False, "from_tools": ["search"]}


def test_a_search_tie_is_decided_by_the_tool_that_gives_the_value(tmp_path: Path) -> None:
    text = "Take the new_berth_id from this outing's own search results."
    policies = _till(tmp_path, text)
    assert enforced(policies, "arg_grounded", "R2", arg="new_berth_id", from_tools=["B2"])


def test_a_source_tie_no_output_decides_is_never_enforced(tmp_path: Path) -> None:
    # two readers give a berth_id: "the search" could be either, and any tool's output would
    # be weaker than the sentence
    both = [
        *TILL,
        T("B4", f"Till button B4 {_LOOKS} Searches past outings: berth_id and date.", q="string"),
    ]
    policies = desk_policies(tmp_path, "Take the new_berth_id from the search results.\n", both)
    grounded = [p for p in policies if p.operator == "arg_grounded"]
    assert grounded, policies
    assert all(p.enforcement != "enforce" for p in grounded), grounded


# --- the user's yes ---------------------------------------------------------------------------


def test_a_yes_guards_its_own_clause_not_a_later_before(tmp_path: Path) -> None:
    text = (
        "Cancel an outing only on the paddler's clear yes, and not at all in the last hour "
        "before the tide turns."
    )
    policies = _till(tmp_path, text)
    confirms = [p.target for p in policies if p.operator == "require_confirmation"]
    assert confirms == ["R3"], confirms


def test_a_read_back_is_no_act_a_yes_guards(tmp_path: Path) -> None:
    text = "Before a booking, read back the berth, date and price, then wait for a yes."
    policies = _till(tmp_path, text)
    confirms = {p.target for p in policies if p.operator == "require_confirmation"}
    assert confirms == {"R1"}, confirms


# --- a bare verb ------------------------------------------------------------------------------


def test_a_bare_verb_names_the_tool_whose_own_name_says_it() -> None:
    # "booking" is a word of two names (`Bookings.Book_Trip`, `Bookings.Open`) and the verb a
    # third tool's description starts with ("Books lockers ..."): the name that says it as its
    # verb is the one
    tools = [
        T("Bookings.Book_Trip", "Books a trip for a paddler.", paddler_id="string"),
        T("Bookings.Open", "Reads a booking.", booking_id="string"),
        T("Lockers.Add", "Books lockers beside the slipway for a booking.", booking_id="string"),
    ]
    res = Resolver(_registry(tools)).resolve("booking")
    assert (res.status, res.tool_id) == ("resolved", "Bookings.Book_Trip"), res


# --- ids of no reader's shape -----------------------------------------------------------------

# the shed's till again, its functions named as a manual's pages are, a name and a section
PAGES = [
    T("find(1)", "Finds a paddler by mobile number.", mobile="string"),
    T("show(1)", "Reads an outing: berth, date and status.", outing_id="string"),
    T("check(8)", "Checks a paddler's postcode and returns passed.", paddler_id="string"),
    T("move(2)", "Moves an outing to another berth.", outing_id="string", berth_id="string"),
    T("cancel(2)", "Cancels an outing.", outing_id="string"),
]


@pytest.mark.parametrize(
    ("sentence", "operator", "tool", "params"),
    [
        (
            "Until check(8) has passed, do not run move(2) or cancel(2).",
            "require_before",
            "cancel(2)",
            {"before": "check(8)"},
        ),
        ("Press show(1) before every move(2).", "require_before", "move(2)", {"before": "show(1)"}),
    ],
)
def test_an_id_of_no_readers_shape_is_read_as_an_id(
    tmp_path: Path, sentence: str, operator: str, tool: str, params: dict[str, Any]
) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", PAGES)
    assert enforced(policies, operator, tool, **params), policies


def test_an_id_first_with_what_its_call_is_about_is_that_id(tmp_path: Path) -> None:
    # "B3 on the same outing_id": the id and the argument its call shares with the later one
    policies = _till(tmp_path, "Run B3 on the same outing_id before every R2.")
    assert enforced(policies, "require_before", "R2", before="B3", same={"arg": "outing_id"})


def test_pressing_a_key_a_tool_is_bound_to_is_calling_it(tmp_path: Path) -> None:
    assert enforced(_till(tmp_path, "Never press R3."), "deny_action", "R3")
    # a button no tool is, pressed, is no call of any tool
    pressed = _till(tmp_path, "Never press the alarm button.")
    assert not any(p.operator == "deny_action" for p in pressed), pressed


# --- a bound raised for some case -------------------------------------------------------------

ROSTER = [
    T(
        "book_outing",
        "Books an outing for a group of paddlers.",
        paddler_names=("array", "names of the paddlers"),
        craft=("string", "single, double or war_canoe"),
    ),
    T("hire_wetsuits", "Hires wetsuits for an outing.", outing_id="string", wetsuits="integer"),
]


@pytest.mark.parametrize(
    ("sentence", "flat"),
    [
        (
            "One to four paddler_names go on an outing, and a club outing takes as many as ten.",
            False,
        ),
        ("wetsuits: four at most, though a war_canoe outing may have ten.", False),
        ("Between one and four paddler_names, or up to ten for a school group.", False),
        ("One to four paddler_names go on an outing.", True),
        # a second bound on another thing, not a case of this one
        ("wetsuits: four at most, and no more than £300 for the hire.", True),
    ],
)
def test_a_bound_raised_for_some_case_is_never_enforced_flat(
    tmp_path: Path, sentence: str, flat: bool
) -> None:
    policies = desk_policies(tmp_path, sentence + "\n", ROSTER)
    bounds = [p for p in policies if p.operator in {"arg_count_bound", "arg_within_bound"}]
    assert bounds, policies
    if flat:  # a plain bound is still enforced
        assert any(p.enforcement == "enforce" for p in bounds), policies
    else:
        assert all(p.enforcement != "enforce" for p in bounds), bounds


# --- a count's bound said after it ------------------------------------------------------------


def test_at_most_after_a_count_and_its_span_is_the_count_bound(tmp_path: Path) -> None:
    policies = _till(tmp_path, "Send five texts a chat at most.")
    assert read(policies, "max_calls", "R5", max=5), policies
