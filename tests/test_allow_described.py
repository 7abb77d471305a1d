"""A tool's description saying which values its own call may pass, after a preposition
(`allow_preps.own_prep_values`): "Only ships to ...", "Use only with ...", "Never use for
... to ...", a passive about what it acts on. Descriptions written for this test; negatives:
a description of what the tool does, plain words, examples."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.allow_domains import allow, ban
from tests.corpus_agents import Row, build_prompt
from tests.test_grammar_arg_restrictions_wide import _tool


def _valued(tmp_path: Path, said: str) -> list[Row]:
    tools = [
        _tool("ship_crate", f"Ship a crate to a destination country. {said}", crate_id="string",
              country=("string", "Destination country code."), haulier="string"),
    ]  # fmt: skip
    built = build_prompt(tmp_path, "# Desk\n\nBe brief.\n", tools)
    rows = []
    for p in built.policies:
        if p.operator not in {"resource_in_allowlist", "deny_action"}:
            continue
        cond = p.condition.model_dump(mode="json", exclude_defaults=True, exclude_none=True)
        arg = (cond.pop("selector", None) or {}).get("arg")
        rows.append((p.target, p.operator, arg, p.enforcement, cond))
    return rows


CASES: list[tuple[str, list[Row]]] = [
    ("Only ships to DE, FR or NL.", [allow("ship_crate", "country", "DE", "FR", "NL")]),
    ("Crates can only be shipped to DE, FR or NL.",
     [allow("ship_crate", "country", "DE", "FR", "NL")]),
    ("Never use for shipments to KP.", [ban("ship_crate", "country", "KP")]),
    ("Use only with hauliers TruckCo or RailCo.",
     [allow("ship_crate", "haulier", "RailCo", "TruckCo")]),
    # negatives
    ("Ships to DE, FR or NL in two days.", []),
    ("Only ships to homes or offices.", []),
    ("Only ships to countries such as DE or FR.", []),
]  # fmt: skip


@pytest.mark.parametrize(("said", "expected"), CASES)
def test_a_description_restricting_its_own_values(
    tmp_path: Path, said: str, expected: list[Row]
) -> None:
    assert _valued(tmp_path, said) == expected
