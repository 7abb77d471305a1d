"""Argument restrictions in more writing styles (issue 11, class 3), in four made-up domains:
a guest house, a web shop, a support desk and a cloud host. Every sentence is written for
this test. Bounds stated on a noun, closed lists of bare words (checked against the schema's
`enum`), banned values, and arguments that must keep their value; each negative case says
what the policy must never be: stronger than the sentence, or on a guessed argument."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.allowlists import closed_list
from specgap.extract.amounts import amount_bounds
from tests.corpus_agents import Built, Row, build_prompt, policy_rows


def _tool(name: str, description: str, **props: Any) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    for key, spec in props.items():
        if isinstance(spec, dict):
            properties[key] = spec
            continue
        kind, said = spec if isinstance(spec, tuple) else (spec, "")
        properties[key] = {"type": kind, **({"description": said} if said else {})}
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": properties, "required": list(props)},
        },
    }


DOMAINS: dict[str, list[dict[str, Any]]] = {
    "inn": [
        _tool("reserve_room", "Reserve a room at the inn.", guest_id="string",
              room_kind={"type": "string", "enum": ["single", "twin", "loft"]},
              nights=("integer", "Number of nights."), guests=("integer", "Number of guests.")),
        _tool("refund_guest", "Refund a guest.", booking_id="string",
              amount=("number", "Refund amount in dollars.")),
        _tool("read_booking", "Read a booking.", booking_id="string"),
    ],
    "shop": [
        _tool("place_order", "Place an order.", customer_id="string",
              quantity=("integer", "How many units."),
              shipping={"type": "string", "enum": ["standard", "express", "overnight"]}),
        _tool("apply_discount", "Apply a discount to an order.", order_id="string",
              percent=("number", "Discount in percent.")),
        _tool("edit_basket", "Change the items of a basket.", basket_id="string",
              items={"type": "array", "items": {"type": "string"}}),
    ],
    "desk": [
        _tool("open_ticket", "Open a support ticket.", title="string",
              urgency={"type": "string", "enum": ["low", "normal", "high"]}),
        _tool("route_ticket", "Route a ticket to a team.", ticket_id="string", team="string"),
        _tool("close_ticket", "Close a ticket.", ticket_id="string", resolution="string"),
    ],
    "host": [
        _tool("launch_server", "Launch a server.", label="string",
              zone=("string", "Zone to launch in."), cores=("integer", "Number of CPU cores."),
              disk_gb=("integer", "Disk size in GB.")),
        _tool("resize_server", "Resize a server.", server_id="string", cores="integer"),
    ],
}  # fmt: skip


def _build(tmp_path: Path, domain: str, text: str) -> Built:
    return build_prompt(tmp_path, text + "\n", DOMAINS[domain])


_rows = policy_rows


def _located(built: Built, code: str) -> bool:
    return any(d.code == code and d.span is not None for d in built.state.diagnostics)


# --- bounds stated on a noun -----------------------------------------------------------------

NOUN_BOUNDS: list[tuple[str, str, list[Row]]] = [
    ("shop", "A discount of no more than 15 % may be applied.",
     [("apply_discount", "arg_within_bound", "percent", "enforce", {"max": 15.0})]),
    # the action named by a noun that is no tool's verb: resolved partially, reviewed
    ("inn", "No reservation longer than 21 nights.",
     [("reserve_room", "arg_within_bound", "nights", "review_only", {"max": 21.0})]),
    ("inn", "No refund over $300 may be issued.",
     [("refund_guest", "arg_within_bound", "amount", "review_only", {"max": 300.0})]),
    ("inn", "Refunds above $300 are not allowed.",
     [("refund_guest", "arg_within_bound", "amount", "review_only", {"max": 300.0})]),
    ("inn", "Never reserve a room longer than 21 nights.",
     [("reserve_room", "arg_within_bound", "nights", "enforce", {"max": 21.0})]),
    ("shop", "Order quantity cannot exceed 12 units.",
     [("place_order", "arg_within_bound", "quantity", "enforce", {"max": 12.0})]),
    ("shop", "Quantities must be between 1 and 12.",
     [("place_order", "arg_within_bound", "quantity", "enforce", {"min": 1.0, "max": 12.0})]),
    ("host", "Disk size must not exceed 800 GB.",
     [("launch_server", "arg_within_bound", "disk_gb", "enforce", {"max": 800.0})]),
    # labels and limits
    ("inn", "Maximum refund: $180.",
     [("refund_guest", "arg_within_bound", "amount", "enforce", {"max": 180.0})]),
    ("shop", "Max discount: 30%.",
     [("apply_discount", "arg_within_bound", "percent", "enforce", {"max": 30.0})]),
    ("inn", "The refund limit is $180.",
     [("refund_guest", "arg_within_bound", "amount", "enforce", {"max": 180.0})]),
    ("inn", "Refunds of up to $180 are allowed.",
     [("refund_guest", "arg_within_bound", "amount", "review_only", {"max": 180.0})]),
    ("shop", "Quantities between 2 and 9 are allowed.",
     [("place_order", "arg_within_bound", "quantity", "enforce", {"min": 2.0, "max": 9.0})]),
    ("inn", "Reservations must last between 2 and 9 nights.",
     [("reserve_room", "arg_within_bound", "nights", "review_only", {"min": 2.0, "max": 9.0})]),
    ("inn", "Refunds are only allowed up to $160.",
     [("refund_guest", "arg_within_bound", "amount", "review_only", {"max": 160.0})]),
    ("inn", "Refunds may be issued up to $160.",
     [("refund_guest", "arg_within_bound", "amount", "review_only", {"max": 160.0})]),
    ("shop", "You can give a discount of up to 12%.",
     [("apply_discount", "arg_within_bound", "percent", "enforce", {"max": 12.0})]),
    ("inn", "Refund requests above $160 must be escalated.",
     [("refund_guest", "arg_within_bound", "amount", "review_only", {"max": 160.0})]),
    # imperatives that bound a noun: limit, cap, keep under
    ("inn", "Limit refunds to $250.",
     [("refund_guest", "arg_within_bound", "amount", "enforce", {"max": 250.0})]),
    ("inn", "Keep refunds under $250.",
     [("refund_guest", "arg_within_bound", "amount", "enforce", {"max": 250.0})]),
    ("shop", "Cap discounts at 25%.",
     [("apply_discount", "arg_within_bound", "percent", "enforce", {"max": 25.0})]),
    ("inn", "Refunds should not go beyond $250.",
     [("refund_guest", "arg_within_bound", "amount", "review_only", {"max": 250.0})]),
    # "with more than N <noun>" after any verb: the argument the call passes
    ("host", "Never launch a server with more than 48 cores.",
     [("launch_server", "arg_within_bound", "cores", "enforce", {"max": 48.0})]),
    # ... and a noun no argument answers to: kept over the phrase, reviewed, never guessed
    ("inn", "Never reserve a room with more than 2 pets.",
     [("reserve_room", "arg_within_bound", "pets", "review_only", {"max": 2.0})]),
    # how many of a thing an entity holds: every tool taking that argument
    ("host", "Servers can have at most 48 cores.",
     [("launch_server", "arg_within_bound", "cores", "enforce", {"max": 48.0}),
      ("resize_server", "arg_within_bound", "cores", "enforce", {"max": 48.0})]),
    ("inn", "Each reservation is limited to 5 guests.",
     [("reserve_room", "arg_within_bound", "guests", "enforce", {"max": 5.0})]),
    ("inn", "A maximum of 5 guests is allowed per room.",
     [("reserve_room", "arg_within_bound", "guests", "enforce", {"max": 5.0})]),
    ("shop", "A basket can hold at most 9 items.",
     [("edit_basket", "arg_count_bound", "items", "enforce", {"max": 9})]),
    ("host", "Each server must have at least 2 cores.",
     [("launch_server", "arg_within_bound", "cores", "enforce", {"min": 2.0}),
      ("resize_server", "arg_within_bound", "cores", "enforce", {"min": 2.0})]),
    # a ban of "fewer than N" is a least bound, never a most
    # (`launch_server` takes no list: a count of its items is no reading, `prec4_fit`)
    ("host", "Do not launch servers with fewer than 2 cores.",
     [("launch_server", "arg_within_bound", "cores", "review_only", {"min": 2.0})]),
    # what an entity may hold, with no bound said, is no bound
    ("inn", "A room can have 4 guests.", []),
    # a count of actions per entity stays a count of calls (reviewed: "booking" is no tool)
    ("inn", "Each booking may include at most 2 refunds.",
     [("refund_guest", "max_calls", None, "review_only", {"max": 2, "per": "booking"})]),
    # a count per entity made by the call, over an argument that is a list: its items
    ("shop", "The limit is 5 items per basket.",
     [("edit_basket", "arg_count_bound", "items", "enforce", {"max": 5})]),
    ("inn", "At most three guests per room.",
     [("reserve_room", "arg_within_bound", "guests", "review_only", {"max": 3.0})]),
    # a bound a person's approval lifts: a review under its condition (`review5_rules`),
    # reviewed, never a bound that blocks the refund the owner approved
    ("inn", "Refunds over $300 need the owner's approval.",
     [("refund_guest", "review_required", None, "review_only", {})]),
    # a qualifier no entity binds: the bound keeps it as its condition, reviewed
    ("inn", "For returning guests, refunds may not exceed $90.",
     [("refund_guest", "arg_within_bound", "amount", "review_only", {"max": 90.0})]),
    ("inn", "For walk-in guests, at most $40 can be refunded.",
     [("refund_guest", "arg_within_bound", "amount", "review_only", {"max": 40.0})]),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), NOUN_BOUNDS)
def test_bounds_stated_on_a_noun(
    tmp_path: Path, domain: str, text: str, expected: list[Row]
) -> None:
    assert _rows(_build(tmp_path, domain, text)) == expected


CONDITIONED = [
    ("inn", "For returning guests, refunds may not exceed $90.", "For returning guests"),
    # a condition clause before the bound, or a qualifier after its amount: never dropped
    ("inn", "If the guest is new, refunds may not exceed $60.", "If the guest is new"),
    ("inn", "When the booking is unpaid, never refund more than $60.",
     "When the booking is unpaid"),
    ("inn", "Refunds may not exceed $60 unless the owner approves.", "unless the owner approves"),
    ("inn", "Refunds over $60 are not allowed for first-time guests.", "for first-time guests"),
    ("host", "Disk size must not exceed 900 GB for trial accounts.", "for trial accounts"),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "condition"), CONDITIONED)
def test_a_bound_under_a_condition_keeps_it_and_says_so(
    tmp_path: Path, domain: str, text: str, condition: str
) -> None:
    built = _build(tmp_path, domain, text)
    (policy,) = [p for p in built.policies if p.operator == "arg_within_bound"]
    assert policy.enforcement == "review_only"
    assert condition in policy.message
    assert _located(built, "condition-not-bound")


NOT_NOUN_BOUNDS: list[tuple[str, dict[str, Any] | None]] = [
    ("Refunds over $20 per night are not allowed.", None),  # a rate, no fixed bound
    ("No more than that may be refunded.", None),  # nothing measured
    ("The limit is 2 refunds per booking.", None),  # a count of calls, read elsewhere
    ("No guest older than 90 years.", None),  # the noun names no action and no argument
    ("For refunds, the refund amount must not exceed $70.", {"facet": "amount", "max": 70}),
]


@pytest.mark.parametrize(("sentence", "expected"), NOT_NOUN_BOUNDS)
def test_what_is_no_bound_on_a_noun(sentence: str, expected: dict[str, Any] | None) -> None:
    found = amount_bounds(sentence)
    if expected is None:
        assert found == [] or all(e.params.get("facet") not in {"amount", "nights"} for e in found)
    else:
        (emit,) = found
        assert emit.params == expected
        assert emit.condition is None  # "for refunds": the topic, no condition


# --- closed lists of bare words and banned values ---------------------------------------------

BARE_LISTS: list[tuple[str, tuple[str, tuple[str, ...]]]] = [
    ("The urgency must be one of low, normal or high.", ("urgency", ("low", "normal", "high"))),
    ("Only standard and express shipping are offered.", ("shipping", ("standard", "express"))),
    ("Only 'standard' and 'express' shipping are available.",
     ("shipping", ("standard", "express"))),
    ("Allowed zones: north-1, south-2.", ("zones", ("north-1", "south-2"))),
    ("Room kinds allowed: single, twin.", ("Room kinds", ("single", "twin"))),
    ("The room kind has to be either single or twin.", ("room kind", ("single", "twin"))),
    ("Valid urgency values are low, normal and high.", ("urgency", ("low", "normal", "high"))),
    ("Urgency: one of low, normal, high.", ("Urgency", ("low", "normal", "high"))),
    ("The allowed teams are billing and network.", ("teams", ("billing", "network"))),
    ("The shipping should be standard or express only.", ("shipping", ("standard", "express"))),
    ("Only the values low, normal and high are accepted for urgency.",
     ("urgency", ("low", "normal", "high"))),
    ("Accepted values for urgency are low, normal, high.",
     ("urgency", ("low", "normal", "high"))),
    ("Urgency must be one of the following: low, normal, high.",
     ("Urgency", ("low", "normal", "high"))),
    ("The urgency field accepts only low, normal and high.",
     ("urgency", ("low", "normal", "high"))),
    ("Only the values above are accepted for urgency.", ("", ())),
    # negative: adjectives, states, open lists and sentences are no list of values
    ("The reply must be either short, clear and polite.", ("", ())),
    ("Tickets must be either closed or resolved.", ("", ())),
    ("The status must be one of open or pending.", ("", ())),
    ("The zone must be one of north-1, south-2 and so on.", ("", ())),
    ("Allowed zones: for example north-1, south-2.", ("", ())),
    ("The urgency can be low or high.", ("", ())),  # what it may be, no "only"
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "expected"), BARE_LISTS)
def test_bare_words_are_values_only_in_a_closed_frame(
    sentence: str, expected: tuple[str, tuple[str, ...]]
) -> None:
    assert closed_list(sentence) == expected


VALUES: list[tuple[str, str, list[Row]]] = [
    ("desk", "The urgency must be one of Low, Normal or High.",
     [("open_ticket", "resource_in_allowlist", "urgency", "enforce",
       {"allowed": ["high", "low", "normal"]})]),
    ("shop", "Only standard and express shipping are offered.",
     [("place_order", "resource_in_allowlist", "shipping", "enforce",
       {"allowed": ["express", "standard"]})]),
    ("host", "Allowed zones: north-1, south-2.",
     [("launch_server", "resource_in_allowlist", "zone", "enforce",
       {"allowed": ["north-1", "south-2"]})]),
    ("host", "Allowed zones:\n\n- north-1\n- south-2",
     [("launch_server", "resource_in_allowlist", "zone", "enforce",
       {"allowed": ["north-1", "south-2"]})]),
    ("desk", "Tickets can only be routed to the 'billing' or 'network' team.",
     [("route_ticket", "resource_in_allowlist", "team", "enforce",
       {"allowed": ["billing", "network"]})]),
    ("desk", "Never route tickets to the 'legal' team.",
     [("route_ticket", "deny_action", "team", "enforce", {"values": ["legal"]})]),
    # "set X to V": the value passed for X, by the tool that takes it
    ("desk", "Never set the urgency to high.",
     [("open_ticket", "deny_action", "urgency", "enforce", {"values": ["high"]})]),
    ("desk", "Set the urgency to one of: low, normal.",
     [("open_ticket", "resource_in_allowlist", "urgency", "enforce",
       {"allowed": ["low", "normal"]})]),
    ("desk", "Only set the urgency to low or normal.",
     [("open_ticket", "resource_in_allowlist", "urgency", "enforce",
       {"allowed": ["low", "normal"]})]),
    ("desk", "Do not set the urgency to something else.", []),
    # a bare word before the argument's noun is a value only when the schema lists it
    ("shop", "Do not choose overnight shipping.",
     [("place_order", "deny_action", "shipping", "enforce", {"values": ["overnight"]})]),
    ("shop", "Never use express shipping.",
     [("place_order", "deny_action", "shipping", "enforce", {"values": ["express"]})]),
    # ... else the ban of the tool's calls keeps the words as its condition, reviewed
    ("shop", "Never select multiple items.",
     [("edit_basket", "deny_action", None, "review_only", {})]),
    ("desk", "Never open tickets with high urgency.",
     [("open_ticket", "deny_action", "urgency", "enforce", {"values": ["high"]})]),
    ("desk", "Only open tickets with low or normal urgency.",
     [("open_ticket", "resource_in_allowlist", "urgency", "enforce",
       {"allowed": ["low", "normal"]})]),
    ("desk", "Never open tickets with a long title.",
     [("open_ticket", "deny_action", None, "review_only", {})]),
    # bare values after the noun naming the argument
    ("host", "Only launch servers in zone north-1 or south-2.",
     [("launch_server", "resource_in_allowlist", "zone", "enforce",
       {"allowed": ["north-1", "south-2"]})]),
    ("host", "Never launch servers in zone west-9.",
     [("launch_server", "deny_action", "zone", "enforce", {"values": ["west-9"]})]),
    ("desk", "Only route tickets to team billing or network.",
     [("route_ticket", "resource_in_allowlist", "team", "enforce",
       {"allowed": ["billing", "network"]})]),
    # values said without a verb: "limited to", "not offered"
    ("shop", "Shipping options are limited to standard and express.",
     [("place_order", "resource_in_allowlist", "shipping", "enforce",
       {"allowed": ["express", "standard"]})]),
    ("shop", "Express and overnight shipping are not offered.",
     [("place_order", "deny_action", "shipping", "enforce",
       {"values": ["express", "overnight"]})]),
    ("shop", "Free shipping is not available.",
     [("place_order", "deny_action", None, "review_only", {})]),
    # a list none of whose values the schema accepts compiles to nothing (reported)
    ("desk", "The urgency must be one of 'minor', 'major'.", []),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), VALUES)
def test_values_of_an_argument(tmp_path: Path, domain: str, text: str, expected: list[Row]) -> None:
    assert _rows(_build(tmp_path, domain, text)) == expected


NOTED: list[tuple[str, str, str]] = [
    ("desk", "The urgency must be one of 'minor', 'major'.", "argument-restriction-not-compiled"),
    ("desk", "The urgency must be one of 'low', 'medium'.", "argument-restriction-not-compiled"),
    ("shop", "Never select multiple items.", "argument-restriction-not-compiled"),
    ("inn", "Never reserve a room with more than 2 pets.", "unknown-argument"),
]


@pytest.mark.parametrize(("domain", "text", "code"), NOTED)
def test_values_the_schema_does_not_list_are_located(
    tmp_path: Path, domain: str, text: str, code: str
) -> None:
    built = _build(tmp_path, domain, text)
    assert _located(built, code)
    assert [
        r for r in _rows(built) if r[1] == "resource_in_allowlist" and not r[4]["allowed"]
    ] == []


VALUES_UNDER_A_CONDITION = [
    ("shop", "During sales, shipping options are limited to standard and express.",
     "resource_in_allowlist", "During sales"),
    ("shop", "Shipping is limited to standard and express for new customers.",
     "resource_in_allowlist", "for new customers"),
    ("shop", "Overnight shipping is not available on weekends.", "deny_action", "on weekends"),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "operator", "condition"), VALUES_UNDER_A_CONDITION)
def test_values_under_a_condition_keep_it(
    tmp_path: Path, domain: str, text: str, operator: str, condition: str
) -> None:
    built = _build(tmp_path, domain, text)
    (policy,) = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    assert (policy.operator, policy.enforcement) == (operator, "review_only")
    assert condition in policy.message
    assert _located(built, "condition-not-bound")


def test_a_value_outside_the_enum_keeps_the_rule_as_stated(tmp_path: Path) -> None:
    """ "one of 'low', 'medium'": 'medium' is reported; the list is never narrowed."""
    rows = _rows(_build(tmp_path, "desk", "The urgency must be one of 'low', 'medium'."))
    assert [r[4] for r in rows] == [{"allowed": ["low", "medium"]}]


# --- arguments that keep their value --------------------------------------------------------

FIXED: list[tuple[str, str]] = [
    ("inn", "The number of guests cannot be changed."),
    ("inn", "Do not alter the number of nights."),
    ("shop", "Never change the shipping of an order."),
    ("shop", "The currency stays the one of the original order."),
    ("host", "The zone of a server may not be modified."),
    ("host", "The core count may be increased but not decreased."),
    ("shop", "You may add items but never remove them."),
    ("shop", "Items can be added to a basket but not removed."),
    ("inn", "Once booked, the number of guests cannot be changed."),
    ("inn", "A reservation's room kind can't be modified."),
    ("host", "Cores can only be increased."),
    ("host", "The core count can only go up."),
    ("shop", "Do not lower the quantity of an order."),
    ("shop", "Keep the original currency."),
    ("shop", "The currency must match the original order."),
]


@pytest.mark.parametrize(("domain", "text"), FIXED)
def test_an_argument_kept_at_its_value_is_reported_never_compiled(
    tmp_path: Path, domain: str, text: str
) -> None:
    built = _build(tmp_path, domain, text)
    # never enforced: a ban of the update a pattern read stays reviewed, never a state
    assert [r for r in _rows(built) if r[3] == "enforce" or r[1] == "state_condition"] == []
    assert _located(built, "argument-restriction-not-compiled")


def test_the_note_names_the_argument_and_the_direction(tmp_path: Path) -> None:
    built = _build(tmp_path, "shop", "Do not lower the quantity of an order.")
    (note,) = [d for d in built.state.diagnostics if d.code == "argument-restriction-not-compiled"]
    assert "`quantity of an order` may not be lowered" in note.message
    assert note.span is not None
    assert note.span.start_line == 1


def test_a_plain_ban_of_the_action_is_still_a_ban(tmp_path: Path) -> None:
    rows = _rows(_build(tmp_path, "host", "Never launch a server."))
    assert [(r[0], r[1], r[3]) for r in rows] == [("launch_server", "deny_action", "enforce")]


# --- values in a table -------------------------------------------------------------------------

TABLE = (
    "Ticket fields.\n\n"
    "| Field | Allowed values |\n"
    "|-------|----------------|\n"
    "| urgency | low, normal, high |\n"
    "| `team` | billing or network |\n"
)


def test_a_table_of_allowed_values_is_read_row_by_row(tmp_path: Path) -> None:
    built = _build(tmp_path, "desk", TABLE)
    assert _rows(built) == [
        ("open_ticket", "resource_in_allowlist", "urgency", "enforce",
         {"allowed": ["high", "low", "normal"]}),
        ("route_ticket", "resource_in_allowlist", "team", "enforce",
         {"allowed": ["billing", "network"]}),
    ]  # fmt: skip
    lines = {p.source.span.start_line for p in built.policies if p.source.artifact.endswith(".md")}
    assert lines == {5, 6}  # each rule cites its own row


OTHER_TABLES = [
    "| Step | Tool |\n|---|---|\n| 1 | open_ticket |\n| 2 | route_ticket |\n",
    "| Field | Example values |\n|---|---|\n| urgency | low, high |\n",
    "| Field | Allowed values |\n|---|---|\n| urgency | any |\n",
]


@pytest.mark.parametrize("text", OTHER_TABLES)
def test_other_tables_give_no_allowlist(tmp_path: Path, text: str) -> None:
    rows = _rows(_build(tmp_path, "desk", text))
    assert [r for r in rows if r[1] == "resource_in_allowlist"] == []


# --- a bound's unit binds the one numeric argument said in it ---------------------------------

BILLING = [
    _tool("refund_payment", "Refund a payment.", payment_id="string",
          total_usd=("number", "Refund total in USD."), items=("integer", "Items refunded.")),
    _tool("book_cabin", "Book a cabin.", cabin_id="string",
          length=("integer", "Length of the stay in nights."), adults="integer"),
    _tool("settle_invoice", "Settle an invoice.", invoice_id="string",
          value=("number", "Value in dollars."), fee=("number", "Fee in dollars.")),
]  # fmt: skip

BY_UNIT: list[tuple[str, list[Row]]] = [
    ("Refunds may not exceed $500.",
     [("refund_payment", "arg_within_bound", "total_usd", "review_only", {"max": 500.0})]),
    ("Never book a cabin for more than 14 nights.",
     [("book_cabin", "arg_within_bound", "length", "enforce", {"max": 14.0})]),
    # two arguments said in dollars: a tie, kept over the phrase for review, never a guess
    ("Never settle invoices of more than $900.",
     [("settle_invoice", "arg_within_bound", "amount", "review_only", {"max": 900.0})]),
    # a number bound never lands on an id: the phrase is kept for review
    ("Never settle an invoice above $900.",
     [("settle_invoice", "arg_within_bound", "invoice", "review_only", {"max": 900.0})]),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), BY_UNIT)
def test_a_unit_binds_the_one_argument_said_in_it(
    tmp_path: Path, text: str, expected: list[Row]
) -> None:
    assert _rows(build_prompt(tmp_path, text + "\n", BILLING)) == expected


def test_a_value_set_is_never_a_search_filter(tmp_path: Path) -> None:
    """ "never set the urgency to high" restricts the calls that write the urgency, not a
    search that filters on it (which would be stronger than the sentence)."""
    tools = [
        *DOMAINS["desk"],
        _tool("search_tickets", "Search tickets.", urgency=("string", "Urgency to filter on.")),
    ]
    built = build_prompt(tmp_path, "Never set the urgency to high.\n", tools)
    assert [(r[0], r[1], r[2]) for r in _rows(built)] == [("open_ticket", "deny_action", "urgency")]
    assert _located(built, "argument-restriction-not-compiled")
