"""Closed lists in the frames `allow_forms` reads (an obligation to pick one of them, "no
other X", the values first, "use a or b as X", codes an argument must be) and setting lines
named in camelCase or snake_case (`allow_labels`). Sentences written for this test; the
negatives are states, examples, and lists no frame closes."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.allow_forms import more_lists
from specgap.extract.allow_labels import argument_words
from tests.allow_domains import allow, build, valued
from tests.corpus_agents import Row

LISTS: list[tuple[str, tuple[str, tuple[str, ...]]]] = [
    ("You must use one of the standard tariffs (day, week).", ("tariffs", ("day", "week"))),
    ("Always book one of these cabin grades: bronze, silver.",
     ("cabin grades", ("bronze", "silver"))),
    ("The tariff must be chosen from day or week.", ("tariff", ("day", "week"))),
    ("Only bronze and silver are valid cabin grades.", ("cabin grades", ("bronze", "silver"))),
    ("Bronze and silver are the only cabin grades we sell.",
     ("cabin grades", ("Bronze", "silver"))),
    ("Use 'day' or 'week' as the tariff.", ("tariff", ("day", "week"))),
    ("Tariffs are 'day' and 'week'; no other tariff may be offered.",
     ("tariff", ("day", "week"))),
    ("Hauliers are TruckCo, RailCo; no other haulier can be booked.",
     ("haulier", ("TruckCo", "RailCo"))),
    ("The cabin grade has to be G1, G2 or G3.", ("cabin grade", ("G1", "G2", "G3"))),
    ("permittedCabinGrades: bronze, silver", ("permittedCabinGrades", ("bronze", "silver"))),
    ("The tariff must be one of the standard tariffs: 'day', 'week'.",
     ("tariffs", ("day", "week"))),
    ("Only the default tariffs 'day' and 'week' may be offered.",
     ("default tariffs", ("day", "week"))),
    ("The tariff must be D7 for all cabins.", ("tariff", ("D7",))),  # one code
    ("Cabin grade: G1 only.", ("Cabin grade", ("G1",))),
    # the argument named as such: ticked, or "parameter", "argument", "field"
    ("The `tariff` parameter accepts day or week.", ("tariff", ("day", "week"))),
    ("`tariff` accepts: day, week.", ("tariff", ("day", "week"))),
    ("Valid values for `cabinGrade`: bronze, silver.", ("cabinGrade", ("bronze", "silver"))),
    ("The tariff argument must be set to day or week.", ("tariff", ("day", "week"))),
    ("The lodge accepts cards or cash.", ("", ())),  # no argument named
    # negatives
    ("The cabin must be Fragile.", ("", ())),  # one word: a state or kind, not a code
    ("The notice title must be 'Cabin ready'.", ("", ())),  # one message's wording
    ("The cabin must be active or pending.", ("", ())),  # states, not codes
    ("Tariffs such as day or week are common.", ("", ())),  # examples
    ("You must use one of the tariffs (day).", ("", ())),  # one value is no list
    ("Always pick one of the steps: a, b.", ("", ())),  # steps name no argument
    ("We offer day and week tariffs.", ("", ())),  # describes, no frame closes it
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), LISTS)
def test_closed_lists_in_more_frames(text: str, expected: tuple[str, tuple[str, ...]]) -> None:
    assert more_lists(text) == expected


WORDS = [
    ("allowed_currencies", "currency"),
    ("permittedCabinGrades", "cabin grade"),
    ("valid.zones", "zone"),
    ("destination countries", "destination country"),
    ("warehouses", "warehouse"),
    ("tags", "tags"),  # a list argument keeps its plural
    ("standard tariffs", "tariff"),
    ("status", "status"),
    ("room_type", "room type"),
]


@pytest.mark.parametrize(("said", "words"), WORDS)
def test_the_argument_words_a_label_says(said: str, words: str) -> None:
    assert argument_words(said) == words


BUILT: list[tuple[str, str, list[Row]]] = [
    ("lodge", "You must use one of the standard tariffs (day, week).",
     [allow("bookCabin", "tariff", "day", "week")]),
    ("lodge", "Bronze and silver are the only cabin grades we sell.",
     [allow("bookCabin", "cabinGrade", "bronze", "silver")]),
    ("lodge", "permittedCabinGrades: bronze, silver",
     [allow("bookCabin", "cabinGrade", "bronze", "silver")]),
    ("produce", "allowed_currencies: EUR, USD", [allow("settle_invoice", "ccy", "EUR", "USD")]),
    ("produce", "Currencies we settle in: EUR, USD.",
     [allow("settle_invoice", "ccy", "EUR", "USD")]),
    ("produce", "Countries we have offices in: DE, FR.", []),  # a fact, not an offer
    ("lodge", "The cabin must be active or pending.", []),
    # "standard" calls the list the usual one; the frame still closes it
    ("lodge", "Use only the standard tariffs: 'day', 'week'.",
     [allow("bookCabin", "tariff", "day", "week")]),
    ("lodge", "Only the default tariffs 'day' and 'week' may be offered.",
     [allow("bookCabin", "tariff", "day", "week")]),
    ("lodge", "Typical tariffs are 'day' and 'week'.", []),  # open: examples
    ("lodge", "Accepted tariffs include 'day' and 'week'.", []),  # open: "include"
]  # fmt: skip


@pytest.mark.parametrize(("domain", "text", "expected"), BUILT)
def test_closed_lists_compile_on_the_argument_named(
    tmp_path: Path, domain: str, text: str, expected: list[Row]
) -> None:
    assert valued(build(tmp_path, domain, text)) == expected
