"""Session 33: tool ids led by a step number (`ids7_respell`), a multiple-choice quiz's options
and answer key (`segments`), a question scoping its answer (`headed32`), a question stating
no rule (`narrative24.asks`), and a tool said as the subject of a passive ban read as that
tool's even when the grammar read another act (`tool_subject19`). Sentences written for these
tests, in a made-up bicycle workshop whose tools are numbered as a `run-parts` folder is."""

from __future__ import annotations

from pathlib import Path

import pytest

from specgap.artifacts import Artifact
from specgap.extract.narrative24 import asks
from specgap.extract.segments import markdown_sentences
from tests.probes import desk_policies, has_policy, shown, spec

BIKES = [
    spec("10-find-rider", "Finds a rider by phone; returns rider_id.", phone="string"),
    spec(
        "20-read-bike",
        "Reads a bike: status (ridden, stolen or scrapped).",
        bike_id="string",
    ),
    spec("30-book-service", "Books a service.", bike_id="string", slot_id="string"),
    spec("40-take-payment", "Takes a card payment.", rider_id="string", amount="number"),
    spec("50-refund-payment", "Refunds a payment.", payment_id="string", amount="number"),
    spec("90-wipe-records", "Deletes a rider's records.", rider_id="string"),
]


@pytest.mark.parametrize(
    "sentence",
    [
        "Never call 90-wipe-records.",
        "90-wipe-records belongs to the records team and the assistant never runs it.",
        "Do not run 90-wipe-records.",
    ],
)
def test_a_numbered_id_is_read_as_its_tool(tmp_path: Path, sentence: str) -> None:
    policies = desk_policies(tmp_path, sentence, BIKES)
    assert has_policy(policies, "deny_action", "90-wipe-records", "enforce"), shown(policies)


def test_a_numbered_id_in_an_ordering(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "Call 20-read-bike before 30-book-service.", BIKES)
    assert has_policy(
        policies, "require_before", "30-book-service", "enforce", before="20-read-bike"
    ), shown(policies)


def test_a_passive_ban_of_a_named_tool_is_that_tools(tmp_path: Path) -> None:
    # read as written, "run bike" was the act; the tool the subject names is the one banned
    sentence = "30-book-service is never run for a bike whose status is stolen."
    policies = desk_policies(tmp_path, sentence, BIKES)
    assert policies
    assert all(p.target == "30-book-service" for p in policies), shown(policies)


QUIZ = """## Part 2: Money
Q4. A rider owes £40 for new brake pads. What may 40-take-payment charge?
(a) anything (b) £2 to £300 (c) up to £900
Answer: (b). amount runs from 2 to 300; the card is one 10-find-rider listed.
Q5. Can 90-wipe-records be used?
(a) yes (b) no (c) only for a manager
Answer: (b). Never call 90-wipe-records.
"""


def test_options_are_no_sentence_and_the_key_is_no_word() -> None:
    artifact = Artifact("prompt", "prompt.md", QUIZ, "p")
    cleaned = [s.clean.strip() for s in markdown_sentences(artifact)]
    assert not any(c.startswith("(a)") for c in cleaned)
    assert "amount runs from 2 to 300; the card is one 10-find-rider listed." in cleaned
    assert "Never call 90-wipe-records." in cleaned


def test_the_question_scopes_its_answer(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, QUIZ, BIKES)
    assert has_policy(
        policies, "arg_within_bound", "40-take-payment", "enforce", arg="amount", min=2, max=300
    ), shown(policies)
    # the bound is the asked tool's, never the refund's, which takes an amount too
    assert not any(p.target == "50-refund-payment" for p in policies), shown(policies)
    assert has_policy(policies, "deny_action", "90-wipe-records", "enforce")
    # the options, right or wrong, are no rules: nothing from "up to £900"
    assert not any(p.condition.model_dump().get("max") == 900 for p in policies)


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("Which function goes first?", True),
        ("What must be read before 30-book-service?", True),
        ("Can a refund be split?", True),
        ("First step?", True),
        ("Never call 90-wipe-records.", False),
        ("Ask the rider whether they want to proceed?", False),  # an order, oddly marked
        ("Ask: do you want the slot at ten?", False),
    ],
)
def test_a_question_states_no_rule(text: str, question: bool) -> None:
    assert asks(text) is question


def test_a_question_alone_compiles_to_nothing(tmp_path: Path) -> None:
    policies = desk_policies(tmp_path, "What must be read before 30-book-service?", BIKES)
    assert policies == [], shown(policies)
