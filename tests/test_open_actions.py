"""Rule sentences whose verb is outside the grammar's action verbs
(`specgap.extract.action_open`): read with the English lexicon's verbs, resolved from the
tools' own names and descriptions, compiled with their condition kept, or left as a located
note; never a confident guess. Negative rows: verbs of state, unknown verbs over an action
noun, and verb phrases two tools share stay without policies. Every sentence and tool
written for this test (a ferry desk in camelCase, a seed bank with dotted kebab-case ids)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.action_nominal import spelt
from specgap.extract.action_open import nominal_verb, rewritten
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

FERRY = [
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
    _tool("sendNotice", "Send a notice e-mail to a passenger.", passengerId="string",
          body="string"),
]  # fmt: skip
SEEDS = [
    _tool("vault.lookup-donor", "Find a seed donor by name.", donor_name="string"),
    _tool("vault.get-packet", "Read a seed packet with its status.", packet_id="string"),
    _tool("vault.withdraw-packet", "Withdraw a seed packet for a grower.", packet_id="string",
          grower_id="string"),
    _tool("vault.discard-packet", "Discard an expired seed packet.", packet_id="string"),
    _tool("vault.ship-parcel", "Ship a parcel of packets to a grower.", grower_id="string",
          weight="number"),
]  # fmt: skip
FLAGS = [*FERRY, _tool("flagVehicle", "Flag a vehicle for inspection.", bookingId="string")]
DOMAINS = {"ferry": FERRY, "seeds": SEEDS, "flags": FLAGS}

# sentence, domain, the (operator, target, enforcement) expected, or None for no policy
COMPILED: list[tuple[str, str, tuple[str, str, str] | None]] = [
    # a phrasal verb outside the list: the condition is kept (its entity is not an argument of
    # the tool, so the rule is reviewed, never an unconditional ban)
    ("Never hand out a voucher unless the crossing was cancelled.", "ferry",
     ("state_condition", "issueVoucher", "review_only")),
    ("Do not hand out vouchers worth more than 50 euros.", "ferry",
     ("arg_within_bound", "issueVoucher", "review_only")),
    ("Agents must not hand over a voucher to a passenger who has not travelled.", "ferry",
     ("deny_action", "issueVoucher", "review_only")),
    # "refrain from V-ing": never V, with the time condition kept
    ("Staff should refrain from sending notices after 22:00.", "ferry",
     ("deny_action", "sendNotice", "review_only")),
    ("Staff must abstain from sending notices to passengers at night.", "ferry",
     ("deny_action", "sendNotice", "review_only")),
    # negative rows: a verb of state is no call
    ("Notices must not contain card numbers.", "ferry", None),
    ("Voucher amounts may not exceed the fare paid.", "ferry", None),
    # an unknown verb over an action noun: it may undo the action, the noun names no tool
    ("Never reverse a cancellation without approval.", "ferry", None),
    # an open verb whose object two tools share: no guess
    ("You must not relocate a booking to a crossing that is full.", "ferry", None),
    ("Never hand over a packet whose status is quarantined.", "seeds", None),
    ("Do not throw away a packet unless it is expired.", "seeds", None),
]  # fmt: skip


def _built(tmp_path: Path, sentence: str, domain: str) -> Any:
    return build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", DOMAINS[domain])


def _prose(built: Any) -> list[Any]:
    return [p for p in built.policies if p.source.artifact.endswith("prompt.md")]


def _notes(built: Any) -> list[Any]:
    return [d for d in built.state.diagnostics if d.span is not None and "prompt" in str(d.span)]


@pytest.mark.parametrize(("sentence", "domain", "expected"), COMPILED)
def test_open_actions(
    tmp_path: Path, sentence: str, domain: str, expected: tuple[str, str, str] | None
) -> None:
    built = _built(tmp_path, sentence, domain)
    got = {(p.operator, p.target, p.enforcement) for p in _prose(built)}
    if expected is None:
        assert got == set(), got
        # ... and the sentence is not lost: a located note says why
        assert _notes(built), sentence
    else:
        assert expected in got, got


def test_no_modal_no_open_action(tmp_path: Path) -> None:
    """No modal and no bound: a word the lexicon calls a verb opening a line is no order."""
    assert _prose(_built(tmp_path, "Hand luggage goes in the overhead racks.", "ferry")) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "You must not relocate a booking to a crossing that is full.",
        "The desk must never reroute a passenger onto a crossing that has already departed.",
    ],
)
def test_open_verb_is_read_and_left_to_the_resolver(tmp_path: Path, sentence: str) -> None:
    """The open verb is read (the note is no longer "no action"); the resolver, finding no
    one tool for it, says so: a located `unresolved-mention`, not a guess."""
    notes = _notes(_built(tmp_path, sentence, "ferry"))
    assert any(n.code == "unresolved-mention" for n in notes), notes
    assert not any("no action" in n.message for n in notes), notes


@pytest.mark.parametrize(
    ("text", "shaped"),
    [
        ("Never hand out a voucher.", "Never     hand a voucher."),
        ("Do not give back the deposit.", "Do not      give the deposit."),
        (
            "Staff should refrain from sending notices.",
            "Staff should never send           notices.",
        ),
        # unchanged: no particle before an object, no gerund after "refrain from"
        ("Never log out.", "Never log out."),
        ("Please refrain from rudeness.", "Please refrain from rudeness."),
    ],
)
def test_rewritten_keeps_length(text: str, shaped: str) -> None:
    assert rewritten(text) == shaped
    assert len(rewritten(text)) == len(text)


@pytest.mark.parametrize(
    ("noun", "verb"),
    [
        ("issuance", "issue"),
        ("approval", "approve"),
        ("cancellation", "cancel"),
        ("admission", "admit"),
        ("inspection", "inspect"),
        ("suspension", "suspend"),
        ("renewals", "renew"),
        # a word that is a verb itself, or no nominalisation at all
        ("signal", None),
        ("deposit", None),
        ("hospital", None),
        ("station", None),
        ("voucher", None),
    ],
)
def test_nominal_verb(noun: str, verb: str | None) -> None:
    assert nominal_verb(noun) == verb


# --- a step required before an action, both named by nouns (`action_nominal`) ---------------

NOMINAL: list[tuple[str, str | None]] = [
    ("Vehicle flagging is needed before a booking.", "Always flag vehicle before booking."),
    ("Identity verification is mandatory for all voucher requests.",
     "Always verify identity before requesting voucher."),
    ("A vehicle inspection is required before any booking.",
     "Always inspect vehicle before booking."),
    # negative rows: a thing, not an action ("record" is only spelt like a verb); a yes is
    # the confirmation readers' business; no noun after "before"
    ("A valid passenger record is required before any booking.", None),
    ("Manager approval is required for refund requests.", None),
    ("A notice is required before sending.", None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "said"), NOMINAL)
def test_nominal_spelt(text: str, said: str | None) -> None:
    assert spelt(text) == said


def test_nominal_step_compiles_to_an_order(tmp_path: Path) -> None:
    built = _built(tmp_path, "Vehicle flagging is needed before a booking.", "flags")
    got = {(p.operator, p.target, p.condition.model_dump().get("before")) for p in _prose(built)}
    assert ("require_before", "bookCrossing", "flagVehicle") in got, got


def test_nominal_step_unresolved_is_a_located_note(tmp_path: Path) -> None:
    """The nouns name no one tool: no policy, and no silence either."""
    built = _built(tmp_path, "Identity verification is mandatory for all voucher requests.",
                   "ferry")  # fmt: skip
    assert _prose(built) == []
    assert any(n.code == "unresolved-mention" for n in _notes(built))
