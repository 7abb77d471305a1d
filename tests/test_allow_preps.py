"""Values of an action's argument said after a preposition (`allow_preps`), and the argument
bound by the preposition the tool's own description uses (`allow_binding`): imperatives,
passives, the agent as a subject, a subject that names the action, bans of values. Every
sentence is written for this test, in made-up domains (tests/allow_domains.py) whose tool
ids use every style. Negatives: a list that describes, a list of examples, a complement
("other than"), a range of dates, a tool, a condition of the buyer; and a list whose argument
cannot be bound is never enforced on a guessed argument but says so where it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.allow_preps import looks_like_value
from tests.allow_domains import allow, ban, build, notes, valued
from tests.corpus_agents import Row

READ: list[tuple[str, str, list[Row]]] = [
    # a noun phrase with a relative clause, then a colon and the values
    ("produce", "Only ship crates to the EU countries we serve: DE, FR, NL.",
     [allow("ship_crate", "country", "DE", "FR", "NL")]),
    ("produce", "Crates may only be shipped to DE, FR or NL.",
     [allow("ship_crate", "country", "DE", "FR", "NL")]),
    ("produce", "We only ship crates to DE, FR and NL.",
     [allow("ship_crate", "country", "DE", "FR", "NL")]),
    ("produce", "Never ship crates to KP or IR.", [ban("ship_crate", "country", "IR", "KP")]),
    # "warehouses" names `site_code` by its description
    ("produce", "Only book docks at warehouses A1, B2 or C3.",
     [allow("book_dock", "site_code", "A1", "B2", "C3")]),
    # no noun: "into another currency" in the description names `ccy`
    ("produce", "Invoices may only be settled into EUR, USD or GBP.",
     [allow("settle_invoice", "ccy", "EUR", "GBP", "USD")]),
    ("produce", "Only settle invoices in the currencies we bank in (EUR, USD).",
     [allow("settle_invoice", "ccy", "EUR", "USD")]),
    ("produce", "Do not settle invoices into RUB.", [ban("settle_invoice", "ccy", "RUB")]),
    # dotted and server__tool ids
    ("drones", "Only launch drones in zones Z1 or Z2.",
     [allow("fleet.drone.launch", "zone", "Z1", "Z2")]),
    ("drones", "Drones may only be launched in Z1, Z2 or Z4.",
     [allow("fleet.drone.launch", "zone", "Z1", "Z2", "Z4")]),
    ("drones", "Never launch drones in Z9.", [ban("fleet.drone.launch", "zone", "Z9")]),
    ("drones", "Only park drones at D-north or D-south.",
     [allow("ops__park_drone", "depot", "D-north", "D-south")]),
    # no verb: the action's noun, its values, and `only`
    ("produce", "Shipments to DE, FR and NL only.",
     [allow("ship_crate", "country", "DE", "FR", "NL", how="review_only")]),
    # plain words bound by the description's preposition: maybe kinds, so only reviewed
    ("produce", "Only ship crates to homes or offices.",
     [allow("ship_crate", "country", "homes", "offices", how="review_only")]),
    # a verb first the grammar does not read as an action
    ("produce", "Settle invoices in one of these currencies: EUR, USD.",
     [allow("settle_invoice", "ccy", "EUR", "USD")]),
    # camelCase ids, numbers as values
    ("lodge", "Only rent skis in lengths 150, 160 or 170.",
     [allow("rentSkis", "length", "150", "160", "170")]),
    ("lodge", "Skis may only be rented in 150 or 160.",
     [allow("rentSkis", "length", "150", "160")]),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), READ)
def test_values_after_a_preposition(
    tmp_path: Path, domain: str, text: str, expected: list[Row]
) -> None:
    assert valued(build(tmp_path, domain, text)) == expected


NOT_READ: list[tuple[str, str]] = [
    ("produce", "We ship crates to DE, FR and NL customers."),  # describes, restricts nothing
    ("produce", "Only ship crates for buyers in good standing."),  # a condition, no values
    ("produce", "Only ship crates to countries such as DE or FR."),  # examples
    ("produce", "Only ship crates to destinations other than KP or IR."),  # a complement
    ("produce", "Only ship crates on 2027-03-01 to 2027-03-09."),  # a range of dates
    ("produce", "Only ship crates to DE, FR or NL with `get_crate`."),  # a tool, no value
    ("produce", "Buyers to DE, FR and NL only."),  # the noun names no action
]


@pytest.mark.parametrize(("domain", "text"), NOT_READ)
def test_a_list_that_does_not_restrict_an_argument_is_no_rule(
    tmp_path: Path, domain: str, text: str
) -> None:
    assert valued(build(tmp_path, domain, text)) == []


def test_a_list_no_argument_answers_to_is_not_enforced_and_says_where(tmp_path: Path) -> None:
    # "with" names nothing in `ship_crate`'s description, and no argument lists the values
    built = build(tmp_path, "produce", "Crates may only be shipped with H1 or H2.")
    assert valued(built) == []
    assert "argument-restriction-not-compiled" in notes(built)


@pytest.mark.parametrize(
    ("value", "looks"),
    [("DE", True), ("us-east-1", True), ("A1", True), ("'economy'", True), ("France", True),
     ("homes", False), ("economy", False)],
)  # fmt: skip
def test_what_looks_like_a_value(value: str, looks: bool) -> None:
    assert looks_like_value(value) is looks


NOUNS: list[tuple[str, str, list[Row]]] = [
    ("lodge", "Only offer the day and week tariffs.",
     [allow("bookCabin", "tariff", "day", "week")]),
    ("lodge", "You may only quote day or week tariffs.",
     [allow("bookCabin", "tariff", "day", "week")]),
    # after an action verb the noun is the thing acted on: its kinds name no argument
    ("lodge", "Only book bronze or silver cabins.", []),
    ("lodge", "Only offer day tariffs.", []),  # one value
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), NOUNS)
def test_values_before_the_noun_naming_the_argument(
    tmp_path: Path, domain: str, text: str, expected: list[Row]
) -> None:
    assert valued(build(tmp_path, domain, text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Only ship crates to the following countries:",  # announced, no value given
        "Do not ship crates to any country outside the EU.",  # a complement, not a list
        "Only ship crates via H1 or H2.",  # no argument answers to the values
    ],
)
def test_an_empty_or_unbound_list_is_never_enforced_and_is_noted(tmp_path: Path, text: str) -> None:
    built = build(tmp_path, "produce", text)
    assert [r for r in valued(built) if r[3] == "enforce"] == []
    assert notes(built)  # located at the sentence


OBLIGED: list[tuple[str, list[Row]]] = [
    ("Always settle invoices in EUR.", [allow("settle_invoice", "ccy", "EUR")]),
    ("You must always ship crates to DE.", [allow("ship_crate", "country", "DE")]),
    ("Always ship crates with haulier TruckCo.", [allow("ship_crate", "haulier", "TruckCo")]),
    # a subject that may hold for some crates only, kinds, and no value at all
    ("Crates for Germany must be shipped to DE.", []),
    ("Always ship crates to homes or offices.", []),
    ("Always settle invoices in the buyer's currency.", []),
]


@pytest.mark.parametrize(("text", "expected"), OBLIGED)
def test_an_obligation_to_pass_a_value(tmp_path: Path, text: str, expected: list[Row]) -> None:
    assert valued(build(tmp_path, "produce", text)) == expected
