"""A thing's identifier said as "<thing> id" binds to the one argument that carries it, under
whatever identifier word the tool uses (`specgap.id_arguments`); a tie or a phrase that names
no thing binds nothing. Tools of a made-up cold store and bell foundry, written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.id_arguments import identifier_argument
from specgap.registry import Registry
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

STORE = [
    _tool("open_crate", "Open a crate in the cold store.", crate_code="string"),
    _tool("move_pallet", "Move a pallet.", storage_pallet_ref="string", bay="string"),
    _tool("ring_bell", "Ring a bell.", bell_name="string", tower_name="string"),
    _tool("weigh", "Weigh a load.", load_number="string", scale_number="string"),
    _tool("seal_crate", "Seal a crate.", crate_id="string", crate_code="string"),
    _tool("list_crates", "List the crates in the store.", aisle="string"),
]

CASES: list[tuple[str, str, str | None]] = [
    ("open_crate", "crate id", "crate_code"),  # another identifier word
    ("open_crate", "the crate number", "crate_code"),
    ("move_pallet", "pallet id", "storage_pallet_ref"),  # behind a qualifier
    ("ring_bell", "bell id", "bell_name"),
    ("ring_bell", "tower number", "tower_name"),
    ("weigh", "load id", "load_number"),
    ("seal_crate", "crate number", None),  # two arguments carry the crate: a tie
    ("move_pallet", "bay id", None),  # `bay` is no identifier argument
    ("open_crate", "lid id", None),  # no argument names the thing
    ("open_crate", "crate", None),  # no identifier word said
    ("weigh", "id number", None),  # no thing named
]


@pytest.fixture(scope="module")
def registry(tmp_path_factory: pytest.TempPathFactory) -> Registry:
    built = build_prompt(tmp_path_factory.mktemp("store"), "# Cold store\n\nBe brief.\n", STORE)
    assert built.state.registry is not None
    return built.state.registry


@pytest.mark.parametrize(("tool", "phrase", "expected"), CASES)
def test_identifier_argument(
    registry: Registry, tool: str, phrase: str, expected: str | None
) -> None:
    found = identifier_argument(registry.by_id[tool], phrase)
    assert (found.arg if found else None) == expected


def test_a_source_rule_binds_the_thing_the_tool_identifies(tmp_path: Path) -> None:
    """ "Only ring a bell the tower register mentions": the bell's identifier, which
    `ring_bell` calls `bell_name`, is the value whose origin the rule restricts."""
    said = "Only ring a bell when the tower register explicitly mentions it."
    built = build_prompt(tmp_path, f"# Bell foundry\n\n{said}\n", STORE)
    grounded = [
        p for p in built.policies
        if p.operator == "arg_grounded" and p.source.artifact.endswith("prompt.md")
    ]  # fmt: skip
    assert [(p.target, p.condition.model_dump().get("selector")) for p in grounded] == [
        ("ring_bell", {"arg": "bell_name", "extract": None})
    ]
