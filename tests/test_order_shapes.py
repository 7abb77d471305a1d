"""More English shapes of an ordering (issue 11, `require_before`), in two made-up domains:
a bike-share depot and a seedling nursery. Each row is a sentence written for this test,
the orderings it must compile to ((target, before) pairs) and how they may hold: `enforce`
when the sentence states the order outright, `review` when a part of it is an inference or
a condition no state test binds (never enforced), `any` where the verb-phrase resolver's
confidence decides. Sentences that state no order compile to none (`set()`), and never to
an enforced ordering on the wrong tool.

Shapes: "without (first) V-ing", "only then / only after that / never before" pointing
back, "until X is done", "preceded by" / "must follow", action nouns ("a trip lookup", "any
changes to an order"), "whenever ..., first X", "check ... by V-ing", "you need X before
Y", "make sure you have V-ed X before Y", numbered steps after a colon, a condition in
front of several clauses, and a tool named in brackets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.order_clauses import asked_for, conditional, referring_back, said_to_user
from specgap.extract.order_shapes import never_before, rephrasings
from specgap.extract.order_steps import is_goal_step, step_action
from specgap.extract.order_words import base_form, idioms
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

DEPOT = [
    _tool("find_rider", "Find a bike-share rider by e-mail.", email="string"),
    _tool("get_bike", "Read a bike with its dock and condition.", bike_id="string"),
    _tool(
        "unlock_bike", "Unlock a bike at its dock for a rider.", bike_id="string", rider_id="string"
    ),
    _tool("log_damage", "Record damage found on a bike.", bike_id="string", notes="string"),
    _tool(
        "charge_fee", "Charge a late or damage fee to a rider.", rider_id="string", amount="number"
    ),
    _tool("waive_fee", "Waive a fee on a rider's account.", fee_id="string"),
    _tool("get_trip", "Fetch a trip with its start, end and fees.", trip_id="string"),
    _tool("close_trip", "Close an open trip.", trip_id="string"),
    _tool("retire_bike", "Retire a bike from the fleet.", bike_id="string"),
]
NURSERY = [
    _tool("find_grower", "Find a grower by e-mail.", email="string"),
    _tool("get_tray", "Read a seed tray with its moisture and label.", tray_id="string"),
    _tool(
        "log_germination",
        "Record the germination count of a tray.",
        tray_id="string",
        count="number",
    ),
    _tool("water_tray", "Water a seed tray.", tray_id="string"),
    _tool("label_tray", "Print and attach a label to a tray.", tray_id="string"),
    _tool("discard_tray", "Discard a failed tray.", tray_id="string"),
    _tool("get_order", "Fetch a seedling order with its status.", order_id="string"),
    _tool("ship_order", "Ship a seedling order.", order_id="string"),
    _tool("cancel_order", "Cancel a seedling order.", order_id="string"),
    _tool("refund_order", "Refund a cancelled order.", order_id="string"),
]

Pairs = set[tuple[str, str]]
# (sentence, orderings, how they hold)
DEPOT_ROWS: list[tuple[str, Pairs, str]] = [
    # "without (first) V-ing"
    ("Do not retire a bike without first logging its damage.",
     {("retire_bike", "log_damage")}, "enforce"),
    ("You must never close a trip without fetching it first.",
     {("close_trip", "get_trip")}, "enforce"),
    ("Waiving a fee without looking up the trip first is forbidden.",
     {("waive_fee", "get_trip")}, "any"),
    ("Fees must not be waived without a trip lookup.", {("waive_fee", "get_trip")}, "any"),
    # "you need the N before ...": which read gets it is inferred
    ("You will need the trip record before waiving any fee on it.",
     {("waive_fee", "get_trip")}, "review"),
    # "make sure you have V-ed X before Y", "make sure to"
    ("Make sure you have logged the damage before you charge a damage fee.",
     {("charge_fee", "log_damage")}, "enforce"),
    ("Always make sure to find the rider before unlocking a bike for them.",
     {("unlock_bike", "find_rider")}, "enforce"),
    # a statement of when it happens, with `only` or "never before"
    ("Fees are charged only after the damage has been logged.",
     {("charge_fee", "log_damage")}, "enforce"),
    ("Close the trip after the bike is read, never before.",
     {("close_trip", "get_bike")}, "enforce"),
    # "preceded by", "must follow"
    ("Every retirement of a bike must be preceded by a damage report logged with log_damage.",
     {("retire_bike", "log_damage")}, "any"),
    ("Closing a trip must follow a trip lookup.", {("close_trip", "get_trip")}, "any"),
    # the call that checks a state
    ("Before you unlock a bike, check that it is docked by reading it.",
     {("unlock_bike", "get_bike")}, "enforce"),
    # "until"
    ("Hold off on charging any fee until the trip has been fetched.",
     {("charge_fee", "get_trip")}, "enforce"),
    ("Wait until the trip is closed before charging a fee.",
     {("charge_fee", "close_trip")}, "enforce"),
    ("Charging a fee is not allowed until the damage has been logged.",
     {("charge_fee", "log_damage")}, "enforce"),
    # several clauses under a condition no state test binds: reviewed
    ("If a rider wants to dispute a fee, fetch the trip, check its fees, and only then waive "
     "the fee.", {("waive_fee", "get_trip")}, "review"),
    # a request and what comes first; a pronoun in the request is the first action's object
    ("Fetch the trip first whenever a rider asks to close it.",
     {("close_trip", "get_trip")}, "enforce"),
    # "... ; ... only after that": after the awaited event of the clause before (and the
    # first clause's own order, the same rule of another act: `clause3_split._parallel`)
    ("No bike is retired until its damage is logged; close the trip only after that.",
     {("close_trip", "log_damage"), ("retire_bike", "log_damage")}, "enforce"),
    # a tool named in brackets is the action
    ("Read the bike (get_bike) before logging any damage on it.",
     {("log_damage", "get_bike")}, "enforce"),
    # numbered steps after a colon: the goal's own step always, the others within the goal
    ("Procedure for a retirement: 1. get_bike 2. log_damage 3. retire_bike",
     {("log_damage", "get_bike"), ("retire_bike", "log_damage")}, "any"),
    # two banned clauses, each with its order; "unless you have V-ed"; "should have V-ed"
    ("Never charge a fee before the damage is logged, and never retire a bike before the "
     "trip is closed.", {("charge_fee", "log_damage"), ("retire_bike", "close_trip")},
     "enforce"),
    ("Don't unlock a bike unless you have found the rider first.",
     {("unlock_bike", "find_rider")}, "enforce"),
    ("You should have fetched the trip before you close it.", {("close_trip", "get_trip")},
     "enforce"),
    # two events that each happened; "unless it has been V-ed"; a tool named after "with"
    ("A bike may be unlocked for a rider only after the rider has been found and the bike "
     "has been read.", {("unlock_bike", "find_rider"), ("unlock_bike", "get_bike")},
     "enforce"),
    ("Never close a trip unless it has been fetched in the same conversation.",
     {("close_trip", "get_trip")}, "review"),
    ("Check the bike's condition with get_bike before unlocking it.",
     {("unlock_bike", "get_bike")}, "enforce"),
    ("Before charging a late fee, confirm the trip end time by fetching the trip.",
     {("charge_fee", "get_trip")}, "any"),
    # "X must be V-ed first, and only then may Y be V-ed"; an optional last step
    ("The damage must be logged first, and only then may the bike be retired.",
     {("retire_bike", "log_damage")}, "enforce"),
    ("When a rider reports a damaged bike, read the bike, log the damage, and only then "
     "retire it if needed.", {("retire_bike", "get_bike"), ("retire_bike", "log_damage")},
     "review"),
    # a ban in another frame
    ("Closing a trip before fetching it is forbidden.", {("close_trip", "get_trip")},
     "enforce"),
    ("It is not allowed to waive a fee before the trip has been fetched.",
     {("waive_fee", "get_trip")}, "enforce"),
    ("Under no circumstances should you retire a bike before logging its damage.",
     {("retire_bike", "log_damage")}, "enforce"),
    ("It is forbidden to unlock a bike without first finding the rider.",
     {("unlock_bike", "find_rider")}, "enforce"),
    # not orders
    ("It is forbidden to unlock a bike.", set(), "any"),
    ("Never waive a fee without the rider's consent.", set(), "any"),
    ("Never close a trip unless the dock is empty.", set(), "any"),
    ("Don't unlock a bike unless the dock is powered.", set(), "any"),
    ("Never unlock a bike without a valid rider id.", set(), "any"),
    ("Never unlock a bike without payment.", set(), "any"),
    ("Usually fetch the trip before closing it.", {("close_trip", "get_trip")}, "review"),
]  # fmt: skip
NURSERY_ROWS: list[tuple[str, Pairs, str]] = [
    ("Never discard a tray without first looking it up.", {("discard_tray", "get_tray")}, "any"),
    ("Shipping an order without fetching it first is not permitted.",
     {("ship_order", "get_order")}, "enforce"),
    ("You need the order details before you refund it.", {("refund_order", "get_order")},
     "review"),
    ("Make sure you have labelled the tray before you ship the order.",
     {("ship_order", "label_tray")}, "enforce"),
    # the condition is the user asking for the very action the order ends in
    ("When a grower calls to cancel, look them up by e-mail and fetch the order before you "
     "cancel anything.", {("cancel_order", "find_grower"), ("cancel_order", "get_order")},
     "enforce"),
    ("No seedling leaves the bench until germination is logged; ship the order only after "
     "that.", {("ship_order", "log_germination")}, "enforce"),
    ("Orders are refunded only once they have been cancelled.",
     {("refund_order", "cancel_order")}, "enforce"),
    ("Trays are discarded after germination has been logged, never before.",
     {("discard_tray", "log_germination")}, "enforce"),
    # a step said to the grower is a conversation, not a call: it orders nothing
    ("When a grower calls to ship, look them up, confirm the address with them, and label the "
     "tray before you ship anything.",
     {("ship_order", "find_grower"), ("ship_order", "label_tray")}, "any"),
    ("Look up the order first whenever a grower asks for a refund of it.",
     {("refund_order", "get_order")}, "any"),
    ("If a grower wants to cancel, fetch the order, check its status, and only then cancel it.",
     {("cancel_order", "get_order")}, "any"),
    ("Before you water a tray, check that it is dry by reading it.",
     {("water_tray", "get_tray")}, "enforce"),
    ("Every refund must be preceded by an order lookup.", {("refund_order", "get_order")}, "any"),
    ("A tray is discarded only once it has been labelled.",
     {("discard_tray", "label_tray")}, "enforce"),
    ("Steps for a cancellation: 1. get_order 2. cancel_order", {("cancel_order", "get_order")},
     "enforce"),
    ("Cancelling an order is not allowed until it has been fetched.",
     {("cancel_order", "get_order")}, "enforce"),
    # a condition that is not the asked-for action: kept, so reviewed
    ("If a grower wants to cancel, label the tray and only then fetch the order.",
     {("get_order", "label_tray")}, "review"),
    # not orders, or never enforced
    ("Do not ship an order without the grower's approval.", set(), "any"),
    ("Never water a tray without a timer.", set(), "any"),
    ("You may fetch the order, then cancel it.", set(), "any"),
    ("Ideally, label the tray before watering it.", {("water_tray", "label_tray")}, "review"),
    # "changes to an order" names no one tool: the group of tools changing an order, each
    # reviewed (`specgap.resolve.groups`), never one guessed
    ("Find the grower (find_grower) before making any changes to an order.",
     {("ship_order", "find_grower"), ("cancel_order", "find_grower"),
      ("refund_order", "find_grower")}, "review"),
]  # fmt: skip


def _orders(built: Built) -> dict[tuple[str, str], set[str]]:
    """(target, before) -> the enforcements of the orderings stated in the prompt."""
    out: dict[tuple[str, str], set[str]] = {}
    for p in built.policies:
        if p.operator != "require_before" or not p.source.artifact.endswith("prompt.md"):
            continue
        before = p.condition.model_dump()["before"]
        for first in before if isinstance(before, list) else [before]:
            out.setdefault((str(p.target), first), set()).add(p.enforcement)
    return out


def _check(tmp_path: Path, tools: list[dict[str, Any]], sentence: str, want: Pairs,
           how: str) -> None:  # fmt: skip
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", json.loads(json.dumps(tools)))
    found = _orders(built)
    assert set(found) == want, sentence
    for pair, modes in found.items():
        if how == "enforce":
            assert modes == {"enforce"}, (sentence, pair)
        elif how == "review":
            assert "enforce" not in modes, (sentence, pair)
    if not want:  # a sentence that orders nothing enforces no order at all
        assert not any("enforce" in m for m in found.values())


@pytest.mark.parametrize(
    ("sentence", "want", "how"), DEPOT_ROWS, ids=[r[0][:40] for r in DEPOT_ROWS]
)
def test_depot_orderings(tmp_path: Path, sentence: str, want: Pairs, how: str) -> None:
    _check(tmp_path, DEPOT, sentence, want, how)


@pytest.mark.parametrize(("sentence", "want", "how"), NURSERY_ROWS,
                         ids=[r[0][:40] for r in NURSERY_ROWS])  # fmt: skip
def test_nursery_orderings(tmp_path: Path, sentence: str, want: Pairs, how: str) -> None:
    _check(tmp_path, NURSERY, sentence, want, how)


@pytest.mark.parametrize(
    ("text", "rewritten"),
    [
        ("Never cancel a trip without first reading it.", "Never cancel a trip before reading it"),
        ("Retiring a bike without logging it first is forbidden.",
         "Do not retire a bike before logging it"),
        ("You need the trip details before closing it.", "Get the trip before closing it"),
        ("Make sure you have found the rider before unlocking.",
         "find the rider before unlocking."),
        ("Every refund must be preceded by a trip lookup.",
         "a trip lookup must precede Every refund"),
        ("Wait until the trip is closed before charging a fee.",
         "Do not charge a fee until the trip is closed"),
    ],
)  # fmt: skip
def test_rephrasings(text: str, rewritten: str) -> None:
    assert rewritten in [r.text for r in rephrasings(text)]


def test_rephrasings_leave_other_sentences() -> None:
    assert rephrasings("Never unlock a bike without the rider's consent.") == []
    assert rephrasings("Fees are charged after the trip.") == []  # a description, no rule
    assert rephrasings("Close the trip.") == []


def test_parts() -> None:
    assert (
        idioms("pull up the trip, then bring up the bike")
        == "look up the trip, then look up the bike"
    )
    assert base_form("unlocking a bike") == "unlock a bike"
    assert never_before("Close it after X, never before.")
    assert not never_before("Close it after X.")
    assert asked_for("a rider asks for a refund of the fee") == "refund fee"
    assert asked_for("a rider wants to close the trip") == "close trip"
    assert asked_for("the dock is empty") is None
    lead = conditional("If a rider wants to close, find them and then close the trip.")
    assert lead == ("find the rider and then close the trip.", "If a rider wants to close", "close")
    assert conditional("Close the trip.") is None
    emits = referring_back("Read the bike; close the trip only after that.")
    assert [(e.target, e.params["before"]) for e in emits] == [("close trip", "read bike")]
    assert referring_back("Read the bike and close the trip.") == ()
    assert said_to_user("find them, confirm the dock with them, and read the bike") == (
        "find them and read the bike"
    )
    assert said_to_user("tell them the fee and read the bike") == "read the bike"
    assert said_to_user("read the bike and close the trip") == "read the bike and close the trip"
    assert step_action("`get_bike`") == "get_bike"
    assert is_goal_step("retire", "retire_bike")
    assert not is_goal_step("retire", "log_damage")
    assert is_goal_step("retire bike", "retire_bike")
    assert not is_goal_step("retire dock", "retire_bike")
    assert not is_goal_step(None, "retire_bike")
