"""The choices of `specgap.carg8_bind` pinned: a tie of two arguments listing the
value is a located note and no policy, "N or more" on an integer is `max N-1` and on a number
nothing, a colon's reason is not part of the condition, and no pattern backtracks."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from specgap import carg8_bind
from tests.corpus_agents import build_prompt
from tests.probes import flat
from tests.test_carg8_probe_a import tool

KENNEL = [
    tool("boarding.book", "Book a dog in for boarding.", dog_id="string",
         run_size=["small", "large"], bed_size=["small", "large"], nights="integer",
         weight_kg="number"),
    tool("boarding.extend", "Extend a stay.", stay_id="string", extra_nights="integer"),
]  # fmt: skip


def _built(folder: Path, text: str) -> tuple[list[Any], list[Any]]:
    built = build_prompt(folder, f"# Desk\n\n{text}\n", KENNEL)
    mine = [p for p in built.policies if p.source.artifact.endswith("prompt.md")]
    notes = [d for d in built.state.diagnostics if d.span and d.span.path.endswith("prompt.md")]
    return mine, notes


def test_a_tie_of_two_arguments_is_a_note(tmp_path: Path) -> None:
    mine, notes = _built(tmp_path, "Never book a dog in when it is large.")
    assert not [p for p in mine if p.enforcement == "enforce"]
    assert any("`bed_size` and `run_size`" in n.message for n in notes)


def test_the_argument_named_settles_a_tie(tmp_path: Path) -> None:
    mine, _ = _built(tmp_path, "Never book a dog in when the run size is large.")
    # (reviewed: "book a dog in" names `boarding.book` under the score enforced at)
    assert [(p.operator, flat(p)["arg"], list(flat(p)["values"])) for p in mine] == [
        ("deny_action", "run_size", ["large"])
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Never book a dog in for 15 nights or more.", 14),
        ("Never book a dog in for more than 14 nights.", 14),
    ],
)
def test_or_more_on_an_integer(tmp_path: Path, text: str, expected: int) -> None:
    mine, _ = _built(tmp_path, text)
    bounds = [flat(p) for p in mine if p.operator == "arg_within_bound"]
    assert [(b["arg"], b["max"]) for b in bounds] == [("nights", expected)]


def test_or_more_on_a_number_is_not_read() -> None:
    assert carg8_bind._read(
        _tool_of("boarding.book"), "if it weighs 40 kg or more", "Never book a dog in if it "
        "weighs 40 kg or more."
    ) == (None, [])  # fmt: skip


def test_a_reason_after_a_colon_is_not_the_condition() -> None:
    found, _ = carg8_bind._read(
        _tool_of("boarding.book"),
        "if it weighs more than 40 kg: the runs are not built for it",
        "Never book a dog in if it weighs more than 40 kg: the runs are not built for it.",
    )
    assert found is None  # the reason holds a negation: nothing is read


def _tool_of(tool_id: str) -> Any:
    from specgap.registry import Tool

    spec = next(t for t in KENNEL if t["function"]["name"] == tool_id)["function"]
    return Tool(id=tool_id, schema=spec["parameters"])


@pytest.mark.parametrize(
    "line",
    [
        "use " + "a_b_" * 30,
        "x" + " " * 20000 + "y",
        ":" * 20000,
        "1" * 20000 + " or",
        "1" + ",1" * 9000,
    ],
)
def test_no_backtracking(line: str) -> None:
    patterns = (carg8_bind._CMP, carg8_bind._OR_MORE, carg8_bind._REASON, carg8_bind._GOES_ON)
    for pattern in patterns:
        started = time.perf_counter()
        pattern.split(line)
        assert time.perf_counter() - started < 0.05
