"""A rule is no wider than what its action acts on (issue 11, "never stronger, never weaker
than the sentence"): a restrictive relative clause, participle phrase, prepositional phrase
or exception on the object (or on the noun a preposition governs) is part of the rule, and a
strict comparison on a measure is no bound on the next whole number.

Sentences written for this test in made-up domains (a ferry desk in camelCase, a kiln
studio in snake_case, a seed bank in kebab-case, a warehouse with dotted ids, a clinic with
`server__tool` ids). `expect`:

- `state`: an enforced `state_condition` and nothing else enforced (the modifier is a state
  test of the noun it restricts);
- `review`: something compiled, nothing enforced, and a located `condition-not-bound` note;
- `enforce`: a modifier that restricts nothing (emphasis, the tool's name, the count or
  bound itself): an enforced rule.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.operators.measures import counted, measure
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

DOMAINS: dict[str, list[dict[str, Any]]] = {
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
        _tool("sendNotice", "Send a notice e-mail to a passenger.", passengerId="string",
              body="string"),
    ],
    "kiln": [
        _tool("get_member", "Look up a studio member with their membership status.",
              member_id="string"),
        _tool("get_piece", "Read a piece with its status (drying, bisqued, glazed) and weight.",
              piece_id="string"),
        _tool("book_firing", "Book a firing slot in a kiln for a member's pieces.",
              member_id="string", kiln_id="string", piece_id="string", temperature="number"),
        _tool("delete_piece", "Delete a piece from the studio records.", piece_id="string"),
        _tool("refund_fee", "Refund a studio fee to a member.", member_id="string",
              amount="number"),
    ],
    "seeds": [
        _tool("find-depositor", "Find a depositor with their status.", depositor_id="string"),
        _tool("get-request", "Read a seed request with its status (pending, approved or "
              "rejected).", request_id="string"),
        _tool("approve-request", "Approve a seed request.", request_id="string"),
        _tool("ship-seeds", "Ship a packet of seeds from an accession to a requester.",
              accession_id="string", requester_id="string", grams="number"),
    ],
    "warehouse": [
        _tool("orders.get", "Get an order with its status (open, packed, shipped) and items.",
              order_id="string"),
        _tool("orders.ship", "Ship an order with a carrier.", order_id="string",
              carrier="string"),
        _tool("orders.cancel", "Cancel an order.", order_id="string"),
    ],
    "clinic": [
        _tool("clinic__get_patient", "Read a patient record.", patient_id="string"),
        _tool("clinic__prescribe", "Prescribe a drug to a patient.", patient_id="string",
              drug="string", dose_mg="number"),
        _tool("clinic__cancel_appointment", "Cancel an appointment.",
              appointment_id="string"),
    ],
}  # fmt: skip

_ROWS = [
    # a relative clause on the noun a preposition governs: its state, when it reads as one
    ("ferry", "The desk must never move a booking onto a crossing that is full.", "state"),
    ("ferry", "Never move a booking into a crossing that is full.", "state"),
    ("ferry", "Bookings must not be moved onto crossings that are full.", "state"),
    ("ferry", "A booking may never be moved onto a crossing that is already full.", "state"),
    ("ferry", "Never move bookings onto crossings that have no deck space left.", "review"),
    ("ferry", "Do not send notices to passengers who opted out of e-mail.", "review"),
    ("ferry", "Never move a booking onto a full crossing.", "review"),
    # participle phrases on the object
    ("ferry", "Do not cancel bookings purchased through a travel agent.", "review"),
    ("seeds", "Do not approve requests submitted without a permit.", "review"),
    ("clinic", "Never prescribe drugs listed as controlled.", "review"),
    ("clinic", "Never prescribe drugs classed as opioids.", "review"),
    # the values of a ban, a count, an ordering: the modifier is kept beside them
    ("warehouse", "Do not ship orders marked as fragile with carrier 'swift'.", "review"),
    ("warehouse", "Never ship orders addressed to a PO box with carrier 'swift'.", "review"),
    ("warehouse", "Do not ship orders over 30 kg with carrier 'swift'.", "review"),
    ("ferry", "Do not cancel more than two bookings made by the same travel agent.", "review"),
    ("ferry", "Look up the passenger before moving a booking that was made online.", "review"),
    ("ferry", "Only look up the passenger before moving a booking that was made online.",
     "review"),
    # a quantity inside another noun's modifier is no bound on the call's argument
    ("ferry", "Refrain from moving bookings to crossings that depart in less than two hours.",
     "review"),
    ("kiln", "Never book a firing for pieces weighing less than 0.5 kg.", "review"),
    # what restricts nothing: the rule stays enforced
    ("ferry", "Never cancel a booking under any circumstances.", "enforce"),
    ("ferry", "Never, under any circumstances, cancel a booking.", "enforce"),
    ("warehouse", "Never cancel an order using `orders.cancel`.", "enforce"),
    ("warehouse", "Do not ship any order.", "enforce"),
    ("ferry", "Never move a booking again.", "enforce"),
    ("clinic", "Never prescribe more than 500 mg.", "enforce"),
    ("kiln", "Firing temperature must stay under 1300 degrees.", "enforce"),
    ("ferry", "Never issue vouchers to them.", "enforce"),
    ("ferry", "Bookings must not be cancelled by the assistant.", "enforce"),
    ("ferry", "Always look up the passenger before issuing a voucher to them.", "enforce"),
    ("ferry", "Confirm with the passenger before moving a booking to another crossing.",
     "enforce"),
    ("ferry", "Do not move a booking more than twice.", "enforce"),
    ("warehouse", "Do not ship orders with carrier 'swift' or 'pony'.", "enforce"),
    # the tool's own description says the phrase: what every call does
    ("kiln", "Never delete a piece from the studio records.", "enforce"),
    ("ferry", "Never issue vouchers to a passenger.", "enforce"),
    # ... and a phrase it does not say restricts
    ("kiln", "Do not delete pieces from the archive collection.", "review"),
    ("ferry", "Never issue vouchers for minors.", "review"),
    ("ferry", "Do not book vehicle places on evening crossings.", "review"),
]  # fmt: skip


def _build(tmp_path: Path, domain: str, sentence: str) -> tuple[list[Any], list[Any]]:
    built = build_prompt(tmp_path, f"# Desk\n\n{sentence}\n", DOMAINS[domain])
    policies = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    notes = [d for d in built.state.diagnostics if d.span is not None and "prompt" in str(d.span)]
    return policies, notes


@pytest.mark.parametrize(("domain", "sentence", "expect"), _ROWS)
def test_a_restrictive_modifier_is_part_of_the_rule(
    tmp_path: Path, domain: str, sentence: str, expect: str
) -> None:
    policies, notes = _build(tmp_path, domain, sentence)
    enforced = [p for p in policies if p.enforcement == "enforce"]
    assert policies, "the sentence compiled to nothing"
    if expect == "state":
        assert enforced, [(p.operator, p.enforcement) for p in policies]
        assert all(p.operator == "state_condition" for p in enforced), enforced
    elif expect == "review":
        assert not enforced, [(p.operator, p.target, p.condition) for p in enforced]
        assert any(n.code == "condition-not-bound" for n in notes), [n.code for n in notes]
    else:
        assert enforced, [(p.operator, p.enforcement) for p in policies]


def test_the_state_is_the_crossing_the_call_names(tmp_path: Path) -> None:
    policies, _ = _build(tmp_path, "ferry", "Never move a booking onto a crossing that is full.")
    (rule,) = [p for p in policies if p.operator == "state_condition"]
    assert rule.target == "moveBooking"
    params = rule.condition.model_dump()
    assert params["entity"] == "crossing"
    assert params["denied"] == ("full",)


def test_a_quantity_in_a_modifier_is_a_ban_under_it(tmp_path: Path) -> None:
    sentence = "Refrain from moving bookings to crossings that depart in less than two hours."
    policies, notes = _build(tmp_path, "ferry", sentence)
    assert not [p for p in policies if p.operator == "arg_within_bound"]
    assert [p for p in policies if p.operator == "deny_action" and p.target == "moveBooking"]
    assert any("depart in less than two hours" in n.message for n in notes)
    assert not [n for n in notes if n.code == "ambiguous-mention"]  # the sentence's own action


def test_the_values_of_a_ban_are_not_its_condition(tmp_path: Path) -> None:
    sentence = "Do not ship orders marked as fragile with carrier 'swift'."
    _, notes = _build(tmp_path, "warehouse", sentence)
    said = [n.message for n in notes if n.code == "condition-not-bound"]
    assert said
    assert all("marked as fragile" in m and "swift" not in m for m in said)


@pytest.mark.parametrize(
    ("domain", "sentence", "bound"),
    [
        ("kiln", "Firing temperature must stay under 1300 degrees.", 1300),
        ("clinic", "The dose must be less than 500 mg.", 500),
        ("clinic", "The dose must stay under 8 mg.", 8),
        ("ferry", "The voucher amount must be less than 2 dollars.", 2),
        ("kiln", "Refunds must be less than 40 dollars.", 40),
    ],
)
def test_a_strict_bound_on_a_measure_keeps_its_number(
    tmp_path: Path, domain: str, sentence: str, bound: float
) -> None:
    policies, _ = _build(tmp_path, domain, sentence)
    bounds = [p.condition.max for p in policies if p.operator == "arg_within_bound"]
    assert bounds
    assert all(b == bound for b in bounds), bounds


@pytest.mark.parametrize(
    ("amount", "unit", "whole"),
    [
        ("3", "guests", True),
        ("three", "nights", True),
        ("2", "hours", False),
        ("1300", "degrees", False),
        ("$40", None, False),
        ("40", "dollars", False),
        ("0.5", "kg", False),
        ("2.5", "bags", False),
        ("9", None, False),
    ],
)
def test_only_a_count_has_a_next_whole_number(amount: str, unit: str | None, whole: bool) -> None:
    assert counted(amount, unit) is whole


@pytest.mark.parametrize(
    ("unit", "amount", "said"),
    [("hours", "2", True), ("mg", "5", True), (None, "$40", True), ("bags", "2", False),
     ("nights", "3", False), (None, "9", False)],
)  # fmt: skip
def test_a_measure_is_money_time_below_a_day_or_a_unit(
    unit: str | None, amount: str, said: bool
) -> None:
    assert measure(unit, amount) is said
