"""The sixteenth session's readings, on sentences written for these tests in two made-up
domains (a ferry desk in snake_case, a photo lab in camelCase):

- a rule said of one kind of call is never enforced on every call: a value another argument
  lists ("a car deck booking takes at most 3 hours"), or a modifier no schema word explains
  ("never delete archived albums"), or a passive subject's state ("frozen accounts are only
  charged in euros") keeps the rule `review_only`, with a note;
- a negated verb before "more than N" is a count; "in one conversation" is the trace itself,
  no condition; "at a time" is no total;
- "only" said last ("reminders are sent by SMS or email only");
- two statements joined by ", and" are read apart;
- "with `verifyOwner`" names the step, a bare camelCase id included; a reflexive
  ("yourself") is not part of what is acted on; a ban "by post" binds to the argument whose
  description lists `post`;
- a preposition two arguments answer to ("in a project", "Region to create it in") binds
  neither;
- "can V A but not B" is the ban of B; "never V without a reason", "always include a
  reason when you V" require the argument the noun names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.probes import flat, same, spec

FERRY = [
    spec("find_passenger", "Find a passenger by phone number.", phone="string"),
    spec("get_sailing", "Read a sailing: time, deck space and status (open, boarding, gone).",
         sailing_id="string"),
    spec("book_crossing", "Book a crossing for a passenger.", passenger_id="string",
         deck=("string", "foot, car or freight"), hours=("integer", "Length of the booking."),
         sailing_id="string"),
    spec("cancel_crossing", "Cancel a crossing.", booking_id="string", reason="string"),
    spec("charge_fare", "Charge a fare to the passenger's card.", passenger_id="string",
         amount="number", currency=("string", "eur, gbp or nok")),
    spec("send_notice", "Send a sailing notice.", booking_id="string",
         channel=("string", "sms, email or letter"), text="string"),
    spec("list_berths", "List free cabin berths on a sailing.", sailing_id="string"),
    spec("ship_parcel", "Ship a parcel on a sailing.", sailing_id="string",
         carrier=("string", "dhl, ups or post")),
]  # fmt: skip

LAB = [
    spec("findClient", "Find a lab client by email.", email="string"),
    spec("verifyOwner", "Check a client's ID against an order.", orderId="string"),
    spec("releasePrints", "Hand finished prints over to the client.", orderId="string"),
    spec("deleteAlbum", "Delete an album of scans.", albumId="string"),
    spec("createBucket", "Create a storage bucket in a project.", projectId="string",
         region=("string", "Region to create the bucket in.")),
    spec("disposeNegatives", "Dispose of uncollected negatives.", orderId="string"),
]  # fmt: skip

E, R = "enforce", "review_only"

# (sentence, tools, operator, tool, expected condition fields, enforcement)
READ: list[tuple[str, list[dict[str, Any]], str, str, dict[str, Any], str]] = [
    # a value another argument lists scopes the bound: reviewed, never every booking
    ("A car deck booking takes at most 3 hours.", FERRY, "arg_within_bound", "book_crossing",
     {"arg": "hours", "max": 3}, R),
    ("Never charge more than $400 in one payment.", FERRY, "arg_within_bound", "charge_fare",
     {"arg": "amount", "max": 400}, E),
    # the argument the rule constrains is its own values, not a scope
    ("Only book foot and car crossings.", FERRY, "resource_in_allowlist", "book_crossing",
     {"arg": "deck", "allowed": ["foot", "car"]}, E),
    ("Never book freight or car crossings.", FERRY, "deny_action", "book_crossing",
     {"arg": "deck", "values": ["freight", "car"]}, E),
    # a kind no schema word explains keeps a ban reviewed (a state word is a state test)
    ("Never delete family albums.", LAB, "deny_action", "deleteAlbum", {}, R),
    ("Never delete archived albums.", LAB, "state_condition", "deleteAlbum",
     {"denied": ["archived"]}, E),
    ("Never delete albums.", LAB, "deny_action", "deleteAlbum", {}, E),
    # a negated verb before "more than N"; the conversation is the trace
    ("Do not book more than two crossings per passenger in one conversation.", FERRY,
     "max_calls", "book_crossing", {"max": 2, "per": "passenger"}, E),
    ("Never send more than one notice per booking in a single chat.", FERRY, "max_calls",
     "send_notice", {"max": 1, "per": "booking"}, E),
    # "only" said last
    ("Notices are sent by sms or email only.", FERRY, "resource_in_allowlist", "send_notice",
     {"arg": "channel", "allowed": ["sms", "email"]}, E),
    ("Parcels are shipped with DHL or UPS only.", FERRY, "resource_in_allowlist", "ship_parcel",
     {"arg": "carrier", "allowed": ["dhl", "ups"]}, E),
    # a passive subject's kind scopes what follows the verb
    ("Foreign fares are only charged in eur or gbp.", FERRY, "resource_in_allowlist",
     "charge_fare", {"arg": "currency", "allowed": ["eur", "gbp"]}, R),
    # the step named with its tool, a camelCase id bare
    ("Check free berths with list_berths before booking a crossing.", FERRY, "require_before",
     "book_crossing", {"before": "list_berths"}, E),
    ("Prints are only released after the owner has been verified with verifyOwner.", LAB,
     "require_before", "releasePrints", {"before": "verifyOwner"}, E),
    # a reflexive is not what is acted on
    ("Never dispose of negatives yourself.", LAB, "deny_action", "disposeNegatives", {}, E),
    # a ban "by post": the argument whose description lists it
    ("Never ship parcels by post.", FERRY, "deny_action", "ship_parcel",
     {"arg": "carrier", "values": ["post"]}, E),
    # a permission and its exception after "but not": the exception is the rule
    ("Foot passengers can book crossings but not cabin berths.", FERRY, "deny_action",
     "book_crossing", {}, R),
    # (the allowed values named beside it keep the ban's "in nok" reviewed, never a flat ban)
    ("You can charge fares in eur or gbp, but not in nok.", FERRY, "deny_action", "charge_fare",
     {}, R),
    # a passive subject counted ("no more than two X per Y"): what is acted on is X
    ("No more than two notices per booking may be sent.", FERRY, "max_calls", "send_notice",
     {"max": 2, "per": "booking"}, E),
    # "shall ... only when": a restriction (a state test), never an obligation to act
    ("Berths shall be listed only when the sailing is open.", FERRY, "state_condition",
     "list_berths", {"allowed": ["open"]}, E),
    # values said as not accepted or not used: the tool whose schema lists them, reviewed
    ("Nok is not accepted.", FERRY, "deny_action", "charge_fare",
     {"arg": "currency", "values": ["nok"]}, R),
    ("We never use post.", FERRY, "deny_action", "ship_parcel",
     {"arg": "carrier", "values": ["post"]}, R),
    # "you can V1 X, but you can't V2 it": the ban is of V2 on X, never of V1
    ("You can book crossings, but you can't cancel them.", FERRY, "deny_action",
     "cancel_crossing", {}, E),
    # numbers after "by", the last with its unit
    ("Only book crossings by 1, 2 or 4 hours.", FERRY, "resource_in_allowlist", "book_crossing",
     {"arg": "hours", "allowed": ["1", "2", "4"]}, E),
    # what the act needs first is the user's yes, not a step before every call
    ("Cancelling a crossing needs the passenger to say yes first.", FERRY,
     "require_confirmation", "cancel_crossing", {}, E),
    # an argument the call must carry
    ("Never cancel a crossing without a reason.", FERRY, "schema_contract", "cancel_crossing",
     {"schema_": {"required": ["reason"], "properties": {"reason": {"minLength": 1}}}}, E),
    ("Always include a reason when you cancel a crossing.", FERRY, "schema_contract",
     "cancel_crossing",
     {"schema_": {"required": ["reason"], "properties": {"reason": {"minLength": 1}}}}, E),
]  # fmt: skip


# written with the cases above, and not read yet (strict xfails: a change that reads one
# says so)
NOT_YET: list[tuple[str, list[dict[str, Any]], str, str, dict[str, Any], str]] = [
    # a bound with no unit after a negated verb
    ("Never charge more than 400 in one payment.", FERRY, "arg_within_bound", "charge_fare",
     {"arg": "amount", "max": 400}, E),
    # values before the noun they qualify, with more said after
    ("Only book foot or car crossings: freight goes to the cargo desk.", FERRY,
     "resource_in_allowlist", "book_crossing", {"arg": "deck", "allowed": ["foot", "car"]}, E),
    # an act said by its verb alone before "without"
    ("Never cancel without a reason.", FERRY, "schema_contract", "cancel_crossing",
     {"schema_": {"required": ["reason"], "properties": {"reason": {"minLength": 1}}}}, E),
    # a passive subject's kind, one value after "in"
    ("Foreign cards are only charged in eur.", FERRY, "resource_in_allowlist", "charge_fare",
     {"arg": "currency", "allowed": ["eur"]}, R),
]  # fmt: skip


def _built(tmp_path: Path, text: str, tools: list[dict[str, Any]]) -> Any:
    return build_prompt(tmp_path, f"# Desk\n\n{text}\n", tools)


def _prose(built: Any) -> list[Any]:
    return [p for p in built.policies if p.source.artifact.endswith("prompt.md")]


@pytest.mark.parametrize(
    ("text", "tools", "operator", "tool", "fields", "level"),
    [
        *(pytest.param(*r, id=r[0]) for r in READ),
        *(pytest.param(*r, id=r[0], marks=pytest.mark.xfail(strict=True)) for r in NOT_YET),
    ],
)
def test_reading(
    tmp_path: Path,
    text: str,
    tools: list[dict[str, Any]],
    operator: str,
    tool: str,
    fields: dict[str, Any],
    level: str,
) -> None:
    found = [p for p in _prose(_built(tmp_path, text, tools)) if p.operator == operator]
    found = [p for p in found if p.target == tool]
    assert found, f"no {operator} on {tool}"
    fitting = [p for p in found if all(same(v, flat(p).get(k)) for k, v in fields.items())]
    assert fitting, [flat(p) for p in found]
    assert {p.enforcement for p in fitting} == {level}


def test_a_scoped_rule_says_why_it_is_reviewed(tmp_path: Path) -> None:
    built = _built(tmp_path, "A car deck booking takes at most 3 hours.", FERRY)
    notes = [d.message for d in built.state.diagnostics if d.code == "condition-not-bound"]
    assert any("`deck` is `car`" in m for m in notes), notes


def test_a_kind_no_schema_names_says_why(tmp_path: Path) -> None:
    built = _built(tmp_path, "Never delete family albums.", LAB)
    notes = [d.message for d in built.state.diagnostics if d.code == "condition-not-bound"]
    assert any("`family`" in m for m in notes), notes


def test_every_value_said_is_the_range_not_a_scope(tmp_path: Path) -> None:
    """Naming every value an argument lists (the three decks) scopes nothing."""
    text = "Foot, car and freight bookings alike take at most 3 hours."
    built = _built(tmp_path, text, FERRY)
    bounds = [p for p in _prose(built) if p.operator == "arg_within_bound"]
    assert [(flat(p)["arg"], p.enforcement) for p in bounds] == [("hours", "enforce")]
    notes = [d.message for d in built.state.diagnostics if "which the sentence names" in d.message]
    assert notes == []


def test_at_a_time_is_no_total(tmp_path: Path) -> None:
    built = _built(tmp_path, "Never cancel more than one crossing at a time.", FERRY)
    assert [p for p in _prose(built) if p.operator == "max_calls"] == []


def test_two_statements_joined_by_and_are_read_apart(tmp_path: Path) -> None:
    """The second statement is read on its own: a lead time is no bound on `hours` (read so,
    "14 days" became 336 hours), and it is said so where it stands."""
    text = (
        "A booking may not be longer than 4 hours, and sailings can be booked at most 14 "
        "days ahead."
    )
    built = _built(tmp_path, text, FERRY)
    bounds = [flat(p) for p in _prose(built) if p.operator == "arg_within_bound"]
    assert [(b["arg"], b.get("max")) for b in bounds] == [("hours", 4.0)]
    gaps = [d for d in built.state.diagnostics if d.code == "bound-not-representable"]
    assert [d.span.start_line for d in gaps] == [3]
    assert "14 days ahead" in gaps[0].message


def test_a_preposition_two_arguments_answer_binds_neither(tmp_path: Path) -> None:
    built = _built(tmp_path, "Only create buckets in eu-west-1.", LAB)
    enforced = [
        flat(p)
        for p in _prose(built)
        if p.operator == "resource_in_allowlist" and p.enforcement == "enforce"
    ]
    assert enforced == []
    codes = {d.code for d in built.state.diagnostics}
    assert "argument-restriction-not-compiled" in codes


def test_a_value_left_out_with_the_modals_reads_no_value() -> None:
    """A listed value spelt like a modal ("can" of "glass, can or paper") is left out with
    the ban's modals: no value is left to read, which once raised an IndexError."""
    from specgap.carg8_bind import _by_value
    from specgap.registry import Tool

    tool = Tool(id="recycle_item", schema={"properties": {"kind": {"type": "string"}}})
    assert _by_value(tool, ["never", "recycle", "a"], []) == (None, [])


