"""Two ways a rule came out stronger than its sentence, mended in general form (a kiln
studio written for the test; the shapes were found on a blind set, whose wording is not
used here):

- the yes of "if ..., read it back and wait for a yes before V-ing it" was emitted beside
  the sentence's other steps without passing the condition guard, so it was enforced on
  every call, the condition dropped;
- a numbered sentence ("2.9 If ...", "Step 4: If ...") hid its condition from the grammar,
  which looks for a condition at the start of the sentence;
- "firing cancellation is reserved for owners and admins" was a flat ban of every
  cancellation, where the sentence names a role the person asking may hold (a ban stays flat
  when the class is a team the agent is no part of: "reserved for the studio staff");
- in a tool's description, "open at most one ticket per session" bound the argument whose
  description says "Ticket severity." to at most 1: the counted act is the tool's own, a
  count of its calls; and "at most two calls per boat in one session" dropped "per boat";
- "the kiln id must be one `ListKilns` gave you" read a PascalCase tool id as a person who
  told the value, so the rule demanded the user's words where the sentence names a tool.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("ListKilns", "List the kilns free on a date.", date="string"),
    _tool("BookFiring", "Book a firing in a kiln.", kiln_id="string", pieces="integer"),
    _tool("cancel_firing", "Cancel a booked firing.", firing_id="string",
          pieces_inside="integer"),
]  # fmt: skip


def _policies(tmp_path: Path, sentence: str) -> list[tuple[str, str, str]]:
    built = build_prompt(tmp_path, f"# Kiln studio\n\n{sentence}\n", TOOLS)
    return [
        (p.operator, p.target, p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "If a firing holds more than 40 pieces, read the plan back and get the member's "
        "explicit go-ahead before cancelling it.",
        "When over 40 pieces are inside, read the booking back and wait for a clear yes "
        "before you cancel the firing.",
    ],
)
def test_a_conditional_yes_is_never_enforced_flat(tmp_path: Path, sentence: str) -> None:
    found = _policies(tmp_path, sentence)
    yes = [f for f in found if f[0] == "require_confirmation"]
    assert yes, found
    assert all(e != "enforce" for _, _, e in yes), found


@pytest.mark.parametrize("label", ["2.9 ", "Step 4: ", "(b) ", "iv. ", "12) ", "Section 3.1 "])
def test_a_numbered_condition_is_kept(tmp_path: Path, label: str) -> None:
    sentence = f"{label}If a firing holds over 40 pieces, get a clear yes before cancelling it."
    found = _policies(tmp_path, sentence)
    assert ("require_confirmation", "cancel_firing", "review_only") in found, found
    assert ("require_confirmation", "cancel_firing", "enforce") not in found, found


@pytest.mark.parametrize("sentence", ["3 firings at most per member.", "A firing ..."])
def test_a_number_or_an_article_is_no_label(sentence: str) -> None:
    from specgap.extract.grammar import _NUMBERED

    assert _NUMBERED.match(sentence) is None


def test_an_unconditional_yes_is_still_enforced(tmp_path: Path) -> None:
    sentence = "Read the plan back and get the member's go-ahead before cancelling a firing."
    assert ("require_confirmation", "cancel_firing", "enforce") in _policies(tmp_path, sentence)


def _sources(tmp_path: Path, sentence: str) -> list[tuple[bool, tuple[str, ...]]]:
    built = build_prompt(tmp_path, f"# Kiln studio\n\n{sentence}\n", TOOLS)
    return [
        (p.condition.model_dump()["from_user"], tuple(p.condition.model_dump()["from_tools"]))
        for p in built.policies
        if p.operator == "arg_grounded" and p.source.artifact.endswith("prompt.md")
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Kiln ID must be one ListKilns gave you for that date.",
        "The kiln id has to be one that ListKilns returned.",
        "A kiln id must be one `ListKilns` gave you.",
    ],
)
def test_a_pascal_case_tool_is_the_source_not_a_person(tmp_path: Path, sentence: str) -> None:
    assert _sources(tmp_path, sentence) == [(False, ("ListKilns",))]


def test_a_person_who_gave_the_value_is_still_the_user(tmp_path: Path) -> None:
    sentence = "The kiln id must be one the member gave you."
    assert _sources(tmp_path, sentence) == [(True, ())]


@pytest.mark.parametrize(
    "sentence",
    [
        "Firing cancellation is reserved for owners and admins.",
        "Cancelling a firing is reserved for supervisors.",
        "Cancelling firings is reserved to administrators only.",
    ],
)
def test_reserved_for_a_role_is_no_flat_ban(tmp_path: Path, sentence: str) -> None:
    found = _policies(tmp_path, sentence)
    assert not [f for f in found if f[0] == "deny_action" and f[2] == "enforce"], found


@pytest.mark.parametrize(
    "sentence",
    [
        "Cancelling a firing is reserved for the studio staff.",
        "Firing cancellation is reserved to the front-desk team.",
    ],
)
def test_reserved_for_a_team_is_a_ban(tmp_path: Path, sentence: str) -> None:
    assert ("deny_action", "cancel_firing", "enforce") in _policies(tmp_path, sentence)


def _described(tmp_path: Path, description: str, **params: str) -> list[tuple[str, dict[str, Any]]]:
    tool = _tool("open_glaze_ticket", description, **params)
    built = build_prompt(tmp_path, "# Kiln studio\n\nBe kind.\n", [tool])
    return [
        (p.operator, p.condition.model_dump(exclude_none=True))
        for p in built.policies
        if p.operator != "schema_contract"
    ]


@pytest.mark.parametrize(
    "description",
    [
        "Open a glaze ticket. Open at most one ticket per session.",
        "Open a glaze ticket. Never open more than one glaze ticket per conversation.",
    ],
)
def test_a_count_of_the_tools_own_act_counts_its_calls(tmp_path: Path, description: str) -> None:
    found = _described(tmp_path, description, kiln_id="string", severity="string")
    assert [op for op, _ in found] == ["max_calls"], found
    assert found[0][1]["max"] == 1, found
    assert "per" not in found[0][1], found


def test_a_count_per_entity_in_a_description_keeps_its_entity(tmp_path: Path) -> None:
    found = _described(
        tmp_path,
        "Open a glaze ticket. At most two calls per kiln in one session.",
        kiln_id="string",
    )
    assert [(op, c.get("max"), c.get("per")) for op, c in found] == [("max_calls", 2, "kiln")]
