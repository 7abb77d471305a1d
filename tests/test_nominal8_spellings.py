"""The imperative spellings of `nominal8_actions` (the shapes of an action said as a noun
phrase), what they leave alone, and that no pattern backtracks on a long repetitive line."""

from __future__ import annotations

import time

import pytest

from specgap.extract import nominal8_actions as n
from specgap.extract.grammar_words import tool_verbs

TOOL_VERBS = frozenset({"take", "refund", "send", "order", "request", "create"})


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Cash payments above 300 dollars are not accepted.",
         "Never take payments above 300 dollars in cash."),
        ("Deposits over 90 dollars are not taken by the assistant.",
         "Never take deposits over 90 dollars."),
        ("Part orders go out once per repair.", "Order part at most once per repair."),
        ("A conversation sends two text messages at most.", "Send at most two text messages."),
        ("No more than one notice is sent per chat.", "Send at most one notice."),
        ("A quote is required before any repair is created.",
         "Always request quote before creating any repair."),
        ("Redemption requires that the balance has first been taken through `take_payment`.",
         "Always call `take_payment` before redeeming."),
        ("Salary advances are only for staff whose status is active.",
         "Only request salary advances for staff whose status is active."),
        ("Only a client whose status is active may have a new request created.",
         "Only create request for a client whose status is active."),
        ("If a repair is collected, refunds are not offered.",
         "If a repair is collected, never refund it."),
    ],
)  # fmt: skip
def test_spelt(text: str, said: str) -> None:
    with tool_verbs(TOOL_VERBS):
        assert n.spellings(text)[0] == said


@pytest.mark.parametrize(
    "text",
    [
        "Cash payments are counted at the end of each day.",
        "A conversation rarely sends more than one reminder.",
        "A conversation sends two text messages.",  # no bound said
        "Refunds usually reach the card within five days.",
        "Only a client whose status is active may have a new request pending.",
        "Storage fees above 50 euros are not accepted.",  # no tool takes money by a verb
        "Text messages go out twice a day.",  # a schedule as often as a limit
        "Cancelling an event is only allowed for postponed events.",  # a gerund's clause
    ],
)
def test_not_spelt(text: str) -> None:
    with tool_verbs(frozenset({"send", "refund"})):
        assert n.spellings(text) == []


def test_several_receiving_verbs_are_no_reading() -> None:
    """Two tools take money by two verbs: which one the sentence means is not said."""
    with tool_verbs(frozenset({"take", "charge"})):
        assert n.spellings("Payments above 10 dollars are not accepted.") == []


@pytest.mark.parametrize(
    "text",
    [
        "use " + "a_b_" * 30,
        "Cash " + "payments " * 60 + "are not accepted",
        "Lessons are only for " + "y " * 400 + "only only",
        "Only a " + "client " * 80 + "whose x is y may have a new request",
        "Reports " + "to the x " * 60 + "go out",
        "No more than " + "two " * 80 + "are sent",
        "x requires that " + "the a " * 80 + "has been",
        "1.2 " * 60 + "x",
        "A " + "very long " * 80 + "is required before any x is",
    ],
)
def test_no_backtracking(text: str) -> None:
    n.spellings("warm the lexicon up")
    started = time.perf_counter()
    for extra in ("", ".", " x", "!"):
        n.spellings(text + extra)
        for shape in (*n._SHAPES, n._NUMBERED):
            shape.match(text + extra)
    assert time.perf_counter() - started < 1.0
