"""A count of items said as a noun is written, at compile time, as a count of the one list
argument the noun names (`selector: {arg: ...}`), so the policy says what it counts; a
noun no argument or several arguments answer to, or one that names no list, keeps its
`items` and is counted by name at check time (a seed-bank desk written for the test)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool


def _tools() -> list[Any]:
    return [
        _tool("lookup_grower", "Find a grower by name.", grower_name="string"),
        _tool("reserve_packets", "Reserve seed packets for a grower.", grower_id="string",
              packet_ids="array"),
        _tool("ship_parcel", "Ship a parcel of seed packets.", parcel_id="string",
              packets="integer"),
        _tool("tag_lots", "Tag seed lots.", lot_ids="array", lot_codes="array"),
    ]  # fmt: skip


def _counts(tmp_path: Path, sentence: str) -> list[dict[str, Any]]:
    built = build_prompt(tmp_path, f"# Seed bank\n\n{sentence}\n", _tools())
    return [
        {"target": p.target, **p.condition.model_dump(mode="json", exclude_none=True)}
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "arg_count_bound"
    ]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the noun names one list argument: counted as that argument
        ("Each reservation may include between 1 and 8 packets.",
         {"target": "reserve_packets", "selector": {"arg": "packet_ids"}, "min": 1, "max": 8}),
        ("A reservation holds at most 8 packets.",
         {"target": "reserve_packets", "selector": {"arg": "packet_ids"}, "max": 8}),
    ],
)  # fmt: skip
def test_a_count_names_its_argument(
    tmp_path: Path, sentence: str, expected: dict[str, Any]
) -> None:
    found = _counts(tmp_path, sentence)
    assert expected in [{k: c.get(k) for k in expected} for c in found], found
    assert all("items" not in c for c in found if c["target"] == expected["target"])


def test_two_arguments_named_alike_keep_items() -> None:
    from specgap.argfit import _count_on_argument
    from specgap.registry import Tool

    tool = Tool(id="tag_lots", schema=_tools()[3]["function"]["parameters"])
    params = {"items": "lot", "max": 3}
    assert _count_on_argument(tool, params) == params  # `lot_ids` and `lot_codes`: a tie


@pytest.mark.parametrize(
    ("items", "tool_index", "kept"),
    [
        ("packets", 1, False),  # `packet_ids`, a list: the selector
        ("packets", 2, True),  # `packets` is a number here, not a list: by name
        ("gift card", 1, True),  # no argument answers to it: an id kind, by name
        ("lot", 3, True),  # two arguments answer to it: by name
    ],
)
def test_count_on_argument(items: str, tool_index: int, kept: bool) -> None:
    from specgap.argfit import _count_on_argument
    from specgap.registry import Tool

    spec = _tools()[tool_index]["function"]
    tool = Tool(id=spec["name"], schema=spec["parameters"])
    params = {"items": items, "max": 3}
    out = _count_on_argument(tool, params)
    assert (out == params) is kept
    if not kept:
        assert out["selector"].arg == "packet_ids"
        assert "items" not in out
        assert out["max"] == 3
