"""A parameter's description saying where its value comes from with a relative clause on the
value ("the lotId that seedbank.lot.Find returned"), or from the person ("as the member typed
it") (`specgap.extract.desc4_origins`), and the state its entity must be in ("A booking whose
status is held.") (`specgap.extract.desc4_states`). Negative rows: "whose" of another thing,
a permission, the described tool as its own source, an entity the parameter does not
identify. Every description written for this test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.desc4_origins import desc4_source
from tests.corpus_agents import build_agent
from tests.test_grammar import _tool

SOURCES: list[tuple[str, dict[str, Any] | None]] = [
    ("The lotId that seedbank.lot.Find returned; never one typed in.",
     {"from_user": False, "from_tools": ["seedbank.lot.Find"]}),
    ("Must be one of the versions that `listVersions` listed.",
     {"from_user": False, "from_tools": ["listVersions"]}),
    ("Copied from the tag code that get_tag gave; never written by hand.",
     {"from_user": False, "from_tools": ["get_tag"]}),
    ("A berth which ferry-berths-list returned.",
     {"from_user": False, "from_tools": ["ferry-berths-list"]}),
    ("The slot that kiln__slots_find has returned.",
     {"from_user": False, "from_tools": ["kiln__slots_find"]}),
    ("Use it exactly as the member typed it.", {"from_user": True, "from_tools": []}),
    ("Copy it verbatim: the voucher code the passenger gave.",
     {"from_user": True, "from_tools": []}),
    ("Never reformat it; the e-mail as the caller spelled it.",
     {"from_user": True, "from_tools": []}),
    ("The voucher code the passenger gave.", None),  # a gloss: describes, does not oblige
    ("Mobile number, digits only, as the caller gave it.", None),
    ("Whether the member has provided a signed waiver.", None),  # a fact, not a source
    ("The member whose card getMember returned.", None),  # "whose": another thing
    ("The glider's tail number.", None),
    ("The day that suits the pilot.", None),  # no tool id, no person giving it
    ("The lot that the curator approved.", None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "source"), SOURCES)
def test_source(text: str, source: dict[str, Any] | None) -> None:
    assert desc4_source(text) == source


def _built(tmp_path: Path, tools: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    (tmp_path / "tools.json").write_text(json.dumps(tools, indent=1))
    (tmp_path / "prompt.md").write_text("# Desk\n\nBe courteous.\n")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    out = []
    for p in built.policies:
        if p.operator in {"arg_grounded", "state_condition"}:
            data = p.condition.model_dump(mode="json", exclude_none=True)
            keep = ("from_tools", "from_user", "field", "allowed", "entity")
            out.append(
                (p.operator, p.target, p.enforcement, {k: data[k] for k in keep if k in data})
            )
    return out


def _with(description: str, param: str = "lotId") -> list[dict[str, Any]]:
    ship = _tool("seedbank.lot.Ship", "Ship a seed lot to a partner.", **{param: "string"})
    ship["function"]["parameters"]["properties"][param]["description"] = description
    find = _tool("seedbank.lot.Find", "Read a lot: status (open, sealed or shipped) and "
                 "variety.", lotId="string")  # fmt: skip
    return [ship, find]


def test_grounded_from_the_tool(tmp_path: Path) -> None:
    found = _built(tmp_path, _with("The lotId that seedbank.lot.Find returned; never a guess."))
    assert ("arg_grounded", "seedbank.lot.Ship", "enforce",
            {"from_tools": ["seedbank.lot.Find"], "from_user": False}) in found  # fmt: skip


def test_own_output_is_no_source(tmp_path: Path) -> None:
    tools = _with("Any lot.")
    tools[1]["function"]["parameters"]["properties"]["lotId"]["description"] = (
        "The lotId that seedbank.lot.Find returned."
    )
    assert not [r for r in _built(tmp_path, tools) if r[0] == "arg_grounded"]


@pytest.mark.parametrize(
    ("description", "value"),
    [
        ("A lot whose status is sealed.", "sealed"),
        ("The lot to ship; it must be in status sealed.", "sealed"),
        ("A lot in state open.", "open"),
    ],
)
def test_state_of_the_identified_entity(tmp_path: Path, description: str, value: str) -> None:
    found = [r for r in _built(tmp_path, _with(description)) if r[0] == "state_condition"]
    assert [(r[1], r[3]["field"], r[3]["allowed"]) for r in found] == [
        ("seedbank.lot.Ship", "status", [value])
    ]


@pytest.mark.parametrize(
    ("description", "param"),
    [
        ("A crate whose status is sealed.", "lotId"),  # not the entity the id names
        ("A lot whose status is sealed.", "note"),  # not an id of a lot
        ("The lot, sealed or open.", "lotId"),
    ],
)
def test_no_state(tmp_path: Path, description: str, param: str) -> None:
    assert not [r for r in _built(tmp_path, _with(description, param)) if r[0] == "state_condition"]


def test_no_state_on_a_parameter_that_is_no_id(tmp_path: Path) -> None:
    tools = _with("Lot whose seal is broken.", "lot")
    assert not [r for r in _built(tmp_path, tools) if r[0] == "state_condition"]