def test_what_is_not_accepted_without_a_value_is_no_ban(tmp_path: Path) -> None:
    """ "This is not accepted" names no value (the reader's guard, not the compiler's, says
    so); "Nok is not accepted" does."""
    from specgap.extract.allow15_objects import unused_values

    assert unused_values("This is not accepted.") == []
    assert [e.params["values"] for e in unused_values("Nok is not accepted.")] == [["Nok"]]
    built = _built(tmp_path, "This is not accepted.", FERRY)
    assert [p for p in _prose(built) if p.operator == "deny_action"] == []


def test_the_original_value_must_come_from_a_tool_output(tmp_path: Path) -> None:
    """ "Refunds go back to the original card only": the card a read returned, never one the
    user typed: `arg_grounded` from the tools' outputs."""
    tools = [
        spec("get_booking", "Read a booking: sailing, card and amount paid.", booking_id="string"),
        spec("refund_fare", "Refund a fare.", booking_id="string", card="string"),
    ]
    built = _built(tmp_path, "Only refund fares to the original card.", tools)
    grounded = [flat(p) for p in _prose(built) if p.operator == "arg_grounded"]
    assert grounded == [
        {"operator": "arg_grounded", "arg": "card", "from_user": False, "from_tools": ["*"]}
    ]


def test_a_permission_beside_a_ban_is_not_banned(tmp_path: Path) -> None:
    built = _built(tmp_path, "You can book crossings, but you can't cancel them.", FERRY)
    assert [p.target for p in _prose(built) if p.operator == "deny_action"] == ["cancel_crossing"]


