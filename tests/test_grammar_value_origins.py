"""Where an argument's value must come from, said with the value as the subject or as what
must not be made up (issue 11, class 4): "the astronomer id passed to `book_telescope` must
come from `find_astronomer`", "ferry ticket ids come from `search_sailings`", "the cabin
number must be one the passenger gave", "never invent a slot id", "the booking id must be
taken from the guest's own words or from `get_booking`".

Each value is bound to the argument its words name: of the tool the sentence names, else of
every tool taking it. Every source the sentence lists is kept (a source dropped would make
the rule stronger than the sentence); a source list with a part that cannot be read is no
reading at all. Three made-up domains (an observatory, a ferry desk, a seed nursery);
sentences and tools written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.made_up_values import made_up_values
from specgap.extract.origins import origin, said_origins
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar_asked_values import _tool

OBSERVATORY = [
    _tool("find_astronomer", "Find an astronomer by name.", astronomer_name=""),
    _tool("list_slots", "List the free telescope slots for a night.", night=""),
    _tool(
        "book_telescope",
        "Book a telescope slot.",
        astronomer_id="",
        slot_id="",
        target_name="The sky object to observe.",
    ),
    _tool("get_booking", "Read a booking.", booking_id=""),
    _tool("cancel_booking", "Cancel a booking.", booking_id="", reason=""),
    _tool("send_images", "E-mail the images of a session.", booking_id="", email=""),
]
FERRY = [
    _tool("search_sailings", "Search the sailings of a day.", port="", day=""),
    _tool("find_passenger", "Find a passenger by surname.", surname=""),
    _tool(
        "issue_ticket",
        "Issue a ferry ticket.",
        passenger_id="",
        sailing_id="",
        cabin_number="",
    ),
    _tool("refund_ticket", "Refund a ferry ticket.", ticket_id="", iban="Account to refund to."),
    _tool("get_ticket", "Read a ferry ticket.", ticket_id=""),
]
WORKSHOP = [
    _tool("lookup_rider", "Find a rider's account by e-mail.", email=""),
    _tool("list_repairs", "List a rider's open repair jobs.", rider_id=""),
    _tool("create_repair", "Open a repair job.", rider_id="", frame_number="", fault=""),
    _tool("quote_parts", "Quote the price of parts.", part_numbers=""),
    _tool("close_repair", "Close a repair job.", repair_id="", outcome=""),
    _tool("charge_rider", "Charge the rider's card on file.", rider_id="", amount=""),
]
NURSERY = [
    _tool("search_plants", "Search the plant catalogue.", keyword=""),
    _tool("find_grower", "Find a grower by farm name.", farm_name=""),
    _tool(
        "order_seedlings",
        "Order seedlings for a grower.",
        grower_id="",
        plant_code="",
        tray_count="",
    ),
    _tool("ship_tray", "Ship a tray to a grower.", grower_id="", delivery_address=""),
]

CLINIC = [
    _tool("find_owner", "Find a pet owner by phone number.", phone_number=""),
    _tool("get_pet", "Read a pet's record.", pet_id=""),
    _tool("book_visit", "Book a vet visit.", owner_id="", pet_id="", visit_date="", reason=""),
    _tool("refill_prescription", "Refill a prescription.", prescription_id="", pharmacy_code=""),
    _tool("list_prescriptions", "List a pet's prescriptions.", pet_id=""),
]


def _build(tmp_path: Path, text: str, tools: list[dict[str, Any]]) -> Built:
    return build_prompt(tmp_path, f"# Desk policy\n\n{text}\n", tools)


Row = tuple[str, str, bool, tuple[str, ...], str]


def _rows(built: Built) -> set[Row]:
    """(tool, argument, from_user, from_tools, enforcement) of each grounding rule."""
    out = set()
    for p in built.policies:
        if p.operator != "arg_grounded":
            continue
        cond = p.condition.model_dump()
        arg = cond["selector"]["arg"] if cond["selector"] else f"~{cond['arg']}"
        out.add((p.target, arg, cond["from_user"], tuple(cond["from_tools"]), p.enforcement))
    return out


E = "enforce"
R = "review_only"

BOUND: list[tuple[str, str, list[dict[str, Any]], set[Row]]] = [
    (
        "the tool taking the value named: 'passed to'",
        "The astronomer id passed to book_telescope must come from find_astronomer.",
        OBSERVATORY,
        {("book_telescope", "astronomer_id", False, ("find_astronomer",), E)},
    ),
    (
        "the tool taking the value named: 'given to', backticked",
        "The ticket id given to `refund_ticket` must come from `get_ticket`.",
        FERRY,
        {("refund_ticket", "ticket_id", False, ("get_ticket",), E)},
    ),
    (
        "the tool taking the value named: 'used in', one a tool returned",
        "The slot id used in book_telescope must be one returned by list_slots.",
        OBSERVATORY,
        {("book_telescope", "slot_id", False, ("list_slots",), E)},
    ),
    (
        "where the value only ever comes from",
        "Sailing ids only come from search_sailings.",
        FERRY,
        {("issue_ticket", "sailing_id", False, ("search_sailings",), E)},
    ),
    (
        "taken from a tool's output, said with 'the output of'",
        "The plant code must be taken from the output of search_plants.",
        NURSERY,
        {("order_seedlings", "plant_code", False, ("search_plants",), E)},
    ),
    (
        "the person's own words or a tool: both sources, on every tool taking it",
        "The booking id must be taken from the guest's own words or from get_booking.",
        OBSERVATORY,
        {
            ("get_booking", "booking_id", True, ("get_booking",), E),
            ("cancel_booking", "booking_id", True, ("get_booking",), E),
            ("send_images", "booking_id", True, ("get_booking",), E),
        },
    ),
    (
        "a tool or the person, the tool named first",
        "The ticket id passed to refund_ticket must come from get_ticket or from the passenger.",
        FERRY,
        {("refund_ticket", "ticket_id", True, ("get_ticket",), E)},
    ),
    (
        "one the person gave",
        "The cabin number must be one the passenger gave.",
        FERRY,
        {("issue_ticket", "cabin_number", True, (), E)},
    ),
    (
        "the one the person provided, a value said in other words (e-mail address)",
        "The e-mail address must be the one the guest provided.",
        OBSERVATORY,
        {("send_images", "email", True, (), E)},
    ),
    (
        "one a person named by any role noun stated",
        "The target name must be one the skipper stated.",
        OBSERVATORY,
        {("book_telescope", "target_name", True, (), E)},
    ),
    (
        "a source named in general words: any tool's output",
        "The plant code must come from the catalogue.",
        NURSERY,
        {("order_seedlings", "plant_code", False, ("*",), E)},
    ),
    (
        "a value made up: from the user or a tool, on every tool taking it",
        "Never invent a slot id.",
        OBSERVATORY,
        {("book_telescope", "slot_id", True, ("*",), E)},
    ),
    (
        "a value guessed or assumed, two verbs",
        "Do not guess or assume the grower id.",
        NURSERY,
        {
            ("order_seedlings", "grower_id", True, ("*",), E),
            ("ship_tray", "grower_id", True, ("*",), E),
        },
    ),
    (
        "a value made up, then the source to use instead",
        "Never fabricate sailing ids; always use the ones search_sailings returns.",
        FERRY,
        {("issue_ticket", "sailing_id", False, ("search_sailings",), E)},
    ),
    (
        "a value made up, then asked only when not known: the user or what is known",
        "Never make up a ticket id; ask the passenger if you do not know it.",
        FERRY,
        {
            ("refund_ticket", "ticket_id", True, ("*",), E),
            ("get_ticket", "ticket_id", True, ("*",), E),
        },
    ),
    (
        "the call said first by its id: that tool only",
        "For order_seedlings, the grower id must come from find_grower.",
        NURSERY,
        {("order_seedlings", "grower_id", False, ("find_grower",), E)},
    ),
    (
        "the call said as 'when calling T': that tool only",
        "When calling ship_tray, use the grower id returned by find_grower.",
        NURSERY,
        {("ship_tray", "grower_id", False, ("find_grower",), E)},
    ),
    (
        "the action said in words after the value: that action only",
        "Only use grower ids that find_grower returned when shipping a tray.",
        NURSERY,
        {("ship_tray", "grower_id", False, ("find_grower",), E)},
    ),
    (
        "the action said in words before the value",
        "Before issuing a ticket, the passenger id must come from find_passenger.",
        FERRY,
        {("issue_ticket", "passenger_id", False, ("find_passenger",), E)},
    ),
    (
        "the action said by its noun after the value",
        "The IBAN for a refund must be one the passenger named.",
        FERRY,
        {("refund_ticket", "iban", True, (), E)},
    ),
    (
        "a source said as 'looked up with'",
        "The passenger id must be looked up with find_passenger.",
        FERRY,
        {("issue_ticket", "passenger_id", False, ("find_passenger",), E)},
    ),
    (
        "a value used exactly as a tool returned it",
        "Use the sailing id exactly as search_sailings returned it.",
        FERRY,
        {("issue_ticket", "sailing_id", False, ("search_sailings",), E)},
    ),
    (
        "a ban on passing a value unless a tool returned it",
        "Do not pass a grower id to ship_tray unless find_grower returned it.",
        NURSERY,
        {("ship_tray", "grower_id", False, ("find_grower",), E)},
    ),
    (
        "a label and its source, in a bullet",
        "- The cabin number: always from the passenger, never guessed.",
        FERRY,
        {("issue_ticket", "cabin_number", True, (), E)},
    ),
    (
        "a value not reused from another person: a real value, the rest reviewed",
        "Do not reuse a ticket id from another passenger.",
        FERRY,
        {
            ("refund_ticket", "ticket_id", True, ("*",), R),
            ("get_ticket", "ticket_id", True, ("*",), R),
        },
    ),
    (
        "a clause no reading binds is kept: reviewed",
        "If the nursery is closed, the plant code must come from search_plants.",
        NURSERY,
        {("order_seedlings", "plant_code", False, ("search_plants",), R)},
    ),
    (
        "a tool named as the source at the end is no scope",
        "Only use plant codes listed in search_plants.",
        NURSERY,
        {("order_seedlings", "plant_code", False, ("search_plants",), E)},
    ),
    (
        "a check that the value has its source, said with 'make sure'",
        "Make sure the plant code matches one returned by search_plants.",
        NURSERY,
        {("order_seedlings", "plant_code", False, ("search_plants",), E)},
    ),
    (
        "a check with the call said first",
        "Before you call issue_ticket, ensure the passenger id came from find_passenger.",
        FERRY,
        {("issue_ticket", "passenger_id", False, ("find_passenger",), E)},
    ),
    (
        "the person's value, else a tool's: both sources, the absence no condition",
        "If the passenger does not know their ticket id, look it up with get_ticket.",
        FERRY,
        {
            ("refund_ticket", "ticket_id", True, ("get_ticket",), E),
            ("get_ticket", "ticket_id", True, ("get_ticket",), E),
        },
    ),
    (
        "got from a person or by calling a tool",
        "Get the grower id either from the grower's own words or by calling find_grower.",
        NURSERY,
        {
            ("order_seedlings", "grower_id", True, ("find_grower",), E),
            ("ship_tray", "grower_id", True, ("find_grower",), E),
        },
    ),
    (
        "seen in the conversation: the user's words or a tool's output",
        "Never use a sailing id you have not seen in this conversation.",
        FERRY,
        {("issue_ticket", "sailing_id", True, ("*",), E)},
    ),
    (
        "any id: every identifier of every call, reviewed",
        "Any id you pass to a tool must have appeared earlier in the conversation.",
        FERRY,
        {("*", "~None", True, ("*",), R)},
    ),
    (
        "a value the person did not give must not be used",
        "A cabin number that the passenger did not mention must not be used.",
        FERRY,
        {("issue_ticket", "cabin_number", True, (), E)},
    ),
    (
        "made up, passive",
        "Plant codes must not be invented.",
        NURSERY,
        {("order_seedlings", "plant_code", True, ("*",), E)},
    ),
    (
        "made up, then the tool to look it up with",
        "Do not guess plant codes - look them up with search_plants.",
        NURSERY,
        {("order_seedlings", "plant_code", False, ("search_plants",), E)},
    ),
    (
        "filled in on the person's behalf: theirs",
        "Never fill in a cabin number on the passenger's behalf.",
        FERRY,
        {("issue_ticket", "cabin_number", True, (), E)},
    ),
    (
        "asked for by the person, not guessed",
        "Always ask the grower for their delivery address rather than guessing it.",
        NURSERY,
        {("ship_tray", "delivery_address", True, (), E)},
    ),
    (
        "the value the person asked for",
        "The day passed to search_sailings must be the day the passenger asked for.",
        FERRY,
        {("search_sailings", "day", True, (), E)},
    ),
    (
        "a ban on acting with a value a tool did not return: that action's argument",
        "Never issue a ticket with a sailing id that search_sailings did not return.",
        FERRY,
        {("issue_ticket", "sailing_id", False, ("search_sailings",), E)},
    ),
    (
        "a tool that only accepts values another returned",
        "issue_ticket only accepts sailing ids returned by search_sailings.",
        FERRY,
        {("issue_ticket", "sailing_id", False, ("search_sailings",), E)},
    ),
    (
        "asked which value the person wants",
        "Ask the passenger which cabin number they want.",
        FERRY,
        {("issue_ticket", "cabin_number", True, (), E)},
    ),
    (
        "the thing acted on, not named by the person: its id is theirs",
        "Never refill a prescription the owner has not named.",
        CLINIC,
        {("refill_prescription", "prescription_id", True, (), E)},
    ),
    (
        "a value the agent has not looked up: a tool's output",
        "Do not book a visit for a pet id you have not looked up.",
        CLINIC,
        {("book_visit", "pet_id", False, ("*",), E)},
    ),
    (
        "a value verified against a tool, for the action said after",
        "Always verify the pet id against get_pet before booking a visit.",
        CLINIC,
        {("book_visit", "pet_id", False, ("get_pet",), E)},
    ),
    (
        "how the person says it is no source",
        "The reason for the visit must come from the owner, in their own words.",
        CLINIC,
        {("book_visit", "reason", True, (), E)},
    ),
    (
        "the thing the person chooses, for the action said by its verb alone",
        "Before refilling, ask the owner which pharmacy they use.",
        CLINIC,
        {("refill_prescription", "pharmacy_code", True, (), E)},
    ),
    (
        "confirmed with the person before the action said by its verb alone",
        "Confirm the visit date with the owner before booking.",
        CLINIC,
        {("book_visit", "visit_date", True, (), E)},
    ),
    (
        "only acting on a thing a tool returned: the thing's id",
        "Only refill a prescription when list_prescriptions returned it.",
        CLINIC,
        {("refill_prescription", "prescription_id", False, ("list_prescriptions",), E)},
    ),
    (
        "the tool as the indirect object of passing",
        "Pass ship_tray only the grower id returned by find_grower.",
        NURSERY,
        {("ship_tray", "grower_id", False, ("find_grower",), E)},
    ),
    (
        "the value the tool just named returns, for what the person came to do",
        "When a client calls to ship a tray, look them up with find_grower and use the grower "
        "id it returns.",
        NURSERY,
        {("ship_tray", "grower_id", False, ("find_grower",), E)},
    ),
    (
        "a lookup named by the tool's id, never the person's message",
        "The passenger id for issue_ticket must come from the find_passenger lookup, never "
        "from the passenger's message.",
        FERRY,
        {("issue_ticket", "passenger_id", False, ("find_passenger",), E)},
    ),
    (
        "the value said first, then the person who tells it",
        "The frame number is stamped under the saddle; always have the rider read it to you "
        "rather than guessing it.",
        WORKSHOP,
        {("create_repair", "frame_number", True, (), E)},
    ),
    (
        "only ever from a tool",
        "Repair ids only ever come from list_repairs; the rider does not know them.",
        WORKSHOP,
        {("close_repair", "repair_id", False, ("list_repairs",), E)},
    ),
    (
        "the value with a participle, the one a tool returned",
        "The amount charged must be the total that quote_parts returned.",
        WORKSHOP,
        {("charge_rider", "amount", False, ("quote_parts",), E)},
    ),
    (
        "people named by any plural noun give their own datum",
        "Riders must give you their e-mail address so you can find their account.",
        WORKSHOP,
        {("lookup_rider", "email", True, (), E)},
    ),
    (
        "a ban said as 'it is forbidden to'",
        "It is forbidden to invent repair ids.",
        WORKSHOP,
        {("close_repair", "repair_id", True, ("*",), E)},
    ),
    (
        "a ban said as 'you are not allowed to'",
        "You are not allowed to make up part numbers.",
        WORKSHOP,
        {("quote_parts", "part_numbers", True, ("*",), E)},
    ),
    (
        "copied verbatim from a tool",
        "Each passenger id must be copied verbatim from find_passenger.",
        FERRY,
        {("issue_ticket", "passenger_id", False, ("find_passenger",), E)},
    ),
    (
        "matching the value a tool returned",
        "The sailing id should match the id returned by search_sailings.",
        FERRY,
        {("issue_ticket", "sailing_id", False, ("search_sailings",), E)},
    ),
    (
        "one of the things a tool returned",
        "The sailing id must be one of the sailings returned by search_sailings.",
        FERRY,
        {("issue_ticket", "sailing_id", False, ("search_sailings",), E)},
    ),
    (
        "appearing in a tool's output",
        "The plant code must appear in the output of search_plants.",
        NURSERY,
        {("order_seedlings", "plant_code", False, ("search_plants",), E)},
    ),
    (
        "listed in a tool's result",
        "The cabin number must be listed in the get_ticket result.",
        FERRY,
        {("issue_ticket", "cabin_number", False, ("get_ticket",), E)},
    ),
    (
        "names in backticks, emphasis",
        "**Never** invent a `sailing_id`.",
        FERRY,
        {("issue_ticket", "sailing_id", True, ("*",), E)},
    ),
    (
        "a label and its source, with argument and tool names quoted",
        "- `plant_code`: must come from `search_plants`.",
        NURSERY,
        {("order_seedlings", "plant_code", False, ("search_plants",), E)},
    ),
    (
        "a label word before the rule, shouted modal",
        "IMPORTANT: The passenger ID MUST come from find_passenger.",
        FERRY,
        {("issue_ticket", "passenger_id", False, ("find_passenger",), E)},
    ),
    (
        "never, ever",
        "Never, ever guess a plant code.",
        NURSERY,
        {("order_seedlings", "plant_code", True, ("*",), E)},
    ),
    (
        "obtained from a tool, never guessed",
        "The slot id must always be obtained from list_slots, never guessed.",
        OBSERVATORY,
        {("book_telescope", "slot_id", False, ("list_slots",), E)},
    ),
]


@pytest.mark.parametrize(("name", "text", "tools", "rows"), BOUND, ids=[c[0] for c in BOUND])
def test_a_value_and_its_sources_are_bound_to_the_argument(
    tmp_path: Path, name: str, text: str, tools: list[dict[str, Any]], rows: set[Row]
) -> None:
    assert _rows(_build(tmp_path, text, tools)) == rows


OR_ELSE: list[tuple[str, str, list[dict[str, Any]], set[Row]]] = [
    ("another way said after the asking: that tool too",
     "Ask the passenger for the ticket id, or look it up with get_ticket.", FERRY,
     {("refund_ticket", "ticket_id", True, ("get_ticket",), E),
      ("get_ticket", "ticket_id", True, ("get_ticket",), E)}),
    ("a tool after the person's value, joined by 'or'",
     "Only use cabin numbers the passenger gave or that get_ticket returned.", FERRY,
     {("issue_ticket", "cabin_number", True, ("get_ticket",), E)}),
    ("another way not read: any tool's output too, never the person's alone",
     "Use the cabin number the passenger gives you, or the one on their last ticket.", FERRY,
     {("issue_ticket", "cabin_number", True, ("*",), E)}),
]  # fmt: skip


@pytest.mark.parametrize(("name", "text", "tools", "rows"), OR_ELSE, ids=[c[0] for c in OR_ELSE])
def test_another_way_to_the_value_is_a_source_too(
    tmp_path: Path, name: str, text: str, tools: list[dict[str, Any]], rows: set[Row]
) -> None:
    assert _rows(_build(tmp_path, text, tools)) == rows


NEVER_STRONGER: list[tuple[str, str, list[dict[str, Any]]]] = [
    # a third party who is not in the conversation: the user's words alone would be stronger
    (
        "Part numbers passed to quote_parts must be ones the rider or the mechanic gave you.",
        WORKSHOP,
    ),
    # a source that cannot be read: no rule that would allow fewer sources than stated
    ("Booking ids must come from the mooring office or from get_booking.", OBSERVATORY),
    ("The plant code must come from the grower's seed packet or search_plants.", NURSERY),
]


@pytest.mark.parametrize(("text", "tools"), NEVER_STRONGER)
def test_a_source_list_with_a_part_not_read_is_never_narrowed(
    tmp_path: Path, text: str, tools: list[dict[str, Any]]
) -> None:
    rows = _rows(_build(tmp_path, text, tools))
    assert not [r for r in rows if r[4] == E and not r[2] and r[3] != ("*",)], rows


def test_a_source_named_as_a_catalogue_is_the_tool_reading_it(tmp_path: Path) -> None:
    """ "The catalogue" is the tool that searches it when the compiler finds one for sure;
    with no such tool it is any tool's output (never a narrower source than said)."""
    tools = [_tool("search_catalogue", "Search the plant catalogue.", keyword=""), *NURSERY[1:]]
    text = "The plant code must come from the catalogue."
    assert _rows(_build(tmp_path, text, tools)) == {
        ("order_seedlings", "plant_code", False, ("search_catalogue",), E)
    }


