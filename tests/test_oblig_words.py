"""Words of an obliged ordering said plainly (`specgap.extract.oblig_words`): "ahead of",
"before they can", "it is required that you"; and the orders they give. Sentences written
for these tests, in a made-up kennel service."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from specgap.extract.oblig_words import plain_order_words
from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        (
            "Check the vaccination record ahead of any boarding.",
            ["Check the vaccination record before any boarding."],
        ),
        ("Weigh the dog in advance of booking a run.", ["Weigh the dog before booking a run."]),
        (
            "Staff must scan the chip before they can check a dog in.",
            ["Staff must scan the chip before checking a dog in."],
        ),
        (
            "You must scan the chip before you are able to release the dog.",
            ["You must scan the chip before releasing the dog."],
        ),
        (
            "It is required that you scan the chip before releasing a dog.",
            ["You must scan the chip before releasing a dog."],
        ),
        (
            "It is mandatory to weigh the dog before booking.",
            ["You must weigh the dog before booking."],
        ),
        # "they" may be the owners: kept; nothing to say plainly
        ("Scan the chip before they can collect the dog.", []),
        ("Scan the chip before releasing a dog.", []),
        ("It is raining.", []),
    ],
)
def test_said_plainly(sentence: str, said: list[str]) -> None:
    assert plain_order_words(sentence) == said


TOOLS = [
    _tool("scan_chip", "Scan a dog's microchip and return its record.", chip_id="string"),
    _tool("release_dog", "Release a boarded dog to its owner.", dog_id="string"),
    _tool("book_run", "Book a kennel run for a dog.", dog_id="string"),
]


@pytest.mark.parametrize(
    ("sentence", "orders"),
    [
        ("Staff must scan the chip before they can release a dog.", {("release_dog", "scan_chip")}),
        (
            "It is required that you scan the chip before releasing a dog.",
            {("release_dog", "scan_chip")},
        ),
        ("Owners may wait before they can collect the dog.", set()),  # no step of the agent
    ],
)
def test_orders_read(sentence: str, orders: set[tuple[str, str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        built = build_prompt(Path(folder), f"# Kennel desk\n\n{sentence}\n", TOOLS)
    read = {
        (p.target, str(getattr(p.condition, "before", "")))
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.operator == "require_before"
    }
    assert read == orders
