"""Where an argument's value must come from (issue 11, class 4): values the user must give
("ask the member for the reason", "never guess the booking reference; ask for it", "the
account holder must provide the meter serial", "use the e-mail address the patron gives
you") and values that must come from a tool's output ("the slot must be one offered by
the pickup slot search", "pick the slot from the results of `search_pickup_slots`").

Each value is bound to the argument whose name or description says it: of the action the
sentence or its section names, else of every tool taking such an argument. A value no
argument names is never enforced on a guess: it stays `review_only` with a located
`condition-not-bound` note. Four made-up domains (a laundry pickup service, a gym, a
theatre box office, an energy supplier); sentences and tools written for the test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.asked_values import asked_values
from tests.corpus_agents import Built, build_prompt


def _tool(name: str, description: str, **props: str) -> dict[str, Any]:
    """An OpenAI function spec; a non-empty value is the argument's description."""
    properties = {
        k: {"type": "string", **({"description": d} if d else {})} for k, d in props.items()
    }
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": properties, "required": list(props)},
        },
    }


LAUNDRY = [
    _tool("find_customer", "Find a customer by phone number.", phone=""),
    _tool("search_pickup_slots", "Search the free pickup slots for a postcode.", postcode=""),
    _tool(
        "schedule_pickup",
        "Schedule a laundry pickup.",
        customer_id="",
        pickup_date="The day of the pickup.",
        slot_id="",
        address="Street address for the pickup.",
    ),
    _tool("cancel_order", "Cancel a laundry order.", customer_id="", order_id="", reason=""),
    _tool(
        "refund_order",
        "Refund a laundry order.",
        customer_id="",
        order_id="",
        account_number="Bank account to refund to.",
    ),
]
GYM = [
    _tool("find_member", "Find a gym member by card number.", card_number=""),
    _tool("get_member_classes", "List a member's booked classes.", member_id=""),
    _tool("search_classes", "Search the classes on a date.", date=""),
    _tool("book_class", "Book a class for a member.", member_id="", class_id="", start_time=""),
    _tool(
        "freeze_membership",
        "Freeze a membership.",
        member_id="",
        freeze_start="First day of the freeze.",
        reason="",
    ),
]
THEATRE = [
    _tool("find_patron_by_email", "Find a patron by e-mail.", email=""),
    _tool("search_performances", "Search the performances of a show.", show="", date=""),
    _tool(
        "reserve_seats",
        "Reserve seats at a performance.",
        patron_id="",
        performance_id="",
        seat_numbers="",
    ),
    _tool(
        "refund_tickets",
        "Refund a patron's tickets.",
        patron_id="",
        booking_reference="",
        refund_iban="Bank account for the refund.",
    ),
]
ENERGY = [
    _tool("find_account", "Find an energy account by account number.", account_number=""),
    _tool(
        "submit_meter_reading",
        "Submit a meter reading.",
        account_id="",
        meter_serial="",
        reading_value="",
    ),
    _tool("list_tariffs", "List the available tariffs.", region=""),
    _tool("change_tariff", "Change an account's tariff.", account_id="", tariff_code=""),
    _tool(
        "move_home",
        "Move an account to a new home.",
        account_id="",
        move_out_date="",
        new_address="",
    ),
]


def _build(tmp_path: Path, text: str, tools: list[dict[str, Any]]) -> Built:
    return build_prompt(tmp_path, f"# Service policy\n\n{text}\n", tools)


def _grounded(built: Built) -> list[Any]:
    return [p for p in built.policies if p.operator == "arg_grounded"]


def _bound(built: Built) -> set[tuple[str, str, str]]:
    """(tool, argument, enforcement) of every grounding rule bound to one argument."""
    out = set()
    for p in _grounded(built):
        selector = p.condition.model_dump()["selector"]
        if selector:
            out.add((p.target, selector["arg"], p.enforcement))
    return out


