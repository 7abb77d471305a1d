"""A state an entity must be in to receive something holds for every tool that gives it.

Sentences and tools are written for these tests, in made-up domains (a coworking space, a
vendor portal, a school library, a chat workspace), with tool ids of several styles. See
`specgap.resolve.receivers`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.registry import Tool
from specgap.resolve.receivers import givers
from tests.corpus_agents import build_prompt


def _tool(name: str, *args: str) -> Tool:
    props = {a: {"type": "string"} for a in args}
    return Tool(id=name, names=(name,), schema={"type": "object", "properties": props})


def _spec(name: str, description: str, *args: str) -> dict[str, Any]:
    props = {a: {"type": "string"} for a in args}
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": props, "required": list(args)},
        },
    }


COWORK = [
    _tool("issue_guest_pass", "member_id", "pass_id"),
    _tool("grant_guest_pass", "member_id", "pass_id", "note"),
    _tool("revoke_guest_pass", "member_id", "pass_id"),
    _tool("list_guest_passes", "member_id"),
    _tool("get_member", "member_id"),
]
VENDORS = [
    _tool("orders.create", "vendorId", "orderId"),
    _tool("orders.assign", "vendorId", "orderId", "buyer"),
    _tool("orders.cancel", "vendorId", "orderId"),
    _tool("orders.get", "orderId"),
]
CHAT = [
    _tool("chat__add_member_to_channels", "member_id", "channel_ids"),
    _tool("chat__set_member_channels", "member_id", "channel_ids", "actor"),
    _tool("chat__remove_member_from_channels", "member_id", "channel_ids"),
    _tool("chat__get_member_channels", "member_id"),
    _tool("chat__set_member_status", "member_id", "status"),
]


@pytest.mark.parametrize(
    ("tools", "given_by", "entity", "expected"),
    [
        # another giving verb over the same two identifiers
        (COWORK, "issue_guest_pass", "member", ("grant_guest_pass",)),
        (VENDORS, "orders.create", "vendor", ("orders.assign",)),
        # replacing the channels gives them too; removing them, reading them, or a tool that
        # takes only the member's identifier does not
        (CHAT, "chat__add_member_to_channels", "member", ("chat__set_member_channels",)),
        # the entity named in other words than its identifier: nothing is guessed
        (COWORK, "issue_guest_pass", "tenant", ()),
        # a tool with the entity's identifier only relates nothing to it
        (CHAT, "chat__set_member_status", "member", ()),
    ],
)
def test_the_givers_take_both_identifiers_and_give(
    tools: list[Tool], given_by: str, entity: str, expected: tuple[str, ...]
) -> None:
    by = next(t for t in tools if t.id == given_by)
    assert givers(tools, by, entity) == expected


LIBRARY = [
    _spec("lookup_student", "Look up a student with their status.", "student_id"),
    _spec("issue_loan", "Issue a book loan to a student.", "student_id", "book_id"),
    _spec("lend_book", "Lend a book to a student from the reserve shelf.", "student_id", "book_id"),
    _spec("renew_loan", "Renew a student's book loan.", "student_id", "book_id"),
    _spec("return_loan", "Take a loaned book back from a student.", "student_id", "book_id"),
    _spec("record_fine", "Record a fine for a student.", "student_id", "amount"),
]


def _conditions(tmp_path: Path, sentence: str) -> dict[str, str]:
    built = build_prompt(tmp_path, f"# Library desk\n\n{sentence}\n", LIBRARY)
    return {p.target: p.enforcement for p in built.policies if p.operator == "state_condition"}


@pytest.mark.parametrize(
    "said",
    [
        "Only students whose status is 'active' may receive book loans.",
        "Only students whose status is 'active' can be issued book loans.",
    ],
)
def test_a_receiving_rule_holds_for_every_giver(tmp_path: Path, said: str) -> None:
    found = _conditions(tmp_path, said)
    assert "issue_loan" in found
    # `lend_book` gives a loan too (same two identifiers, a giving verb): inferred, so
    # reviewed, never enforced; taking the book back or fining the student is no giving,
    # and a verb the lexicon has no class for (`renew`) is not guessed to give
    assert found.get("lend_book") not in {None, "enforce"}
    assert not {"return_loan", "record_fine", "renew_loan"} & set(found)


def test_a_rule_with_no_receiving_is_not_spread(tmp_path: Path) -> None:
    said = "Only students whose status is 'active' may borrow books through issue_loan."
    found = _conditions(tmp_path, said)
    assert set(found) == {"issue_loan"}
