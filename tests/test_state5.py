"""Probe sets for `state_condition` (a call allowed or refused by a fact about the entity it
acts on), written before the extractor was asked (set A) and after the work was done
(set B), in made-up desks: a bike co-op (snake_case), a choir library (camelCase), a ferry
desk (dotted PascalCase), greenhouse beds (`server__tool`) and a climbing gym (kebab-case).

Each case is (desk, text, expected): `expected` is the one `state_condition` a careful
reader would write (target, field, `allowed` or `denied`), or None for a look-alike that
must give no `state_condition` at all. A case is exact when the prompt's state policies are
exactly the expected one, enforced. `docs/states-five.md` has the figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

BIKES = [
    _tool(
        "get_repair",
        "Read a repair ticket: status (queued, in_progress, ready, collected or abandoned), "
        "paid (true or false) and the bike.",
        repair_id="string",
    ),
    _tool("start_repair", "Start work on a repair.", repair_id="string"),
    _tool("cancel_repair", "Cancel a repair.", repair_id="string", reason="string"),
    _tool("refund_repair", "Refund the fee of a repair.", repair_id="string", amount="number"),
    _tool(
        "get_member",
        "Read a co-op member: standing (active, suspended or lapsed) and verified (true or false).",
        member_id="string",
    ),
    _tool(
        "get_bike",
        "Read a loan bike: condition (rideable, needs_service or scrapped).",
        bike_id="string",
    ),
    _tool("lend_bike", "Lend a bike to a member.", member_id="string", bike_id="string"),
]
CHOIR = [
    _tool(
        "getScore",
        "Get a score: state (on_shelf, on_loan, in_repair or withdrawn) and its title.",
        scoreId="string",
    ),
    _tool("lendScore", "Lend a score to a singer.", scoreId="string", singerId="string"),
    _tool("returnScore", "Check a lent score back in.", scoreId="string"),
    _tool("withdrawScore", "Withdraw a score from the library.", scoreId="string"),
    _tool(
        "getSinger",
        "Get a singer: status (active, on_leave or banned) and deposit_paid (true or false).",
        singerId="string",
    ),
]
FERRY = [
    _tool(
        "ferry.booking.Get",
        "Get a booking: status (HELD, CONFIRMED, CHECKED_IN or CANCELLED).",
        bookingRef="string",
    ),
    _tool("ferry.booking.Move", "Move a booking to another crossing.", bookingRef="string",
          crossingId="string"),
    _tool("ferry.booking.Cancel", "Cancel a booking.", bookingRef="string"),
    _tool("ferry.booking.Refund", "Refund a booking.", bookingRef="string", amount="number"),
    _tool(
        "ferry.crossing.Get",
        "Get a crossing: status (SCHEDULED, BOARDING, DEPARTED or CANCELLED).",
        crossingId="string",
    ),
    _tool("ferry.crossing.Book", "Book a seat on a crossing.", crossingId="string",
          passenger="string"),
]  # fmt: skip
BEDS = [
    _tool(
        "beds__get_bed",
        "Get a greenhouse bed: health (healthy, blighted or diseased) and quarantined (true "
        "or false).",
        bed_id="string",
    ),
    _tool("beds__harvest_crop", "Harvest the crop of a bed.", bed_id="string"),
    _tool("beds__split_bed", "Split a bed in two.", bed_id="string"),
    _tool("beds__move_bed", "Move a bed to another bay.", bed_id="string", bay="string"),
]
ROPES = [
    _tool("get-rope", "Read a rope: status (in_service, quarantine or retired).", rope_id="string"),
    _tool("issue-rope", "Issue a rope to a climber.", rope_id="string", climber="string"),
    _tool("retire-rope", "Retire a rope.", rope_id="string"),
]
PROPS = [
    _tool(
        "getProp",
        "Fetch a prop: condition (usable, damaged, under_repair or lost) and reserved (true or "
        "false).",
        propId="string",
    ),
    _tool("checkOutProp", "Check a prop out to a stagehand.", propId="string", stagehand="string"),
    _tool("repairProp", "Send a prop to the repair bench.", propId="string"),
    _tool("discardProp", "Discard a prop.", propId="string"),
    _tool("getShow", "Fetch a show: phase (planning, rehearsal, running or closed).",
          showId="string"),
    _tool("assignProp", "Assign a prop to a show.", propId="string", showId="string"),
]  # fmt: skip
RADIO = [
    _tool(
        "studio__get_slot",
        "Read an airtime slot: status (open, booked, on_air, aired or cancelled) and explicit "
        "(true or false).",
        slot_id="string",
    ),
    _tool("studio__book_slot", "Book an airtime slot.", slot_id="string", presenter="string"),
    _tool("studio__cancel_slot", "Cancel an airtime slot.", slot_id="string"),
    _tool("studio__replay_slot", "Replay a recorded slot.", slot_id="string"),
    _tool("get-presenter", "Read a presenter: standing (trained, probation or barred).",
          presenter_id="string"),
    _tool("assign-presenter", "Assign a presenter to a slot.", presenter_id="string",
          slot_id="string"),
]  # fmt: skip
DESKS = {"bikes": BIKES, "choir": CHOIR, "ferry": FERRY, "beds": BEDS, "ropes": ROPES,
         "props": PROPS, "radio": RADIO}  # fmt: skip

Expected = tuple[str, str, str, list[str]] | None  # target, field, side, values


def _state_policies(tmp_path: Path, desk: str, text: str) -> list[tuple[str, str, Any]]:
    built = build_prompt(tmp_path, f"# Desk\n\n{text}\n", DESKS[desk])
    out = []
    for p in built.policies:
        if not p.source.artifact.endswith("prompt.md"):
            continue
        cond = p.condition.model_dump(exclude_none=True) if p.condition is not None else {}
        if p.operator == "state_condition":
            side = "denied" if cond.get("denied") else "allowed"
            said = (cond.get("field"), side, sorted(str(v) for v in cond.get(side) or []))
            out.append((p.target, p.enforcement, said))
        elif p.operator == "deny_action" and not cond:
            out.append((p.target, p.enforcement, "ban"))
    return out


def _verdict(found: list[tuple[str, str, Any]], expected: Expected) -> str:
    """`exact`, `wrong` (an enforced policy that is not the expected one: another state, an
    unconditional ban), or `none` (nothing, or only reviewed policies)."""
    states = [f for f in found if f[2] != "ban"]
    if expected is None:
        return "wrong" if any(e == "enforce" for _, e, _ in states) else "exact"
    target, field, side, values = expected
    want = (target, "enforce", (field, side, sorted(values)))
    if states == [want]:
        return "exact"
    if any(f[1] == "enforce" and f != want for f in found):
        return "wrong"
    return "none"


A_CASES: list[tuple[str, str, Expected]] = [
    # --- bike co-op, snake_case ---
    ("bikes", "Only start a repair once its status is queued.",
     ("start_repair", "status", "allowed", ["queued"])),
    ("bikes", "Repairs that are collected cannot be cancelled.",
     ("cancel_repair", "status", "denied", ["collected"])),
    ("bikes", "A repair may only be refunded if it is abandoned.",
     ("refund_repair", "status", "allowed", ["abandoned"])),
    ("bikes", "Never lend a bike that needs service.",
     ("lend_bike", "condition", "denied", ["needs_service"])),
    ("bikes", "Do not lend bikes to suspended members.",
     ("lend_bike", "standing", "denied", ["suspended"])),
    ("bikes", "Bikes are lent to verified members only.",
     ("lend_bike", "verified", "allowed", ["true"])),
    ("bikes", "Cancelling a repair: not once it is ready.",
     ("cancel_repair", "status", "denied", ["ready"])),
    ("bikes", "| tool | allowed when |\n|---|---|\n| cancel_repair | the repair is queued |",
     ("cancel_repair", "status", "allowed", ["queued"])),
    ("bikes", "Refunds: abandoned repairs only.",
     ("refund_repair", "status", "allowed", ["abandoned"])),
    ("bikes", "**Q: Can I cancel a repair that is in progress?** A: No.",
     ("cancel_repair", "status", "denied", ["in_progress"])),
    ("bikes", "3. Check the repair with get_repair; if it is not queued, stop and do not call "
     "start_repair.", ("start_repair", "status", "allowed", ["queued"])),
    ("bikes", "Please make sure no refund goes out on a repair that has been collected.",
     ("refund_repair", "status", "denied", ["collected"])),
    ("bikes", "- `refund_repair`: Refund the fee of a repair. The repair must be abandoned.",
     ("refund_repair", "status", "allowed", ["abandoned"])),
    ("bikes", "Unless the repair is paid, do not start it.",
     ("start_repair", "paid", "allowed", ["true"])),
    ("bikes", "A repair must be queued to be started, or the request is refused.",
     ("start_repair", "status", "allowed", ["queued"])),
    # --- choir library, camelCase ---
    ("choir", "Only lend scores that are on the shelf.",
     ("lendScore", "state", "allowed", ["on_shelf"])),
    ("choir", "Scores on loan cannot be withdrawn.",
     ("withdrawScore", "state", "denied", ["on_loan"])),
    ("choir", "A score in repair must not be lent.",
     ("lendScore", "state", "denied", ["in_repair"])),
    ("choir", "Singers on leave may not be lent scores.",
     ("lendScore", "status", "denied", ["on_leave"])),
    ("choir", "Banned singers: no scores lent.",
     ("lendScore", "status", "denied", ["banned"])),
    ("choir", "lendScore is allowed only when the singer's deposit_paid is true.",
     ("lendScore", "deposit_paid", "allowed", ["true"])),
    ("choir", "Don't return a score that is on_shelf.",
     ("returnScore", "state", "denied", ["on_shelf"])),
    ("choir", "Scores are withdrawn only when they are in_repair.",
     ("withdrawScore", "state", "allowed", ["in_repair"])),
    ("choir", "| action | allowed when |\n|---|---|\n| lendScore | the score is on_shelf |",
     ("lendScore", "state", "allowed", ["on_shelf"])),
    ("choir", "Can a banned singer be lent a score? No.",
     ("lendScore", "status", "denied", ["banned"])),
    ("choir", "Dear librarians, please never lend a score to a singer whose status is banned.",
     ("lendScore", "status", "denied", ["banned"])),
    # --- ferry desk, dotted PascalCase ---
    ("ferry", "Only confirmed bookings can be moved.",
     ("ferry.booking.Move", "status", "allowed", ["CONFIRMED"])),
    ("ferry", "Do not cancel a booking once it is CHECKED_IN.",
     ("ferry.booking.Cancel", "status", "denied", ["CHECKED_IN"])),
    ("ferry", "A booking that is checked in may not be refunded.",
     ("ferry.booking.Refund", "status", "denied", ["CHECKED_IN"])),
    ("ferry", "Refunds are issued only for cancelled bookings.",
     ("ferry.booking.Refund", "status", "allowed", ["CANCELLED"])),
    ("ferry", "Status must be HELD or CONFIRMED before you move a booking.",
     ("ferry.booking.Move", "status", "allowed", ["CONFIRMED", "HELD"])),
    ("ferry", "Move booking - allowed statuses: HELD, CONFIRMED.",
     ("ferry.booking.Move", "status", "allowed", ["CONFIRMED", "HELD"])),
    ("ferry", "Step 2: read the booking with ferry.booking.Get. If its status is CANCELLED, "
     "stop; ferry.booking.Move must not be called.",
     ("ferry.booking.Move", "status", "denied", ["CANCELLED"])),
    ("ferry", "Cancel a booking only when it is held.",
     ("ferry.booking.Cancel", "status", "allowed", ["HELD"])),
    ("ferry", "Bookings must be confirmed before they are moved; otherwise the move is "
     "refused.", ("ferry.booking.Move", "status", "allowed", ["CONFIRMED"])),
    ("ferry", "| question | answer |\n|---|---|\n| can we refund? | only if the booking is "
     "cancelled |", ("ferry.booking.Refund", "status", "allowed", ["CANCELLED"])),
    ("ferry", "Never book a seat on a departed or cancelled crossing.",
     ("ferry.crossing.Book", "status", "denied", ["CANCELLED", "DEPARTED"])),
    # --- greenhouse beds, server__tool ---
    ("beds", "Do not harvest the crop of a diseased bed.",
     ("beds__harvest_crop", "health", "denied", ["diseased"])),
    ("beds", "Blighted beds must never be split.",
     ("beds__split_bed", "health", "denied", ["blighted"])),
    ("beds", "Only healthy beds may be moved.",
     ("beds__move_bed", "health", "allowed", ["healthy"])),
    ("beds", "While a bed is quarantined, do not move it.",
     ("beds__move_bed", "quarantined", "denied", ["true"])),
    ("beds", "Harvest: healthy beds only.",
     ("beds__harvest_crop", "health", "allowed", ["healthy"])),
    ("beds", "`bed_id` (string): the bed to split; it must be healthy.",
     ("beds__split_bed", "health", "allowed", ["healthy"])),
    # --- climbing gym, kebab-case ---
    ("ropes", "Ropes in quarantine are not to be issued.",
     ("issue-rope", "status", "denied", ["quarantine"])),
    ("ropes", "issue-rope: only when the rope is in_service.",
     ("issue-rope", "status", "allowed", ["in_service"])),
    ("ropes", "A retired rope cannot be issued again.",
     ("issue-rope", "status", "denied", ["retired"])),
    # --- look-alikes: no state_condition ---
    ("bikes", "get_repair returns the status of a repair: queued, in_progress, ready, "
     "collected or abandoned.", None),
    ("bikes", "For example, a collected repair shows the date it was picked up.", None),
    ("bikes", "You can cancel a repair at any time.", None),
    ("bikes", "Never refund more than 50 dollars on a repair.", None),
    ("choir", "Always call getScore before lendScore.", None),
    ("ferry", "A booking becomes CHECKED_IN when the passenger boards.", None),
    ("ferry", "ferry.booking.Cancel sets the status to CANCELLED.", None),
    ("beds", "Healthy beds give more crop in summer.", None),
    ("choir", "Tell the singer when a score is on loan.", None),
    ("choir", "Do not lend more than 3 scores to one singer.", None),
    ("ropes", "Retired ropes are cut up and recycled.", None),
    ("ferry", "Log every refund made on a cancelled booking.", None),
]  # fmt: skip

# Cases of set A still not exact (at main `6248bc1`, 26 were: docs/states-five.md).
A_XFAIL: set[int] = {12, 15, 19, 36, 42}


def _params(cases: list[tuple[str, str, Expected]], xfail: set[int]) -> list[Any]:
    return [
        pytest.param(*case, id=f"{i}", marks=[pytest.mark.xfail(strict=True)] if i in xfail else [])
        for i, case in enumerate(cases)
    ]


@pytest.mark.parametrize(("desk", "text", "expected"), _params(A_CASES, A_XFAIL))
def test_probe_a(tmp_path: Path, desk: str, text: str, expected: Expected) -> None:
    found = _state_policies(tmp_path, desk, text)
    assert _verdict(found, expected) == "exact", found


# Set B: written after the code was done, in new desks (a theatre prop store, a community
# radio station), run once; its failures are marked and left as they were measured.
B_CASES: list[tuple[str, str, Expected]] = [
    ("props", "Props marked lost must not be checked out.",
     ("checkOutProp", "condition", "denied", ["lost"])),
    ("props", "checkOutProp: usable props only.",
     ("checkOutProp", "condition", "allowed", ["usable"])),
    ("props", "A prop can be discarded only if its condition is damaged or lost.",
     ("discardProp", "condition", "allowed", ["damaged", "lost"])),
    ("props", "Never assign a prop that is under repair to a show.",
     ("assignProp", "condition", "denied", ["under_repair"])),
    ("props", "| Action | Only when |\n|---|---|\n| repairProp | the prop is damaged |",
     ("repairProp", "condition", "allowed", ["damaged"])),
    ("props", "Q: Can a reserved prop be checked out? A: No.",
     ("checkOutProp", "reserved", "denied", ["true"])),
    ("props", "Don't send a prop to repair unless it's damaged.",
     ("repairProp", "condition", "allowed", ["damaged"])),
    ("props", "Shows that have closed get no new props.",
     ("assignProp", "phase", "denied", ["closed"])),
    ("props", "Reminder for the crew: props are only handed out when they are usable.",
     ("checkOutProp", "condition", "allowed", ["usable"])),
    ("props", "assignProp is refused when the show's phase is closed.",
     ("assignProp", "phase", "denied", ["closed"])),
    ("props", "Damaged props? Repair them first, never check them out.",
     ("checkOutProp", "condition", "denied", ["damaged"])),
    ("props", "Lost props cannot be repaired.",
     ("repairProp", "condition", "denied", ["lost"])),
    ("props", "Before a prop goes to a show, confirm it is not reserved; a reserved prop is "
     "never assigned.", ("assignProp", "reserved", "denied", ["true"])),
    ("radio", "Only open slots can be booked.",
     ("studio__book_slot", "status", "allowed", ["open"])),
    ("radio", "A slot that is on air must never be cancelled.",
     ("studio__cancel_slot", "status", "denied", ["on_air"])),
    ("radio", "Replays are allowed for aired slots only.",
     ("studio__replay_slot", "status", "allowed", ["aired"])),
    ("radio", "studio__cancel_slot - permitted statuses: open, booked.",
     ("studio__cancel_slot", "status", "allowed", ["booked", "open"])),
    ("radio", "Step 4: look the slot up with studio__get_slot; if the status is cancelled, "
     "stop - do not call studio__replay_slot.",
     ("studio__replay_slot", "status", "denied", ["cancelled"])),
    ("radio", "Presenters on probation may not be assigned.",
     ("assign-presenter", "standing", "denied", ["probation"])),
    ("radio", "Barred presenters: never assign-presenter.",
     ("assign-presenter", "standing", "denied", ["barred"])),
    ("radio", "Please don't replay explicit slots.",
     ("studio__replay_slot", "explicit", "denied", ["true"])),
    ("radio", "If a slot is already booked, booking it again is refused.",
     ("studio__book_slot", "status", "denied", ["booked"])),
    ("radio", "Slots flagged explicit are never replayed.",
     ("studio__replay_slot", "explicit", "denied", ["true"])),
    ("radio", "The slot's status must be open before you book it, or the booking is rejected.",
     ("studio__book_slot", "status", "allowed", ["open"])),
    ("radio", "assign-presenter (presenter_id, slot_id): the presenter must be trained.",
     ("assign-presenter", "standing", "allowed", ["trained"])),
    # --- look-alikes ---
    ("radio", "studio__get_slot tells you whether a slot is open, booked, on air, aired or "
     "cancelled.", None),
    ("radio", "A slot becomes aired as soon as the show ends.", None),
    ("props", "Damaged props can be repaired in the workshop.", None),
    ("radio", "Never book more than 2 slots for one presenter in a day.", None),
    ("props", "Always call getProp before checkOutProp.", None),
]  # fmt: skip

# measured once (branch `hstate`, 1fd407b): 14/25 exact, 0 wrong-enforced, 11 nothing; 5/5
# look-alikes. Four (1, 9, 16, 23: a tool id as the act, "TOOL is refused when", a possessed
# field before an act) were read by a general step added after measuring; that is not the figure.
B_XFAIL: set[int] = {3, 7, 8, 10, 20, 21, 24}


@pytest.mark.parametrize(("desk", "text", "expected"), _params(B_CASES, B_XFAIL))
def test_probe_b(tmp_path: Path, desk: str, text: str, expected: Expected) -> None:
    found = _state_policies(tmp_path, desk, text)
    assert _verdict(found, expected) == "exact", found
