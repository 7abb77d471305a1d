"""Orderings in a made-up event venue (issue 11, `require_before`): "proceed to / attempt
to V", "before having V-ed", "X is a prerequisite for Y", "it is mandatory to X before Y",
"Y requires X to be V-ed", "once you have the N, you may ...", a verb said alone acting on
the event's object ("do not proceed with a cancellation until you have read the event"),
"the N is complete" as an event. Sentences written for this test; how each order holds as
in `tests/test_order_shapes.py`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from specgap.extract.order_words import having_done, idioms
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool
from tests.test_order_shapes import Pairs, _check

VENUE = [
    _tool("find_client", "Find a venue client by e-mail or phone.", email="string"),
    _tool("get_event", "Read an event booking with its status and room.", event_id="string"),
    _tool("book_room", "Book a room for an event.", client_id="string", date="string"),
    _tool("modify_event", "Change the date, room or headcount of an event.", event_id="string"),
    _tool("cancel_event", "Cancel an event booking.", event_id="string"),
    _tool("issue_refund", "Refund an event's deposit.", event_id="string", amount="number"),
    _tool("get_invoice", "Fetch an invoice with its payments.", invoice_id="string"),
    _tool("send_contract", "E-mail the contract of an event to the client.", event_id="string"),
    _tool("record_payment", "Record a payment against an invoice.", invoice_id="string"),
]

ROWS: list[tuple[str, Pairs, str]] = [
    ("Proceed to cancel the event only after the invoice has been fetched.",
     {("cancel_event", "get_invoice")}, "enforce"),
    ("Do not attempt to send the contract until the room has been booked.",
     {("send_contract", "book_room")}, "enforce"),
    ("The agent must not issue a refund before having cancelled the event.",
     {("issue_refund", "cancel_event")}, "enforce"),
    ("Fetching the invoice is a prerequisite for recording a payment.",
     {("record_payment", "get_invoice")}, "enforce"),
    ("It is mandatory to fetch the invoice before recording any payment.",
     {("record_payment", "get_invoice")}, "enforce"),
    ("Modifications require the event to be read first.", {("modify_event", "get_event")},
     "any"),
    # which read gets "the event details" is inferred; a verb alone borrows the event's object
    ("Once you have the event details, you may proceed with the modification.",
     {("modify_event", "get_event")}, "review"),
    ("Do not proceed with a cancellation until you have read the event.",
     {("cancel_event", "get_event")}, "review"),
    ("You must have the event id before you can cancel it.", {("cancel_event", "get_event")},
     "review"),
    # "the cancellation is complete": the cancel, not a cancel of the refund
    ("The refund should only be issued after the cancellation is complete.",
     {("issue_refund", "cancel_event")}, "any"),
    ("Contracts are only sent once a room has been booked.", {("send_contract", "book_room")},
     "enforce"),
    ("If the client wants to modify an event, first retrieve the event.",
     {("modify_event", "get_event")}, "any"),
    # several coordinated verbs in the event: each of them
    ("Always read the event before you modify, cancel or refund it.",
     {("modify_event", "get_event"), ("cancel_event", "get_event"), ("issue_refund", "get_event")},
     "any"),
    ("The client must be found before any event is modified or cancelled.",
     {("modify_event", "find_client"), ("cancel_event", "find_client")}, "enforce"),
    # "only after X may you Y"; a light verb; "unless `a` has been called"
    ("Only after a successful event lookup may you modify the event.",
     {("modify_event", "get_event")}, "any"),
    ("The agent should read the event before applying any modification.",
     {("modify_event", "get_event")}, "any"),
    ("Do not call issue_refund unless cancel_event has been called.",
     {("issue_refund", "cancel_event")}, "enforce"),
    ("The event must be read before it can be modified.", {("modify_event", "get_event")},
     "enforce"),
    # "ensure X has been V-ed before Y": a call or a state, so reviewed
    ("Ensure the invoice has been fetched before recording a payment.",
     {("record_payment", "get_invoice")}, "review"),
    ("Make sure that the event has been read before you cancel it.",
     {("cancel_event", "get_event")}, "review"),
    # terse: "No Ns before X", "Ns: only after X", "N requires a prior M", "Ns must wait until"
    ("No refunds before the event is cancelled.", {("issue_refund", "cancel_event")}, "any"),
    ("Room bookings: only after the client has been found.", {("book_room", "find_client")},
     "any"),
    ("Payment recording requires a prior invoice lookup.", {("record_payment", "get_invoice")},
     "any"),
    ("Event changes must wait until the event has been read.",
     {("modify_event", "get_event")}, "any"),
    # not orders
    ("No contract until the room is booked.", set(), "any"),
    ("Make sure the invoice is paid before recording a payment.", set(), "any"),
    ("It is mandatory to fetch the invoice.", set(), "any"),
    ("You may proceed with the modification.", set(), "any"),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "want", "how"), ROWS, ids=[r[0][:40] for r in ROWS])
def test_venue_orderings(tmp_path: Path, sentence: str, want: Pairs, how: str) -> None:
    _check(tmp_path, VENUE, sentence, want, how)


def test_idioms_and_having() -> None:
    assert idioms("Proceed to cancel the event") == "cancel the event"
    assert idioms("go ahead and book a room") == "book a room"
    assert having_done("having cancelled the event") in {
        "cancelling the event",
        "canceling the event",
    }
    assert having_done("the event is read") == "the event is read"


DESCRIBED: list[tuple[str, Pairs]] = [
    ("Only use after the event has been read.", {("cancel_event", "get_event")}),
    ("Before calling this tool, look up the event with get_event.",
     {("cancel_event", "get_event")}),
    ("Requires a prior call to get_event.", {("cancel_event", "get_event")}),
    ("Never call this without first calling get_event.", {("cancel_event", "get_event")}),
    # not orders of the described tool
    ("Before calling this tool, ask the client for the reason.", set()),
    ("Never call this without the client's consent.", set()),
]  # fmt: skip


@pytest.mark.parametrize(("said", "want"), DESCRIBED, ids=[r[0][:40] for r in DESCRIBED])
def test_orders_in_a_tool_description(tmp_path: Path, said: str, want: Pairs) -> None:
    tools = json.loads(json.dumps(VENUE))
    for tool in tools:
        if tool["function"]["name"] == "cancel_event":
            tool["function"]["description"] += " " + said
    built = build_prompt(tmp_path, "# Desk\n\nHelp clients.\n", tools)
    found = {
        (str(p.target), str(p.condition.model_dump()["before"]))
        for p in built.policies
        if p.operator == "require_before"
    }
    assert found == want


@pytest.mark.parametrize(
    "sentence",
    ["You may only call after the event has been read.", "Do not call before the event is read."],
)
def test_a_call_verb_without_a_tool_orders_nothing(tmp_path: Path, sentence: str) -> None:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", json.loads(json.dumps(VENUE)))
    assert not [p for p in built.policies if p.operator == "require_before"]


def test_a_borrowed_object_is_borrowed_once() -> None:
    # word salad once sent the borrowing of an object into an endless loop
    from specgap.extract.temporal import read

    assert (
        read("cancel when then preceded cancelled it it invoice to ; can before then refunds")
        is None
    )
