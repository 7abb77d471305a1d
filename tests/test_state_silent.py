"""No silent loss of a state rule (`specgap.extract.state_silent`): a prompt sentence that
puts a state the tools list on an entity, next to a ban or limit word, and that no reader
gave a rule or a note, gets a located `rule-not-compiled` note naming the state. Negative
rows: a sentence with a rule, a sentence without a limit word, a state word said of no
entity the tools read.

The made-up domains of `tests.test_state_late`; every sentence written for this test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.corpus_agents import Built, build_agent
from tests.test_state_late import DOMAINS, _notes, _prose


def _build(tmp_path: Path, domain: str, text: str) -> Built:
    (tmp_path / "tools.json").write_text(json.dumps(DOMAINS[domain], indent=1))
    (tmp_path / "prompt.md").write_text(f"{text}\n")
    return build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])


NOTED: list[tuple[str, str, str]] = [
    ("lab", "Suspended researchers: no bookings, no key cards.", "researcher is `Suspended`"),
    # (was "... can neither be extended nor receive grooming", read since the
    # thirteenth session: tests/test_coordinated_participles.py)
    ("kennel", "Cancelled stays get neither extensions nor grooming.", "stay is `Cancelled`"),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "sentence", "said"), NOTED)
def test_a_silent_state_rule_gets_a_located_note(
    tmp_path: Path, domain: str, sentence: str, said: str
) -> None:
    built = _build(tmp_path, domain, sentence)
    assert not _prose(built)
    notes = [m for m in _notes(built, "rule-not-compiled") if said in m]
    assert len(notes) == 1, _notes(built, "rule-not-compiled")


QUIET: list[tuple[str, str]] = [
    # a rule was read: nothing to add
    ("meter", "Never disconnect the supply of a suspended account."),
    # no ban or limit word: a fact, not a rule
    ("lab", "Suspended researchers are listed on the board."),
    # the state word is said of nothing the tools read
    ("kennel", "Never mention cancelled flights to the owner."),
]  # fmt: skip


@pytest.mark.parametrize(("domain", "sentence"), QUIET)
def test_no_note_where_a_rule_was_read_or_none_is_stated(
    tmp_path: Path, domain: str, sentence: str
) -> None:
    built = _build(tmp_path, domain, sentence)
    assert not [m for m in _notes(built, "rule-not-compiled") if "a state the tools list" in m]
