"""Values given as a table of yes/no marks (`allow_tables`) or as bullets right under a
heading that says they are the only ones (`allow_headed`). Texts written for this test; the
negatives are a table of actions, a table whose marks are prices, a heading that announces
nothing, and items that say more than a value. Each rule cites the list it was read from."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.allow_domains import allow, build, valued
from tests.corpus_agents import Row

CURRENCY_TABLE = """| Currency | Accepted |
|---|---|
| EUR | yes |
| USD | yes |
| RUB | no |"""

GRADE_TABLE = """| Cabin grade | Bookable? |
|----------|----|
| `bronze` | Yes |
| `silver` | Yes |
| `gold` | No |"""

ACTION_TABLE = """| Action | Allowed |
|---|---|
| Ship a crate | yes |
| Settle an invoice | yes |"""

PRICE_TABLE = """| Currency | Accepted |
|---|---|
| EUR | 1.00 |
| USD | 1.08 |"""

HEADED = """## Allowed currencies

- EUR
- USD
- GBP"""

HEADED_ZONES = """## Permitted zones

* Z1
* Z2

Ask the controller before any other flight."""

NOT_HEADED = """## Currencies

- EUR
- USD"""

HEADED_STEPS = """## Allowed steps

- EUR
- USD"""

HEADED_SENTENCES = """## Allowed currencies

- Settle in the customer's own currency when it is listed.
- Otherwise settle in EUR."""

CASES: list[tuple[str, str, list[Row]]] = [
    ("produce", CURRENCY_TABLE, [allow("settle_invoice", "ccy", "EUR", "USD")]),
    ("lodge", GRADE_TABLE, [allow("bookCabin", "cabinGrade", "bronze", "silver")]),
    ("produce", ACTION_TABLE, []),
    ("produce", PRICE_TABLE, []),
    ("produce", HEADED, [allow("settle_invoice", "ccy", "EUR", "GBP", "USD")]),
    ("drones", HEADED_ZONES, [allow("fleet.drone.launch", "zone", "Z1", "Z2")]),
    ("produce", NOT_HEADED, []),
    ("produce", HEADED_STEPS, []),
    ("produce", HEADED_SENTENCES, []),
]


@pytest.mark.parametrize(("domain", "text", "expected"), CASES)
def test_values_listed_in_a_table_or_under_a_heading(
    tmp_path: Path, domain: str, text: str, expected: list[Row]
) -> None:
    assert valued(build(tmp_path, domain, text)) == expected


@pytest.mark.parametrize(
    ("text", "first", "last"),
    [(CURRENCY_TABLE, "EUR", "USD"), (HEADED, "EUR", "GBP")],
)
def test_the_rule_cites_the_listed_values(tmp_path: Path, text: str, first: str, last: str) -> None:
    built = build(tmp_path, "produce", text)
    (policy,) = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    assert policy.source.quote.startswith(first) or policy.source.quote.startswith("|")
    assert policy.source.quote.rstrip().endswith(last)
