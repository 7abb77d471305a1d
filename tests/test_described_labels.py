"""Labels that name an action without asking for it (`specgap.extract.described_labels`,
issue 11, false alarms): a numbered step's label over its body, and a glossary term over its
third-person description, get no `rule-not-compiled` note; a step that is its own
instruction, a term whose description states a rule, and the body under a label keep theirs.
Made-up domains (an aviary, a lighthouse); sentences and tools written for this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.described_labels import is_label
from tests.corpus_agents import build_prompt
from tests.test_grammar_asked_values import _tool

AVIARY = [
    _tool("get_aviary", "Read an aviary with its birds and feeders.", aviary_id=""),
    _tool("refill_feeder", "Refill one feeder with seed.", feeder_id=""),
    _tool("release_bird", "Release a bird from its aviary.", bird_id=""),
    _tool("check_lamp", "Check the lighthouse lamp.", lamp_id=""),
]

LABELS: list[tuple[str, str, bool]] = [
    ("a step label over a bullet body", "Step 3. Refill the feeders\n- Refill each one.", True),
    ("a phase label, colon, indented body", "Phase 2: Inspect Cages\n  Look at each cage.", True),
    ("a bold step label, a blank line, then its body",
     "**Step 1.** Count the birds\n\n- Count every perch.", True),
    ("a glossary term with a dash and a third-person description",
     "1. **Check Lamp** - Shows whether the lamp is lit.", True),
    ("a bulleted term with a colon", "- **Refill Feeder**: Fills one feeder with seed.", True),
    ("a step ending as a sentence ends is its own instruction",
     "Step 3. Refill the feeders.\n- Refill each one.", False),
    ("a step with no body under it", "Step 3. Refill the feeders\n\nStep 4. Close up", False),
    ("a step followed by another step's bullet", "Step 3. Refill the feeders\n- Step 4. Close up",
     False),
    ("a step label with a modal is a rule", "Step 3. Never release a bird\n- Ask first.", False),
    ("a term whose description bans something",
     "1. **Release Bird** - Never releases a bird in winter.", False),
    ("a term whose description is an imperative", "1. **Release Bird** - release it at dusk.",
     False),
    ("a term whose description is a copula", "1. **Release Bird** - Is not allowed at night.",
     False),
    ("a plain bullet is no label", "- Refill the feeders before noon.", False),
    ("a term whose description needs something is a rule",
     "- **Release Bird**: Requires the keeper's approval.", False),
    ("a term whose description bounds something is a rule",
     "1. **Refill Feeder** - Fills at most two feeders a day.", False),
    ("a setting whose value is one identifier", "handoff: night_keeper_agent", True),
    ("a setting whose value is a sentence", "note: never release a bird at night", False),
    ("a profile in the third person", "profile: This agent feeds the birds and logs it.", True),
    ("a profile naming required things is still a description",
     "profile: This agent checks required permits and allowed perches.", True),
    ("a profile with a modal is a rule", "profile: This agent must never open a cage.", False),
    ("a profile with a copula obligation is a rule",
     "summary: The tool releases birds and is not allowed at night.", False),
]  # fmt: skip


@pytest.mark.parametrize(("why", "text", "expected"), LABELS, ids=[r[0] for r in LABELS])
def test_is_label(why: str, text: str, expected: bool) -> None:
    assert is_label(text, 0) is expected, why


DATA_ITEMS: list[tuple[str, str, bool]] = [
    ("an item of a list of what an entity holds", "Each aviary record contains:\n- release date",
     True),
    ("a later item, with a parenthesis", "A keeper profile containing:\n- name\n- address (town)",
     True),
    ("an item of a list whose lead is a rule, not a record",
     "Before any release:\n- release date", False),
    ("an item with a rule word in a record's list",
     "Each aviary record contains:\n- release date, never before spring", False),
    ("a blank line ends the record's list", "Each aviary record contains:\n\n- release birds",
     False),
]  # fmt: skip


@pytest.mark.parametrize(("why", "text", "expected"), DATA_ITEMS, ids=[r[0] for r in DATA_ITEMS])
def test_is_label_data_item(why: str, text: str, expected: bool) -> None:
    assert is_label(text, text.rfind("\n") + 1) is expected, why


def _alarms(tmp_path: Path, text: str) -> set[int]:
    built = build_prompt(tmp_path, f"# Aviary desk\n\n{text}\n", AVIARY)
    return {
        d.span.start_line
        for d in built.state.diagnostics
        if d.code == "rule-not-compiled" and d.span and d.span.path.endswith("prompt.md")
    }


def test_a_step_label_loses_its_note_and_its_body_keeps_it(tmp_path: Path) -> None:
    alarms = _alarms(tmp_path, "Step 3. Count the perches\n- Count the perches of each aviary.")
    assert 3 not in alarms  # the label line
    assert 4 in alarms  # the body: an obligation no operator checks, still noted


def test_a_step_without_body_keeps_its_note(tmp_path: Path) -> None:
    assert 3 in _alarms(tmp_path, "Step 3. Refill the feeders\n\nStep 4. Sweep the floor")


def test_a_label_never_loses_a_rule(tmp_path: Path) -> None:
    """Only notes are dropped: a rule read on a label line is kept as it was."""
    text = "Step 2. Never release a bird\n- Keep every bird inside."
    built = build_prompt(tmp_path, f"# Aviary desk\n\n{text}\n", AVIARY)
    bans = {(p.operator, p.target) for p in built.policies if p.source.span.start_line == 3}
    assert ("deny_action", "release_bird") in bans


def test_a_data_item_gets_no_note(tmp_path: Path) -> None:
    text = "Each aviary record includes:\n- aviary ID\n- refill date\n- keeper name"
    assert 5 not in _alarms(tmp_path, text)  # "refill date" read as "refill" otherwise


def test_a_setting_line_gets_no_note(tmp_path: Path) -> None:
    assert 3 not in _alarms(tmp_path, "access: night_keeper_agent\n\nRefill the feeders.")


def test_a_later_sentence_of_a_term_keeps_its_note(tmp_path: Path) -> None:
    """The second sentence of a description may state a rule of its own: only the term's
    sentence is a label."""
    text = "1. **Check Lamp** - Shows whether the lamp is lit. You must refill the feeders."
    built = build_prompt(tmp_path, f"# Aviary desk\n\n{text}\n", AVIARY)
    notes = [
        d
        for d in built.state.diagnostics
        if d.code == "rule-not-compiled" and d.span and d.span.path.endswith("prompt.md")
    ]
    assert any("refill" in d.message for d in notes)
