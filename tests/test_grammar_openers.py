"""What the agent must do before anything else ("at the beginning of the conversation, you
have to ...", "you must first ..."): `require_before("*", X)`, any of the ways the sentence
offers, within the section or scope it is written in, reviewed (never enforced wider than
the sentence). A made-up lending-library domain; sentences written for the test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import Built, build_agent
from tests.test_grammar import _tool

TOOLS = [
    _tool("find_member_by_email", "Find a member id by e-mail address.", email="string"),
    _tool("find_member_by_card", "Find a member id by library card number.", card="string"),
    _tool("lend_book", "Lend a book to a member.", member_id="string", isbn="string"),
    _tool("renew_loan", "Renew the loan of a book.", loan_id="string"),
]


def _build(tmp_path: Path, text: str) -> Built:
    tools = tmp_path / "tools.json"
    tools.write_text(json.dumps(TOOLS, indent=1))
    prompt = tmp_path / "prompt.md"
    prompt.write_text(text)
    return build_agent(tmp_path, [prompt], [tools])


def _firsts(built: Built) -> list[tuple[Any, str | None, str]]:
    """(what must come first, kept condition, enforcement) of every rule over every tool."""
    out = []
    for p in built.policies:
        if p.operator == "require_before" and p.target == "*":
            before = p.condition.model_dump()["before"]
            rule = next(r for r in built.state.rules if r.span == p.source.span)
            kept = sorted(before) if isinstance(before, list | tuple) else before
            out.append((kept, rule.condition, p.enforcement))
    return out


WAYS = ["find_member_by_card", "find_member_by_email"]
OPENERS: list[tuple[str, str, list[tuple[Any, str | None, str]]]] = [
    (
        "any of the ways the sentence offers",
        "# Library policy\n\nAt the beginning of the conversation, you have to identify the "
        "member by finding their member id via e-mail, or via card number.\n",
        [(WAYS, None, "review_only")],
    ),
    (
        "one action",
        "# Library policy\n\nBefore anything else, find the member id by card number.\n",
        [("find_member_by_card", None, "review_only")],
    ),
    (
        "a section below the title is the scope",
        "# Library policy\n\n## Renewals\n\nYou must first find the member id by e-mail.\n",
        [("find_member_by_email", "within: Renewals", "review_only")],
    ),
    (
        "a scope of its own",
        "# Library policy\n\nFor any request about fines, you must first find the member id by "
        "card number.\n",
        [("find_member_by_card", "within: For any request about fines", "review_only")],
    ),
    # never read here: a ban, a later action of its own, no tool action
    (
        "a condition is kept",
        "# Library policy\n\nIf the member is new, you must first find the member id by e-mail.\n",
        [("find_member_by_email", "If the member is new", "review_only")],
    ),
    (
        "a later action of its own",
        "# Library policy\n\nYou must first find the member id by e-mail before lending a book.\n",
        [],
    ),
    (
        "no tool action",
        "# Library policy\n\nAt the beginning of the conversation, greet the member.\n",
        [],
    ),
    (
        "a value the user gives",
        "# Library policy\n\nYou must first get the card number from the member.\n",
        [],
    ),
    ("a ban", "# Library policy\n\nAt the start of the session, never renew a loan.\n", []),
]


@pytest.mark.parametrize(
    ("name", "text", "expected"), OPENERS, ids=[name for name, _, _ in OPENERS]
)
def test_what_comes_before_anything_else(
    tmp_path: Path, name: str, text: str, expected: list[tuple[Any, str | None, str]]
) -> None:
    built = _build(tmp_path, text)
    firsts = _firsts(built)
    assert firsts == expected
    assert all(enforcement != "enforce" for _, _, enforcement in firsts)  # never wider


def test_a_later_action_keeps_its_own_order(tmp_path: Path) -> None:
    built = _build(
        tmp_path,
        "# Library policy\n\nYou must first find the member id by e-mail before lending a book.\n",
    )
    orders = {
        (p.target, p.condition.model_dump()["before"])
        for p in built.policies
        if p.operator == "require_before"
    }
    assert orders == {("lend_book", "find_member_by_email")}