def test_a_value_no_argument_of_the_named_tool_names_is_reviewed(tmp_path: Path) -> None:
    text = "The locker code passed to book_telescope must come from find_astronomer."
    built = _build(tmp_path, text, OBSERVATORY)
    assert {(r[0], r[4]) for r in _rows(built)} == {("book_telescope", R)}


def test_a_value_no_tool_takes_is_kept_over_every_call_with_a_note(tmp_path: Path) -> None:
    built = _build(tmp_path, "Never invent a mooring number.", FERRY)
    assert _rows(built) == {("*", "~mooring number", True, ("*",), R)}
    notes = [d for d in built.state.diagnostics if d.code == "condition-not-bound"]
    assert len(notes) == 1
    assert notes[0].span is not None
    assert notes[0].span.start_line == 3


SOURCES: list[tuple[str, dict[str, Any] | None]] = [
    ("the passenger", {"from_user": True, "from_tools": []}),
    ("the guest's own words or get_booking", {"from_user": True, "from_tools": ["get_booking"]}),
    ("`get_ticket` or `search_sailings`",
     {"from_user": False, "from_tools": ["get_ticket", "search_sailings"]}),
    ("the results of search_plants", {"from_user": False, "from_tools": ["search_plants"]}),
    ("list_slots's result", {"from_user": False, "from_tools": ["list_slots"]}),
    ("the system or the customer", {"from_user": True, "from_tools": ["*"]}),
    ("the sailing search", {"from_user": False, "from_tools": ["search sailing"]}),
    ("the harbour master or get_ticket", None),  # a part not read: no reading
    ("memory", None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), SOURCES)
