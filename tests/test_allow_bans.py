"""Bans of values and obligations said in the shapes the grammar may misread
(`allow_preps`): the agent's side negated ("we do not ship to ..."), a negated passive
("crates must not be shipped to ..."), an action's noun declared prohibited ("shipping to
KP is prohibited": reviewed, the action named by its noun), a passive told always ("invoices
are always settled in EUR"), the verb first with `only` after the object. Sentences written
for this test; negatives: a subject with its own qualifier, people as subjects of a passive,
plain words."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.allow_domains import allow, ban, build, valued
from tests.corpus_agents import Row

CASES: list[tuple[str, list[Row]]] = [
    ("We do not ship to KP, IR or SY.", [ban("ship_crate", "country", "IR", "KP", "SY")]),
    ("The agent must never ship crates to KP or IR.", [ban("ship_crate", "country", "IR", "KP")]),
    ("Crates must not be shipped to KP or IR.", [ban("ship_crate", "country", "IR", "KP")]),
    ("Shipping to KP or IR is prohibited.",
     [ban("ship_crate", "country", "IR", "KP", how="review_only")]),
    ("Shipments to KP are not allowed.", [ban("ship_crate", "country", "KP", how="review_only")]),
    ("Invoices are always settled in EUR.", [allow("settle_invoice", "ccy", "EUR")]),
    ("Ship crates only to DE, FR or NL.", [allow("ship_crate", "country", "DE", "FR", "NL")]),
    # "other than": the argument is the noun after the last preposition, not the object
    ("Never settle an invoice in a currency other than EUR or USD.",
     [allow("settle_invoice", "ccy", "EUR", "USD")]),
    ("Do not ship any crate to a country other than DE or FR.",
     [allow("ship_crate", "country", "DE", "FR")]),
    # negatives
    ("Crates for Germany must be shipped to DE.", []),  # a qualified subject: some crates
    ("Buyers are always shipped to DE.", []),  # people
    ("Crates must not be shipped to homes.", []),  # a plain word
    ("Invoices are settled in EUR.", []),  # says what happens, not a rule
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_bans_and_obligations_of_values(tmp_path: Path, text: str, expected: list[Row]) -> None:
    assert valued(build(tmp_path, "produce", text)) == expected
