"""Values said with no noun naming their argument ("book appointments for dogs or cats",
"paid with card or insurance") bind to the one argument whose schema lists them: its `enum`
(a plural said for a listed singular, in the schema's spelling) or a description that is
only a list ("card, cash or insurance"); "by/through" a way binds the one argument named as
the way (`channel`) when none lists them (`specgap.argfit`, issue 11). A made-up pet clinic;
every sentence is written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.described_values import listed_only
from tests.corpus_agents import Row, build_prompt, policy_rows
from tests.test_grammar_value_lists import _tool

TOOLS: list[dict[str, Any]] = [
    _tool("book_appointment", "Book a clinic appointment for a pet.", pet_id="string",
          species=("string", "Species of the pet."),
          visit_type=("string", "Kind of visit: checkup, vaccination, surgery or grooming.")),
    _tool("charge_owner", "Charge the owner.", owner_id="string",
          amount=("number", "Charge in dollars."),
          payment_method=("string", "card, cash or insurance")),
    _tool("send_reminder", "Send a reminder.", owner_id="string",
          channel=("string", "How the reminder goes out.")),
]  # fmt: skip
TOOLS[0]["function"]["parameters"]["properties"]["species"]["enum"] = ["dog", "cat", "rabbit"]


def _allow(tool: str, arg: str, how: str, *values: str) -> Row:
    return (tool, "resource_in_allowlist", arg, how, {"allowed": list(values)})


ROWS: list[tuple[str, list[Row]]] = [
    # plurals of an enum's words, in the enum's spelling
    ("Appointments can only be booked for dogs and cats.",
     [_allow("book_appointment", "species", "enforce", "cat", "dog")]),
    ("Only book appointments for dogs, cats or rabbits.",
     [_allow("book_appointment", "species", "enforce", "cat", "dog", "rabbit")]),
    # a description that is only a list (after a label) lists the values
    ("The visit type must be checkup or vaccination.",
     [_allow("book_appointment", "visit_type", "enforce", "checkup", "vaccination")]),
    ("Charges can only be paid with card or insurance.",
     [_allow("charge_owner", "payment_method", "review_only", "card", "insurance")]),
    # "by" a way: the argument named as the way
    ("Reminders can only be sent by sms or email.",
     [_allow("send_reminder", "channel", "enforce", "email", "sms")]),
    # negative: values no schema lists and no way named ("for"): nothing enforced
    ("Only book appointments for hamsters or ferrets.", []),
    ("Reminders can only be sent for birthdays or vaccinations.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_values_bind_to_the_argument_that_lists_them(
    tmp_path: Path, text: str, expected: list[Row]
) -> None:
    built = build_prompt(tmp_path, f"# Clinic\n\n{text}\n", TOOLS)
    rows = [r for r in policy_rows(built) if r[1] == "resource_in_allowlist"]
    assert [(*r[:4], {"allowed": sorted(r[4]["allowed"])}) for r in rows] == expected


@pytest.mark.parametrize(
    ("description", "values"),
    [
        ("sms or email", ("sms", "email")),
        ("Kind of visit: checkup, vaccination or surgery.", ("checkup", "vaccination", "surgery")),
        ("For example sms or email", ()),
        ("The pet's name", ()),
        ("sms", ()),
    ],
)
def test_a_description_that_is_only_a_list(description: str, values: tuple[str, ...]) -> None:
    assert listed_only(description) == values
