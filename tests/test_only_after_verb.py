""" "Controlled drugs may only be dispensed to adults": "only" after the modal restricts the
phrase after the verb, and the subject's state says when that holds. It was read as "only
controlled drugs may be dispensed", an ENFORCED state test that banned dispensing every other
drug (`extract/grammar.py` `_ONLY_AFTER_VERB`). Such a sentence now gets a located note; with
nothing after the verb the subject's state is still the state allowed. A pharmacy written for
the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("get_drug", "Look up a drug with its schedule.", drug_id="string"),
    _tool("dispense_drug", "Dispense a drug to a patient.", drug_id="string",
          days_supply="integer", patient_id="string"),
    _tool("find_patient", "Find a patient.", patient_name="string"),
]  # fmt: skip


def _read(tmp_path: Path, sentence: str) -> tuple[set[tuple[str, str, str]], set[str]]:
    built = build_prompt(tmp_path, f"# Pharmacy desk\n\n{sentence}\n", TOOLS)
    policies = {
        (p.operator, str(p.target), p.enforcement)
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    }
    notes = {
        d.code
        for d in built.state.diagnostics
        if d.span is not None and d.span.path.endswith("prompt.md")
    }
    return policies, notes


@pytest.mark.parametrize(
    "sentence",
    [
        "Controlled drugs may only be dispensed to adults.",
        "Controlled drugs may only be dispensed in 7, 14 or 30 day supplies.",
        "Controlled drugs can only be dispensed by a pharmacist.",
        "Controlled drugs may only be dispensed within 5 days of the prescription.",
    ],
)
def test_only_after_the_verb_is_no_state_of_the_subject(tmp_path: Path, sentence: str) -> None:
    policies, notes = _read(tmp_path, sentence)
    assert not any(op == "state_condition" and how == "enforce" for op, _, how in policies)
    assert policies or "rule-not-compiled" in notes  # never silent


@pytest.mark.parametrize(
    "sentence",
    [
        "Controlled drugs may only be dispensed.",  # nothing after the verb: its state
        "Only controlled drugs may be dispensed.",
        "Controlled drugs may not be dispensed.",
    ],
)
def test_the_subjects_state_still_reads(tmp_path: Path, sentence: str) -> None:
    policies, _ = _read(tmp_path, sentence)
    assert ("state_condition", "dispense_drug", "enforce") in policies