def test_every_source_of_a_list_is_read(text: str, expected: dict[str, Any] | None) -> None:
    assert origin(text) == expected


NOT_READ = [
    ("a provenance described, no modal", "Sailing ids come from search_sailings."),
    ("not a datum", "The information must come from the knowledge base."),
    ("the tool itself is the subject", "search_plants must come from the catalogue."),
    ("no source", "The cabin number must be valid."),
]


@pytest.mark.parametrize(("name", "text"), NOT_READ, ids=[n for n, _ in NOT_READ])
def test_not_read_as_a_value_with_its_sources(name: str, text: str) -> None:
    assert not said_origins(text)


def test_a_new_thing_has_no_source_to_come_from(tmp_path: Path) -> None:
    """ "Only book a visit if the owner asked for it": the visit is made by the call, so no
    argument of it is said to come from anywhere (the `visit_date` is not the visit)."""
    built = _build(tmp_path, "Only book a visit if the owner asked for it.", CLINIC)
    assert not [r for r in _rows(built) if r[1] == "visit_date"]


NOT_MADE_UP = [
    ("made-up content in general", "Do not invent details."),
    ("a clock's value, read with its tool", "Do not assume the current time."),
    ("the sentence goes on with what is not read", "Never guess a slot id when the night is full."),
    ("no ban", "Guess the slot id."),
]


