"""The eighteenth session's readings, on sentences written for these tests in made-up
domains (a ferry ticket desk in snake_case):

- one call at a time said with a bound ("refund no more than one ticket at a time", "never
  refund more than one ticket at a time") is `one_call_at_a_time` on that act, never a count
  of calls over the whole conversation; "one tool call at a time" is no count per "time";
- `with_text` (no reply in a turn that calls a tool) is read from the sentence's words to the
  user in any form ("replying", "answered", "messages", "commentary", "nothing else"), and
  not from a turn named as the unit ("one call per message") or a call's own response ("wait
  for its response") (`operators.one_call_at_a_time.talks_too`);
- a person's state is read from the read tool named for the person that lists the values
  (`find_passenger(phone)` returning "status (active, barred)"), not from another read of
  the person's id (`resolve.state_reads`);
- a bound said of an act's noun ("parking extensions are capped at 3 extra days") holds on
  the tools of that act only (`noun_args.held_by`); an amount "per <act>" is one call's
  bound (`extract.per_act18`);
- values said before the noun of an act ("island tickets are not offered") ban the value of
  that act's argument that lists them, not the act's id argument (`spread`); "every refund
  must cite a reason" requires the argument (`supply16`);
- where a value comes from said as "must be one that T returned" or "must both have come
  from the passenger" (`grounded18`); a bound after the kind of number it is ("as a whole
  number from 1 to 9", `numbers18`);
- values spelt as codes ("goodwill_gesture") are values of the argument, whatever the frame
  (`value_lists`); "never two X in the same turn" with no verb, "wait for each `t` result
  before sending another" (`one_at_a_time`; no ordering of `t` before "send another");
- a count of "no X" ("No ticket is changed more than twice") or of things that exist before
  the act ("do not refund tickets more than once") is per X, never one over the whole trace
  (`per_act18.no_thing_more`, `restrictors.negated_count`);
- a state said as an adjective before or "at the time of" the act ("the request has to be
  open at the time of assignment") is the state test, never a step (`state17`);
- what the assistant does within a bound ("The assistant refunds tickets up to 120 EUR",
  `person17`); "refund only with a ticket_id that get_ticket returned" (`grounded18`); two
  bounds under one "at most" ("at most 4 berths and 3 nights", `per_act18`);
- a tool named noun first and verb last (`dock_release`, `rider_lookup`) gives the grammar
  its verb, and reads its noun (`grammar_words.verbs_of_tools`, `resolve.state_reads`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.operators.one_call_at_a_time import talks_too
from tests.probes import assert_read, desk_policies, marked, spec

FERRY = [
    spec("find_passenger", "Find a passenger by phone; returns status (active, barred).",
         phone="string"),
    spec("get_ticket", "Read a ticket: status (booked, boarded, used), route, price.",
         ticket_id="string"),
    spec("book_ticket", "Book a ferry ticket.", passenger_id="string",
         route=("string", "north, south or island"), seats="integer"),
    spec("change_ticket", "Move a ticket to another sailing.", ticket_id="string",
         sailing_id="string"),
    spec("cancel_ticket", "Cancel a ticket.", ticket_id="string"),
    spec("refund_ticket", "Refund a ticket.", ticket_id="string", amount_eur="number",
         reason="string"),
    spec("note_lost_item", "Note an item lost on board.", ticket_id="string", item="string"),
    spec("list_tickets", "List a passenger's tickets.", passenger_id="string"),
    spec("book_parking", "Book a car park space at the terminal.", passenger_id="string",
         days="integer"),
    spec("extend_parking", "Extend a parking booking.", parking_id="string", days="integer"),
]  # fmt: skip

# tools named noun first, verb last (`dock_release`, `rider_lookup`)
DOCKS = [
    spec("rider_lookup", "Look up a rider by phone; returns rider_id and status (active, "
         "banned).", phone="string"),
    spec("dock_get", "Get a dock: status (open, closed, under_repair).", dock_id="string"),
    spec("dock_release", "Release a dock back to the network.", dock_id="string"),
    spec("bike_unlock", "Unlock a bike for a rider.", rider_id="string", dock_id="string"),
    spec("credit_grant", "Grant ride credit to a rider.", rider_id="string",
         amount_eur="number"),
    spec("trip_log", "Record a trip note.", rider_id="string", note="string"),
]  # fmt: skip

CABINS = [
    *FERRY,
    spec("book_cabin", "Book a cabin on an overnight sailing.", ticket_id="string",
         berths="integer", nights="integer"),
]  # fmt: skip

E, R = "enforce", "review_only"
ANY = "*"

# (case id, prompt text, tools, operator, tool, expected condition fields, enforcement)
READ: list[tuple[str, str, list[dict[str, Any]], str, str, dict[str, Any], str]] = [
    # one at a time, said with a bound on the act: that act's calls per turn
    ("bound-at-a-time", "Refund no more than one ticket at a time.", FERRY,
     "one_call_at_a_time", "refund_ticket", {"same_tool": True}, E),
    ("never-more-at-a-time", "Never cancel more than one ticket at a time.", FERRY,
     "one_call_at_a_time", "cancel_ticket", {"same_tool": True}, E),
    ("at-most-at-a-time", "Change at most one ticket at a time.", FERRY,
     "one_call_at_a_time", "change_ticket", {"same_tool": True}, E),
    # the words to the user, in any form: no text beside a call
    ("text-replying", "Make one tool call at a time, and avoid replying in the same turn.",
     FERRY, "one_call_at_a_time", ANY, {"with_text": True}, R),
    ("text-commentary", "Make one tool call at a time and keep the turn free of commentary.",
     FERRY, "one_call_at_a_time", ANY, {"with_text": True}, R),
    ("text-nothing-else",
     "A turn that calls a tool should contain nothing else; make one tool call at a time.",
     FERRY, "one_call_at_a_time", ANY, {"with_text": True}, R),
    ("text-own-turn", "Each tool call goes in a turn of its own.", FERRY,
     "one_call_at_a_time", ANY, {"with_text": True}, R),
    ("text-answering", "Call tools one at a time and wait for each result before answering.",
     FERRY, "one_call_at_a_time", ANY, {"with_text": True}, R),
    # a turn as the unit, a call's response: no words to the user
    ("unit-message", "Make only one tool call per message.", FERRY,
     "one_call_at_a_time", ANY, {"with_text": False}, R),
    ("unit-response", "Only one tool call per response.", FERRY,
     "one_call_at_a_time", ANY, {"with_text": False}, R),
    ("tool-response", "Make one tool call at a time and wait for its response.", FERRY,
     "one_call_at_a_time", ANY, {"with_text": False}, R),
    # the state of a person is read where the tools list it: `find_passenger(phone)` returns
    # the passenger's status; `list_tickets(passenger_id)` does not hold it
    ("state-read-by-name", "Barred passengers cannot book tickets.", FERRY,
     "state_condition", "book_ticket", {"denied": ["barred"], "read": ["find_passenger"]}, E),
    # a bound said of an act's noun binds the tools of that act only
    ("holder-verb", "Parking extensions are capped at 3 extra days.", FERRY,
     "arg_within_bound", "extend_parking", {"arg": "days", "max": 3}, E),
    # an amount per an act: one call's bound
    ("per-act-money", "At most 120 EUR per refund.", FERRY,
     "arg_within_bound", "refund_ticket", {"arg": "amount_eur", "max": 120}, R),
    ("per-act-unit", "No more than 6 extra seats per booking.", FERRY,
     "arg_within_bound", "book_ticket", {"arg": "seats", "max": 6}, E),
    # values before the noun of an act: the act's argument that lists them
    ("act-values", "Island tickets are not offered.", FERRY,
     "deny_action", "book_ticket", {"arg": "route", "values": ["island"]}, E),
    # a verb that names a tool last (`dock_release`) is an action verb of the grammar; the
    # reader named noun first (`rider_lookup`) reads the person
    ("noun-first-state", "Docks that are under repair cannot be released.", DOCKS,
     "state_condition", "dock_release", {"denied": ["under_repair"], "read": ["dock_get"]}, E),
    ("noun-first-reader", "Bikes can only be unlocked for active riders.", DOCKS,
     "state_condition", "bike_unlock", {"allowed": ["active"], "read": ["rider_lookup"]}, E),
    # where a value comes from, said the long way (`grounded18`)
    ("one-that-returned", "Refunds go out only for real tickets, so the ticket_id you pass to "
     "refund_ticket must be one that get_ticket returned in this conversation.", FERRY,
     "arg_grounded", "refund_ticket", {"arg": "ticket_id", "from_tools": ["get_ticket"]}, R),
    ("both-have-come", "The phone and the seats you give book_ticket must both have come from "
     "the passenger.", [*FERRY, spec("call_back", "Call a passenger back.", phone="string")],
     "arg_grounded", "book_ticket", {"arg": "seats", "from_user": True}, E),
    # the kind of number said before its bound (`numbers18`)
    ("as-whole-number", "Record seats as a whole number from 1 to 9.", FERRY,
     "arg_within_bound", "book_ticket", {"arg": "seats", "min": 1, "max": 9}, E),
    ("be-an-integer", "Seats must be an integer between 1 and 9.", FERRY,
     "arg_within_bound", "book_ticket", {"arg": "seats", "min": 1, "max": 9}, E),
    # values spelt as codes are values, whatever the frame
    ("coded-values", "The refund reason must be goodwill_gesture, sailing_delay or "
     "duplicate_booking.", FERRY, "resource_in_allowlist", "refund_ticket",
     {"arg": "reason", "allowed": ["goodwill_gesture", "sailing_delay", "duplicate_booking"]}, E),
    # one at a time with no verb; "before sending another" is the same act again
    ("never-two-no-verb", "Never two refunds in the same turn.", FERRY,
     "one_call_at_a_time", "refund_ticket", {"same_tool": True}, E),
    ("never-two-tools", "Never two tools at once.", FERRY,
     "one_call_at_a_time", ANY, {"same_tool": False}, R),
    ("wait-another", "Wait for each refund_ticket result before sending another.", FERRY,
     "one_call_at_a_time", "refund_ticket", {"same_tool": True}, E),
    # a count said of "no X": per X; of things that exist before the act: each of them
    ("no-thing-more", "No ticket is changed more than twice.", FERRY,
     "max_calls", "change_ticket", {"max": 2, "per": "ticket"}, E),
    ("no-thing-may", "No ticket may be refunded more than once.", FERRY,
     "max_calls", "refund_ticket", {"max": 1, "per": "ticket"}, E),
    ("plural-each", "Do not refund tickets more than once.", FERRY,
     "max_calls", "refund_ticket", {"max": 1, "per": "ticket"}, E),
    # a state said as an adjective "at the time of" the act: no step, in any build
    ("adj-at-the-time", "The rider has to be active at the time of unlocking.", DOCKS,
     "state_condition", "bike_unlock", {"allowed": ["active"], "read": ["rider_lookup"]}, E),
    ("adj-when", "The dock must be open when you release it.", DOCKS,
     "state_condition", "dock_release", {"allowed": ["open"]}, E),
    # what the assistant does, within a bound (`person17`)
    ("assistant-does-within", "The assistant refunds tickets up to 120 EUR.", FERRY,
     "arg_within_bound", "refund_ticket", {"arg": "amount_eur", "max": 120}, E),
    # "V only with a X that T returned": where X comes from (`grounded18.only_with`)
    ("only-with-returned", "Refund only with a ticket_id that get_ticket returned in this "
     "conversation; ids read out by the passenger are not used.", FERRY,
     "arg_grounded", "refund_ticket", {"arg": "ticket_id", "from_tools": ["get_ticket"]}, E),
    # two bounds under one "at most" (`per_act18.second_bound`)
    ("two-bounds", "A cabin booking covers at most 4 berths and 3 nights.", CABINS,
     "arg_within_bound", "book_cabin", {"arg": "nights", "max": 3}, E),
    ("two-bounds-first", "A cabin booking covers at most 4 berths and 3 nights.", CABINS,
     "arg_within_bound", "book_cabin", {"arg": "berths", "max": 4}, E),
    # what every act must carry, said with "cite"
    ("every-cites", "Every refund must cite a reason.", FERRY,
     "schema_contract", "refund_ticket", {"schema_": {"required": ["reason"],
                                          "properties": {"reason": {"minLength": 1}}}}, E),
]  # fmt: skip

NOT_YET: frozenset[str] = frozenset()

# never stronger than the sentence: the bound of one act is on no other act's tool
NOT_ON: list[tuple[str, str, list[dict[str, Any]], str]] = [
    ("holder-not-booking", "Parking extensions are capped at 3 extra days.", FERRY,
     "book_parking"),
    ("per-act-not-other", "At most 120 EUR per refund.", FERRY, "book_ticket"),
]  # fmt: skip

# a count over the conversation the sentence does not state
NO_COUNT: list[tuple[str, str, list[dict[str, Any]]]] = [
    ("tool-call-at-a-time", "Make one tool call at a time.", FERRY),
    ("refund-at-a-time", "Refund no more than one ticket at a time.", FERRY),
    ("never-more-at-a-time", "Never cancel more than one ticket at a time.", FERRY),
]


def _prompt(tmp_path: Path, text: str, tools: list[dict[str, Any]]) -> list[Any]:
    return desk_policies(tmp_path, text, tools)


@pytest.mark.parametrize("case", marked(READ, NOT_YET), ids=[c[0] for c in READ])
def test_read(tmp_path: Path, case: tuple[Any, ...]) -> None:
    assert_read(_prompt(tmp_path, case[1], case[2]), case)


@pytest.mark.parametrize("case", NOT_ON, ids=[c[0] for c in NOT_ON])
def test_not_on_another_act(tmp_path: Path, case: tuple[Any, ...]) -> None:
    _, text, tools, tool = case
    policies = _prompt(tmp_path, text, tools)
    assert policies  # the sentence is read, on its own act's tool
    assert not [p for p in policies if p.target == tool]


@pytest.mark.parametrize("case", NO_COUNT, ids=[c[0] for c in NO_COUNT])
def test_no_count_over_the_conversation(tmp_path: Path, case: tuple[Any, ...]) -> None:
    _, text, tools = case
    policies = _prompt(tmp_path, text, tools)
    assert [p for p in policies if p.operator == "one_call_at_a_time"]
    assert not [p for p in policies if p.operator in {"max_calls", "deny_action"}]


@pytest.mark.parametrize(
    ("said", "talks"),
    [
        ("never answer the customer in a turn that carries a call", True),
        ("do not message the passenger while a call is pending", True),
        ("one call per message", False),
        ("wait for the tool's response, then go on", False),
        ("one call in each reply", False),
        ("refund the ticket", False),
    ],
)
def test_talks_too(said: str, talks: bool) -> None:
    assert talks_too(said) is talks
