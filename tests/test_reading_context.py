"""The grammar's memo of parsed sentences keys on the agent's tools as well as the text: a
sentence read for one agent is never answered from another agent's reading."""

from __future__ import annotations

from specgap.extract import context
from specgap.extract.call_nouns import tool_nouns
from specgap.extract.grammar import parse
from specgap.extract.grammar_words import tool_verbs

SENTENCE = "Never reprice a booking after noon."


def test_a_tool_verb_is_read_only_under_the_agent_that_has_it() -> None:
    before = parse(SENTENCE)
    with tool_verbs(frozenset({"reprice"})):
        within = parse(SENTENCE)
        assert parse(SENTENCE) is within  # remembered for the same tools
    after = parse(SENTENCE)
    assert before.verb is None  # "reprice" is no verb the grammar knows on its own
    assert (within.verb, within.object) == ("reprice", "booking")
    assert after == before  # the block's reading did not leak out of it


def test_every_reading_variable_is_part_of_the_key() -> None:
    plain = context.snapshot()
    with tool_verbs(frozenset({"reprice"})):
        verbs = context.snapshot()
    with tool_nouns(frozenset({"reprice"})):
        nouns = context.snapshot()
    assert len({plain, verbs, nouns}) == 3
    assert context.snapshot() == plain