@pytest.mark.parametrize(("name", "text"), NOT_MADE_UP, ids=[n for n, _ in NOT_MADE_UP])
def test_not_read_as_a_made_up_value(name: str, text: str) -> None:
    assert made_up_values(text) == []


KEPT_NOTES: list[tuple[str, list[dict[str, Any]], str]] = [
    ("Do not reuse a ticket id from another passenger.", FERRY, "another passenger"),
    ("If the nursery is closed, the plant code must come from search_plants.", NURSERY, "closed"),
]


@pytest.mark.parametrize(("text", "tools", "kept"), KEPT_NOTES)
def test_what_no_operator_binds_is_kept_with_a_located_note(
    tmp_path: Path, text: str, tools: list[dict[str, Any]], kept: str
) -> None:
    built = _build(tmp_path, text, tools)
    notes = [
        d for d in built.state.diagnostics if d.code == "condition-not-bound" and kept in d.message
    ]
    assert len(notes) == 1
    assert notes[0].span is not None
    assert notes[0].span.start_line == 3


# --- a parameter's description says where its value comes from -------------------------------

DESCRIBED: list[tuple[str, str, Row | None]] = [
    ("a provenance described: reviewed", "The sailing id returned by search_sailings.",
     ("issue_ticket", "sailing_id", False, ("search_sailings",), R)),
    ("a provenance required: enforced", "Must come from the output of search_sailings.",
     ("issue_ticket", "sailing_id", False, ("search_sailings",), E)),
    ("given by a person", "Cabin number as given by the passenger.",
     ("issue_ticket", "cabin_number", True, (), R)),
    ("a person or a tool, required", "Must always be taken from the passenger or find_passenger.",
     ("issue_ticket", "passenger_id", True, ("find_passenger",), E)),
    ("the parameter as the missing subject: one the person gave",
     "Must be one the passenger gave.", ("issue_ticket", "cabin_number", True, (), E)),
    ("never made up: the user's or a tool's", "Never invent it.",
     ("issue_ticket", "sailing_id", True, ("*",), E)),
    ("a permission is no rule", "Can be looked up with search_sailings.", None),
    ("an example is no rule", "For example, the id returned by search_sailings.", None),
    ("a relative clause about another thing",
     "The ferry whose timetable was returned by search_sailings.", None),
    ("a source not read", "Taken from the harbour master's ledger.", None),
]  # fmt: skip