FROM_USER: list[tuple[str, str, list[dict[str, Any]], set[tuple[str, str, str]]]] = [
    (
        "ask for a value: the argument that names it",
        "Ask the customer for the pickup date.",
        LAUNDRY,
        {("schedule_pickup", "pickup_date", "enforce")},
    ),
    (
        "the action said first, the argument said by its description",
        "When scheduling a pickup, ask the customer for the street address.",
        LAUNDRY,
        {("schedule_pickup", "address", "enforce")},
    ),
    (
        "two values, one said as 'the X of the Y'",
        "Before freezing a membership, ask the member for the reason and the first day of "
        "the freeze.",
        GYM,
        {
            ("freeze_membership", "reason", "enforce"),
            ("freeze_membership", "freeze_start", "enforce"),
        },
    ),
    (
        "a ban on guessing, then the asking",
        "Never guess the booking reference; ask the patron for it.",
        THEATRE,
        {("refund_tickets", "booking_reference", "enforce")},
    ),
    (
        "a ban on assuming, then a check with the person",
        "Do not assume the reading value, always check with the customer.",
        ENERGY,
        {("submit_meter_reading", "reading_value", "enforce")},
    ),
    (
        "the person as the subject",
        "The account holder must provide the meter serial.",
        ENERGY,
        {("submit_meter_reading", "meter_serial", "enforce")},
    ),
    (
        "an action noun leads: for a tariff change",
        "For a tariff change, ask for the tariff code.",
        ENERGY,
        {("change_tariff", "tariff_code", "enforce")},
    ),
    (
        "the value the person gives, an e-mail address",
        "Use the e-mail address the patron gives you.",
        THEATRE,
        {("find_patron_by_email", "email", "enforce")},
    ),
    (
        "got from the person",
        "Get the card number from the member.",
        GYM,
        {("find_member", "card_number", "enforce")},
    ),
    (
        "confirmed with the person, the action after",
        "Confirm the address with the customer before scheduling a pickup.",
        LAUNDRY,
        {("schedule_pickup", "address", "enforce")},
    ),
    (
        "must come from the person; the value named by the tool's words and the argument's",
        "The freeze reason must come from the member.",
        GYM,
        {("freeze_membership", "reason", "enforce")},
    ),
    (
        "asked for by the tool's words and the argument's",
        "Ask the member for the freeze reason.",
        GYM,
        {("freeze_membership", "reason", "enforce")},
    ),
    (
        "the person's value requested",
        "Make sure you have the customer's meter serial.",
        ENERGY,
        {("submit_meter_reading", "meter_serial", "enforce")},
    ),
    (
        "no going on until the person gave it",
        "Do not proceed until the customer has given you the meter serial.",
        ENERGY,
        {("submit_meter_reading", "meter_serial", "enforce")},
    ),
    (
        "the passive: provided by the person",
        "The new address must be provided by the customer.",
        ENERGY,
        {("move_home", "new_address", "enforce")},
    ),
    (
        "the action after 'before you'",
        "Ask the customer for the tariff code before you change the tariff.",
        ENERGY,
        {("change_tariff", "tariff_code", "enforce")},
    ),
    (
        "the value's own absence narrows nothing",
        "Always ask for the booking reference if the patron has not given it.",
        THEATRE,
        {("refund_tickets", "booking_reference", "enforce")},
    ),
    (
        "an ordering: which step takes the value is inferred",
        "Request the patron's booking reference before refunding tickets.",
        THEATRE,
        {("refund_tickets", "booking_reference", "review_only")},
    ),
    (
        "a value the person names, owned",
        "Ask for the customer's account number before refunding an order.",
        LAUNDRY,
        {("refund_order", "account_number", "enforce")},
    ),
]


@pytest.mark.parametrize(
    ("name", "text", "tools", "bound"), FROM_USER, ids=[c[0] for c in FROM_USER]
)
def test_a_value_from_the_user_is_bound_to_the_argument_naming_it(
    tmp_path: Path,
    name: str,
    text: str,
    tools: list[dict[str, Any]],
    bound: set[tuple[str, str, str]],
) -> None:
    built = _build(tmp_path, text, tools)
    assert _bound(built) == bound
    assert all(p.condition.model_dump()["from_user"] for p in _grounded(built))
    assert len(_grounded(built)) == len(bound)  # nothing over every call besides


def test_a_condition_no_reading_binds_is_kept_and_reviewed(tmp_path: Path) -> None:
    text = "When cancelling an order, ask for the reason if the order is paid."
    built = _build(tmp_path, text, LAUNDRY)
    assert _bound(built) == {("cancel_order", "reason", "review_only")}
    notes = [
        d
        for d in built.state.diagnostics
        if d.code == "condition-not-bound" and "if the order is paid" in d.message
    ]
    assert len(notes) == 1


def test_a_section_about_one_action_names_the_argument(tmp_path: Path) -> None:
    built = build_prompt(
        tmp_path,
        "# Service policy\n\n## Moving home\n\nAsk the customer for the move-out date.\n",
        ENERGY,
    )
    assert _bound(built) == {("move_home", "move_out_date", "enforce")}


NOT_BOUND: list[tuple[str, str, list[dict[str, Any]], str, str]] = [
    (
        "no argument of any tool names the value",
        "Ask the member for their locker number.",
        GYM,
        "*",
        "must come from the user",
    ),
    (
        "the named action has no such argument",
        "When booking a class, ask the member for the locker number.",
        GYM,
        "book_class",
        "names no argument of the tool",
    ),
]


@pytest.mark.parametrize(
    ("name", "text", "tools", "target", "why"), NOT_BOUND, ids=[c[0] for c in NOT_BOUND]
)
def test_a_value_no_argument_names_is_reviewed_with_a_located_note(
    tmp_path: Path, name: str, text: str, tools: list[dict[str, Any]], target: str, why: str
) -> None:
    built = _build(tmp_path, text, tools)
    rules = _grounded(built)
    assert [(p.target, p.enforcement) for p in rules] == [(target, "review_only")]
    assert rules[0].condition.model_dump()["arg"] == "locker number"
    notes = [
        d for d in built.state.diagnostics if d.code == "condition-not-bound" and why in d.message
    ]
    assert len(notes) == 1
    assert notes[0].span is not None
    assert notes[0].span.start_line == 3


