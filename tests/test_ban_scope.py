"""What a "must not" / "do not use" sentence bans, and no more: a tool named in a later
clause with its own modal ("... must not exceed the fee, and must come from `get_fee`") is
not banned, and "do not use `tool`" bans the tool, not the mention of its name in replies.
Sentences written for the test, in a made-up pool desk."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_agent
from tests.test_grammar import _tool

TOOLS = [
    _tool("get_fee", "Read a fee that was charged.", fee_id="string"),
    _tool("refund_fee", "Refund a fee.", fee_id="string", amount="number"),
    _tool("send_receipt", "E-mail a receipt.", member_id="string"),
]


def _rules(tmp_path: Path, sentence: str) -> list[tuple[str, str, str]]:
    (tmp_path / "tools.json").write_text(json.dumps(TOOLS), "utf-8")
    (tmp_path / "prompt.md").write_text(f"# Pool desk\n\n{sentence}\n", "utf-8")
    built: Any = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    return sorted(
        (p.operator, p.target, p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "The `amount` passed to `refund_fee` must not exceed the fee charged and must come "
        "from `get_fee`.",
        "Refunds must not exceed $50, and the fee id should come from `get_fee`.",
    ],
)
def test_a_tool_in_a_later_clause_is_not_banned(tmp_path: Path, sentence: str) -> None:
    assert not [r for r in _rules(tmp_path, sentence) if r[:2] == ("deny_action", "get_fee")]


@pytest.mark.parametrize(
    ("sentence", "banned"),
    [
        ("Never call `refund_fee`.", "refund_fee"),
        ("Do not use `refund_fee`.", "refund_fee"),
        ("Do not use `refund_fee` and must call `send_receipt`.", "refund_fee"),
    ],
)
def test_the_banned_tool_is_the_one_the_ban_names(
    tmp_path: Path, sentence: str, banned: str
) -> None:
    rules = _rules(tmp_path, sentence)
    assert ("deny_action", banned, "enforce") in rules
    assert not [r for r in rules if r[0] == "control"]  # no ban on the name in replies
    assert not [r for r in rules if r[:2] == ("deny_action", "send_receipt")]


def test_words_not_to_use_in_replies_stay_a_control(tmp_path: Path) -> None:
    rules = _rules(tmp_path, 'Do not use the words "free" and "guaranteed".')
    assert [r[0] for r in rules] == ["control"]


@pytest.mark.parametrize(
    ("sentence", "banned"),
    [
        ("You must not call `refund_fee` or `send_receipt`.", ["refund_fee", "send_receipt"]),
        (
            "Never use `get_fee`, `refund_fee` and `send_receipt`.",
            ["get_fee", "refund_fee", "send_receipt"],
        ),
    ],
)
def test_a_ban_of_listed_tools_bans_each_of_them(
    tmp_path: Path, sentence: str, banned: list[str]
) -> None:
    """ "Never call a or b": neither may be called; each is enforced, none only reviewed."""
    rules = _rules(tmp_path, sentence)
    assert sorted({r[1] for r in rules if r[0] == "deny_action"}) == banned
    assert all(r[2] == "enforce" for r in rules if r[0] == "deny_action")