@pytest.mark.parametrize(("name", "said", "row"), DESCRIBED, ids=[c[0] for c in DESCRIBED])
def test_a_parameter_description_says_where_its_value_comes_from(
    tmp_path: Path, name: str, said: str, row: Row | None
) -> None:
    argument = row[1] if row else "sailing_id"
    props = {"passenger_id": "", "sailing_id": "", "cabin_number": "", argument: said}
    tools = [*FERRY[:2], _tool("issue_ticket", "Issue a ferry ticket.", **props), *FERRY[3:]]
    built = _build(tmp_path, "Be kind to every passenger.", tools)
    assert _rows(built) == ({row} if row else set())
    if row is not None:  # the rule is located at the description it was read from
        found = next(p for p in built.policies if p.operator == "arg_grounded")
        assert found.source.artifact.endswith("tools.json")


# --- a tool's description says where its own arguments come from ------------------------------

IN_DESCRIPTION: list[tuple[str, str, set[Row]]] = [
    ("a value as the subject", "The sailing id must come from search_sailings.",
     {("issue_ticket", "sailing_id", False, ("search_sailings",), E)}),
    ("a value a tool returned, used", "Use the passenger id returned by find_passenger.",
     {("issue_ticket", "passenger_id", False, ("find_passenger",), E)}),
    ("a value made up", "Never invent a cabin number.",
     {("issue_ticket", "cabin_number", True, ("*",), E)}),
    ("a value the person gave", "The cabin number must be one the passenger gave.",
     {("issue_ticket", "cabin_number", True, (), E)}),
    ("asked of the person first", "Ask the passenger for the cabin number first.",
     {("issue_ticket", "cabin_number", True, (), E)}),
    ("a requirement with its source", "Requires the sailing id from search_sailings.",
     {("issue_ticket", "sailing_id", False, ("search_sailings",), E)}),
    ("a value the described tool does not take: reviewed",
     "The locker code must come from find_passenger.",
     {("issue_ticket", "~locker code", False, ("find_passenger",), R)}),
    ("another tool's value is no rule of this one",
     "The ticket id passed to refund_ticket must come from get_ticket.", set()),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "said", "rows"), IN_DESCRIPTION, ids=[c[0] for c in IN_DESCRIPTION]
)
def test_a_tool_description_says_where_its_arguments_come_from(
    tmp_path: Path, name: str, said: str, rows: set[Row]
) -> None:
    described = _tool(
        "issue_ticket", f"Issue a ferry ticket. {said}", passenger_id="", sailing_id="",
        cabin_number="",
    )  # fmt: skip
    tools = [*FERRY[:2], described, *FERRY[3:]]
    assert _rows(_build(tmp_path, "Be kind to every passenger.", tools)) == rows


