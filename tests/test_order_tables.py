"""Orderings stated by a table (`specgap.extract.order_tables`): a column of actions and a
column headed as what must come first; each row requires its prerequisites (all of a list,
any one of an "or"). Tables with no such header (a price list, a column headed just
"Before") state none. Tables written for the test, in a made-up greenhouse."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.order_tables import row_orders
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

ROWS: list[tuple[list[str], list[str], list[tuple[str, object]]]] = [
    (["Action", "Must come first"], ["water_bed", "check_soil"], [("water_bed", "check_soil")]),
    (["Tool", "Prerequisites"], ["repot_plant", "get_plant, book_bench"],
     [("repot_plant", "get_plant"), ("repot_plant", "book_bench")]),
    (["Operation", "Requires"], ["repot_plant", "get_plant or get_bench"],
     [("repot_plant", ["get_plant", "get_bench"])]),
    (["Depends on", "Task"], ["check_soil", "water_bed"], [("water_bed", "check_soil")]),
    # nothing stated
    (["Action", "Must come first"], ["water_bed", "-"], []),
    (["Action", "Must come first"], ["water_bed", "n/a"], []),
    (["Action", "Price"], ["water_bed", "20"], []),  # no prerequisite column
    (["Tool", "Before"], ["water_bed", "check_soil"], []),  # "before" may say either way
    (["Action", "Must come first"], ["water_bed"], []),  # a ragged row
]  # fmt: skip


@pytest.mark.parametrize(("header", "row", "orders"), ROWS, ids=[str(r) for _, r, _ in ROWS])
def test_row_orders(header: list[str], row: list[str], orders: list[tuple[str, object]]) -> None:
    assert [(e.target, e.params["before"]) for e in row_orders(header, row)] == orders


GREENHOUSE = [
    _tool("get_plant", "Look up a plant with its bed and health.", plant_id="string"),
    _tool("check_soil", "Check the moisture of a bed's soil.", bed_id="string"),
    _tool("water_bed", "Water a bed.", bed_id="string"),
    _tool("repot_plant", "Move a plant into a new pot.", plant_id="string"),
    _tool("order_seeds", "Order seeds for the greenhouse.", kind="string", amount="number"),
    _tool("get_seed_stock", "Get the seed stock of the greenhouse.", kind="string"),
]  # fmt: skip

TABLES: list[tuple[str, set[tuple[int, str, str]]]] = [
    ("| Action | Must come first |\n|---|---|\n| water_bed | check_soil |\n"
     "| Order seeds | Get the seed stock |\n| Repot a plant | get_plant |\n",
     {(5, "water_bed", "check_soil"), (6, "order_seeds", "get_seed_stock"),
      (7, "repot_plant", "get_plant")}),
    # a column headed "Before" alone: which way it goes is not said
    ("| Tool | Before |\n|---|---|\n| water_bed | check_soil |\n", set()),
    # rows outside a table, or a table with no header rule: nothing read as a table
    ("water_bed | check_soil\n", set()),
]  # fmt: skip


@pytest.mark.parametrize(("table", "orders"), TABLES, ids=[t[:30] for t, _ in TABLES])
def test_tables(tmp_path: Path, table: str, orders: set[tuple[int, str, str]]) -> None:
    built = build_prompt(tmp_path, f"# Greenhouse\n\n{table}", GREENHOUSE)
    found = {
        (p.source.span.start_line, p.target, str(p.condition.model_dump()["before"]))
        for p in built.policies
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md")
    }
    assert found == orders
