"""A table column that says the user must confirm the row's action, headed by who confirms
(`specgap/extract/order4_tables.py`, `docs/orderings-four.md`). Headers and rows of made-up
desks; the action cells in several id styles."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.order4_tables import row_confirmations
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool


@pytest.mark.parametrize(
    ("header", "row", "expected"),
    [
        (
            ["Action", "Read first", "Borrower must confirm"],
            ["`renew_loan`", "`get_loan`", "yes"],
            [("renew_loan", None)],
        ),
        (
            ["Tool", "Confirmed by the caller"],
            ["kiln.firing.Start", "✓"],
            [("kiln.firing.Start", None)],
        ),
        (
            ["Operation", "Guest OK"],
            ["`setRoomRate` with `override: true`", "required"],
            [("setRoomRate", "with `override: true`")],
        ),
        (
            ["Action", "Member confirms?"],
            ["`cancel-locker-rental`", "Yes"],
            [("cancel-locker-rental", None)],
        ),
        # a no, an empty cell, someone who speaks for the business, no one named
        (["Action", "Borrower must confirm"], ["`renew_loan`", "no"], []),
        (["Action", "Borrower must confirm"], ["`renew_loan`", ""], []),
        (["Action", "Manager must confirm"], ["`refund_fee`", "yes"], []),
        (["Action", "Read first"], ["`refund_fee`", "yes"], []),
        (["Action", "Borrower must confirm"], ["`renew_loan`"], []),  # a short row
    ],
)
def test_row_confirmations(header: list[str], row: list[str], expected: list) -> None:
    got = [(e.target, e.condition) for e in row_confirmations(header, row)]
    assert got == expected


def test_a_confirmation_column_beside_a_read_first_column(tmp_path: Path) -> None:
    tools = [
        _tool("get_locker", "Read a locker with its status.", locker_id="string"),
        _tool("release_locker", "Release a rented locker.", locker_id="string"),
        _tool("extend_rental", "Extend a locker rental.", locker_id="string"),
    ]
    table = (
        "| Action | Read first | Renter must confirm |\n|---|---|---|\n"
        "| `release_locker` | `get_locker` | yes |\n| `extend_rental` | `get_locker` | no |\n"
    )
    built = build_prompt(tmp_path, f"# Lockers\n\n{table}", tools)
    got = {
        (p.operator, p.target)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator.startswith("require_")
    }
    assert got == {
        ("require_before", "release_locker"),
        ("require_before", "extend_rental"),
        ("require_confirmation", "release_locker"),
    }
