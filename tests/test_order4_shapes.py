"""Orderings and the user's yes of the fourth round (`docs/orderings-four.md`): terse
shapes between tools named by their ids ("`b` follows `a`", "`a` first, `b` second",
"`a`, then `b`, then `c`", "..., then a clear yes, then `b`"), a wait for the user's yes,
and a read-back that names no read tool. Sentences of made-up desks (a glider club, a seed
bank, a kiln studio, a ferry desk), tool ids in several styles."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.order4_shapes import confirmed_in_chat, ordered_pairs, reads_back
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

# a glider club, camelCase
GLIDER = [
    _tool("findPilot", "Find a club pilot by name or licence number.", licence="string"),
    _tool("getGlider", "Read one glider with its airworthiness status.", gliderId="string"),
    _tool("checkMedical", "Check a pilot's medical certificate.", pilotId="string"),
    _tool("bookLaunch", "Book a winch launch slot for a pilot.", pilotId="string", slot="string"),
    _tool("cancelLaunch", "Cancel a booked launch.", launchId="string"),
    _tool("approveSolo", "Approve a first solo flight.", pilotId="string"),
    _tool("logFlight", "Log a completed flight.", pilotId="string", minutes="number"),
]
# a seed bank, snake_case and server__tool
SEEDS = [
    _tool("get_accession", "Read a seed accession with its viability.", accession_id="string"),
    _tool("check_permit", "Check the import permit of a shipment.", permit_id="string"),
    _tool("ship_seeds", "Ship a seed sample to a grower.", accession_id="string", grower="string"),
    _tool("vault__withdraw_sample", "Withdraw a sample from the vault.", accession_id="string"),
    _tool("vault__record_withdrawal", "Record a vault withdrawal.", accession_id="string"),
    _tool("refund_fee", "Refund a grower's handling fee.", grower="string", amount="number"),
]
# a kiln studio, dotted ids
KILN = [
    _tool("kiln.firing.Get", "Read one firing with its status.", firingId="string"),
    _tool("kiln.firing.Load", "Load a firing into a kiln.", firingId="string"),
    _tool("kiln.firing.Start", "Start a loaded firing.", firingId="string"),
    _tool("studio.member.Lookup", "Look a studio member up by e-mail.", email="string"),
]
# a help desk for the seed bank's growers, kebab-case
DESK = [
    _tool("open-grower-ticket", "Open a ticket for the grower team.", summary="string"),
    _tool("transfer-to-seed-curator", "Hand the chat to a seed curator.", summary="string"),
    _tool("lookup-grower", "Find a grower by e-mail.", email="string"),
]
# a ferry desk, PascalCase
FERRY = [
    _tool("LookupPassenger", "Find a passenger by name or e-mail.", email="string"),
    _tool("GetCrossing", "Get a ferry crossing with its deck space.", crossingId="string"),
    _tool("BookCrossing", "Book a seat on a crossing.", crossingId="string"),
    _tool("MoveBooking", "Move a booking to another crossing.", bookingId="string"),
    _tool("IssueVoucher", "Issue a travel voucher to a passenger.", amount="number"),
]

_Row = tuple[str, list, set]

ROWS: list[_Row] = [
    # "b follows a", in several wordings
    (
        "logFlight follows bookLaunch, never the other way round.",
        GLIDER,
        {("require_before", "logFlight", "bookLaunch")},
    ),
    (
        "ship_seeds always follows check_permit.",
        SEEDS,
        {("require_before", "ship_seeds", "check_permit")},
    ),
    (
        "`kiln.firing.Start` must follow `kiln.firing.Load` (not the other way around).",
        KILN,
        {("require_before", "kiln.firing.Start", "kiln.firing.Load")},
    ),
    # a lead, then "b only comes after a"
    (
        "Nobody solos on a whim: approveSolo only comes after checkMedical.",
        GLIDER,
        {("require_before", "approveSolo", "checkMedical")},
    ),
    (
        "Samples leave under a permit; ship_seeds is only ever called after check_permit.",
        SEEDS,
        {("require_before", "ship_seeds", "check_permit")},
    ),
    # ordinals and chains: adjacent steps only
    (
        "checkMedical first, approveSolo second.",
        GLIDER,
        {("require_before", "approveSolo", "checkMedical")},
    ),
    (
        "kiln.firing.Get first, then kiln.firing.Load, then kiln.firing.Start.",
        KILN,
        {
            ("require_before", "kiln.firing.Load", "kiln.firing.Get"),
            ("require_before", "kiln.firing.Start", "kiln.firing.Load"),
        },
    ),
    (
        "Run vault__withdraw_sample, then vault__record_withdrawal.",
        SEEDS,
        {("require_before", "vault__record_withdrawal", "vault__withdraw_sample")},
    ),
    # "b only once the N has been V-ed": the step is a phrase the resolver maps
    (
        "bookLaunch only once the medical has been checked.",
        GLIDER,
        {("require_before", "bookLaunch", "checkMedical")},
    ),
    (
        "ship_seeds only after check_permit has been called.",
        SEEDS,
        {("require_before", "ship_seeds", "check_permit")},
    ),
    # the user's yes in a chain, after a "was said" clause, or waited for
    (
        "Firing details read out in full, then a clear yes, then kiln.firing.Start.",
        KILN,
        {("require_confirmation", "kiln.firing.Start", None)},
    ),
    (
        "Say the amount, wait for the passenger to say yes, then IssueVoucher.",
        FERRY,
        {("require_confirmation", "IssueVoucher", None)},
    ),
    (
        "MoveBooking is only called once the passenger has said the new time suits them.",
        FERRY,
        {("require_confirmation", "MoveBooking", None)},
    ),
    (
        "Before you book a crossing, repeat the sailing and the date and wait for the passenger "
        "to say yes.",
        FERRY,
        {("require_confirmation", "BookCrossing", None)},
    ),
    (
        "Wait until the grower agrees before refunding the fee.",
        SEEDS,
        {("require_confirmation", "refund_fee", None)},
    ),
    # a passive yes given in the chat, whoever gives it; the act its noun names
    (
        "Firings are confirmed by the technician in the chat before you start them.",
        KILN,
        {("require_confirmation", "kiln.firing.Start", None)},
    ),
    (
        "A launch is only booked when a slot is free, and only after the member has told you "
        "clearly that they want it booked.",
        GLIDER,
        {("require_confirmation", "bookLaunch", None)},
    ),
    # a step's sentences read as one: the yes in the second
    (
        "4. Read the sailing back. BookCrossing is only called once the passenger has said "
        "the sailing is right.",
        FERRY,
        {("require_confirmation", "BookCrossing", None)},
    ),
    # a hand-off after a ticket
    (
        "Before you transfer to a seed curator, open a ticket that says what went wrong.",
        DESK,
        {("require_before", "transfer-to-seed-curator", "open-grower-ticket")},
    ),
    (
        "Before you hand it over to the seed curator, log a short ticket.",
        DESK,
        {("require_before", "transfer-to-seed-curator", "open-grower-ticket")},
    ),
    # saving a new X is changing it
    (
        "Confirm the new crossing with the passenger before you save it.",
        FERRY,
        {("require_confirmation", "MoveBooking", None)},
    ),
    # a read-back is no read: only the yes is kept
    (
        "Read the crossing and the date back to the passenger and get their OK before the seat "
        "is booked.",
        FERRY,
        {("require_confirmation", "BookCrossing", None)},
    ),
    # a step before every tool, said with "until" first
    (
        "Until the pilot has passed `findPilot`, no other club tool is used.",
        GLIDER,
        {("require_before", "*", "findPilot")},
    ),
    # a step before either of two later tools
    (
        "get_accession on each sample before it leaves, whether through ship_seeds or "
        "vault__withdraw_sample.",
        SEEDS,
        {
            ("require_before", "ship_seeds", "get_accession"),
            ("require_before", "vault__withdraw_sample", "get_accession"),
        },
    ),
    # a passive ban on an unread thing
    (
        "A launch is never booked for a glider that has not been read in this chat.",
        GLIDER,
        {("require_before", "bookLaunch", "getGlider")},
    ),
    # near misses: nothing of this module's
    (
        "Never call logFlight before bookLaunch has been called, or the other way round.",
        GLIDER,
        None,
    ),
    ("If the medical is old, checkMedical first, approveSolo second.", GLIDER, None),
    ("getGlider, findPilot and bookLaunch are the tools you use most.", GLIDER, set()),
    ("Wait for the duty instructor to agree before you book a launch.", GLIDER, set()),
    ("The follow-up e-mail follows the booking.", FERRY, set()),
    ("Add a note with flagVehicle before doing anything else.", FERRY, set()),
    ("Vouchers are confirmed by the duty officer before you issue them.", FERRY, set()),
    ("Before you transfer to a seed curator, write down what they asked.", DESK, set()),
    (
        "Nobody's booking is opened until the passenger has been found with LookupPassenger.",
        FERRY,
        set(),
    ),
]


def _ordering_rules(folder: Path, text: str, tools: list) -> set:
    built = build_prompt(folder, f"# Desk\n\n{text}\n", tools)
    found = set()
    for p in built.policies:
        if not p.source.artifact.endswith("prompt.md"):
            continue
        if p.operator == "require_before":
            before = p.condition.model_dump().get("before") if p.condition else None
            found.add((p.operator, p.target, before))
        elif p.operator == "require_confirmation":
            found.add((p.operator, p.target, None))
    return found


@pytest.mark.parametrize(("text", "tools", "expected"), ROWS, ids=[r[0][:48] for r in ROWS])
def test_orderings_four(tmp_path: Path, text: str, tools: list, expected: set | None) -> None:
    found = _ordering_rules(tmp_path, text, tools)
    if expected is None:  # read by another reader or not at all: never by this module's shapes
        assert not ordered_pairs(text)
        return
    assert found == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("issueVoucher follows getCrossing.", [("issueVoucher", "getCrossing")]),
        ("getCrossing first, issueVoucher second.", [("issueVoucher", "getCrossing")]),
        ("issueVoucher second, getCrossing first.", [("issueVoucher", "getCrossing")]),
        ("a, then b, then c.", []),  # phrases only: no tools, no order
        ("getCrossing, then the passenger's questions, then issueVoucher.", []),
        ("e.g. first, i.e. second.", []),
        # the later act a bare gerund; the act named by an act noun and a light verb
        ("Note it with add_log_entry before closing.", [("close", "add_log_entry")]),
        ("Note it with close_case_note before closing.", []),  # the step is itself
        ("Note it with add_log_entry before starting.", []),  # no act named
        (
            "A kiln-slot booking is never started until `getSlot` has been called.",
            [("booking kiln slot", "getSlot")][:0],
        ),  # "booking" is no verb: nothing
        (
            "A grant renewal is never started until `getGrant` has been called.",
            [("renew grant", "getGrant")],
        ),
        ("Nobody's file is opened until `findPilot` has run.", []),
        ("When asked, getCrossing first, issueVoucher second.", []),
    ],
)
def test_pairs_only_between_adjacent_tools(text: str, expected: list) -> None:
    got = [(e.target, e.params.get("before")) for e in ordered_pairs(text)]
    assert got == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Read the title back to the member.", True),
        ("Read back the amount before you refund.", True),
        ("Read the booking with GetCrossing first.", False),
        ("Come back later and read the notes.", False),
    ],
)
def test_read_back(text: str, expected: bool) -> None:
    assert reads_back(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Confirm the new crossing with the passenger before saving it.", ["update crossing"]),
        ("Ask the member to confirm the new address before you save it.", ["update address"]),
        ("Confirm the new crossing with the duty officer before saving it.", []),  # a role
        ("Confirm the new crossing with the passenger.", []),  # nothing saved
        (
            "Rollbacks are confirmed by the engineer in the chat before you start them.",
            ["rollback"],
        ),
        ("Rollbacks are confirmed by the engineer before you start them.", []),  # not in the chat
    ],
)
def test_confirmed_in_chat(text: str, expected: list) -> None:
    assert [e.target for e in confirmed_in_chat(text)] == expected
