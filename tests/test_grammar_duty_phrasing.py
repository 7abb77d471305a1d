"""Other ways of saying "always" and "never" that the grammar reads through `phrasing`:
a duty said of the agent ("agents are expected to V", "it is mandatory to V"), a ban with
the subject between its modal and `be` ("under no circumstances should a refund be
issued"), and a polite ban ("please refrain from V-ing"). Each is read as the plain form
would be; sentences written for the test (a made-up pool desk, the car-rental tools of
`test_grammar` where they fit)."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.extract.grammar import parse
from specgap.extract.phrasing import normalize
from tests.test_grammar import _build, _notes, _prose


@pytest.mark.parametrize(
    ("sentence", "modality", "verb", "obj", "passive"),
    [
        ("Agents are expected to look up the booking.", "must", "look", "up booking", False),
        ("You are supposed to cancel the booking.", "must", "cancel", "booking", False),
        ("The agent is obliged to log the incident.", "must", "log", "incident", False),
        ("It is mandatory to log every incident.", "must", "log", "incident", False),
        (
            "Under no circumstances should a membership be suspended by phone.",
            "must_not",
            "suspend",
            "membership",
            True,
        ),
        ("In no case may a refund be issued twice.", "must_not", "issue", "refund", True),
        ("At no time should the guest fee be waived.", "must_not", "waive", "guest fee", True),
        ("Please refrain from issuing wristbands.", "must_not", "issue", "wristbands", False),
        ("Kindly avoid cancelling bookings.", "must_not", "cancel", "bookings", False),
    ],
)
def test_the_clause_is_read_as_its_plain_form(
    sentence: str, modality: str, verb: str, obj: str, passive: bool
) -> None:
    clause = parse(sentence)
    assert (clause.modality, clause.verb, clause.object, clause.passive) == (
        modality,
        verb,
        obj,
        passive,
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Under no circumstances should a membership be suspended by phone.",
        "In no case may a refund be issued twice.",
        "Agents are expected to look up the booking.",
    ],
)
def test_the_rewrite_keeps_the_length_and_the_participle_in_place(sentence: str) -> None:
    """Offsets into the sentence still hold: same length, and every word from the verb on
    is where it was."""
    said = normalize(sentence)
    assert len(said) == len(sentence)
    tail = sentence.split(" be ", 1)[-1] if " be " in sentence else sentence.split(" to ", 1)[-1]
    assert said.endswith(tail)


@pytest.mark.parametrize(
    ("sentence", "operator", "target", "enforcement"),
    [
        # car-rental tools of `test_grammar`
        (
            "Under no circumstances should a booking be cancelled.",
            "deny_action",
            "cancel_booking",
            "enforce",
        ),
        (
            "In no case may a booking be cancelled after pickup.",
            "deny_action",
            "cancel_booking",
            "review_only",
        ),
        ("Please refrain from cancelling bookings.", "deny_action", "cancel_booking", "enforce"),
    ],
)
def test_the_rules_are_those_of_the_plain_form(
    tmp_path: Path, sentence: str, operator: str, target: str, enforcement: str
) -> None:
    found = [(p.operator, p.target, p.enforcement) for p in _prose(_build(tmp_path, [sentence]))]
    assert found == [(operator, target, enforcement)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Staff are expected to cancel the booking.",  # someone else's duty, not the agent's
        "It is not mandatory to cancel the booking.",  # no duty at all
        "Under no circumstances is the customer charged twice, the bank says.",  # no `be` Ved
    ],
)
def test_other_subjects_and_lifted_duties_are_not_rewritten(sentence: str) -> None:
    assert normalize(sentence) == sentence


def test_a_conditioned_inverted_ban_keeps_its_condition(tmp_path: Path) -> None:
    built = _build(tmp_path, ["In no case may a booking be cancelled after pickup."])
    assert "condition-not-bound" in _notes(built)
