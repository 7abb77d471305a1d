"""Bounds a parameter's description states in the shapes `parameter_limits` did not read
(`specgap.extract.desc4_bounds`): the number before its bound word ("90 at most"), a
comparison ("never above 40"), a range without "between"/"from" ("allowed range 2 to 9",
"..., 1 to 12."), and a ceiling on a timeout parameter read as `timeout_leq`. Negative rows:
lengths, codes joined by a hyphen, rates, bounds of something else. Every description written
for this test (a kiln studio, a glider club, a seed bank, a ferry desk)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specgap.extract.parameter_limits import parameter_limits
from tests.corpus_agents import build_agent
from tests.test_grammar import _tool

READ: list[tuple[str, dict[str, Any]]] = [
    ("Soak time in minutes; 90 at most.", {"max": 90}),
    ("Packets to send, 40 max.", {"max": 40}),
    ("Crew on the winch: 2 or more.", {"min": 2}),
    ("Cones in the kiln, 3 at least.", {"min": 3}),
    ("Launch height in metres; never above 600.", {"max": 600}),
    ("Wind limit, not over 25 knots.", {"max": 25}),
    ("Shelf level; no lower than 1.", {"min": 1}),
    ("Seedlings per tray; no higher than 48.", None),  # a rate ("per"): left as it was
    ("Percent off; allowed range 5 to 20.", {"min": 5, "max": 20}),
    ("Berth count, range: 1 - 8.", {"min": 1, "max": 8}),
    ("Cabins to hold, 1 to 12.", {"min": 1, "max": 12}),
    ("Tow length in metres: 30 through 60.", {"min": 30, "max": 60}),
    ("Valid values 2..9.", {"min": 2, "max": 9}),
]

NOT_READ: list[str] = [
    "Notes for the skipper; 300 characters at most.",  # a length
    "Phone of the contact, 555-0142.",  # a code with a hyphen
    "Order number, 2024-118.",
    "Variety code, e.g. 12-40.",
    "Temperatures above 1200 need a second check.",  # no bound of the value itself
    "The glider's tail number.",
    "Ten at most.",  # a number in words: not a value bound read here
]


@pytest.mark.parametrize(("text", "bound"), READ)
def test_bound_read(text: str, bound: dict[str, Any] | None) -> None:
    found = parameter_limits(text, "amount", False)
    if bound is None:
        assert found == []
        return
    assert [(e.operator, e.params) for e in found] == [
        ("arg_within_bound", {"facet": "amount", **bound})
    ]


@pytest.mark.parametrize("text", NOT_READ)
def test_no_bound(text: str) -> None:
    assert parameter_limits(text, "amount", False) == []


def test_schema_bound_stays_the_schemas() -> None:
    assert parameter_limits("Soak time in minutes; 90 at most.", "soak", True) == []


def _policies(tmp_path: Path, name: str, param: str, kind: str, description: str) -> list[Any]:
    tool = _tool(name, "Do the thing.", **{param: kind, "ref": "string"})
    tool["function"]["parameters"]["properties"][param]["description"] = description
    (tmp_path / "tools.json").write_text(json.dumps([tool], indent=1))
    (tmp_path / "prompt.md").write_text("# Desk\n\nBe courteous.\n")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    return [
        (p.operator, p.target, p.condition.model_dump(mode="json", exclude_none=True))
        for p in built.policies
        if p.operator in {"arg_within_bound", "timeout_leq"}
    ]


@pytest.mark.parametrize(
    ("name", "param", "description", "seconds"),
    [
        ("kiln.probe.Read", "timeoutSeconds", "Stop waiting after this long; 20 at most.", 20),
        ("fetchManifest", "timeout_ms", "Give up after this many ms, 5000 max.", 5),
        ("GliderTrack", "timeoutMinutes", "Wait no longer than this; 2 at most.", 120),
        ("seed-bank__scan", "timeout", "In seconds; never above 45.", 45),
    ],
)
def test_timeout_parameter(
    tmp_path: Path, name: str, param: str, description: str, seconds: int
) -> None:
    found = _policies(tmp_path, name, param, "integer", description)
    assert [(op, target) for op, target, _ in found] == [("timeout_leq", name)]
    condition = found[0][2]
    assert condition["max_seconds"] == seconds
    assert condition["selector"]["arg"] == param


def test_timeout_range_stays_a_bound(tmp_path: Path) -> None:
    found = _policies(tmp_path, "pollKiln", "timeoutSeconds", "integer", "Wait, 5 to 60.")
    assert [(op, target) for op, target, _ in found] == [("arg_within_bound", "pollKiln")]


def test_value_bound_on_a_named_tool(tmp_path: Path) -> None:
    found = _policies(tmp_path, "ferry.hold.Place", "hours", "integer", "How long; 48 at most.")
    assert found == [
        ("arg_within_bound", "ferry.hold.Place", {"operator": "arg_within_bound",
         "selector": {"arg": "hours"}, "max": 48.0})
    ]  # fmt: skip