def test_what_an_act_needs_first_orders_no_call(tmp_path: Path) -> None:
    text = "Cancelling a crossing needs the passenger to say yes first."
    built = _built(tmp_path, text, FERRY)
    assert [p for p in _prose(built) if p.operator == "require_before"] == []


def test_a_group_of_two_things_is_each_things_group(tmp_path: Path) -> None:
    """ "before touching their sailings or crossings": the tools of both things, reviewed."""
    text = (
        "Always find the passenger with find_passenger before touching their sailings or crossings."
    )
    built = _built(tmp_path, text, FERRY)
    ordered = {p.target for p in _prose(built) if p.operator == "require_before"}
    assert {"get_sailing", "book_crossing", "cancel_crossing"} <= ordered
    assert all(
        p.enforcement == "review_only" for p in _prose(built) if p.operator == "require_before"
    )


@pytest.mark.parametrize(
    "text", ["Never buy more than 6 tickets in one order.", "A buyer can buy up to 6 tickets."]
)
def test_a_count_of_what_one_call_buys_many_of_is_no_count_of_calls(
    tmp_path: Path, text: str
) -> None:
    """`buy_tickets(quantity)` buys many tickets a call: 6 tickets are never 6 calls."""
    tools = [spec("buy_tickets", "Buy tickets for a sailing.", sailing_id="string",
                  quantity="integer")]  # fmt: skip
    built = _built(tmp_path, text, tools)
    assert [p for p in _prose(built) if p.operator == "max_calls"] == []
