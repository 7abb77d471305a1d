"""A table of actions and whether each needs the user's confirmation (`confirm_tables`):
a yes row is `require_confirmation` on its action's tool, a no row no rule, a row with a
condition is never a flat confirmation (it is read or noted on its own). Tables written for
this test, in a bowling alley and a tool library."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.confirm_tables import is_confirmation_header
from tests.corpus_agents import build_prompt, policy_rows
from tests.test_grammar import _tool

TOOLS: list[dict[str, Any]] = [
    _tool("find_member", "Find a member by name.", member_name="string"),
    _tool("book_lane", "Book a bowling lane.", member_id="string"),
    _tool("cancel_booking", "Cancel a lane booking.", booking_id="string"),
    _tool("issue_refund", "Refund a payment.", charge_id="string", amount="number"),
    _tool("lend_tool", "Lend a tool to a member.", member_id="string", tool_id="string"),
]


def _table(header: str, *rows: str) -> str:
    cols = header.count("|") - 1
    return "\n".join([header, "|" + "---|" * cols, *rows])


CASES: list[tuple[str, list[str]]] = [
    (_table("| Action | Confirmation |", "| Cancel booking | Yes |", "| Book lane | No |"),
     ["cancel_booking"]),
    (_table("| Action | Needs confirmation? |", "| Cancel a booking | Yes |",
            "| Issue a refund | Required |", "| Find a member | No |"),
     ["cancel_booking", "issue_refund"]),
    (_table("| Operation | Member consent |", "| Lend a tool | Always |", "| Book a lane | — |"),
     ["lend_tool"]),
    # a condition in the cell: never a flat confirmation
    (_table("| Action | Confirmation |", "| Issue a refund | Only above $50 |"), []),
    # another table: no confirmation read
    (_table("| Action | Price |", "| Book a lane | Yes |"), []),
]  # fmt: skip


@pytest.mark.parametrize(("table", "confirmed"), CASES)
def test_a_table_of_confirmations(tmp_path: Path, table: str, confirmed: list[str]) -> None:
    built = build_prompt(tmp_path, f"# Lane desk\n\n{table}\n", TOOLS)
    rows = [r for r in policy_rows(built) if r[1] == "require_confirmation"]
    assert sorted(r[0] for r in rows) == confirmed
    assert all(r[3] == "enforce" for r in rows)


def test_a_conditional_row_is_noted_at_its_line(tmp_path: Path) -> None:
    table = _table("| Action | Confirmation |", "| Cancel booking | Yes |",
                   "| Issue a refund | Only above $50 |")  # fmt: skip
    built = build_prompt(tmp_path, f"# Lane desk\n\n{table}\n", TOOLS)
    lines = {
        d.span.start_line
        for d in built.state.diagnostics
        if d.span is not None and d.span.path.endswith("prompt.md")
    }
    assert 6 in lines  # the refund row
    confirmed = [p for p in built.policies if p.operator == "require_confirmation"]
    assert [p.source.span.start_line for p in confirmed] == [5]


@pytest.mark.parametrize(
    ("header", "read"),
    [
        (["Action", "Confirmation"], True),
        (["Request", "Requires confirmation"], True),
        (["Action", "Price"], False),
        (["Action", "Confirmation", "Confirm?"], False),  # two confirmation columns
    ],
)
def test_which_headers_are_read(header: list[str], read: bool) -> None:
    assert is_confirmation_header(header) is read