def test_ids_in_general_are_every_identifier_of_every_call(tmp_path: Path) -> None:
    """ "Ids must be taken from tool outputs only": not only the tools taking one id."""
    built = _build(tmp_path, "Ids must be taken from tool outputs only.", FERRY)
    assert _rows(built) == {("*", "~None", False, ("*",), R)}


# --- never grounded on its own output, never on the wrong argument ----------------------------

SOURCE_LEFT_OUT: list[tuple[str, str, list[dict[str, Any]], set[Row]]] = [
    ("a lookup named in words is the source, left out",
     "The pet id must come from the pet lookup.", CLINIC,
     {("book_visit", "pet_id", False, ("get_pet",), E),
      ("list_prescriptions", "pet_id", False, ("get_pet",), E)}),
    ("a search named in words: the value's own argument only, never another id of the source",
     "The prescription id must be one returned by the prescription search.", CLINIC,
     {("refill_prescription", "prescription_id", False, ("list_prescriptions",), E)}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "text", "tools", "rows"), SOURCE_LEFT_OUT, ids=[c[0] for c in SOURCE_LEFT_OUT]
)
def test_the_source_is_never_grounded_on_itself_alone(
    tmp_path: Path, name: str, text: str, tools: list[dict[str, Any]], rows: set[Row]
) -> None:
    assert _rows(_build(tmp_path, text, tools)) == rows


def test_a_tool_said_to_take_a_value_only_from_its_own_output_is_not_enforced(
    tmp_path: Path,
) -> None:
    """No first call of `get_pet` could pass: the rule is kept for review, with a warning."""
    text = "The pet id passed to get_pet must come from get_pet."
    built = _build(tmp_path, text, CLINIC)
    assert _rows(built) == {("get_pet", "pet_id", False, ("get_pet",), R)}
    assert [d.code for d in built.state.diagnostics if d.code == "senseless-rule"] == [
        "senseless-rule"
    ]


def test_the_id_it_returns_points_back_to_the_tool_the_step_before_named(
    tmp_path: Path,
) -> None:
    text = "1. Look up the grower with find_grower.\n2. Pass the grower id it returns to ship_tray."
    assert _rows(_build(tmp_path, text, NURSERY)) == {
        ("ship_tray", "grower_id", False, ("find_grower",), E)
    }


def test_the_id_it_returns_with_no_tool_before_is_no_reading(tmp_path: Path) -> None:
    text = "## Shipping\n\nPass the grower id it returns to ship_tray."
    assert _rows(_build(tmp_path, text, NURSERY)) == set()
