"""Every participle of a coordinated passive ban is read, after "or" or in "neither ...
nor" (`coordinated_conditions`, `grammar_modal`), and a light-verb tool is named by its noun
(`resolve.actions`): "cancelled stays cannot be
extended or groomed" puts the state on `extend_stay` *and* on `add_grooming`; a participle
no tool performs ("photographed") gets a located note naming it, never a silent loss; a
participle whose verb is the noun of a tool led by a light verb ("credited":
`apply_credit`) names that tool, not another tool of the verb's class (`issue_bill`).

The made-up domains of `tests.test_state_late`; every sentence written for this test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_state_late import _build, _notes, _prose

# sentence, domain, the state the sentence puts, tools that must each get that state,
# verbs no tool performs (each must be named by a located note)
ROWS: list[Any] = [
    ("Cancelled stays cannot be extended or groomed.", "kennel", "cancelled",
     ("extend_stay", "add_grooming"), ()),
    ("A no_show stay must not be signed off, extended or groomed.", "kennel", "no_show",
     ("extend_stay", "add_grooming"), ("sign",)),
    # a phrasal verb the tools name (`check_in_pet`): "checked in" is "check in"
    ("A no_show stay must not be checked in, extended or groomed.", "kennel", "no_show",
     ("extend_stay", "add_grooming", "check_in_pet"), ()),
    ("Cancelled stays cannot be checked in.", "kennel", "cancelled", ("check_in_pet",), ()),
    ("Stays that are cancelled may not be extended, groomed or photographed.", "kennel",
     "cancelled", ("extend_stay", "add_grooming"), ("photograph",)),
    # neither ... nor: each participle, and a verb phrase "receive X" after one
    ("Cancelled stays are neither extended, groomed nor photographed.", "kennel",
     "cancelled", ("extend_stay", "add_grooming"), ("photograph",)),
    ("Cancelled stays can be neither extended nor groomed.", "kennel", "cancelled",
     ("extend_stay", "add_grooming"), ()),
    ("Cancelled stays can neither be extended nor receive grooming.", "kennel", "cancelled",
     ("extend_stay", "add_grooming"), ()),
    ("Checked_out stays may not be extended or receive grooming.", "kennel", "checked_out",
     ("extend_stay", "add_grooming"), ()),
    ("Closed accounts cannot be credited or billed.", "meter", "closed",
     ("apply_credit", "issue_bill"), ()),
    ("Suspended accounts must not be credited or audited.", "meter", "suspended",
     ("apply_credit",), ("audit",)),
    ("Completed lab bookings cannot be extended or photographed.", "lab", "completed",
     ("extend_lab_booking",), ("photograph",)),
    ("Suspended researchers cannot be issued keys or booked into labs.", "lab", "suspended",
     ("issue_key", "book_lab"), ()),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "domain", "state", "tools", "unknown"), ROWS)
def test_each_participle_is_a_rule_or_a_note(
    tmp_path: Path,
    sentence: str,
    domain: str,
    state: str,
    tools: tuple[str, ...],
    unknown: tuple[str, ...],
) -> None:
    built = _build(tmp_path, domain, sentence)
    stated = {
        p.target
        for p in _prose(built)
        if p.operator == "state_condition" and state in p.condition.denied
    }
    assert set(tools) <= stated, [(p.operator, p.target) for p in _prose(built)]
    # never a copy on a tool the sentence does not name (`issue_bill` for "credited")
    assert stated <= set(tools), stated
    notes = _notes(built, "unresolved-mention") + _notes(built, "ambiguous-mention")
    for verb in unknown:
        assert [m for m in notes if f"`{verb} " in m], notes


@pytest.mark.parametrize(
    ("domain", "mention", "tool"),
    [
        ("meter", "credit the account", "apply_credit"),
        ("kennel", "groom the stay", "add_grooming"),
    ],
)
def test_a_light_verb_tool_is_named_by_its_noun(
    tmp_path: Path, domain: str, mention: str, tool: str
) -> None:
    from specgap.resolve.resolver import Resolver

    built = _build(tmp_path, domain, "Be brief.")
    found = Resolver(built.state.registry).resolve(mention)
    assert found.status == "resolved", found
    assert found.candidates[0].tool_id == tool, found


def test_a_read_tool_is_not_named_by_a_write_verb_in_its_name(tmp_path: Path) -> None:
    # `get_meter` is named by "meter", but "meter an account" is no read of a meter: the
    # exception is for light verbs (add, apply, give, make, place, put, do) only
    from specgap.resolve.resolver import Resolver

    built = _build(tmp_path, "meter", "Be brief.")
    found = Resolver(built.state.registry).resolve("meter the account")
    assert not (found.status == "resolved" and found.candidates[0].tool_id == "get_meter")


@pytest.mark.parametrize(
    "sentence",
    [
        # "neither ... nor" naming who, not what is done: no ban on the agent
        "Neither the owner nor the vet may cancel a stay.",
        # a copula with adjectives, no participle: no action at all
        "Stays are neither long nor expensive.",
    ],
)
def test_neither_nor_that_bans_no_action(tmp_path: Path, sentence: str) -> None:
    assert not _prose(_build(tmp_path, "kennel", sentence))
