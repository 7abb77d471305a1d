"""The action an allowlist is about, said by other words than a tool (`allow_actions`): a
noun of the action before the argument ("the cancellation reason"), a clause of the action
("when cancelling a crate, ..."), "... as the X when V-ing Y", "for the X, use ...", and a
choice of alternatives ("set the X to 'a' or 'b'", "... for one of two reasons: ..."). The
clause that names the action is no condition of the rule. Sentences written for this test;
negatives: a noun that is itself a verb names the entity, a verb no tool's id says, one
value, and a noun derived by no suffix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from specgap.extract.allow_actions import verb_of
from tests.allow_domains import DOMAINS, allow, notes, valued
from tests.corpus_agents import Built, Row, build_prompt
from tests.test_grammar_arg_restrictions_wide import _tool

TOOLS: list[dict[str, Any]] = [
    *DOMAINS["produce"],
    _tool("cancel_crate", "Cancel a crate order.", crate_id="string",
          reason=("string", "Why it is cancelled.")),
]  # fmt: skip


def _build(tmp_path: Path, text: str) -> Built:
    return build_prompt(tmp_path, f"# Desk\n\n{text}\n", TOOLS)


CASES: list[tuple[str, list[Row]]] = [
    ("The cancellation reason can only be 'spoiled' or 'late'.",
     [allow("cancel_crate", "reason", "late", "spoiled")]),
    ("When cancelling a crate, the reason is 'spoiled' or 'late'.",
     [allow("cancel_crate", "reason", "late", "spoiled")]),
    ("Crates can be cancelled for one of two reasons: 'spoiled' or 'late'.",
     [allow("cancel_crate", "reason", "late", "spoiled")]),
    ("Pass 'truckco' or 'railco' as the haulier when shipping a crate.",
     [allow("ship_crate", "haulier", "railco", "truckco")]),
    ("For the haulier, use 'truckco' or 'railco'.",
     [allow("ship_crate", "haulier", "railco", "truckco")]),
    ("Set the haulier to 'truckco' or 'railco'.",
     [allow("ship_crate", "haulier", "railco", "truckco")]),
    ("A crate's haulier is one of 'truckco', 'railco'.",
     [allow("ship_crate", "haulier", "railco", "truckco")]),
    # negatives: one value; a refund noun no tool's id says; a description of what happened
    ("When cancelling a crate, the reason is 'spoiled'.", []),
    ("The refund reason can only be 'spoiled' or 'late'.", []),
    ("Crates were cancelled for two reasons: 'spoiled' and 'late'.", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_the_action_an_allowlist_is_about(tmp_path: Path, text: str, expected: list[Row]) -> None:
    assert valued(_build(tmp_path, text)) == expected


def test_an_action_noun_no_tool_says_is_reported_not_guessed(tmp_path: Path) -> None:
    built = _build(tmp_path, "The refund reason can only be 'spoiled' or 'late'.")
    assert valued(built) == []
    assert "unknown-argument" in notes(built)


VERBS = [
    ("cancellation", "cancel"),
    ("shipment", "ship"),
    ("withdrawal", "withdraw"),
    ("delivery", "deliver"),
    ("booking", "book"),
    ("conversion", "convert"),
    ("reservation", "reserve"),
    ("region", None),
    ("option", None),
    ("location", None),
    ("currency", None),
]


@pytest.mark.parametrize(("noun", "verb"), VERBS)
def test_the_verb_an_action_noun_derives_from(noun: str, verb: str | None) -> None:
    assert verb_of(noun) == verb
