"""Values an action needs, which the agent must obtain first (issue 11, class 4): "a
refund requires the passenger's IBAN", "to ship a tray, the agent needs the delivery
address", "without the ticket id, no refund can be made", "the passenger must tell you
their surname before you can search for them".

The value is bound to the argument it names of the action the sentence names (a tool id,
a verb and its object, an action noun), else of every tool taking it. It must be one the
user or a tool gave (the sentence says it is needed, not who gives it), or the user's
alone when the sentence says the person tells or gives it. Two made-up domains (a ferry
desk, a seed nursery); sentences and tools written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.needed_values import needed_values
from tests.test_grammar_value_origins import FERRY, NURSERY, Row, _build, _rows

E = "enforce"
R = "review_only"

NEEDED: list[tuple[str, str, list[dict[str, Any]], set[Row]]] = [
    ("an action noun requires a value", "A refund requires the passenger's IBAN.", FERRY,
     {("refund_ticket", "iban", True, ("*",), E)}),
    ("a value required to do an action", "The delivery address is required to ship a tray.",
     NURSERY, {("ship_tray", "delivery_address", True, ("*",), E)}),
    ("the action first, then what the agent needs",
     "To refund a ticket, the agent needs the IBAN.", FERRY,
     {("refund_ticket", "iban", True, ("*",), E)}),
    ("needed from the person: the person's", "You need the ticket id from the passenger to "
     "refund a ticket.", FERRY, {("refund_ticket", "ticket_id", True, (), E)}),
    ("had before calling a tool", "You must have the farm name before calling find_grower.",
     NURSERY, {("find_grower", "farm_name", True, ("*",), E)}),
    ("without the value, no action", "Without the ticket id, no refund can be made.", FERRY,
     {("refund_ticket", "ticket_id", True, ("*",), E)}),
    ("the person tells it first; a pronoun names no action: every tool taking it",
     "The passenger must tell you their surname before you can search for them.", FERRY,
     {("find_passenger", "surname", True, (), E)}),
    ("two values needed", "Every call to ship_tray requires the grower id and the delivery "
     "address.", NURSERY, {("ship_tray", "grower_id", True, ("*",), E),
                           ("ship_tray", "delivery_address", True, ("*",), E)}),
]  # fmt: skip


@pytest.mark.parametrize(("name", "text", "tools", "rows"), NEEDED, ids=[c[0] for c in NEEDED])
def test_a_needed_value_is_bound_to_the_action_argument(
    tmp_path: Path, name: str, text: str, tools: list[dict[str, Any]], rows: set[Row]
) -> None:
    assert _rows(_build(tmp_path, text, tools)) == rows


def test_a_needed_value_the_action_does_not_take_is_reviewed(tmp_path: Path) -> None:
    built = _build(tmp_path, "A refund requires the passenger's loyalty number.", FERRY)
    assert {(r[0], r[4]) for r in _rows(built)} == {("refund_ticket", R)}


NOT_NEEDED = [
    ("no action", "The IBAN is required to be accurate."),
    ("no datum", "A refund requires patience."),
    ("a question, not a need", "Does a refund require the IBAN?"),
]


@pytest.mark.parametrize(("name", "text"), NOT_NEEDED, ids=[n for n, _ in NOT_NEEDED])
def test_not_read_as_a_needed_value(name: str, text: str) -> None:
    assert needed_values(text) == []
