"""One at a time said as a count per turn: "never refund more than one pass per turn", "do
not call more than one tool per turn", "make at most one tool call per response", "use a
single tool per turn", "each turn may contain at most one tool call", "issue refunds one per
turn". A count per turn is a rule on calls made together (`one_call_at_a_time`), never a
count per an entity named "turn" (which no argument binds). Not read: a way of talking, a
count per a person, and "for one guest at a time" (no act of the agent's is counted). A ski
resort, written for the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_grammar import _tool
from tests.test_grammar_one_at_a_time import _built, _together

SKI = [
    _tool("find_guest", "Find a guest by name.", guest_name="string"),
    _tool("upgrade_pass", "Upgrade a lift pass to a higher tier.", pass_id="string"),
    _tool("refund_pass", "Refund a lift pass.", pass_id="string"),
    _tool("book_lesson", "Book a ski lesson.", guest_id="string", date="string"),
    _tool("extend_rental", "Extend an equipment rental.", rental_id="string", days="number"),
]
EVERY = ("*", False)

# (sentence, (target, same_tool))
READ: list[tuple[str, tuple[str, bool]]] = [
    ("Never refund more than one pass per turn.", ("refund_pass", True)),
    ("Do not call more than one tool per turn.", EVERY),
    ("Don't upgrade several passes in the same response.", ("upgrade_pass", True)),
    ("Make at most one tool call per response.", EVERY),
    ("Only one tool call per message.", EVERY),
    ("Use a single tool per turn.", EVERY),
    ("Each turn may contain at most one tool call.", EVERY),
    ("Issue refunds one per turn.", ("refund_pass", True)),
    ("Process each rental extension separately, one per turn.", ("extend_rental", True)),
]

NOT_READ: list[str] = [
    "Ask one question per message.",  # a way of talking
    "Book lessons for one guest at a time if the family is large, it is easier.",
    "Refund at most one pass per guest.",  # a count per a person, not per turn
    "Send one summary per conversation.",  # a conversation is no turn
]


@pytest.mark.parametrize(("sentence", "expected"), READ, ids=[s for s, _ in READ])
def test_a_count_per_turn_is_one_at_a_time(
    tmp_path: Path, sentence: str, expected: tuple[str, bool]
) -> None:
    built = _built(tmp_path, sentence, SKI)
    assert _together(built) == {expected}
    others = {p.operator for p in built.policies if p.source.artifact.endswith("prompt.md")}
    assert others == {"one_call_at_a_time"}  # no count per a "turn" entity, no ban


@pytest.mark.parametrize("sentence", NOT_READ)
def test_no_calls_together_limited(tmp_path: Path, sentence: str) -> None:
    assert _together(_built(tmp_path, sentence, SKI)) == set()
