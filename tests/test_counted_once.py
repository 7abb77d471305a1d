""" "once" as a count of calls ("at most once per booking", "only once a day") is no temporal
conjunction (`extract/temporal.py` `_COUNTED_ONCE`): the ordering reader read "once per
reservation" as "once [the agent] reserve[s]", built nothing and left an unresolved mention, so
the count was lost. "Only once the kiln has cooled" stays a conjunction. A pottery studio
written for the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("find_potter", "Find a studio member by name.", potter_name="string"),
    _tool("get_firing", "Fetch a kiln firing with its status.", firing_id="string"),
    _tool("book_firing", "Book a kiln firing for a member.", potter_id="string", date="string"),
    _tool("cancel_firing", "Cancel a kiln firing.", firing_id="string"),
    _tool("refund_clay_fee", "Refund the clay fee of a firing.", firing_id="string"),
    _tool("unload_kiln", "Record that a kiln was unloaded.", firing_id="string"),
]


def _policies(tmp_path: Path, sentence: str) -> set[tuple[str, str, str, str]]:
    built = build_prompt(tmp_path, f"# Studio desk\n\n{sentence}\n", TOOLS)
    found = set()
    for p in built.policies:
        if p.source.artifact.endswith("prompt.md"):
            params = p.condition.model_dump() if p.condition is not None else {}
            said = params.get("max", params.get("before", ""))
            found.add((p.operator, str(p.target), str(said), str(params.get("per") or "")))
    return found


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Call `refund_clay_fee` at most once per firing.",
         ("max_calls", "refund_clay_fee", "1", "firing")),
        ("`cancel_firing` may be called at most once per firing.",
         ("max_calls", "cancel_firing", "1", "firing")),
        ("Refund a clay fee no more than once for each firing.",
         ("max_calls", "refund_clay_fee", "1", "firing")),
        ("Never call `cancel_firing` more than once per firing.",
         ("max_calls", "cancel_firing", "1", "firing")),
        ("Call `book_firing` at most once per potter.",
         ("max_calls", "book_firing", "1", "potter")),
    ],
)  # fmt: skip
def test_a_counted_once_is_a_count(
    tmp_path: Path, sentence: str, expected: tuple[str, str, str, str]
) -> None:
    found = _policies(tmp_path, sentence)
    assert expected in found
    assert not any(op == "require_before" for op, *_ in found)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # the conjunction: what follows "once" is an event, not a span counted in
        ("Only once the potter is found may you book a firing.",
         ("require_before", "book_firing", "find_potter", "")),
        ("Book a firing only once you have looked up the potter.",
         ("require_before", "book_firing", "find_potter", "")),
    ],
)  # fmt: skip
def test_once_before_an_event_stays_a_conjunction(
    tmp_path: Path, sentence: str, expected: tuple[str, str, str, str]
) -> None:
    assert expected in _policies(tmp_path, sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # an irregular past participle names the act by its base verb (`find`, `get`)
        ("Book a firing only after you have found the potter.",
         ("require_before", "book_firing", "find_potter", "")),
        ("Cancel a firing only after you have got the firing.",
         ("require_before", "cancel_firing", "get_firing", "")),
        # "pull" (a record) is a read verb, as "pull up" is
        ("Cancel a firing only after you have pulled the firing.",
         ("require_before", "cancel_firing", "get_firing", "")),
    ],
)  # fmt: skip
def test_an_irregular_participle_names_its_verb(
    tmp_path: Path, sentence: str, expected: tuple[str, str, str, str]
) -> None:
    assert expected in _policies(tmp_path, sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a modal ban of more than N acts of a tool's verb: the calls' count, per the person
        # the sentence names when it names no entity (`noun_counts._TOOL_VERB_COUNT`)
        ("You must not book more than two firings per potter.",
         ("max_calls", "book_firing", "2", "potter")),
        ("A potter may not book more than three firings.",
         ("max_calls", "book_firing", "3", "potter")),
        ("The agent cannot cancel more than one firing per potter.",
         ("max_calls", "cancel_firing", "1", "potter")),
    ],
)  # fmt: skip
def test_a_modal_ban_of_a_count(
    tmp_path: Path, sentence: str, expected: tuple[str, str, str, str]
) -> None:
    assert expected in _policies(tmp_path, sentence)


def test_a_measure_is_no_count(tmp_path: Path) -> None:
    # how long, not how many calls
    found = _policies(tmp_path, "You must not book more than two hours per potter.")
    assert not any(op == "max_calls" for op, *_ in found)


GIVING = [
    _tool("find_potter", "Find a studio member by name.", potter_name="string"),
    _tool("issue_kiln_token", "Issue a kiln token to a potter.", potter_id="string"),
    _tool("book_firing", "Book a kiln firing for a member.", potter_id="string", date="string"),
]


@pytest.mark.parametrize(
    "sentence",
    [
        # things handed out, one or more per call: no more calls than things, per the person
        "Potters get at most two kiln tokens.",
        "Each potter may have at most two kiln tokens.",
    ],
)
def test_a_count_of_things_given_counts_the_calls_that_give_them(
    tmp_path: Path, sentence: str
) -> None:
    built = build_prompt(tmp_path, f"# Studio desk\n\n{sentence}\n", GIVING)
    found = {
        (p.operator, str(p.target), p.condition.model_dump().get("max"),
         p.condition.model_dump().get("per"))
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.condition is not None
    }  # fmt: skip
    assert ("max_calls", "issue_kiln_token", 2, "potter") in found
    assert not any(op == "arg_count_bound" for op, *_ in found)


def test_a_count_after_limited_to_is_no_state(tmp_path: Path) -> None:
    # "limited to two per potter": how many, not a state 'kiln' of the tokens (the state
    # reader read it as the only state allowed and a call of `add`)
    built = build_prompt(
        tmp_path, "# Studio desk\n\nKiln tokens are limited to two per potter.\n", GIVING
    )
    found = {
        (p.operator, str(p.target), p.condition.model_dump().get("max"))
        for p in built.policies
        if p.source.artifact.endswith("prompt.md") and p.condition is not None
    }
    assert ("max_calls", "issue_kiln_token", 2) in found
    assert not any(op == "state_condition" for op, *_ in found)
