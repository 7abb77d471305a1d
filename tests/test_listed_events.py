"""An ordering's event that lists several steps constrains the action after each of them
(`extract/temporal.py` `_TRAILING`, `extract/temporal_parts.py` `_perfect_parts`):
"after you have looked up `a`, `b` and `c`" read `a` alone (the event stopped at the first
comma), and "after you have found X and checked Y" read X alone (a second participle sharing
"you have" was no event of its own). "Or" keeps any-of. A pottery studio written for the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.corpus_agents import build_prompt
from tests.test_grammar import _tool

TOOLS = [
    _tool("find_potter", "Find a studio member by name.", potter_name="string"),
    _tool("get_firing", "Fetch a kiln firing with its status.", firing_id="string"),
    _tool("get_kiln_log", "Read the temperature log of a kiln.", kiln_id="string"),
    _tool("book_firing", "Book a kiln firing for a member.", potter_id="string", date="string"),
    _tool("cancel_firing", "Cancel a kiln firing.", firing_id="string"),
    _tool("refund_clay_fee", "Refund the clay fee of a firing.", firing_id="string"),
]


def _before(tmp_path: Path, sentence: str, target: str) -> set[object]:
    """What `target` must follow: a tool id, or a tuple of ids any one of which will do."""
    built = build_prompt(tmp_path, f"# Studio desk\n\n{sentence}\n", TOOLS)
    found: set[object] = set()
    for p in built.policies:
        if p.operator == "require_before" and p.target == target and p.condition is not None:
            before = p.condition.model_dump()["before"]
            found.add(tuple(before) if isinstance(before, list | tuple) else before)
    return found


@pytest.mark.parametrize(
    ("sentence", "target", "expected"),
    [
        ("Only call `cancel_firing` after you have looked up `find_potter`, `get_firing` and "
         "`get_kiln_log`.", "cancel_firing", {"find_potter", "get_firing", "get_kiln_log"}),
        ("Call `refund_clay_fee` only after you have called `get_firing` and `get_kiln_log`.",
         "refund_clay_fee", {"get_firing", "get_kiln_log"}),
        ("Only call `cancel_firing` after you have looked up `find_potter`, `get_firing` or "
         "`get_kiln_log`.", "cancel_firing", {("find_potter", "get_firing", "get_kiln_log")}),
        ("Only book a firing after you have found the potter and read the kiln log.",
         "book_firing", {"find_potter", "get_kiln_log"}),
        ("Cancel a firing only once you have found the potter or fetched the firing.",
         "cancel_firing", {("find_potter", "get_firing")}),
    ],
)  # fmt: skip
def test_each_listed_step_comes_first(
    tmp_path: Path, sentence: str, target: str, expected: set[object]
) -> None:
    assert _before(tmp_path, sentence, target) == expected


def test_two_objects_of_one_participle_stay_one_event(tmp_path: Path) -> None:
    # "found the potter and the firing": one verb, two objects; not two events
    found = _before(tmp_path, "Only book a firing after you have found the potter and the "
                    "firing.", "book_firing")  # fmt: skip
    assert "find_potter" in found
    assert "get_firing" not in found
