"""Readings the sentence does not state are not emitted (`specgap.resolve.prec4_fit`,
`specgap.extract.prec4_clauses`): each leaves a located note instead; the readings the
sentence does state stay as they were.

Made-up desks in several tool-id styles: a kiln studio (PascalCase), a glider club
(kebab-case), a seed bank (camelCase), a ferry desk (camelCase), a ferry pier behind an MCP
server (`server__tool`) and a pottery studio (snake_case).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.irbase import Selector
from specgap.operators.arg_within_bound import ArgWithinBound
from specgap.resolve.prec4_fit import unfit_readings
from tests.corpus_agents import Built, build_prompt
from tests.test_grammar import _tool

DOMAINS: dict[str, list[dict[str, Any]]] = {
    "kiln": [
        _tool("FindPotter", "Find a potter by e-mail.", email="string"),
        _tool("ListFirings", "List the open firing slots of a kiln. Each slot has a slotId.",
              kiln="string"),
        _tool("ReserveFiring", "Reserve a firing slot for a potter.", potterId="string",
              slotId="string", shelves="integer", glaze="string"),
        _tool("ShareRecipes", "Share the glaze recipe book with a person.", recipient="string"),
    ],
    "glider": [
        _tool("find-pilot", "Find a club pilot by licence number.", licence="string"),
        _tool("book-launch", "Book a winch launch for a pilot.", pilot_id="string",
              slot_id="string", glider="string"),
        _tool("list-slots", "List free launch slots for a day. Each slot has a slot_id.",
              day="string"),
        _tool("get-glider", "Get a glider with its hours since inspection.", glider="string"),
        _tool("book-group", "Book a group flight day for several pilots.", pilots="array",
              day="string"),
    ],
    "seed": [
        _tool("findGrower", "Find a grower by e-mail or phone.", email="string"),
        _tool("getAccession", "Get a seed accession with its stock and germination rate.",
              accessionId="string"),
        _tool("requestPackets", "Request seed packets of a lot for a grower.",
              growerId="string", lotId="string", packets="integer", note="string"),
        _tool("withdrawLot", "Withdraw a seed lot from distribution.", lotId="string",
              reason="string"),
        _tool("inviteCurator", "Invite a curator to the accession's review.",
              accessionId="string", curatorEmail="string"),
        _tool("searchCatalogue", "Search the catalogue by species or variety. Returns "
              "accessionId and name for up to 30 hits.", query="string"),
    ],
    "ferry": [
        _tool("lookupPassenger", "Find a passenger by name or e-mail.", email="string"),
        _tool("getCrossing", "Get a ferry crossing with its status and deck space.",
              crossingId="string"),
        _tool("bookCrossing", "Book a seat or a vehicle place on a crossing for a passenger.",
              passengerId="string", crossingId="string", vehicle="string"),
        _tool("moveBooking", "Move a booking to another crossing.", bookingId="string",
              crossingId="string"),
        _tool("cancelBooking", "Cancel a booking.", bookingId="string", reason="string"),
        _tool("issueVoucher", "Issue a travel voucher to a passenger.", passengerId="string",
              amount="number"),
        _tool("flagVehicle", "Flag a vehicle for inspection.", bookingId="string",
              note="string"),
    ],
    "pier": [
        _tool("ferry__get_ticket", "Get a ticket with its status.", ticket_id="string"),
        _tool("ferry__issue_refund", "Issue a refund for a ticket.", ticket_id="string",
              amount="number", channel="string"),
    ],
    "studio": [
        _tool("find_member", "Find a studio member by e-mail.", email="string"),
        _tool("list_slots", "List free kiln slots between two dates. Each slot has a slot_id "
              "and a start time.", date_from="string", date_to="string"),
        _tool("reserve_slot", "Reserve a kiln slot for a member.", member_id="string",
              slot_id="string", kiln_name="string"),
        _tool("create_kiln", "Register a new kiln in the studio.", kiln_name="string",
              max_temp="number"),
        _tool("charge_firing", "Charge a firing fee to a member.", member_id="string",
              amount="number"),
        _tool("set_glaze", "Set the glaze of a piece.", piece_id="string", glaze="string",
              coats="integer"),
    ],
}  # fmt: skip

Rule = tuple[str, str, str]  # operator, tool, enforcement


def _built(tmp_path: Path, domain: str, text: str) -> Built:
    return build_prompt(tmp_path, f"# Desk\n\n{text}\n", DOMAINS[domain])


def _rules(built: Built) -> list[Rule]:
    return sorted(
        (p.operator, p.target, p.enforcement)
        for p in built.policies
        if str(p.source.span.path).endswith("prompt.md")
    )


def _notes(built: Built) -> list[str]:
    return [
        d.code
        for d in built.state.diagnostics
        if d.span is not None and str(d.span.path).endswith("prompt.md")
    ]


# (domain, sentence, the reading that must not be emitted (operator, tool), a note located on
#  the sentence, the readings that stay)
DROPPED: list[tuple[str, str, tuple[str, str], str | None, list[Rule] | None]] = [
    # a count of items on a tool that takes no list: one call holds one of each
    ("kiln", "A potter may hold at most 3 upcoming firings at once.",
     ("arg_count_bound", "ReserveFiring"), "argument-restriction-not-compiled", []),
    ("studio", "A piece gets at most 3 coats of glaze.",
     ("arg_count_bound", "set_glaze"), "argument-restriction-not-compiled",
     [("arg_within_bound", "set_glaze", "enforce")]),
    # values that are the ids of tools, not values of the argument or state (since the
    # eighteenth session the sentence reads as where the value comes from, `grounded18`)
    ("glider", "Book only with a slot_id that `list-slots` returned in this chat.",
     ("resource_in_allowlist", "book-launch"), None,
     [("arg_grounded", "book-launch", "enforce")]),
    ("studio", "Reserve only with a slot_id that `list_slots` returned in this conversation; "
     "never a slot the member reads out from an old e-mail.",
     ("deny_action", "reserve_slot"), None, [("arg_grounded", "reserve_slot", "enforce")]),
    ("glider", "Launches are only booked for pilots found with `find-pilot`.",
     ("state_condition", "book-launch"), "argument-restriction-not-compiled", []),
    # a fragment of a value is no value of an exact allowlist
    ("seed", "Curators must be `@seedvault.example` addresses.",
     ("resource_in_allowlist", "inviteCurator"), "argument-restriction-not-compiled", []),
    # a ban spliced from two clauses: one commands a call, the other bans another (where the
    # ordering reader reads the two clauses as one step before the other, that is the rule)
    ("glider", "Get the glider with get-glider first; a launch is never booked on a glider "
     "that has not been checked in this chat.",
     ("deny_action", "get-glider"), None, [("require_before", "book-launch", "enforce")]),
    ("pier", "Look the ticket up with ferry__get_ticket; a refund is never issued on a "
     "ticket that has not been fetched.",
     ("deny_action", "ferry__get_ticket"), None,
     [("require_before", "ferry__issue_refund", "enforce")]),
    ("kiln", "Fetch the potter with `FindPotter`; a firing is never reserved for a potter "
     "nobody has found.",
     ("deny_action", "FindPotter"), "rule-not-compiled", []),
    ("seed", "Look the accession up with getAccession; a lot is never withdrawn from an "
     "accession that has not been fetched in this chat.",
     ("deny_action", "getAccession"), None, [("require_before", "withdrawLot", "enforce")]),
    ("seed", "Find the grower first; packets are never requested for a grower nobody has "
     "found.",
     ("deny_action", "findGrower"), "condition-not-bound",
     [("deny_action", "requestPackets", "review_only")]),
    ("ferry", "Look the passenger up first; a crossing is never booked for a passenger "
     "that has not been looked up in this chat.",
     ("deny_action", "lookupPassenger"), "condition-not-bound",
     [("deny_action", "bookCrossing", "review_only")]),
    ("ferry", "Check the crossing with getCrossing; a booking is never moved to a crossing "
     "nobody has checked.",
     ("deny_action", "getCrossing"), "condition-not-bound",
     [("deny_action", "moveBooking", "review_only")]),
    ("studio", "First list the slots; never reserve a slot the member made up.",
     ("deny_action", "list_slots"), None,
     [("deny_action", "reserve_slot", "review_only")]),
    # the negation elided after a comma: "..., never a slot the potter suggests"
    ("kiln", "Always call `ListFirings` first and reserve one of the slots it returned, "
     "never a slot the potter suggests.",
     ("deny_action", "ListFirings"), "rule-not-compiled", []),
    ("studio", "Always look the member up first, and never reserve a slot without a "
     "member id.",
     ("deny_action", "find_member"), "rule-not-compiled", []),
    # the way the call is made, then a verbless "never ...": a way banned, not the tool
    ("ferry", "Cancel bookings through cancelBooking; never by e-mail or by phone.",
     ("deny_action", "cancelBooking"), "rule-not-compiled", []),
    ("seed", "Withdraw lots through withdrawLot; never by editing the catalogue.",
     ("deny_action", "withdrawLot"), "rule-not-compiled", []),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "absent", "note", "kept"), DROPPED)
def test_a_reading_the_sentence_does_not_state_is_not_emitted(
    tmp_path: Path,
    domain: str,
    text: str,
    absent: tuple[str, str],
    note: str | None,
    kept: list[Rule] | None,
) -> None:
    built = _built(tmp_path, domain, text)
    rules = _rules(built)
    assert [r for r in rules if r[:2] == absent] == [], rules
    if note is not None:
        assert note in _notes(built), _notes(built)  # located: the sentence is never silent
    if kept is not None:
        assert rules == kept
    assert rules or _notes(built)


# what the sentence does state stays as it was read
KEPT: list[tuple[str, str, list[Rule]]] = [
    ("studio", "A single firing charge is never more than $300.",
     [("arg_within_bound", "charge_firing", "enforce")]),
    ("glider", "Never book a group day for more than 6 pilots.",
     [("arg_count_bound", "book-group", "enforce")]),
    # the one tool taking a list of pilots (`count5_items`): that tool's count, enforced
    ("glider", "No more than 6 pilots per group booking.",
     [("arg_count_bound", "book-group", "enforce")]),
    ("ferry", "Never cancel a booking by phone; use cancelBooking in the chat.",
     [("deny_action", "cancelBooking", "review_only")]),
    ("ferry", "Do not issue vouchers; send a notice instead.",
     [("deny_action", "issueVoucher", "enforce")]),
    ("ferry", "Do not flag a vehicle on a guess; an inspector must have seen it.",
     [("deny_action", "flagVehicle", "review_only")]),
    ("ferry", "Look the passenger up first. A crossing is never booked for a passenger "
     "that has not been looked up in this chat.",
     [("deny_action", "bookCrossing", "review_only"),
      ("require_before", "*", "review_only")]),
    ("seed", "Never request packets for a lot whose germination rate is below 60%; tell "
     "the grower it is being regrown.",
     [("deny_action", "requestPackets", "review_only")]),
    # a ban that kept the other part as its condition read it right
    ("pier", "Refund tickets via ferry__issue_refund, never by bank transfer.",
     [("deny_action", "ferry__issue_refund", "review_only")]),
    ("ferry", "Refunds go through issueVoucher; never issue a voucher for a cancelled "
     "crossing.",
     [("deny_action", "issueVoucher", "review_only"),
      ("state_condition", "issueVoucher", "review_only")]),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), KEPT)
def test_what_the_sentence_states_stays(
    tmp_path: Path, domain: str, text: str, expected: list[Rule]
) -> None:
    built = _built(tmp_path, domain, text)
    assert _rules(built) == expected
    assert "argument-restriction-not-compiled" not in _notes(built)


def test_a_description_s_count_of_results_is_no_argument_bound(tmp_path: Path) -> None:
    built = _built(tmp_path, "seed", "Be brief.")
    assert not [p for p in built.policies if p.operator == "arg_within_bound"], (
        "the number of hits a search returns is no bound on its arguments"
    )
    said = [
        d.message
        for d in built.state.diagnostics
        if d.code == "argument-restriction-not-compiled" and d.span is not None
    ]
    assert any("searchCatalogue" in m and "returns" in m for m in said), said


# a numeric bound on an argument by its schema type: text, flag and absent arguments
# another tool takes are no numeric bound; a number, and a text's length, are
BOUNDS: list[tuple[str, str, str | None, bool]] = [
    ("create_kiln", "kiln_name", None, False),  # text
    ("create_kiln", "max_temp", None, True),  # a number
    ("reserve_slot", "kiln_name", "length", True),  # a text's length
    ("reserve_slot", "max_temp", None, False),  # `create_kiln`'s argument
    ("reserve_slot", "hours", None, True),  # words no tool takes: left to review
]


@pytest.mark.parametrize(("tool", "arg", "extract", "kept"), BOUNDS)
def test_a_numeric_bound_fits_the_argument_s_type(
    tmp_path: Path, tool: str, arg: str, extract: str | None, kept: bool
) -> None:
    built = _built(tmp_path, "studio", "A single firing charge is never more than $300.")
    (policy,) = [p for p in built.policies if p.operator == "arg_within_bound"]
    condition = ArgWithinBound(selector=Selector(arg=arg, extract=extract), max=2)  # type: ignore[arg-type]
    moved = policy.model_copy(update={"target": tool, "condition": condition})
    assert built.state.registry is not None
    out, notes = unfit_readings(built.state.registry, [moved])
    assert (out == [moved]) is kept
    assert len(notes) == (0 if kept else 1)
    assert all(n.span == policy.source.span for n in notes)
