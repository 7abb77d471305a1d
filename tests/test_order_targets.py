"""An ordering over coordinated actions constrains each of them (`extract/order_targets.py`):
"call `a` before `b` or `c`", "before cancelling X, refunding Y or charging Z". A kennel
desk written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("get_kennel", "Look up a kennel and its current occupant.", kennel_id="string"),
    _tool("book_kennel", "Book a kennel for a dog.", kennel_id="string", dog_id="string"),
    _tool("release_kennel", "Release a booked kennel.", kennel_id="string"),
    _tool("charge_boarding", "Charge the boarding fee.", kennel_id="string", amount="number"),
    _tool("refund_boarding", "Refund a boarding fee.", kennel_id="string", amount="number"),
    _tool("notify_owner", "Send a message to a dog's owner.", dog_id="string", text="string"),
]


def _orders(tmp_path: Path, sentence: str) -> set[tuple[str, str]]:
    built = build_prompt(tmp_path, f"# Kennel desk\n\n{sentence}\n", TOOLS)
    return {
        (p.target, str(p.condition.before))  # type: ignore[attr-defined]
        for p in built.policies
        if p.operator == "require_before" and p.source.artifact.endswith("prompt.md")
    }


@pytest.mark.parametrize(
    ("sentence", "targets"),
    [
        # tool ids coordinated: one mention before, a tie between them
        ("Always call get_kennel before release_kennel or refund_boarding.",
         {"release_kennel", "refund_boarding"}),
        ("Call `get_kennel` before `book_kennel`, `release_kennel` and `charge_boarding`.",
         {"book_kennel", "release_kennel", "charge_boarding"}),
        # gerund phrases, each with its own object: only the first was read before
        ("Call get_kennel before releasing a kennel, refunding the fee or charging the fee.",
         {"release_kennel", "refund_boarding", "charge_boarding"}),
        ("Before releasing a kennel or refunding the boarding fee, look up the kennel.",
         {"release_kennel", "refund_boarding"}),
        # base forms after "you": the same actions (the tie between them was one reviewed rule)
        ("Always call get_kennel before you release a kennel or refund the boarding fee.",
         {"release_kennel", "refund_boarding"}),
        ("Before you release a kennel or refund the fee, look up the kennel.",
         {"release_kennel", "refund_boarding"}),
        # the coordination ends where a part of another form begins
        ("Call get_kennel before releasing a kennel or a run.", {"release_kennel"}),
        # one action: nothing added
        ("Always call get_kennel before release_kennel.", {"release_kennel"}),
    ],
)  # fmt: skip
def test_each_coordinated_action_needs_the_prerequisite(
    tmp_path: Path, sentence: str, targets: set[str]
) -> None:
    found = _orders(tmp_path, sentence)
    assert {t for t, _ in found} == targets
    assert {b for _, b in found} == {"get_kennel"}


def test_a_prerequisite_said_by_coordinated_gerunds_is_not_split_as_targets(
    tmp_path: Path,
) -> None:
    # the coordination is on the prerequisite's side: the one target keeps its rule
    found = _orders(tmp_path, "Only call release_kennel after looking up the kennel.")
    assert {t for t, _ in found} == {"release_kennel"}
    # "X requires A or B": the coordination is what X requires, X is not one of its parts
    found = _orders(tmp_path, "Releasing a kennel requires looking it up or booking it first.")
    assert "book_kennel" not in {t for t, _ in found}


def test_do_not_x_before_y_is_not_read_as_do_x_before_y(tmp_path: Path) -> None:
    # "do" + "not charge the boarding fee" was read as the prerequisite: notifying the owner
    # then required charging first, backwards
    found = _orders(
        tmp_path, "Do not charge the boarding fee before weighing the dog or notifying the owner."
    )
    assert ("notify_owner", "charge_boarding") not in found
