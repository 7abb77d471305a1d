"""Bounds in units of measure ("500 mg", "2 GB") and action verbs of other domains
(prescribe, dispense, reimburse): made-up clinic tools; sentences written for the test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.corpus_agents import build_agent
from tests.test_grammar import _tool

TOOLS = [
    _tool("prescribe_medication", "Prescribe a medication.", patient_id="string", dose_mg="number"),
    _tool("reimburse_patient", "Reimburse a patient.", patient_id="string", amount="number"),
    _tool("cancel_appointment", "Cancel an appointment.", appointment_id="string"),
]


def _prose(tmp_path: Path, sentence: str) -> list[tuple[str, str, dict[str, Any]]]:
    (tmp_path / "tools.json").write_text(json.dumps(TOOLS))
    (tmp_path / "prompt.md").write_text(sentence + "\n")
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    keep = {"max", "min", "selector"}
    return [
        (
            p.operator,
            p.target,
            {k: v for k, v in p.condition.model_dump().items() if k in keep and v},
        )
        for p in built.policies
        if p.source.artifact.endswith("prompt.md")
    ]


DOSE = {"max": 500.0, "selector": {"arg": "dose_mg", "extract": None}}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The dose must not exceed 500 mg.", [("arg_within_bound", "prescribe_medication", DOSE)]),
        ("Never prescribe a dose above 500 mg.",
         [("arg_within_bound", "prescribe_medication", DOSE)]),
        ("Never reimburse a patient.", [("deny_action", "reimburse_patient", {})]),
    ],
)  # fmt: skip
def test_units_and_verbs_of_other_domains(
    tmp_path: Path, sentence: str, expected: list[tuple[str, str, dict[str, Any]]]
) -> None:
    assert _prose(tmp_path, sentence) == expected


CLINIC = [
    _tool("find_patient", "Find a patient by name.", full_name="string"),
    _tool("book_appointment", "Book an appointment.", patient_id="string"),
    _tool("reschedule_appointment", "Move an appointment.", appointment_id="string"),
    _tool("cancel_appointment", "Cancel an appointment.", appointment_id="string"),
]


def test_one_step_before_coordinated_gerunds(tmp_path: Path) -> None:
    """ "Find the patient before booking, rescheduling or cancelling an appointment": each
    of them requires it (a verb ending in -e is read back from its gerund)."""
    (tmp_path / "tools.json").write_text(json.dumps(CLINIC))
    (tmp_path / "prompt.md").write_text(
        "You must find the patient before booking, rescheduling or cancelling an appointment.\n"
    )
    built = build_agent(tmp_path, [tmp_path / "prompt.md"], [tmp_path / "tools.json"])
    found = sorted(
        (p.target, p.condition.model_dump()["before"])
        for p in built.policies
        if p.operator == "require_before"
    )
    assert found == [
        ("book_appointment", "find_patient"),
        ("cancel_appointment", "find_patient"),
        ("reschedule_appointment", "find_patient"),
    ]


@pytest.mark.parametrize(
    ("word", "verb"),
    [("rescheduling", "reschedule"), ("handled", "handle"), ("shipping", "ship"),
     ("cancelling", "cancel"), ("pulling", "pull"),
     # the spelling rules cut these to `typ`, `not`, `shar`, `writ`, `revok`, `fre`: the
     # lexicon gives the verb when the rules give none
     ("typing", "type"), ("noting", "note"), ("sharing", "share"), ("writing", "write"),
     ("revoking", "revoke"), ("freed", "free"), ("ruled", "rule"), ("emailing", "email"),
     # and the rules' verb stands when it is one (never the lexicon's British `programme`)
     ("programmed", "program"), ("installed", "install"), ("rated", "rate")],
)  # fmt: skip
def test_a_verb_read_back_from_its_inflection(word: str, verb: str) -> None:
    from specgap.extract.pattern_base import lemma

    assert lemma(word) == verb