NOT_FROM_TOOLS = [
    (
        "a generic source for an action: maybe a state",
        "Only reserve performances listed in the system.",
    ),
    ("no restriction, a step", "Book the classes that appear in the class search results."),
]


@pytest.mark.parametrize(("name", "text"), NOT_FROM_TOOLS, ids=[n for n, _ in NOT_FROM_TOOLS])
def test_not_read_as_a_value_from_a_tool(name: str, text: str) -> None:
    from specgap.extract.sources import value_sources

    assert value_sources(text) == []


NOT_ASKED = [
    ("a yes, not a value", "Ask the member for approval before freezing the membership."),
    ("a vague detail names no value", "Ask the customer for more details."),
    ("no value asked", "Ask the patron whether they prefer the aisle."),
    ("a feeling, not a datum", "The customer must provide feedback after the pickup."),
    ("nothing guessed is named", "Never guess; ask instead."),
    ("the person consents: a confirmation", "The customer must confirm the pickup date."),
]


@pytest.mark.parametrize(("name", "text"), NOT_ASKED, ids=[n for n, _ in NOT_ASKED])
def test_not_read_as_a_value_from_the_user(name: str, text: str) -> None:
    assert asked_values(text) == []


FROM_TOOLS: list[tuple[str, str, list[dict[str, Any]], tuple[str, str], list[str]]] = [
    (
        "one offered by a search named in words",
        "The slot must be one offered by the pickup slot search.",
        LAUNDRY,
        ("schedule_pickup", "slot_id"),
        ["search_pickup_slots"],
    ),
    (
        "picked from the results of a tool",
        "Pick the slot from the results of search_pickup_slots.",
        LAUNDRY,
        ("schedule_pickup", "slot_id"),
        ["search_pickup_slots"],
    ),
    (
        "chosen only from a search's results",
        "Choose a class only from the results of the class search.",
        GYM,
        ("book_class", "class_id"),
        ["search_classes"],
    ),
    (
        "selected among the options a tool offered",
        "Select the seats from the options offered by search_performances.",
        THEATRE,
        ("reserve_seats", "seat_numbers"),
        ["search_performances"],
    ),
    (
        "a value that must match one a tool returned",
        "The tariff code must match one returned by list_tariffs.",
        ENERGY,
        ("change_tariff", "tariff_code"),
        ["list_tariffs"],
    ),
    (
        "taken from a tool's results",
        "Take the slot id from the search_pickup_slots results.",
        LAUNDRY,
        ("schedule_pickup", "slot_id"),
        ["search_pickup_slots"],
    ),
    (
        "the action's own verb, values that appear in a named search's results",
        "Only book classes that appear in the class search results.",
        GYM,
        ("book_class", "class_id"),
        ["search_classes"],
    ),
    (
        "one listed by a tool",
        "The tariff code must be one listed by list_tariffs.",
        ENERGY,
        ("change_tariff", "tariff_code"),
        ["list_tariffs"],
    ),
]


@pytest.mark.parametrize(
    ("name", "text", "tools", "bound", "sources"), FROM_TOOLS, ids=[c[0] for c in FROM_TOOLS]
)
def test_a_value_from_a_tools_output(
    tmp_path: Path,
    name: str,
    text: str,
    tools: list[dict[str, Any]],
    bound: tuple[str, str],
    sources: list[str],
) -> None:
    built = _build(tmp_path, text, tools)
    rules = _grounded(built)
    assert _bound(built) == {(*bound, "enforce")}
    assert len(rules) == 1
    # any other reading of the sentence is never enforced
    assert all(p.enforcement != "enforce" for p in built.policies if p.operator == "deny_action")
    assert list(rules[0].condition.model_dump()["from_tools"]) == sources
    assert rules[0].condition.model_dump()["from_user"] is False


def test_a_source_named_in_words_that_names_no_tool_is_any_tools_output(tmp_path: Path) -> None:
    # "the lookup" names no one tool: any tool's output grounds the value, never a guessed one
    built = _build(tmp_path, "Use the member id returned by the lookup.", GYM)
    rules = _grounded(built)
    assert {p.target for p in rules} == {"get_member_classes", "book_class", "freeze_membership"}
    assert all(list(p.condition.model_dump()["from_tools"]) == ["*"] for p in rules)


BIKES = [
    _tool("rent_bike", "Rent a bike.", start_date="", end_date="", bike_id=""),
    _tool("book_service", "Book a bike service.", service_date="", bike_id=""),
]


def test_a_tool_with_several_arguments_the_value_names_is_left_out_with_a_note(
    tmp_path: Path,
) -> None:
    # "the date" is one argument of the service booking, but two of the rental: not guessed
    built = _build(tmp_path, "Ask the customer for the date.", BIKES)
    assert {(t, a) for t, a, _ in _bound(built)} == {("book_service", "service_date")}
    notes = [
        d
        for d in built.state.diagnostics
        if d.code == "condition-not-bound" and "several arguments of `rent_bike`" in d.message
    ]
    assert len(notes) == 1
    assert notes[0].span is not None
    assert notes[0].span.start_line == 3
