"""A set of values defined once by a term and used by it in a rule elsewhere (`allow_terms`):
a definition sentence, a `Term: values` line, a heading over bullets; before or after the
rule, in another section (the prompt is then not cut into sections, `specgap.sections`).
Texts written for this test; negatives: an open definition ("include"), a plain noun, a
term defined twice with other values, a term used in no rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.allow_terms import defines_terms
from specgap.sections import sections
from tests.allow_domains import allow, build, valued
from tests.corpus_agents import Row

HEADED = """## Approved Hauliers

- TruckCo
- RailCo

## Shipping

Only ship crates with Approved Hauliers."""

TWICE = """Approved Hauliers are TruckCo and RailCo.

Approved Hauliers are TruckCo and BargeCo.

Only ship crates with Approved Hauliers."""

CASES: list[tuple[str, list[Row]]] = [
    ("Approved Hauliers are TruckCo, RailCo and Ferry Line. "
     "Crates may only be shipped with Approved Hauliers.",
     [allow("ship_crate", "haulier", "Ferry Line", "RailCo", "TruckCo")]),
    ("Crates may only be shipped with Approved Hauliers.\n\n"
     "Approved Hauliers: TruckCo, RailCo.",
     [allow("ship_crate", "haulier", "RailCo", "TruckCo")]),
    (HEADED, [allow("ship_crate", "haulier", "RailCo", "TruckCo")]),
    # negatives
    ("Partner Hauliers include TruckCo and RailCo. Only ship crates with Partner Hauliers.",
     []),
    ("Hauliers are TruckCo and RailCo. Only ship crates with hauliers we trust.", []),
    (TWICE, []),
    ("Approved Hauliers are TruckCo and RailCo. Look up crates by id.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_a_term_is_read_as_the_values_it_defines(
    tmp_path: Path, text: str, expected: list[Row]
) -> None:
    assert valued(build(tmp_path, "produce", text)) == expected


def test_a_prompt_that_defines_a_term_is_not_cut_into_sections() -> None:
    text = f"# Desk\n\n{HEADED}\n"
    assert defines_terms(text)
    assert sections(text) is None
    plain = "# Desk\n\n## Shipping\n\nOnly ship crates to DE.\n\n## Docks\n\nBook docks early.\n"
    assert not defines_terms(plain)
    assert sections(plain) is not None
