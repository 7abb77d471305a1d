"""The verb-phrase gold split of `python -m benchmarks resolve`: its scorer on a made-up
registry, and its gold files against the corpus tool lists they name (skipped without the
corpus)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.verb_gold import GOLD, Phrase, load, registry_of, score
from specgap.registry import Tool, build_registry
from tests.conftest import CORPUS

REGISTRY = build_registry(
    [
        Tool(id="book_stay", names=("book_stay",), description="Book a kennel stay."),
        Tool(id="cancel_stay", names=("cancel_stay",), description="Cancel a kennel stay."),
        Tool(id="update_stay_dates", names=("update_stay_dates",), description="Move a stay."),
        Tool(id="update_stay_room", names=("update_stay_room",), description="Move a stay."),
    ]
)[0]

# (phrase, its referents, right, wrong-but-confident)
TABLE = [
    ("reserve a stay", {"book_stay"}, True, False),
    ("call off the stay", {"cancel_stay"}, False, False),  # missed: not resolved
    ("reserve a stay", {"cancel_stay"}, False, True),  # resolved to another tool
    ("move the stay", {"update_stay_dates", "update_stay_room"}, True, False),  # a tie
    ("reserve a stay", {"book_stay", "cancel_stay"}, False, True),  # a guess between two
]


@pytest.mark.parametrize(("say", "tools", "right", "wrong"), TABLE)
def test_the_scorer_counts_right_missed_and_wrong(
    say: str, tools: set[str], right: bool, wrong: bool
) -> None:
    t = score(REGISTRY, [Phrase(say, frozenset(tools))])
    assert (t.total, t.right, t.wrong, t.missed) == (
        1,
        int(right),
        int(wrong),
        int(not right and not wrong),
    )


@pytest.mark.corpus
@pytest.mark.parametrize("path", sorted(GOLD.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_gold_tool_is_in_its_registry(path: Path) -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"corpus not found at {CORPUS}")
    files, phrases = load(path)
    registry = registry_of(files, CORPUS)
    assert registry is not None
    known = {t.id for t in registry.tools} | {n for t in registry.tools for n in t.names}
    assert len(phrases) >= 30
    assert {t for p in phrases for t in p.tools} <= known
    assert len({p.say for p in phrases}) == len(phrases)  # no phrase twice
